<cfsetting requesttimeout="1">
<cfset i = 0>
<cfloop condition="true"><cfset i++></cfloop>
