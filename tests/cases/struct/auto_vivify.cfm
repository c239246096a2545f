<cfscript>
x.y.z = 1;
writeOutput(x.y.z);
a["b"]["c"] = 2;
writeOutput(a.b.c);
variables.q.r = 3;
writeOutput(q.r);
</cfscript>
