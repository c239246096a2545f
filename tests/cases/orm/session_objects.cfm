<cfscript>
// What ormGetSession() and ormGetSessionFactory() answer (Hibernate's methods), and HQL.
ormReload();
nl = chr(10);
a = entityNew("Artist", {firstName: "Ada", lastName: "Lovelace"});
entitySave(a);
s = ormGetSession();
writeOutput(s.getEntityName(a) & nl);
try {
    s.getEntityName(entityNew("Artist"));
} catch (org.hibernate.TransientObjectException e) {
    writeOutput("transient" & nl);
}
f = ormGetSessionFactory();
writeOutput(listSort(arrayToList(f.getMetaModel().getAllEntityNames()), "text") & nl);
writeOutput(listSort(structKeyList(f.getAllClassMetadata()), "text") & nl);
md = f.getClassMetadata("Art");
writeOutput(md.getIdentifierPropertyName() & " " & arrayToList(md.getPropertyNames()) & nl);
writeOutput(listFirst(createObject("java", "org.hibernate.Version").getVersionString(), ".") & nl);
writeOutput(s.isDirty() & nl);
a.setLastName("King");
writeOutput(s.isDirty() & nl);
s.flush();
writeOutput(s.isDirty() & nl);
p = entityNew("Art", {title: "Note G", price: 3});
p.setArtist(a);
entitySave(p);
ormFlush();
r = ormExecuteQuery("select p.title, ar.lastName from Art p join p.artist ar where ar.firstName = :f", {f: "Ada"});
writeOutput(r[1][1] & "/" & r[1][2] & nl);
writeOutput(ormExecuteQuery("from Art p where p.artist.lastName = ?", ["King"], true).getTitle() & nl);
writeOutput(ormExecuteQuery("update Art set price = 5 where title = 'Note G'") & nl);
writeOutput(ormExecuteQuery("select sum(price) from Art", true) & nl);
writeOutput(arrayLen(ormExecuteQuery("from Artist", [], false, {maxResults: 1})) & nl);
try {
    entityLoad("Nope");
} catch (any e) {
    writeOutput((e.message contains "No entity (persistent component) with name [Nope] found") & nl);
}
</cfscript>
