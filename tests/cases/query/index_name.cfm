<cfscript>
// Query indexes (Lucee 6): indexName names the column rows are found by.
src = queryNew("tag,id", "varchar,integer", [["abort", 1], ["loop", 2], ["query", 3]]);
</cfscript>
<cfquery name="q" indexName="tag" dbtype="query">
select * from src
</cfquery>
<cfscript>
writeOutput(queryRowByIndex(q, "loop") & " ");
writeOutput(q.rowByIndex("QUERY") & " ");
writeOutput(serializeJSON(queryRowDataByIndex(q, "abort")) & " ");
writeOutput(queryGetCellByIndex(q, "id", "query") & " ");
writeOutput(queryRowByIndex(q, "missing", -1) & " ");
writeOutput(serializeJSON(q.rowDataByIndex("missing", {tag: "unknown", id: -1})) & chr(10));
try { queryRowByIndex(q, "missing"); } catch (any e) { writeOutput(e.message & chr(10)); }
try { queryRowByIndex(src, "loop"); } catch (any e) { writeOutput(e.message & chr(10)); }
q2 = queryExecute("select * from src where id > 1", {}, {dbtype: "query", indexName: "id"});
writeOutput(queryRowByIndex(q2, 3) & chr(10));
try {
    queryExecute("select * from src", {}, {dbtype: "query", indexName: "nope"});
} catch (any e) { writeOutput(e.message & chr(10)); }
</cfscript>
