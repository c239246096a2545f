<cfscript>
md = getMetadata(new c_meta.Order());
writeOutput(md.name & chr(10));
writeOutput(md.fullname & chr(10));
writeOutput(md.type & chr(10));
writeOutput(md.hint & chr(10));
writeOutput(md.author & " " & md.version & chr(10));
writeOutput(md.extends.name & " " & md.extends.hint & chr(10));
writeOutput(arrayLen(md.extends.functions) & " " & md.extends.functions[1].name & chr(10));
cm = getComponentMetadata("c_meta.Order");
writeOutput(cm.name & " " & cm.author & chr(10));
</cfscript>
