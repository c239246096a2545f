<cfscript>
function g(a) { param arguments.a = 5; return arguments.a; }
function h(required string x = "d") { return x; }
writeOutput(g() & "," & g(7) & "," & h() & "," & h("e"));
</cfscript>
