<cfscript>
function f(a) { return structKeyExists(arguments, "extra") ? arguments.extra : "none"; }
writeOutput(f(a = 1, extra = "X") & "," & f(1));
</cfscript>
