<cfscript>
q = queryNew("a,b");
row = queryAddRow(q);
querySetCell(q, "a", 1, row);
querySetCell(q, "b", 2, row);
row = queryAddRow(q);
querySetCell(q, "a", 10, row);
querySetCell(q, "b", 20, row);
writeOutput(row & "|");
writeOutput(serializeJSON(q) & "|");
writeOutput(serializeJSON(q, "column") & "|");
writeOutput(serializeJSON(q, "struct") & "|");
writeOutput(q.toJson("row") & "|");
writeOutput(queryRecordCount(q) & "|" & queryGetCell(q, "b", 2) & "|" & queryColumnCount(q) & "|");
writeOutput(arrayToList(queryColumnData(q, "a")) & "|");
writeOutput(queryColumnExists(q, "A") & "|" & queryColumnExists(q, "z") & "|" & q.columnExists("b") & "|");
r = queryRowData(q, 2);
writeOutput(r.a + r.b & "|");
writeOutput(isEmpty(q) & "|" & queryIsEmpty(queryNew("x")) & "|");
try {
    querySetCell(q, "nope", 1, 1);
    writeOutput("no");
} catch (any e) {
    writeOutput("error");
}
</cfscript>
