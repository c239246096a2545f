<cfscript>
o = new MethodAsCallback();
writeOutput(arrayToList(o.run()));
</cfscript>
