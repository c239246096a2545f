<cfscript>
writeOutput(hash40("hello") & chr(10));
writeOutput((hash40("hello") == hash("hello")) & chr(10));
writeOutput(hash40("hello", "SHA-256") & chr(10));
// Rounds feed the input again (the digest of "hellohello"), unlike hash()'s rounds.
writeOutput((hash40("hello", "SHA-256", "utf-8", 2) == hash("hellohello", "SHA-256")) & chr(10));
writeOutput((hash40("hello", "MD5", "utf-8", 2) == hash("hellohello")) & chr(10));
try {
    hash40("x", "nope");
} catch (any e) {
    writeOutput(e.message);
}
</cfscript>
