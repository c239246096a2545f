<cfset a = queryExecute("SELECT 'default' AS d")>
<cfset b = queryExecute("SELECT 'own' AS d", [], {datasource: "own"})>
<cfinclude template="/lib/greet.cfm">
<cfoutput> #a.d# #b.d# #getApplicationSettings().datasource#</cfoutput>
