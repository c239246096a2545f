<cfsetting requesttimeout="4"><cfset n = 0><cfloop condition="true"><cfset n++></cfloop>
