<cfscript>
function f(string a = "x"
  string b = "y") { return a & b; }
writeOutput(f() & "," & f("p", "q"));
</cfscript>
