<cfscript>
// 1,000,000 appends to an array, then one join: how CFML code builds a long string.
function build() {
    var parts = [];
    for (var i = 1; i <= 1000000; i++) { arrayAppend(parts, "item" & i); }
    return len(arrayToList(parts, ","));
}
writeOutput(build());
</cfscript>
