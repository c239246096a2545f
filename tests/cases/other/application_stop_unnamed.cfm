<cfscript>
// Without an Application.cfc the page runs in Lucee's unnamed application: applicationStop()
// ends it after the request and is no error; the rest of the page still runs.
application.stopProbe = 1;
applicationStop();
writeOutput("Still Running");
</cfscript>
