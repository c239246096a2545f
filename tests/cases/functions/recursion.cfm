<cfscript>
function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); }
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
writeOutput(fact(10) & "," & fib(20));
</cfscript>
