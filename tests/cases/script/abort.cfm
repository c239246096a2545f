<cfscript>
writeOutput("a");
abort;
writeOutput("b");
</cfscript>
