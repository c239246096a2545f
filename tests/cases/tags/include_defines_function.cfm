<cfscript>
include "_inc/lib.cfm";
writeOutput(libFn(2));
</cfscript>
