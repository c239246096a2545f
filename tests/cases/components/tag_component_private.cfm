<cfscript>
a = new tagc.Account();
try { a.audit(); } catch (any e) { writeOutput("private"); }
</cfscript>
