<cfscript>
a = new tagc.Account();
a.setOwner("ann");
a.deposit(100).withdraw(30);
writeOutput(a.getOwner() & "|" & a.getBalance());
</cfscript>
