<cfscript>
function churn() {
    var m = {};
    for (var i = 1; i <= 200000; i++) { m["k" & (i MOD 1000)] = i; }
    var sum = 0;
    for (var k in m) { sum += m[k]; }
    return sum;
}
writeOutput(churn());
</cfscript>
