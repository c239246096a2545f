<cfif structKeyExists(url, "logout")><cfset sessionInvalidate()></cfif>
<cfoutput>#application.applicationName# visits=#session.visits#</cfoutput>
