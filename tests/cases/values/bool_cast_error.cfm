<cfscript>
if ("maybe") writeOutput("x");
</cfscript>
