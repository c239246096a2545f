<cfscript>
d = new model.Dog("m");
md = getMetadata(d);
writeOutput(md.extends.name);
</cfscript>
