<cfscript>
writeOutput("page runs|");
try { queryExecute("select 1", [], { datasource: "legacy" }); } catch (database e) { writeOutput(e.message contains "legacy"); }
</cfscript>
