<cfscript>
x = nullValue();
writeOutput(x);
</cfscript>
