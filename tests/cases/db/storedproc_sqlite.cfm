<cfscript>
// SQLite has no stored procedures; the PostgreSQL calls are tested in
// crates/rime-engine/tests/storedproc.rs against a real server.
try {
    cfstoredproc(procedure = "anything") {
        cfprocparam(cfsqltype = "cf_sql_integer", value = 1);
    }
} catch (database e) {
    writeOutput(e.type & ": " & e.message);
}
try {
    cfprocparam(cfsqltype = "cf_sql_integer", value = 1);
} catch (any e) {
    writeOutput(" | " & e.message);
}
</cfscript>
