<cfoutput>hello from the mapping</cfoutput>
