<cfscript>
try {
    collectionEach("a,b,c", function(x) { writeOutput(x); });
    writeOutput("no error");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
