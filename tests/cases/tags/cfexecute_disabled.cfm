<!--- cfexecute is off unless the server enables it (executeEnabled / RIME_ALLOW_EXECUTE) --->
<cftry>
    <cfexecute name="/bin/echo" arguments="should not run" timeout="5" variable="out" />
    <cfoutput>ran: #out#</cfoutput>
    <cfcatch type="security"><cfoutput>#cfcatch.type#|#cfcatch.message#|#cfcatch.detail#</cfoutput></cfcatch>
</cftry>
<cfscript>
try {
    cfexecute(name="/bin/echo", arguments=["x"], timeout=5, variable="out");
    writeOutput("ran");
} catch (any e) {
    writeOutput(" / script: " & e.type);
}
</cfscript>
