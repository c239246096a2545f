<cfscript>
// queryLazy hands the rows to a function: one struct per row, or blocks of `blockfactor` rows
// (a query by default, an array or a struct by `columnKey`); returning false stops it.
queryExecute("create table lazy_items (id integer, name varchar(10))");
queryExecute("insert into lazy_items values (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd'), (5, 'e')");
out = [];
queryLazy("select id, name from lazy_items order by id", function(row) {
    out.append(row.id & row.name);
    return row.id < 3;
});
writeOutput(out.toList() & chr(10));
sizes = [];
queryLazy("select id, name from lazy_items where id > ? order by id", function(rows) {
    sizes.append(rows.recordCount & ":" & valueList(rows.name));
}, [0], {blockfactor: 2});
writeOutput(sizes.toList(" ") & chr(10));
keys = [];
queryLazy("select id, name from lazy_items order by id", function(rows) {
    keys.append(structKeyList(rows));
}, {}, {blockfactor: 3, returntype: "struct", columnKey: "name"});
writeOutput(keys.toList(" ") & chr(10));
arrays = [];
queryLazy("select id from lazy_items order by id", function(rows) {
    arrays.append(arrayLen(rows) & "/" & rows[1].id);
}, {}, {blockfactor: 4, returntype: "array"});
writeOutput(arrays.toList(" ") & chr(10));
try {
    queryLazy("select id from lazy_items", function(r) {}, {}, {returntype: "list"});
} catch (any e) {
    writeOutput(e.message & chr(10));
}
queryExecute("drop table lazy_items");
</cfscript>
