<cfscript>
writeOutput(123456789 * 1000);
writeOutput("|" & 2^31);
writeOutput("|" & -7 \ 2);
writeOutput("|" & int(-7/2));
</cfscript>
