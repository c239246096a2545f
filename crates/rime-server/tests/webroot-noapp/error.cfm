<cfset x = 1>
<cfset y = x / zero_is_not_defined>
