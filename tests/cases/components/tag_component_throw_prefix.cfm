<cfscript>
a = new tagc.Account();
try { a.deposit(-1); } catch (Account e) { writeOutput(e.type); }
</cfscript>
