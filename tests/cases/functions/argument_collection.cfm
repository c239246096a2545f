<cfscript>
function f(a, b) { return a & b; }
writeOutput(f(argumentCollection = {a: "x", b: "y"}));
args = {b: 2, a: 1};
writeOutput(f(argumentCollection = args));
</cfscript>
