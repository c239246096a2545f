<cfscript>
// A nested transaction is a savepoint: when it fails, only its own work is undone.
queryExecute("CREATE TABLE IF NOT EXISTS nest (v INTEGER)");
queryExecute("DELETE FROM nest");
transaction {
    queryExecute("INSERT INTO nest (v) VALUES (1)");
    try {
        transaction {
            queryExecute("INSERT INTO nest (v) VALUES (2)");
            throw(message="inner failure");
        }
    } catch (any e) {
        writeOutput("caught: " & e.message & chr(10));
    }
    transaction {
        queryExecute("INSERT INTO nest (v) VALUES (3)");
    }
    transaction {
        queryExecute("INSERT INTO nest (v) VALUES (4)");
        transaction action="rollback";
        queryExecute("INSERT INTO nest (v) VALUES (5)");
    }
}
writeOutput(valueList(queryExecute("SELECT v FROM nest ORDER BY v").v) & chr(10));
// An error that leaves the outer transaction undoes everything.
try {
    transaction {
        queryExecute("INSERT INTO nest (v) VALUES (6)");
        transaction {
            queryExecute("INSERT INTO nest (v) VALUES (7)");
        }
        throw(message="outer failure");
    }
} catch (any e) {}
writeOutput(valueList(queryExecute("SELECT v FROM nest ORDER BY v").v) & chr(10));
</cfscript>
