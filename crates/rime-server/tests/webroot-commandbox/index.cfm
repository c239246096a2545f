<cfoutput>front:#cgi.path_info#|#cgi.script_name#</cfoutput>
