<cfscript>
queryExecute("CREATE TABLE IF NOT EXISTS acct (v INTEGER)");
queryExecute("DELETE FROM acct");
transaction {
    queryExecute("INSERT INTO acct (v) VALUES (1)");
}
try {
    transaction {
        queryExecute("INSERT INTO acct (v) VALUES (2)");
        throw(message="fail");
    }
} catch (any e) {}
transaction {
    queryExecute("INSERT INTO acct (v) VALUES (3)");
    transaction action="rollback";
}
q = queryExecute("SELECT v FROM acct ORDER BY v");
writeOutput(valueList(q.v));
</cfscript>
