<cfscript>
function run() {
    var total = 0;
    for (var i = 1; i <= 10000000; i++) { total += i MOD 7; }
    return total;
}
writeOutput(run());
</cfscript>
