<cfparam name="application.hits" default="0"><cfset application.hits++>
<cfif structKeyExists(url, "stop")><cfset applicationStop()></cfif>
<cfoutput>hits=#application.hits#</cfoutput>
