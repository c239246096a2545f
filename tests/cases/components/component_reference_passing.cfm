<cfscript>
function topUp(acct, amount) {
    arguments.acct.deposit(arguments.amount);
}
function replaceIt(acct) {
    arguments.acct = new c_ref.Account();
    arguments.acct.deposit(1000);
}
a = new c_ref.Account();
topUp(a, 50);
writeOutput(a.balance() & chr(10));
replaceIt(a);
writeOutput(a.balance() & chr(10));
holder = {acct: a};
list = [a, a];
list[1].deposit(5);
holder.acct.deposit(5);
writeOutput(a.balance() & " " & list[2].balance() & chr(10));
copy = duplicate(holder);
copy.acct.deposit(100);
writeOutput(a.balance() & " " & copy.acct.balance() & chr(10));
</cfscript>
