<cfscript>
queryExecute("CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, label TEXT, price REAL)");
queryExecute("DELETE FROM items");
queryExecute("INSERT INTO items (label, price) VALUES (?, ?)", ["pen", 1.5]);
queryExecute("INSERT INTO items (label, price) VALUES (:label, :price)", {label: "book", price: {value: 12, cfsqltype: "cf_sql_decimal"}});
q = queryExecute("SELECT label, price FROM items ORDER BY price DESC");
writeOutput(q.recordCount & "|" & q.label[1] & "|" & q.price[2]);
arr = queryExecute("SELECT label FROM items ORDER BY label", [], {returntype: "array"});
writeOutput("|" & arr[1].label & arr.len());
st = queryExecute("SELECT label, price FROM items", {}, {returntype: "struct", columnKey: "label"});
writeOutput("|" & st.pen.price);
queryExecute("SELECT 1 AS x", [], {result: "meta"});
writeOutput("|" & meta.recordCount & meta.sql);
</cfscript>
