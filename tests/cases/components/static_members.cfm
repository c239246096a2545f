<cfscript>
before = Counter2::instances;
a = Counter2::create();
b = new Counter2();
writeOutput((a.count() - before) & "|" & (Counter2::instances - before) & "|" & Counter2::twice(21) & "|" & Counter2::label);
Counter2::label = "changed";
writeOutput("|" & Counter2::label);
Counter2::label = "counter";
</cfscript>
