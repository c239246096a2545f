<cfscript>
writeOutput(("Hello World" CONTAINS "world") & ",");
writeOutput(("Hello World" CONTAINS "xyz") & ",");
writeOutput(("Hello" DOES NOT CONTAIN "z") & ",");
writeOutput("abc" does not contain "B");
</cfscript>
