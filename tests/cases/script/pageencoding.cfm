<cfscript>
pageencoding "utf-8";
writeOutput("café");
</cfscript>
