<cfscript>
function stop() { writeOutput("in"); abort; }
stop();
writeOutput("never");
</cfscript>
