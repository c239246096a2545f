<cfset sleep(400)>
<cfoutput>slow done</cfoutput>
