<cfscript>
// this.clientManagement gives the client scope, with Lucee's own keys and the page's.
client.theme = "dark";
client.visits = 1;
writeOutput(client.hitCount & " " & len(client.cfid) & " " & isDate(client.lastVisit) & " " & isDate(client.timeCreated) & chr(10));
writeOutput((client.urlToken contains "CFID=") & chr(10));
writeOutput(listSort(getClientVariablesList(), "text") & chr(10));
writeOutput(deleteClientVariable("theme") & " " & deleteClientVariable("theme") & " " & deleteClientVariable("cfid") & chr(10));
writeOutput(getClientVariablesList() & " " & structKeyExists(client, "theme") & chr(10));
</cfscript>
