<cfscript>
// The query-of-queries benchmark: build the classic employees table in CFML, then time ten
// queries (each run three times; the third is timed). Rows: url.rows or 1,000,000.
rows = structKeyExists(url, "rows") ? val(url.rows) : 1000000;
t0 = getTickCount();
names = ["Harry", "Sally", "Ann", "Bob", "Chen", "Dora", "Eve", "Farid", "Gita", "Hugo"];
depts = ["Sales", "IT", "HR", "Ops", "Legal"];
colors = ["red", "green", "blue", "black", "white", "pink", "gray", "gold"];
employees = queryNew(
    "name,age,email,department,isContract,yearsEmployed,sickDaysLeft,hireDate,isActive,empID,favoriteColor",
    "varchar,integer,varchar,varchar,bit,integer,integer,date,bit,integer,varchar"
);
queryAddRow(employees, rows);
base = createDate(2000, 1, 1);
for (i = 1; i <= rows; i++) {
    n = names[(i mod 10) + 1];
    querySetCell(employees, "name", n & " " & i, i);
    querySetCell(employees, "age", 20 + (i mod 45), i);
    querySetCell(employees, "email", "user" & i & "@example.com", i);
    querySetCell(employees, "department", depts[(i mod 5) + 1], i);
    querySetCell(employees, "isContract", (i mod 7) == 0, i);
    querySetCell(employees, "yearsEmployed", i mod 30, i);
    querySetCell(employees, "sickDaysLeft", i mod 15, i);
    querySetCell(employees, "hireDate", dateAdd("d", i mod 7000, base), i);
    querySetCell(employees, "isActive", (i mod 3) != 0, i);
    if (i mod 11 != 0) querySetCell(employees, "empID", i, i);
    querySetCell(employees, "favoriteColor", colors[(i mod 8) + 1], i);
}
buildMs = getTickCount() - t0;
departments = queryNew("name,floor", "varchar,integer", [
    ["Sales", 1], ["IT", 2], ["HR", 3], ["Ops", 4], ["Legal", 5]
]);
colorTable = queryNew("color,hex", "varchar,varchar", [
    ["red", "##f00"], ["green", "##0f0"], ["blue", "##00f"], ["black", "##000"],
    ["white", "##fff"], ["pink", "##fcc"], ["gray", "##888"], ["gold", "##fd0"]
]);
sqls = [
    "SELECT name, age, department FROM employees WHERE department IN ('Sales','IT') AND age > 40 ORDER BY department, age DESC, name",
    "SELECT name FROM employees WHERE age < 25 UNION SELECT name FROM employees WHERE yearsEmployed > 27",
    "SELECT max(age) AS oldest, min(age) AS youngest, count(*) AS n FROM employees",
    "SELECT department, isContract, isActive, favoriteColor, count(*) AS n, avg(age) AS a FROM employees GROUP BY department, isContract, isActive, favoriteColor HAVING count(*) > 10",
    "SELECT name + department AS label FROM employees",
    "SELECT name, email FROM employees WHERE name LIKE '%Harry%'",
    "SELECT e.name, d.floor FROM employees e, departments d WHERE e.department = d.name AND e.age = 33",
    "SELECT e.name, d.floor, c.hex FROM employees e, departments d, colorTable c WHERE e.department = d.name AND e.favoriteColor = c.color AND e.age = 33",
    "SELECT e.name, d.floor FROM employees e INNER JOIN departments d ON e.department = d.name WHERE e.sickDaysLeft = 0",
    "SELECT name FROM employees WHERE age = 20 UNION SELECT name FROM employees WHERE age = 21 UNION SELECT name FROM employees WHERE age = 22 UNION SELECT name FROM employees WHERE age = 23 UNION SELECT name FROM employees WHERE age = 24"
];
total = 0;
writeOutput("build " & rows & " rows: " & buildMs & " ms" & chr(10));
for (k = 1; k <= arrayLen(sqls); k++) {
    for (run = 1; run <= 3; run++) {
        t = getTickCount();
        r = queryExecute(sqls[k], [], { dbtype: "query" });
        ms = getTickCount() - t;
    }
    total += ms;
    writeOutput("q" & k & ": " & ms & " ms (" & r.recordCount & " rows)" & chr(10));
}
writeOutput("ten queries: " & total & " ms" & chr(10));
</cfscript>
