<cfinclude template="/lib/greet.cfm">
<cfset q = queryExecute("SELECT 41 + 1 AS answer")>
<cfoutput> #q.answer# #getApplicationSettings().name#</cfoutput>
