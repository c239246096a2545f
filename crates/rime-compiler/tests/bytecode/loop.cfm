<cfscript>
function total(n) {
    var sum = 0;
    for (var i = 1; i <= n; i++) {
        sum += i MOD 7;
    }
    return sum;
}
writeOutput(total(100));
</cfscript>
