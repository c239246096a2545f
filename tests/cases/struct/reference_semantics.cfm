<cfscript>
a = {v: 1};
b = a;
b.v = 2;
writeOutput(a.v);
function mutate(s) { s.v = 3; }
mutate(a);
writeOutput(a.v);
</cfscript>
