<cfscript>
// fieldtype="version" starts at 0 and counts the updates, fieldtype="timestamp" is set at each
// write, and a notnull property must hold a value (Hibernate's checks).
ormReload();
nl = chr(10);
n = entityNew("Note", {body: "first"});
entitySave(n);
ormFlush();
writeOutput(n.getRevision() & " " & isDate(n.getTouched()) & nl);
n.setBody("second");
ormFlush();
writeOutput(n.getRevision() & nl);
ormFlush();
writeOutput(n.getRevision() & " " & queryExecute("select revision from notes").revision & nl);
try {
    entitySave(entityNew("Note"));
    ormFlush();
} catch (any e) {
    writeOutput(e.message & nl);
}
ormClearSession();
</cfscript>
