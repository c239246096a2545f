<cfset i = 0><cfloop condition="i LT 3"><cfset i = i + 1></cfloop><cfoutput>#i#</cfoutput>
