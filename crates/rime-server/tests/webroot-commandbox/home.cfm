<cfoutput>home</cfoutput>
