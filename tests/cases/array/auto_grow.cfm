<cfscript>
a = [];
a[3] = "x";
writeOutput(arrayLen(a) & "," & a[3] & "," & isNull(a[1]));
</cfscript>
