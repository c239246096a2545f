<cfscript>
writeOutput(structKeyExists(server, "os") & server.coldfusion.productName & isDefined("server.rime.version"));
server.shared = 1;
</cfscript>
