<cfset x = 2 /><cfoutput>#x#</cfoutput>
