<cfscript>
a = Counter2::create();
b = new Counter2();
writeOutput(a.count() & "|" & Counter2::instances & "|" & Counter2::twice(21) & "|" & Counter2::label);
Counter2::label = "changed";
writeOutput("|" & Counter2::label);
</cfscript>
