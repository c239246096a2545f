<cfscript>
p = new Person("Di");
p.secret();
</cfscript>
