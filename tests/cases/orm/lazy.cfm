<cfscript>
// Collections are lazy by default (Hibernate's lazy="true"): read when first asked for.
ormReload();
nl = chr(10);
a = entityNew("Artist", {firstName: "Ada", lastName: "Lovelace"});
entitySave(a);
p = entityNew("Art", {title: "Engine", price: 1});
p.setArtist(a);
entitySave(p);
ormFlush();
ormClearSession();
loaded = entityLoadByPK("Artist", a.getId());
// Rows removed behind the session's back before the collection is read: it sees none.
queryExecute("delete from art");
writeOutput(arrayLen(loaded.getArt()) & " " & loaded.hasArt() & nl);
// Reading it is no change to write.
writeOutput(ormGetSession().isDirty() & nl);
q = entityNew("Art", {title: "Notes", price: 2});
q.setArtist(loaded);
loaded.addPiece(q);
entitySave(q);
ormFlush();
ormClearSession();
writeOutput(entityLoadByPK("Artist", a.getId()).getArt()[1].getTitle() & nl);
</cfscript>
