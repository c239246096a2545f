<cfscript>
writeOutput("5" + 3);
writeOutput("|" & "5" & 3);
writeOutput("|" & true + 1);
writeOutput("|" & "2.5" * 2);
writeOutput("|" & ("yes" AND true));
</cfscript>
