<cfscript>
writeOutput(toBase64("Test String") & "|");
writeOutput(toString(toBinary(toBase64("stringValue"))) & "|");
writeOutput(toBase64("stringValue") & "|");
writeOutput(hash("something") & "|");
writeOutput(hash("something", "SHA-256", "UTF-8") & "|");
writeOutput(hash("", "SHA") & "|");
writeOutput(hash("abc", "SHA-512") & "|");
writeOutput(hash("hello", "md5") & "|");
writeOutput("hello".hash("SHA-256") & "|");
try {
    hash("x", "nope");
    writeOutput("no");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
