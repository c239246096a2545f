<cfscript>
writeOutput(invoke("c_invoke.Calc", "add", [1, 2]) & chr(10));
</cfscript>
