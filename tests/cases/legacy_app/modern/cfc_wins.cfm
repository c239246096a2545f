<cfoutput>#application.applicationName# #isDefined("sharedWithPage")#</cfoutput>
