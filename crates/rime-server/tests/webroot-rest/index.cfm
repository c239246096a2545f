<cfoutput>site index</cfoutput>
