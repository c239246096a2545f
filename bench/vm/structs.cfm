<cfscript>
// Struct and array churn: 200,000 small records (a struct holding an array), a keyed index
// over them, then a pass over both.
function churn() {
    var items = [];
    var m = {};
    for (var i = 1; i <= 200000; i++) {
        var rec = { id: i, name: "k" & (i MOD 1000), vals: [i, i * 2] };
        arrayAppend(items, rec);
        m[rec.name] = i;
    }
    var sum = 0;
    for (var item in items) { sum += item.id + item.vals[2]; }
    for (var k in m) { sum += m[k]; }
    return sum;
}
writeOutput(churn());
</cfscript>
