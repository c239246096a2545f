<cfscript>
// Calls of page functions run inside the caller's interpreter loop (no Rust recursion): errors,
// handlers, loops and checks must behave as with a frame per call.
function lines(e) { var r = ""; for (var t in e.tagContext) { r &= t.line & "."; } return r; }
function thrower(n) {
    if (n == 0) throw(type = "Custom.Inner", message = "deep");
    return thrower(n - 1);
}
function catcher() {
    try { return thrower(3); } catch (Custom.Inner e) { return "caught " & e.message & " at " & e.tagContext.len() & " levels, lines " & lines(e); }
}
writeOutput(catcher() & "|");

// A handler of the callee catches; the caller goes on.
function guarded(n) {
    try { if (n > 1) throw("inner " & n); return "ok " & n; } catch (any e) { return "guarded " & e.message; }
}
function callsGuarded() { return guarded(1) & "," & guarded(2) & "," & guarded(3); }
writeOutput(callsGuarded() & "|");

// Return from inside a loop over an array and from inside try/finally.
function findIt(arr, x) {
    for (var v in arr) { if (v == x) return "found " & v; }
    return "none";
}
function withFinally(n) {
    try { return "try " & n; } finally { writeOutput("[finally " & n & "]"); }
}
function loopsAndFinally() {
    var r = "";
    for (var i = 1; i <= 3; i++) { r &= findIt([1, 2, 3], i) & ";" & withFinally(i) & ";"; }
    return r & findIt([1], 9);
}
writeOutput(loopsAndFinally() & "|");

// Rethrow through callees keeps the first position; the caller's catch sees every level.
function rethrower(n) {
    if (n == 0) { try { throw("boom"); } catch (any e) { rethrow; } }
    return rethrower(n - 1);
}
try { rethrower(2); } catch (any e) { writeOutput(e.message & " " & e.tagContext.len() & " " & lines(e) & "|"); }

// Declared return and argument types, required arguments.
numeric function typed(numeric n) { return n < 1 ? "nope" : n; }
function callTyped(n) { return typed(n); }
try { callTyped(0); } catch (any e) { writeOutput(e.message & "|"); }
writeOutput(callTyped(5) & "|");
try { callTyped("x"); } catch (any e) { writeOutput(e.message & "|"); }
function needs(required a) { return a; }
function callNeeds() { return needs(); }
try { callNeeds(); } catch (any e) { writeOutput(e.message & "|"); }

// Errors in a callee after values were pushed by the caller; the stack is restored.
function bad(n) { return n.foo; }
function mixed() { var total = 0; for (var i = 1; i <= 3; i++) { try { total += 10 + bad(i); } catch (any e) { total += i; } } return total; }
writeOutput(mixed() & "|");

// Recursion with a lock and a closure inside.
function locked(n) {
    lock name="inline_calls_test" type="exclusive" timeout="1" { var r = n <= 0 ? 0 : n + locked(n - 1); }
    return r;
}
writeOutput(locked(4) & "|");
function withClosure(n) { var f = function(x) { return x * 2; }; return n <= 0 ? 0 : f(n) + withClosure(n - 1); }
writeOutput(withClosure(3) & "|");

// A failing call in the middle of an expression, caught at the page level.
function fails() { return undefinedThing; }
function outer() { return "a" & fails(); }
try { writeOutput(outer()); } catch (any e) { writeOutput(e.message & " " & lines(e) & "|"); }

// Functions of the page calling each other (neither the caller nor declared in it).
function sibA(n) { return n <= 0 ? "a" : sibB(n - 1) & "a"; }
function sibB(n) { if (n == 2) throw("sib " & n); return n <= 0 ? "b" : sibA(n - 1) & "b"; }
function runSibs() { var r = sibA(1) & " "; try { r &= sibA(5); } catch (any e) { r &= e.message & " " & lines(e); } return r; }
writeOutput(runSibs() & "|");

// Deep recursion is still an error, and the VM is usable afterwards.
function down(n) { return down(n + 1); }
try { down(1); } catch (any e) { writeOutput(e.type & " " & (e.tagContext.len() > 100) & "|"); }
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
writeOutput(fib(15));
</cfscript>
