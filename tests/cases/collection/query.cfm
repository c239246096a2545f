<cfscript>
q = queryNew("id,name", "integer,varchar", [[1, "one"], [2, "two"], [3, "three"]]);
collectionEach(q, function(row, rowNumber, qry) {
    writeOutput(rowNumber & "=" & row.name & "/" & qry.recordCount & " ");
});
writeOutput("|");
doubled = collectionMap(q, function(row) { return {id: row.id * 2, name: uCase(row.name)}; });
writeOutput(valueList(doubled.id) & ":" & valueList(doubled.name) & "|");
odd = collectionFilter(q, function(row) { return row.id mod 2 == 1; });
writeOutput(odd.recordCount & ":" & valueList(odd.name) & "|");
writeOutput(collectionReduce(q, function(acc, row, i) { return acc + row.id * i; }, 0) & "|");
writeOutput(collectionSome(q, function(row) { return row.name == "two"; }) & "|");
writeOutput(collectionEvery(q, function(row) { return row.id < 3; }));
</cfscript>
