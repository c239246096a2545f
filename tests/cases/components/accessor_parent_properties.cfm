<cfscript>
c = new c_props.Customer();
writeOutput(c.summary() & chr(10));
c.setId(42).setName("Zoe").setCreatedBy("admin");
writeOutput(c.summary() & chr(10));
md = getMetadata(c);
own = [];
for (p in md.properties) arrayAppend(own, p.name);
inherited = [];
for (p in md.extends.properties) arrayAppend(inherited, p.name);
writeOutput(arrayToList(own) & " | " & arrayToList(inherited) & chr(10));
</cfscript>
