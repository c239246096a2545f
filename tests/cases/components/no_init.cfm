<cfscript>
n = new NoInit();
writeOutput(n.ready & n.ping());
</cfscript>
