<cfscript>
writeOutput(-2^2);
writeOutput("|" & 2^3^2);
writeOutput("|" & 2^-1);
x = 3;
writeOutput("|" & -x^2);
</cfscript>
