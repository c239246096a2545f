<cfinclude template="_inc/does_not_exist.cfm">
