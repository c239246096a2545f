<cfscript>
writeOutput(2 + 3 * 4);
writeOutput("|" & (2 + 3) * 4);
writeOutput("|" & 10 - 2 - 3);
writeOutput("|" & 2 * 3 MOD 4);
writeOutput("|" & 10 MOD 3 * 2);
writeOutput("|" & 7 \ 2 * 2);
writeOutput("|" & 1 + 2 & 3 + 4);
</cfscript>
