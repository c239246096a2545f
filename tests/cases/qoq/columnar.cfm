<cfscript>
// The column-at-a-time executor: filters against constants, hash joins, typed sorts, grouping
// on typed keys and UNION chains, over enough rows to take the parallel paths.
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
names = ["Harry", "sally", "Ann", "bob", "Chen"];
depts = ["Sales", "IT", "HR"];
people = queryNew("id,name,dept,age,active", "integer,varchar,varchar,integer,bit");
for (i = 1; i <= 20000; i++) {
    queryAddRow(people);
    querySetCell(people, "id", i);
    querySetCell(people, "name", names[(i mod 5) + 1] & " " & i);
    querySetCell(people, "dept", depts[(i mod 3) + 1]);
    if (i mod 7 != 0) querySetCell(people, "age", 20 + (i mod 40));
    querySetCell(people, "active", (i mod 4) != 0);
}
deptTable = queryNew("code,floor", "varchar,integer", [["sales", 1], ["IT", 2], ["Ops", 3]]);
</cfscript>
<cfquery name="r" dbtype="query">
    SELECT count(*) AS n FROM people WHERE dept IN ('a', 'b', 'c', 'd', 'e', 'f', 'g', 'it', 'SALES') AND age >= 59
</cfquery><cfset show(r)>
<cfquery name="r" dbtype="query">
    SELECT TOP 5 id, name FROM people WHERE name LIKE '%ANN 1%' AND NOT (age < 30 OR age IS NULL) ORDER BY age DESC, name
</cfquery><cfset show(r)>
<cfquery name="r" dbtype="query">
    SELECT TOP 4 id, age FROM people WHERE id BETWEEN 10 AND 30 ORDER BY age, id DESC
</cfquery><cfset show(r)>
<cfquery name="r" dbtype="query">
    SELECT dept, active, count(*) AS n, min(age) AS lo, max(age) AS hi, count(age) AS aged FROM people GROUP BY dept, active ORDER BY dept, active
</cfquery><cfset show(r)>
<cfquery name="r" dbtype="query">
    SELECT p.dept, d.floor, count(*) AS n FROM people p, deptTable d WHERE p.dept = d.code AND p.age = 33 GROUP BY p.dept, d.floor ORDER BY d.floor
</cfquery><cfset show(r, false)>
<cfquery name="r" dbtype="query">
    SELECT p.id, d.floor FROM people p LEFT JOIN deptTable d ON p.dept = d.code WHERE d.floor IS NULL AND p.id < 12
</cfquery><cfset show(r, false)>
<cfquery name="r" dbtype="query">
    SELECT dept FROM people WHERE id < 4 UNION ALL SELECT dept FROM people WHERE id < 3 UNION SELECT code FROM deptTable
</cfquery><cfset show(r)>
<cfquery name="r" dbtype="query">
    SELECT TOP 3 name + ' / ' + dept AS label, id * 2 AS twice FROM people WHERE age = ''
</cfquery><cfset show(r)>
