<cfscript>
p = new c_tagprop.Product();
writeOutput(p.label() & chr(10));
p.setSku("A-1").setPrice(9.5);
writeOutput(p.label() & chr(10));
md = getMetadata(p);
for (prop in md.properties) {
    writeOutput(prop.name & ":" & prop.type & chr(10));
}
writeOutput(md.properties[1].column & chr(10));
</cfscript>
