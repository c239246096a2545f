<cfset sessionInvalidate()><cfoutput>ended</cfoutput>
