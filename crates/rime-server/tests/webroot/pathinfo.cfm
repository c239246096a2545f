<cfoutput>script=[#cgi.script_name#] info=[#cgi.path_info#]</cfoutput>
