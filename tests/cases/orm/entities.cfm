<cfscript>
// Lucee's Hibernate ORM: save, load, relationships, flush, delete with cascade.
ormReload();
nl = chr(10);
a = entityNew("Artist", {firstName: "Ada", lastName: "Lovelace"});
entitySave(a);
writeOutput("id: " & a.getId() & " init: " & a.wasInitialised() & nl);
b = entityNew("Artist");
b.setFirstName("Grace");
b.setLastName("Hopper");
entitySave(b);
p = entityNew("Art", {title: "Engine", price: 10.5});
p.setArtist(a);
a.addPiece(p);
entitySave(p);
ormFlush();
writeOutput("has piece: " & a.hasPiece(p) & " " & a.hasArt() & " " & p.hasArtist() & nl);
ormClearSession();
for (x in entityLoad("Artist", {}, "lastName desc")) {
    writeOutput(x.getFullName() & " active=" & x.getActive() & nl);
}
one = entityLoad("Artist", {lastName: "Lovelace"}, true);
writeOutput(one.wasInitialised() & " " & one.getFirstName() & " has " & arrayLen(one.getArt()) & " piece(s): " & one.getArt()[1].getTitle() & nl);
writeOutput("same: " & (one.getArt()[1].getArtist() === one) & nl);
writeOutput("identity: " & (entityLoadByPK("Artist", one.getId()) === one) & nl);
one.setFirstName("Augusta Ada");
ormFlush();
writeOutput(queryExecute("select firstName from artists where lastName = 'Lovelace'").firstName & nl);
writeOutput(ormExecuteQuery("select count(*) from Artist", true) & nl);
names = ormExecuteQuery("select a.lastName from Artist a where a.firstName like ? order by a.lastName", ["%a%"]);
writeOutput(arrayToList(names) & nl);
arts = ormExecuteQuery("from Art where artist = :artist", {artist: one});
writeOutput(arts[1].getTitle() & " " & arts[1].getPrice() & nl);
byExample = entityLoadByExample(entityNew("Artist", {lastName: "Hopper"}), true);
writeOutput(byExample.getFirstName() & nl);
entityDelete(one);
ormFlush();
writeOutput(queryExecute("select count(*) as n from art").n & " " & queryExecute("select count(*) as n from artists").n & nl);
writeOutput(listSort(entityNameList(), "text") & nl);
q = entityToQuery(entityLoad("Artist"));
writeOutput(q.recordCount & " " & q.firstName & nl);
writeOutput(isNull(entityLoadByPK("Artist", 999)) & nl);
writeOutput(ormGetSession().contains(entityLoad("Artist")[1]) & " " & ormGetSession().contains(entityNew("Artist")) & nl);
writeOutput(request.events & nl);
</cfscript>
