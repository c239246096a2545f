<cfscript>
variables.alpha = 1;
writeOutput(structKeyExists(variables, "ALPHA") & "," & structKeyExists(variables, "beta"));
</cfscript>
