<cfscript>
try {
    queryExecute("SELECT * FROM no_such_table");
} catch (database e) {
    writeOutput(e.type & "|" & (e.message contains "no_such_table"));
}
</cfscript>
