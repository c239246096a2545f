<cfscript>
function f(a, b = 2, c = "c") { return a & "-" & b & "-" & c; }
writeOutput(f(1) & "," & f(1, 5) & "," & f(a = 9, c = "z") & "," & f(c = 3, a = 4));
</cfscript>
