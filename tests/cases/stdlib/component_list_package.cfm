<cfscript>
// A name without a dot is also looked up beside the current template.
writeOutput(serializeJSON(componentListPackage("_pkg")) & chr(10));
// A dotted name is a path from the web root (or a mapping).
writeOutput(serializeJSON(componentListPackage("stdlib._pkg.sub")) & chr(10));
try {
    componentListPackage("stdlib._nothing_here");
} catch (any e) {
    writeOutput(e.message & chr(10));
}
try {
    componentListPackage("../etc");
} catch (any e) {
    writeOutput(e.message);
}
</cfscript>
