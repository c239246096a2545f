<cfscript>
i = 0;
do i++; while (i < 3);
writeOutput(i);
do
    i += 10;
while (i < 30);
writeOutput(" " & i);
</cfscript>
