<cfscript>
// q.col[row] = v and q[col][row] = v write that row's cell (Lucee's QueryColumn), as TestBox's
// coverage reporter does with a column name in a variable.
q = queryNew("name,data", "varchar,object", [["a", ""], ["b", ""]]);
q.name[2] = "B";
col = "name";
q[col][1] = "A";
q["data"][1] = {n: 1};
q.data[1].n = 2;
q.data[2] = [1, 2];
writeOutput(valueList(q.name) & " " & q.data[1].n & " " & arrayLen(q.data[2]) & chr(10));
try {
    q.name[3] = "C";
} catch (any e) {
    writeOutput("no row 3" & chr(10));
}
</cfscript>
