<cfscript>
writeOutput(new c_final.Locked().value() & chr(10));
x = new c_final.Breaker();
writeOutput("unreachable" & chr(10));
</cfscript>
