<cfscript>
// systemOutput writes to the process's console, never to the page.
r = systemOutput("systemOutput case: to stdout", true);
writeOutput(r & "|");
writeOutput(systemOutput(["a", "b"], true, true) & "|");
writeOutput(systemOutput({k: 1}) & "|");
writeOutput("end");
</cfscript>
