<cfscript>
writeOutput(structCount(url) & structCount(form));
url.page = 2;
writeOutput("," & page);
</cfscript>
