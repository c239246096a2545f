<cfscript>
function f() {
    var i = javaCast("null", "");
    var total = 0;
    for (var j = 1; j <= 3; j++) {
        total += j;
    }
    for (var k = 1; k <= i; k++) {
        total += k;
    }
    return total;
}
writeOutput(f());
</cfscript>
