<cfscript>
// Counting loops and `x op= slot op constant` statements whose constants are integers carry
// them in the instruction; these check the cases around that: other types in the slots, and
// constants that are not small integers.
function counts() {
    var out = [];
    var total = 0;
    for (var i = 1; i <= 10; i++) { total += i MOD 3; }
    arrayAppend(out, total);
    // The counter turns into a numeric string inside the loop.
    var n = 0;
    for (var j = 1; j <= 5; j++) { n++; if (j == 2) { j = "3"; } }
    arrayAppend(out, n & ":" & j);
    // A step down, a large limit, a fractional step, a step beyond 16 bits.
    var s = "";
    for (var k = 3; k >= -3; k -= 2) { s &= k & ","; }
    arrayAppend(out, s);
    var big = 0;
    for (var m = 4294967290; m <= 4294967295; m++) { big++; }
    arrayAppend(out, big);
    var half = 0;
    for (var h = 0; h <= 2; h += 0.5) { half++; }
    arrayAppend(out, half);
    var wide = 0;
    for (var w = 0; w <= 200000; w += 40000) { wide++; }
    arrayAppend(out, wide);
    // The accumulator is a numeric string, then a date-free string that is not a number.
    var acc = "10";
    for (var a = 1; a <= 3; a++) { acc += a * 2; }
    arrayAppend(out, acc);
    try {
        var bad = "x";
        for (var b = 1; b <= 2; b++) { bad += b MOD 2; }
        arrayAppend(out, "no error");
    } catch (any e) {
        arrayAppend(out, "error: " & e.type);
    }
    // Integer division and concatenation with an integer constant.
    var q = 0;
    for (var d = 10; d <= 12; d++) { q += d \ 4; }
    arrayAppend(out, q);
    var c = "";
    for (var e2 = 1; e2 <= 3; e2++) { c &= e2 & 5; }
    arrayAppend(out, c);
    return out;
}
writeOutput(arrayToList(counts(), " | "));
</cfscript>
