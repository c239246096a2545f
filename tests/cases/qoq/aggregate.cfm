<cfscript>
function show(q) {
    var s = q.columnList & "|";
    var cols = listToArray(q.columnList);
    for (var i = 1; i <= q.recordCount; i++) {
        var cells = [];
        for (var c in cols) arrayAppend(cells, q[c][i]);
        s &= arrayToList(cells, ",") & ";";
    }
    writeOutput(s & chr(10));
}
sales = queryNew("region,rep,amount", "varchar,varchar,integer", [
    ["north", "ann", 10],
    ["south", "bo", 20],
    ["north", "cy", 30],
    ["east", "di", 5],
    ["north", "ann", 40]
]);
</cfscript><cfquery name="r" dbtype="query">
    SELECT count(*) AS n, sum(amount) AS total, min(amount) AS lo, max(amount) AS hi, avg(amount) AS mean FROM sales
</cfquery><cfset show(r)><cfquery name="r" dbtype="query">
    SELECT region, count(*) AS n, sum(amount) AS total FROM sales GROUP BY region ORDER BY region
</cfquery><cfset show(r)><cfquery name="r" dbtype="query">
    SELECT region, sum(amount) AS total FROM sales GROUP BY region HAVING sum(amount) > 10 ORDER BY total DESC
</cfquery><cfset show(r)><cfquery name="r" dbtype="query">
    SELECT count(DISTINCT rep) AS reps FROM sales WHERE region = 'north'
</cfquery><cfset show(r)>
