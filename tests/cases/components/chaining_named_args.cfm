<cfscript>
p = new Person(name="Bob");
p.birthday().birthday();
writeOutput(p.getAge());
</cfscript>
