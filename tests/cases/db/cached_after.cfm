<cfscript>
// cachedAfter: an identical query's result is reused when it was stored after the given date.
queryExecute("CREATE TABLE IF NOT EXISTS cachea (v INTEGER)");
queryExecute("DELETE FROM cachea");
queryExecute("INSERT INTO cachea VALUES (1)");
tag = createUUID();
before = dateAdd("n", -5, now());
a = queryExecute("SELECT count(*) AS n, ? AS tag FROM cachea", [tag], {cachedAfter: before});
queryExecute("INSERT INTO cachea VALUES (2)");
b = queryExecute("SELECT count(*) AS n, ? AS tag FROM cachea", [tag], {cachedAfter: before, result: "meta"});
// A date after the stored result: the query runs again.
c = queryExecute("SELECT count(*) AS n, ? AS tag FROM cachea", [tag], {cachedAfter: dateAdd("d", 1, now())});
writeOutput(a.n & "|" & b.n & "|" & meta.cached & "|" & c.n);
</cfscript>
<cfquery name="t" cachedAfter="#before#">SELECT count(*) AS n, '<cfoutput>#tag#</cfoutput>x' AS tag FROM cachea</cfquery>
<cfoutput>|#t.n#</cfoutput>
