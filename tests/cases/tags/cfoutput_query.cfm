<cfset q = queryNew("id,name", "integer,varchar", [[1,"a"],[2,"b"]])><cfoutput query="q">#id#:#name#;</cfoutput>|<cfoutput>#q.recordCount#</cfoutput>
