<cfscript>
writeOutput(("1/1/2024" EQ "2024-01-01") & ",");
writeOutput(("2024-01-02" GT "1/1/2024") & ",");
writeOutput("2024-01-01" LT "2023-12-31");
</cfscript>
