<cfoutput>#len(session.cfid)#</cfoutput>
