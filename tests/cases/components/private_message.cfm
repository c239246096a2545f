<cfscript>
p = new Person("Ed");
try { p.secret(); } catch (any e) { writeOutput(e.message); }
</cfscript>
