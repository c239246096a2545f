<cfscript>
writeOutput('it''s');
writeOutput("|" & "say ""hi""");
writeOutput("|" & "a##b");
writeOutput("|" & 'single "double" inside');
writeOutput("|" & "");
</cfscript>
