<cfscript>
var notInFunction = 1;
writeOutput(notInFunction);
</cfscript>
