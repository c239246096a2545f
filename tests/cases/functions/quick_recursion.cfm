<cfscript>
// Recursive calls of plain page functions (the interpreter's quickest call path).
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
writeOutput("fib: " & fib(15) & chr(10));

// The function is replaced mid-recursion: the next call sees the new one.
function r(n) {
    if (n == 3) { variables.r = other; }
    return n <= 0 ? 0 : n + r(n - 1);
}
function other(n) { return 1000; }
writeOutput("redefined: " & r(5) & chr(10));
writeOutput("after: " & r(5) & chr(10));

// Errors thrown deep in the recursion, caught outside and inside.
function thrower(n) {
    if (n == 0) throw(type = "custom", message = "bottom");
    return thrower(n - 1);
}
try {
    thrower(4);
} catch (custom e) {
    writeOutput("caught: " & e.message & " frames " & arrayLen(e.tagContext) & " line " & e.tagContext[1].line & chr(10));
}
function tc(n) {
    try {
        if (n == 0) throw(message = "x");
        return tc(n - 1) + 1;
    } catch (any e) {
        return 100;
    }
}
writeOutput("try inside: " & tc(3) & chr(10));
function tf(n) {
    try {
        return n <= 0 ? 0 : tf(n - 1) + 1;
    } finally {
        variables.fin = (variables.fin ?: 0) + 1;
    }
}
writeOutput("finally: " & tf(3) & " " & variables.fin & chr(10));
function rethrower(n) {
    try {
        if (n == 0) throw(type = "deep", message = "from the bottom");
        return rethrower(n - 1);
    } catch (deep e) {
        rethrow;
    }
}
try {
    rethrower(3);
} catch (any e) {
    writeOutput("rethrown: " & e.type & " " & e.message & chr(10));
}

// `return` inside loops, locals per level.
function lr(n) {
    for (var i = 1; i <= 3; i++) {
        if (i == 2) return n <= 0 ? 0 : lr(n - 1) + i;
    }
}
writeOutput("loop return: " & lr(4) & chr(10));
function li(n) {
    for (var x in [10, 20, 30]) {
        if (x == 20) return n <= 0 ? x : li(n - 1) + x;
    }
}
writeOutput("for-in return: " & li(3) & chr(10));
function loc(n) {
    var x = n * 2;
    if (n > 0) loc(n - 1);
    return x;
}
writeOutput("locals: " & loc(3) & chr(10));

// Defaults, required and typed arguments, extra arguments, null arguments.
function d(n, m = 10) { return n <= 0 ? m : d(n - 1); }
writeOutput("default: " & d(3) & " " & d(3, 5) & " " & d(0, 5) & chr(10));
function req(required numeric n) { return n <= 0 ? 0 : req(n - 1) + 1; }
writeOutput("required: " & req(3) & chr(10));
function ex(n) { return n <= 0 ? 0 : ex(n - 1, "extra") + 1; }
writeOutput("extra: " & ex(3) & chr(10));
function nl(n, m) { return n <= 0 ? isNull(m) : nl(n - 1, javacast("null", "")); }
writeOutput("null: " & nl(2, 1) & chr(10));
function str(s, n) { return n <= 0 ? s : str(s & "x", n - 1); }
writeOutput("strings: " & str("a", 4) & chr(10));
function arr(a, n) { if (n <= 0) return a; arrayAppend(a, n); return arr(a, n - 1); }
writeOutput("arrays: " & arrayToList(arr([], 3)) & chr(10));
numeric function typedRet(n) { return n <= 0 ? 0 : typedRet(n - 1) + 1; }
writeOutput("typed return: " & typedRet(3) & chr(10));
numeric function badRet(n) { return n <= 0 ? "zero" : badRet(n - 1); }
try { badRet(2); } catch (any e) { writeOutput("bad return: " & e.message & chr(10)); }

// Writes to `variables` on every call (the call-site cache is revalidated).
function cnt(n) {
    variables.calls = (variables.calls ?: 0) + 1;
    return n <= 0 ? 0 : cnt(n - 1) + 1;
}
writeOutput("counted: " & cnt(5) & " calls " & variables.calls & chr(10));

// Mutual recursion and a recursion that goes through a builtin.
function isEven(n) { return n == 0 ? true : isOdd(n - 1); }
function isOdd(n) { return n == 0 ? false : isEven(n - 1); }
writeOutput("mutual: " & isEven(10) & " " & isOdd(7) & chr(10));
function viaMap(n) { return n <= 0 ? 0 : arraySum(arrayMap([n], function(x) { return viaMap(x - 1) + 1; })); }
writeOutput("through a builtin: " & viaMap(4) & chr(10));

// An undefined variable deep in the recursion.
function undef(n) { return n <= 0 ? nothingHere : undef(n - 1); }
try { undef(3); } catch (any e) { writeOutput("undefined: " & e.message & " frames " & arrayLen(e.tagContext) & chr(10)); }
</cfscript>
