<cfoutput>#application.applicationName#|#application.started#|#request.target#</cfoutput>
