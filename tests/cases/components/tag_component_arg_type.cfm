<cfscript>
a = new tagc.Account();
try { a.deposit("lots"); } catch (any e) { writeOutput("typed:" & e.type); }
</cfscript>
