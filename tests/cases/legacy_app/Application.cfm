<cfapplication name="legacyCases" applicationtimeout="#createTimeSpan(0, 1, 0, 0)#">
<cfparam name="application.loads" default="0">
<cfset application.loads = application.loads + 1>
<cfset request.startedBy = "Application.cfm">
<cfset sharedWithPage = "set in Application.cfm">
