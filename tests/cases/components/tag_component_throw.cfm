<cfscript>
a = new tagc.Account();
try { a.withdraw(5); } catch (Account.Insufficient e) { writeOutput(e.message & "/" & e.detail); }
</cfscript>
