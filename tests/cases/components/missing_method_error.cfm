<cfscript>
p = new Person("Q");
p.noSuchMethod();
</cfscript>
