<cfscript>
name = "outer";
function f(name) { return name; }
writeOutput(f("inner") & "," & name);
</cfscript>
