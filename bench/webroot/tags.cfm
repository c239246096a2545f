<cfimport taglib="tags" prefix="t"><cfset tagCalls = 0><cfloop from="1" to="100" index="i"><t:noop></cfloop><cfoutput>#tagCalls# custom tag calls</cfoutput>
