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
emp = queryNew("id,name,dept,salary", "integer,varchar,varchar,integer", [
    [1, "Alice", "IT", 100],
    [2, "bob", "HR", 50],
    [3, "Carol", "IT", 80],
    [4, "dave", "Sales", 60]
]);
</cfscript><cfquery name="r" dbtype="query">
    SELECT name, salary FROM emp WHERE salary >= 60 ORDER BY salary DESC
</cfquery><cfset show(r)><cfquery name="r" dbtype="query">
    SELECT id, name AS who FROM emp WHERE dept = 'it' ORDER BY who
</cfquery><cfset show(r)><cfquery name="r" dbtype="query">
    SELECT name FROM emp WHERE name LIKE '%A%' ORDER BY name
</cfquery><cfset show(r)><cfquery name="r" dbtype="query">
    SELECT id FROM emp WHERE dept IN ('HR', 'Sales') OR salary BETWEEN 95 AND 105 ORDER BY id
</cfquery><cfset show(r)><cfquery name="r" dbtype="query">
    SELECT DISTINCT dept FROM emp ORDER BY dept
</cfquery><cfset show(r)><cfquery name="r" dbtype="query">
    SELECT TOP 2 * FROM emp ORDER BY id DESC
</cfquery><cfset show(r)><cfquery name="r" dbtype="query">
    SELECT upper(name) AS u, salary * 2 AS double_pay, name || '/' || dept AS tag FROM emp WHERE id = 1
</cfquery><cfset show(r)><cfquery name="r" dbtype="query">
    SELECT id FROM emp WHERE NOT (dept = 'IT' OR id = 2) ORDER BY 1
</cfquery><cfset show(r)>
