<cfscript>
double = (x) => x * 2;
add = (a, b) => a + b;
sq = x => x * x;
block = (x) => { var y = x + 1; return y * 10; };
writeOutput(double(4) & "," & add(2, 3) & "," & sq(5) & "," & block(1));
</cfscript>
