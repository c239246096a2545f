<cfset rc = {items: queryNew("n", "varchar", [["a"], ["b"]])}><cfoutput query="rc.items">#n#</cfoutput>
<cfoutput><cfloop query="rc.items">#rc.items.n#</cfloop></cfoutput>
<cfscript>
function f() { var q = queryNew("m", "varchar", [["x"]]); var out = ""; cfloop(query="q") { out &= m; } return out; }
writeOutput(f());
</cfscript>
