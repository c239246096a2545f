<cfset session.n = (session.n ?: 0) + 1><cfoutput>n=#session.n#</cfoutput>
