<cfoutput>good #1 + 1#</cfoutput>
