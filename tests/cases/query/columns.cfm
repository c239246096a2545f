<cfscript>
q = queryNew("id", "integer", [[1], [2]]);
queryAddColumn(q, "name", "varchar", ["a", "b"]);
writeOutput(queryColumnCount(q) & "|" & queryGetCell(q, "name", 2) & "|");
writeOutput(arrayToList(queryColumnArray(q)) & "|");
queryRenameColumn(q, "name", "label");
writeOutput(queryColumnExists(q, "label") & "|" & queryColumnExists(q, "name") & "|");
queryDeleteColumn(q, "label");
writeOutput(queryColumnCount(q) & "|");
q2 = queryNew("id", "integer", [[3]]);
queryAppend(q, q2);
writeOutput(arrayToList(queryColumnData(q, "id")) & "|");
queryPrepend(q, queryNew("id", "integer", [[0]]));
writeOutput(arrayToList(queryColumnData(q, "id")) & "|");
rev = queryReverse(q);
writeOutput(arrayToList(queryColumnData(rev, "id")) & "|");
queryRowSwap(q, 1, 4);
writeOutput(arrayToList(queryColumnData(q, "id")) & "|");
queryClear(q);
writeOutput(queryRecordCount(q));
</cfscript>
