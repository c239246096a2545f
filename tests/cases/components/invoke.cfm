<cfscript>
p = new Person("Inv");
writeOutput(invoke(p, "getName") & invoke(p, "greet", []));
c = new Counter();
invoke(c, "increment", {by: 4});
writeOutput(c.value());
</cfscript>
