<cfscript>
// dbPoolClear closes the idle pooled connections; the next query opens a new one.
writeOutput(dbPoolClear() & " ");
writeOutput(queryExecute("select 1 as one").one & " ");
writeOutput(dbPoolClear("cases") & " ");
writeOutput(queryExecute("select 2 as two").two);
</cfscript>
