<cfscript>
q = queryNew("id,name", "integer,varchar", [[1, "one"], [2, "two"], [3, "three"]]);
r = queryExecute("SELECT name FROM q WHERE id > ? ORDER BY id", [1], {dbtype: "query"});
writeOutput(r.recordCount & ":" & valueList(r.name) & "|");
r = queryExecute("SELECT id FROM q WHERE name LIKE ? OR id = ?", ["t%", 1], {dbtype: "query"});
writeOutput(valueList(r.id) & "|");
try {
    queryExecute("SELECT nosuch FROM q", [], {dbtype: "query"});
    writeOutput("no error");
} catch (any e) {
    writeOutput(e.type & "|");
}
try {
    queryExecute("SELECT id q WHERE", [], {dbtype: "query"});
    writeOutput("no error");
} catch (database e) {
    writeOutput("syntax:" & e.type);
}
</cfscript>
