<cfscript>
x = 5;
writeOutput(iif(x GT 3, de("big"), de("small")) & "|");
writeOutput(iif(x GT 30, de("big"), de("small")) & "|");
writeOutput(iif(x EQ 5, "x * 2", "x") & "|");
writeOutput(de("pete") & "|");
writeOutput(de('say "hi"') & "|");
writeOutput(evaluate(de("abc")) & "|");
writeOutput(iif(false, de("a"), de("")) & "|");
</cfscript>
