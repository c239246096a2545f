<cfscript>
o = new Named();
writeOutput(serializeJSON(isObject(o)) & isObject({}));
</cfscript>
