<cfscript>
// Multi-table QoQ goes through HSQLDB in Lucee, whose column-name case differs: rows only.
function show(q, withNames = true) {
    var s = withNames ? q.columnList & "|" : "";
    var cols = listToArray(q.columnList);
    for (var i = 1; i <= q.recordCount; i++) {
        var cells = [];
        for (var c in cols) arrayAppend(cells, q[c][i]);
        s &= arrayToList(cells, ",") & ";";
    }
    writeOutput(s & chr(10));
}
emp = queryNew("id,name,deptId", "integer,varchar,integer", [[1, "Alice", 10], [2, "Bob", 20], [3, "Cy", 10]]);
dept = queryNew("deptId,title", "integer,varchar", [[10, "Tech"], [20, "People"]]);
</cfscript><cfquery name="r" dbtype="query">
    SELECT emp.name, dept.title FROM emp, dept WHERE emp.deptId = dept.deptId ORDER BY emp.name
</cfquery><cfset show(r, false)><cfquery name="r" dbtype="query">
    SELECT e.name, d.title FROM emp e INNER JOIN dept d ON e.deptId = d.deptId WHERE d.title = 'Tech' ORDER BY e.id DESC
</cfquery><cfset show(r, false)><cfquery name="r" dbtype="query">
    SELECT name FROM emp WHERE id = 1 UNION SELECT name FROM emp WHERE id <= 2 ORDER BY name DESC
</cfquery><cfset show(r)><cfquery name="r" dbtype="query">
    SELECT title AS label FROM dept UNION ALL SELECT title FROM dept ORDER BY label
</cfquery><cfset show(r)>
