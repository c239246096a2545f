<cfscript>
a = new tagc.Account();
b = duplicate(a);
a.deposit(5);
writeOutput(a.getBalance() & "|" & b.getBalance());
</cfscript>
