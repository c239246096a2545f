<cfset title = "T"><cfinclude template="_inc/included.cfm"><cfoutput>#fromInclude#</cfoutput>
