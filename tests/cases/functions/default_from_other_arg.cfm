<cfscript>
function f(a, b = a * 10) { return b; }
writeOutput(f(3));
</cfscript>
