<cfscript>
accounts = [];
for (i = 1; i <= 3; i++) { acc = new tagc.Account(); acc.deposit(i * 10); arrayAppend(accounts, acc); }
total = 0;
accounts.each(function(a) { total += a.getBalance(); });
writeOutput(total);
</cfscript>
