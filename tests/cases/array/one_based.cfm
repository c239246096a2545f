<cfscript>
a = [10, 20, 30];
writeOutput(a[1] & "," & a[3]);
</cfscript>
