<cfscript>
total = 0;
for (x in [1, 2, 3, 4]) total += x;
writeOutput(total);
</cfscript>
