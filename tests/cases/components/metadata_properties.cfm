<cfscript>
c = new Config();
md = getMetadata(c);
names = [];
for (p in md.properties) arrayAppend(names, p.name);
writeOutput(arrayToList(names) & "|" & md.accessors);
</cfscript>
