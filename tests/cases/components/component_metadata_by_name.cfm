<cfscript>
md = getComponentMetadata("deep.L4");
writeOutput(md.name & "|" & md.extends.name & "|" & md.extends.extends.extends.name & "|" & arrayLen(md.functions));
u = getComponentMetadata("User");
writeOutput("|" & arrayLen(u.properties) & "|" & u.accessors);
i = getComponentMetadata("INamed");
writeOutput("|" & i.type);
</cfscript>
