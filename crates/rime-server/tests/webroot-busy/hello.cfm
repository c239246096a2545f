<cfoutput>hello #1 + 1#</cfoutput>
