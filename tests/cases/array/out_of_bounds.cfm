<cfscript>
a = [1, 2, 3];
writeOutput(a[5]);
</cfscript>
