<cfscript>
c = new Counter();
c.increment().increment(5);
writeOutput(c.value());
c2 = new Counter();
writeOutput("," & c2.value());
</cfscript>
