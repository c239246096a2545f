<cfscript>
queryExecute("CREATE TABLE IF NOT EXISTS visits (id INTEGER PRIMARY KEY, who TEXT)");
queryExecute("INSERT INTO visits (who) VALUES (?)", [url.who ?: "anon"]);
q = queryExecute("SELECT count(*) AS n FROM visits WHERE who = :who", {who: url.who ?: "anon"});
writeOutput("count=" & q.n);
</cfscript>
