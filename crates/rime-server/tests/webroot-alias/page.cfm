<cfoutput>alias page #cgi.script_name#</cfoutput>
