<cfscript>
// Calls the VM binds without a lookup must still see the function the name holds now.
function one() { return "one"; }
function two() { return "two"; }
function callOne() { return one(); }
writeOutput(callOne() & " " & one() & ",");
variables.one = two;
writeOutput(callOne() & " " & one() & ",");
variables.one = function() { return "closure"; };
writeOutput(callOne() & " " & one() & ",");
function self(n) { if (n == 2) { variables.self = two; } return n <= 0 ? "end" : self(n - 1); }
writeOutput(self(3) & "|");

// Recursion and extra arguments through the fast call.
function count(n) { return n <= 0 ? 0 : 1 + count(n - 1); }
writeOutput(count(200) & "|");
function extra(a) { return arguments.len() & ":" & structKeyList(arguments) & ":" & (arguments[2] ?: "none"); }
function callExtra() { return extra(1, 2, 3); }
writeOutput(callExtra() & "|");
function withDefault(a, b = a * 2) { return a + b; }
writeOutput(withDefault(1) & " " & withDefault(1, 5) & " " & withDefault(a = 3) & "|");
function nullArg(a = "dflt") { return a; }
writeOutput(nullArg(javaCast("null", "")) & "|");

// Fused compare-and-jump and arithmetic on slots: numbers, numeric strings, strings, booleans.
function loops() {
    var t = 0;
    var s = "10";
    for (var i = 1; i <= s; i++) { t += i; }
    var u = "";
    for (var j = 5; j > 0; j -= 2) { u &= j; }
    var w = 0;
    while (w < 3.5) { w += 0.5; }
    var k = 0;
    do { k++; } while (k < 4);
    var c = 0;
    for (var x = 1; x <= 10; x++) { if (x MOD 2 == 0) continue; if (x > 7) break; c += x; }
    return t & " " & u & " " & w & " " & k & " " & c;
}
writeOutput(loops() & "|");
function mods() {
    var a = -7; var b = 3; var z = -4; var f = 5.5;
    return (a MOD b) & " " & (7 MOD -3) & " " & (z MOD 2) & " " & (f MOD 2) & " " & (a % 2) & " " & (10 \ 3) & " " & (2 ^ 10);
}
writeOutput(mods() & "|");
function compares() {
    var a = "abc"; var b = "ABC"; var n = 2; var m = "2.0"; var t = true;
    var r = "";
    if (a == b) r &= "eq ";
    if (a < "abd") r &= "lt ";
    if (n == m) r &= "numeq ";
    if (t == 1) r &= "bool ";
    if (n != 3) r &= "ne ";
    if (!(n > 5)) r &= "not ";
    return r;
}
writeOutput(compares() & "|");
function casts() {
    var s = "abc";
    try { var q = s - 1; } catch (any e) { return e.message; }
}
writeOutput(casts() & "|");
function undefinedSlot() {
    var v = javaCast("null", "");
    try { var q = v + 1; } catch (any e) { return e.message; }
}
writeOutput(undefinedSlot() & "|");
function divZero() {
    var d = 0;
    try { var q = 1 / d; } catch (any e) { return e.message; }
}
writeOutput(divZero() & "|");
function accum() {
    var total = 0;
    var parts = [1, 2, 3];
    for (var p in parts) { total += p * 2; }
    total -= 1; total *= 3; total /= 2;
    var str = "x";
    str &= total;
    return str;
}
writeOutput(accum() & "|");
</cfscript>
