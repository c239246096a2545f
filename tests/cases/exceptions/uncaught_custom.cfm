<cfscript>
writeOutput("before");
throw(type="Custom.Failure", message="unhandled");
</cfscript>
