<cfscript>
// List functions over a 10,000-item list: each call re-reads the delimited string, as in CFML.
function run() {
    var list = "";
    for (var i = 1; i <= 10000; i++) { list = listAppend(list, "item" & i); }
    var total = listLen(list);
    for (var i = 1; i <= 10000; i += 20) {
        total += len(listGetAt(list, i));
        total += listFind(list, "item" & (10001 - i));
    }
    return total;
}
writeOutput(run());
</cfscript>
