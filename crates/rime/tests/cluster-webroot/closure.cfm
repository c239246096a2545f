<cfscript>
try {
    cachePut("fn", function() { return 1; });
    writeOutput("stored");
} catch (any e) {
    writeOutput(e.message);
}
</cfscript>
