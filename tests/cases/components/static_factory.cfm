<cfscript>
c = Counter2::create();
writeOutput(isInstanceOf(c, "Counter2") & "|" & (Counter2::twice(2) + Counter2::twice(3)));
</cfscript>
