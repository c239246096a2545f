<cfscript>
s = "";
for (i = 1; i <= 5; i++) s &= i;
writeOutput(s);
for (j = 10; j > 0; j -= 3) writeOutput("," & j);
</cfscript>
