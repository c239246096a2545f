<cfscript>
s = new tagc.Savings();
s.deposit(100).addInterest();
writeOutput(s.getBalance());
</cfscript>
