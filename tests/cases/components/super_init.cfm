<cfscript>
b = new model.Bird();
writeOutput(b.describe());
</cfscript>
