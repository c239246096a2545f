<cfscript>
q = queryNew("n,s", "integer,varchar", [[1, "a"], [2, "b"]]);
out = "";
for (row in q) out &= row.n & row.s;
writeOutput(out);
</cfscript>
