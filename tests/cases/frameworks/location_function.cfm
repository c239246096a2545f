<cfscript>
writeOutput("before");
location("/elsewhere", false, 301);
writeOutput("after");
</cfscript>
