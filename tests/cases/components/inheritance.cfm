<cfscript>
d = new model.Dog("Rex");
writeOutput(d.describe());
</cfscript>
