<cfscript>
x = 10; x += 5; writeOutput(x & ",");
x -= 3; writeOutput(x & ",");
x *= 2; writeOutput(x & ",");
x /= 4; writeOutput(x & ",");
x %= 4; writeOutput(x & ",");
s = "a"; s &= "b"; s &= 1; writeOutput(s);
</cfscript>
