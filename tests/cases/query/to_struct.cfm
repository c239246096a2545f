<cfscript>
qry = queryNew("id,name,version", "integer,varchar,varchar", [
    [1, "mssql", "7.2.2"],
    [2, "mysql", "8.0.30"],
    [3, "pdf", "1.1.0"]
]);
basic = queryToStruct(qry, "name");
writeOutput(structKeyList(basic) & "|");
writeOutput(basic.mysql.id & "," & basic.mysql.version & "," & structCount(basic.pdf) & "|");
rows = queryToStruct(qry, "version", "normal", true);
writeOutput(rows["8.0.30"] & "," & rows["1.1.0"] & "|");
byId = qry.toStruct("ID");
writeOutput(byId[3].name & "|");
dup = queryNew("k,v", "varchar,integer", [["a", 1], ["b", 2], ["a", 3]]);
d = queryToStruct(dup, "k");
writeOutput(structCount(d) & ":" & d.a.v & "|");
writeOutput(structCount(queryToStruct(queryNew("a"), "a")) & "|");
try {
    queryToStruct(qry, "");
    writeOutput("no error");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
