<cfsetting requesttimeout="0.2">
<cfscript>
// A sleep past the request timeout ends with the timeout, not after the whole sleep.
sleep(20000);
writeOutput("not reached");
</cfscript>
