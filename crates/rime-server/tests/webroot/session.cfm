<cfset session.count++>
<cfoutput>count=#session.count# sessionStarts=#application.sessionStarts#</cfoutput>
