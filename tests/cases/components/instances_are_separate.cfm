<cfscript>
a = new Person("A");
b = new Person("B");
a.birthday();
writeOutput(a.getAge() & b.getAge() & a.getName() & b.getName());
</cfscript>
