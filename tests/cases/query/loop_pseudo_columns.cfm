<cfscript>
q = queryNew("id,hits", "varchar,integer", [["a", 1], ["b", 2]]);
// structKeyExists on a query tests its columns.
writeOutput(structKeyExists(q, "hits") & " " & structKeyExists(q, "nope") & "|");
</cfscript>
<cfoutput query="q">#currentRow#/#recordCount#;</cfoutput>
<cfloop query="q"><cfoutput>#currentRow#:#listLen(columnList)#:#id#;</cfoutput></cfloop>
