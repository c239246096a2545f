<cfscript>
// The arguments scope and query rows are plain structs to serialize (Lucee), and the notation
// reads back through evaluate.
f = function() { return serialize(arguments); };
writeOutput(f("a", "b") & "|");
q = queryNew("id,name", "integer,varchar", [[1, "x"], [2, "y"]]);
for (row in q) { writeOutput(serialize(row) & "|"); }
writeOutput(serialize(queryGetRow(q, 2)) & "|");
back = evaluate(f("p", "q"));
writeOutput(back[1] & back[2] & "|");
q2 = evaluate(serialize(q));
writeOutput(q2.recordCount & q2.name[2]);
</cfscript>
