<cfscript>
q = queryNew("name,age", "varchar,integer", [["saravana", 35], ["Bob", 20], ["pothy", 25]]);
queryAddRow(q, ["zed", 40]);
writeOutput(queryRecordCount(q) & "|");
queryDeleteRow(q, 1);
writeOutput(queryRecordCount(q) & "|" & queryGetCell(q, "name", 1) & "|");
querySort(q, "age", "desc");
writeOutput(arrayToList(queryColumnData(q, "name")) & "|");
q.sort(function(a, b) { return compare(a.name, b.name); });
writeOutput(arrayToList(queryColumnData(q, "name")) & "|");
s = querySlice(q, 2, 2);
writeOutput(arrayToList(queryColumnData(s, "name")) & "|");
f = queryFilter(q, function(row) { return row.age > 22; });
writeOutput(queryRecordCount(f) & "|" & queryRecordCount(q) & "|");
m = queryMap(q, function(row) {
    row.age = row.age + 1;
    return row;
});
writeOutput(arrayToList(queryColumnData(m, "age")) & "|" & arrayToList(queryColumnData(q, "age")) & "|");
total = queryReduce(q, function(acc, row) { return acc + row.age; }, 0);
writeOutput(total & "|");
queryEach(q, function(row, i) {
    writeOutput(i & row.name & ";");
});
writeOutput("|" & querySome(q, function(row) { return row.age > 30; }));
writeOutput("|" & queryEvery(q, function(row) { return row.age > 30; }));
</cfscript>
