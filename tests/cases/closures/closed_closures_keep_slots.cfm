<cfscript>
// A closure that names nothing of its function leaves the function's locals in slots; the
// others still see them. Each function below checks one side of that line.
function sorted(items) {
    var a = duplicate(items);
    var calls = 0;
    arraySort(a, function(p, q) { return p < q ? -1 : (p > q ? 1 : 0); });
    for (var i = 1; i <= 3; i++) { calls += i; }
    return arrayToList(a) & " / " & calls;
}
writeOutput(sorted([3, 1, 2]) & "<br>");

function counter() {
    var n = 0;
    var bump = function() { n++; return n; };
    bump(); bump();
    return n;
}
writeOutput("counter " & counter() & "<br>");

function callsLocalFunction(x) {
    var twice = function(v) { return v * 2; };
    return arrayMap([x, x + 1], function(v) { return twice(v); });
}
writeOutput("local function " & arrayToList(callsLocalFunction(5)) & "<br>");

function seesByName() {
    var hidden = "found";
    var probe = function() { return isDefined("hidden") ? evaluate("hidden") : "missing"; };
    return probe();
}
writeOutput("by name " & seesByName() & "<br>");

function ownScopes(a) {
    var f = function(x, y = 10) {
        local.sum = x + y;
        return arrayLen(arguments) & ":" & local.sum;
    };
    return f(a) & " " & f(a, 1);
}
writeOutput("own scopes " & ownScopes(5) & "<br>");

function nested(prefix) {
    var outer = function(v) {
        var inner = function(w) { return prefix & w; };
        return inner(v);
    };
    return outer("x");
}
writeOutput("nested " & nested("p-") & "<br>");

function defaults(base) {
    var f = function(v = base) { return v; };
    return f();
}
writeOutput("default " & defaults(7) & "<br>");

function catches() {
    var msg = "outer";
    var f = function() {
        try { throw(message = "inner"); } catch (any e) { return e.message; }
    };
    return f() & " " & msg;
}
writeOutput("catch " & catches() & "<br>");

variables.suffix = "!";
function scoped(word) {
    var f = function(w) { return w & variables.suffix; };
    return f(word);
}
writeOutput("scoped " & scoped("hi"));
</cfscript>
