<cfscript>
b = new Builder();
b.add("x");
c = b;
c.add("y");
writeOutput(b.build());
</cfscript>
