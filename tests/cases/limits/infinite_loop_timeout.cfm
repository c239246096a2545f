<cfsetting requesttimeout="0.2">
<cfscript>
while (true) { x = 1; }
</cfscript>
