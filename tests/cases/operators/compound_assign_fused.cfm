<cfscript>
// `x op= slot op constant` on local slots runs as one fused instruction: numbers, strings that
// cast to numbers, concatenation, and the errors of the operators (division by zero).
function sums() {
    var total = 0;
    var prod = 1;
    var s = "";
    var n = "4";
    for (var i = 1; i <= 10; i++) {
        total += i MOD 7;
        prod *= i - 8;
        s &= i & ",";
    }
    total -= n * 2;
    n &= n & "!";
    return total & " " & prod & " " & s & " " & n;
}
writeOutput(sums() & chr(10));
function divides() {
    var t = 0;
    var z = 3;
    try {
        t += z / 0;
    } catch (any e) {
        return "caught: " & e.type & " " & t;
    }
    return t;
}
writeOutput(divides() & chr(10));
</cfscript>
