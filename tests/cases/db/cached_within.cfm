<cfscript>
queryExecute("CREATE TABLE IF NOT EXISTS cachet (v INTEGER)");
queryExecute("DELETE FROM cachet");
queryExecute("INSERT INTO cachet VALUES (1)");
span = createTimeSpan(0, 0, 5, 0);
tag = createUUID();
a = queryExecute("SELECT count(*) AS n, ? AS tag FROM cachet", [tag], {cachedWithin: span});
queryExecute("INSERT INTO cachet VALUES (2)");
b = queryExecute("SELECT count(*) AS n, ? AS tag FROM cachet", [tag], {cachedWithin: span, result: "meta"});
c = queryExecute("SELECT count(*) AS n, ? AS tag FROM cachet", [tag]);
writeOutput(a.n & "|" & b.n & "|" & meta.cached & "|" & c.n);
</cfscript>
