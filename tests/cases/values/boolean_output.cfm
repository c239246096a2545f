<cfscript>
b = (1 == 1);
writeOutput(b);
writeOutput("|" & !b);
writeOutput("|" & (b ? "y" : "n"));
</cfscript>
