<cfoutput>starts=#application.starts#</cfoutput>
