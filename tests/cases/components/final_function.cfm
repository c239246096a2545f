<cfscript>
try {
    c = new shapes.Cheat();
} catch (application e) {
    writeOutput(e.message & chr(10));
}
writeOutput(new shapes.Sealed().hello() & chr(10));
u = new shapes.Unsealed();
</cfscript>
