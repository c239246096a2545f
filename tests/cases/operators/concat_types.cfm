<cfscript>
writeOutput(1 & 2);
writeOutput("|" & true & false);
writeOutput("|" & 1.50);
writeOutput("|" & "1.50");
</cfscript>
