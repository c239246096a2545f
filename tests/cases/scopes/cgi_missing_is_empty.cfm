<cfscript>
writeOutput("[" & cgi.no_such_variable & "]");
</cfscript>
