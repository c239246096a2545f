<cfscript>
i = 0;
while (i < 3) { i++; }
writeOutput(i);
do { i--; } while (i > 10);
writeOutput("," & i);
</cfscript>
