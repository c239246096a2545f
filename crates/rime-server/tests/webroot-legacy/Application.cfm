<cfapplication name="legacyServer" sessionmanagement="yes" sessiontimeout="#createTimeSpan(0, 0, 20, 0)#">
<cfparam name="session.visits" default="0">
<cfset session.visits = session.visits + 1>
