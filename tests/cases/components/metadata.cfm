<cfscript>
p = new Person("M");
md = getMetadata(p);
names = [];
for (f in md.functions) arrayAppend(names, f.name);
arraySort(names, "textnocase");
writeOutput(md.name & "|" & md.type & "|" & arrayToList(names));
</cfscript>
