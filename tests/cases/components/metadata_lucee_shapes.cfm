<cfscript>
// Metadata as Lucee gives it: the component's doc comment, function annotations and a boolean
// `output`, property types, getComponentMetadata of an instance, a query's columns.
o = new DocCommented();
md = getMetadata(o);
writeOutput(md.hint & "|" & md.author & "|");
writeOutput(md.functions[1].expectedException & "|" & md.functions[1]["x.y"] & "|");
writeOutput(serializeJSON(md.functions[1].output) & "|");
writeOutput(md.properties[1].type & "/" & md.properties[2].type & "/" & md.properties[2].name & "|");
writeOutput(listLast(getComponentMetadata(o).name, ".") & "|");
writeOutput(serializeJSON(getMetadata(queryNew("a,b", "varchar,integer"))));
</cfscript>
