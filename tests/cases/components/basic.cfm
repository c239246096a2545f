<cfscript>
p = new Person("Ann", 30);
writeOutput(p.getName() & "|" & p.getAge() & "|" & p.greet() & "|" & p.kind);
</cfscript>
