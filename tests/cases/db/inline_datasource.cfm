<cfscript>
// A datasource defined in place (Lucee): queryExecute's datasource option, or cfquery's
// datasource attribute, as a struct.
ds = {type: "sqlite", database: ":memory:"};
q = queryExecute("select 41 + 1 as x", {}, {datasource: ds});
writeOutput(q.x & "|");
</cfscript>
<cfquery name="q2" datasource="#ds#">select 'tag' as t</cfquery>
<cfoutput>#q2.t#|</cfoutput>
<cfscript>
try { queryExecute("select 1", {}, {datasource: {type: "nosuchdb"}}); } catch (any e) { writeOutput(e.type); }
</cfscript>
