<cfscript>
writeOutput(isStruct(server.system.environment) & " ");
writeOutput(structKeyExists(server.system.environment, "PATH") & " ");
writeOutput(server.system.properties["file.separator"] & " ");
writeOutput(server.system.properties["os.name"]);
</cfscript>
