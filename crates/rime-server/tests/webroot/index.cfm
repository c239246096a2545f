<cfoutput>Hello from index, starts=#application.starts#</cfoutput>
