<cfset a = 1>
<cfset b = 2>
<cfoutput>#a+b#</cfoutput>
