<cfscript>
function inner(a, b) { return a & "+" & b; }
function outer(a, b) { return inner(argumentCollection = arguments); }
writeOutput(outer(1, 2) & "," & outer(b = "y", a = "x"));
</cfscript>
