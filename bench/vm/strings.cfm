<cfscript>
function build() {
    var parts = [];
    for (var i = 1; i <= 200000; i++) { arrayAppend(parts, "item" & i); }
    return len(arrayToList(parts, ","));
}
writeOutput(build());
</cfscript>
