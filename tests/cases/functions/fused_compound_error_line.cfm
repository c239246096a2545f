<cfscript>
function f() {
    var total = 0;
    var x = javaCast("null", "");
    for (var j = 1; j <= 3; j++) {
        total += j MOD 2;
    }
    total += x MOD 2;
    return total;
}
writeOutput(f());
</cfscript>
