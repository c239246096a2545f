<cfscript>
try {
    b = new shapes.Blob();
} catch (any e) {
    writeOutput(e.type & ": " & e.message & chr(10));
}
b = new shapes.Blob();
</cfscript>
