<cfset x = "abc">
<cfparam name="x" type="numeric">
