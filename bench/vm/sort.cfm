<cfscript>
// Sort 200,000 pseudo-random numbers (Park-Miller LCG, exact in doubles) with a comparator closure.
function run() {
    var a = [];
    var x = 42;
    for (var i = 1; i <= 200000; i++) {
        x = (x * 16807) MOD 2147483647;
        arrayAppend(a, x);
    }
    arraySort(a, function(p, q) { return p < q ? -1 : (p > q ? 1 : 0); });
    return a[1] & " " & a[100000] & " " & a[200000];
}
writeOutput(run());
</cfscript>
