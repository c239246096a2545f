<cfoutput>
#application.applicationName#
#request.startedBy#
#sharedWithPage#
#application.loads GTE 1#
</cfoutput>
<cfset sharedWithPage = "changed by the page">
