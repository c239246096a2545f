<cfscript>
// query(): the named arguments are the columns, each an array of its values.
q = query(id: [1, 2, 3], name: ["a", "b", "c"]);
writeOutput(q.recordCount & " " & q.columnList & " " & q.name[2] & "|");
q2 = query(size = ["small", "large"], other = [1]);
writeOutput(q2.recordCount & " " & listSort(q2.columnList, "textnocase") & " [" & q2.other[2] & "]|");
writeOutput(query().recordCount & " " & query(empty: []).recordCount & "|");
writeOutput(queryEvery(query(foo: [51, 52, 535]), function(row) { return row.foo > 50; }) & "|");
// Named arguments by their Lucee aliases.
q3 = queryNew(names = "a,b", types = "integer,varchar", data = [[1, "x"]]);
writeOutput(q3.b & " " & arrayToList(queryColumnData(q3, "a", callback = function(v) { return v * 10; })) & "|");
try {
    query([1, 2]);
} catch (any e) {
    writeOutput("positional: " & e.message & "|");
}
try {
    query(a: 1);
} catch (any e) {
    writeOutput(e.message);
}
</cfscript>
