<cfsetting requesttimeout="8"><cfset n = 0><cfloop condition="true"><cfset n++></cfloop>
