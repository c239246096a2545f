<cfscript>
if (structKeyExists(url, "user")) session.user = url.user;
if (structKeyExists(url, "do") && url.do == "invalidate") sessionInvalidate();
if (structKeyExists(url, "do") && url.do == "stop") applicationStop();
writeOutput(arrayToList(server.lifecycleLog ?: []));
</cfscript>
