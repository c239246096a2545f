<cfscript>
writeOutput(("007" EQ 7) & ",");
writeOutput(("1e2" EQ 100) & ",");
writeOutput(("0x10" EQ 16) & ",");
writeOutput("3" * "4");
</cfscript>
