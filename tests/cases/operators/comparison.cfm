<cfscript>
writeOutput(("10" EQ "10.0") & ",");
writeOutput(("abc" EQ "ABC") & ",");
writeOutput(("abc" == "abd") & ",");
writeOutput((1 LT 2) & ",");
writeOutput(("a" LT "B") & ",");
writeOutput(("2" LT "10") & ",");
writeOutput(("apple" GT "Apple") & ",");
writeOutput((true EQ "yes") & ",");
writeOutput((1 == "1.0") & ",");
writeOutput((5 GTE 5) & ",");
writeOutput((5 LTE 4) & ",");
writeOutput((3 NEQ 4) & ",");
writeOutput(("x" IS "X") & ",");
writeOutput(("x" IS NOT "y") & ",");
writeOutput((2 != 2) & ",");
writeOutput((2 <> 3) & ",");
writeOutput((3 > 2) & ",");
writeOutput((3 >= 4) & ",");
writeOutput((1 < 2) & ",");
writeOutput(2 <= 2);
</cfscript>
