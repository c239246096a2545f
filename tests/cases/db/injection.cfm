<cfscript>
queryExecute("CREATE TABLE IF NOT EXISTS users (name TEXT)");
queryExecute("DELETE FROM users");
evil = "'; DROP TABLE users; --";
queryExecute("INSERT INTO users (name) VALUES (?)", [evil]);
q = queryExecute("SELECT name FROM users");
writeOutput(q.name[1] == evil);
</cfscript>
