<cfscript>
// Lucee's wording for a struct key that is not there, and for one that holds null.
s = {a: 1, b: javacast("null", "")};
try {
    x = s["zz"];
} catch (any e) {
    writeOutput(e.type & ": " & e.message & chr(10));
}
try {
    x = s["b"];
} catch (any e) {
    writeOutput(e.message & chr(10));
}
o = new Plain();
try {
    x = o.nothingHere;
} catch (any e) {
    writeOutput(e.message & chr(10));
}
</cfscript>
