<cfscript>
// With autoManageSession (the default) the ORM session follows <cftransaction>: a commit
// flushes it into the transaction, a rollback clears it and undoes what it wrote.
ormReload();
nl = chr(10);
transaction {
    entitySave(entityNew("Art", {title: "Kept", price: 1}));
}
writeOutput(queryExecute("select count(*) as n from art").n & nl);
transaction {
    x = entityNew("Art", {title: "Dropped", price: 2});
    entitySave(x);
    transaction action="rollback";
}
writeOutput(queryExecute("select count(*) as n from art").n & " " & ormGetSession().contains(x) & nl);
try {
    transaction {
        entitySave(entityNew("Art", {title: "Failed", price: 3}));
        throw(type = "custom", message = "stop");
    }
} catch (custom e) {
    writeOutput(e.message & nl);
}
writeOutput(queryExecute("select title from art order by id").columnData("title").toList() & nl);
</cfscript>
