//! `<cfstoredproc>` against a real PostgreSQL server (started as `rime-db`'s PostgreSQL test
//! starts one; skipped with a message when PostgreSQL is not installed, which `.ci/run` does):
//! a set-returning function's rows as a result set, a function's OUT parameters, a procedure
//! called with CALL and its INOUT/OUT values, the script form, and the errors.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../rime-db/tests/common/pg.rs"]
mod pg;

use rime_engine::Engine;

const PAGE: &str = r#"<cfquery datasource="pg">CREATE TABLE items (id int, name text)</cfquery>
<cfquery datasource="pg">INSERT INTO items VALUES (1, 'a'), (2, 'b'), (3, 'c')</cfquery>
<cfquery datasource="pg">CREATE FUNCTION items_over(minid int) RETURNS SETOF items AS $$ SELECT * FROM items WHERE id > minid ORDER BY id $$ LANGUAGE sql</cfquery>
<cfquery datasource="pg">CREATE FUNCTION add_mul(a int, b int, OUT total int, OUT product int) AS $$ SELECT a + b, a * b $$ LANGUAGE sql</cfquery>
<cfquery datasource="pg">CREATE PROCEDURE bump(INOUT n int, OUT doubled int) LANGUAGE plpgsql AS $$ BEGIN n := n + 1; doubled := n * 2; END $$</cfquery>
<cfstoredproc procedure="items_over" datasource="pg">
  <cfprocparam cfsqltype="cf_sql_integer" value="1">
  <cfprocresult name="rs">
  <cfprocresult name="one" maxrows="1">
</cfstoredproc>
<cfoutput>set:#rs.recordCount#:#valueList(rs.name)#:#one.recordCount#:#isNumeric(cfstoredproc.executionTime)#</cfoutput>
<cfstoredproc procedure="public.add_mul" datasource="pg">
  <cfprocparam cfsqltype="cf_sql_integer" value="3">
  <cfprocparam cfsqltype="cf_sql_integer" value="4">
  <cfprocparam type="out" cfsqltype="cf_sql_integer" variable="t">
  <cfprocparam type="out" cfsqltype="cf_sql_integer" variable="p">
</cfstoredproc>
<cfoutput>out:#t#:#p#</cfoutput>
<cfstoredproc procedure="bump" datasource="pg" result="r">
  <cfprocparam type="inout" cfsqltype="cf_sql_integer" value="5" variable="n">
  <cfprocparam type="out" cfsqltype="cf_sql_integer" variable="d">
</cfstoredproc>
<cfoutput>call:#n#:#d#:#structKeyExists(r, "executionTime")#</cfoutput>
<cfscript>
cfstoredproc(procedure = "items_over", datasource = "pg") {
    cfprocparam(cfsqltype = "cf_sql_integer", value = 2);
    cfprocresult(name = "rs2");
}
writeOutput("script:" & valueList(rs2.id));
try {
    cfstoredproc(procedure = "items; DROP TABLE items", datasource = "pg") {}
} catch (any e) {
    writeOutput(" bad:" & e.message);
}
try {
    cfstoredproc(procedure = "no_such_fn", datasource = "pg") {}
} catch (database e) {
    writeOutput(" missing:" & e.type);
}
q = queryExecute("SELECT count(*) AS n FROM items", {}, {datasource: "pg"});
writeOutput(" rows:" & q.n);
</cfscript>"#;

#[test]
fn stored_procedures_on_postgresql() {
    let server = match pg::start_server() {
        Ok(s) => s,
        Err(why) => {
            eprintln!("skipping the cfstoredproc test: {why}");
            return;
        }
    };
    let dir = std::env::temp_dir().join(format!("rime-storedproc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("Application.cfc"),
        format!(
            "component {{ this.name = 'storedprocTest'; this.datasources.pg = {{ type: 'postgresql', \
             host: '127.0.0.1', port: {}, database: 'postgres', username: 'postgres' }}; }}",
            server.port
        ),
    )
    .unwrap();
    std::fs::write(dir.join("page.cfm"), PAGE).unwrap();
    let engine = Engine::new(dir.clone());
    let r = engine.run_file(&dir.join("page.cfm"));
    let _ = std::fs::remove_dir_all(&dir);
    if let Some(e) = &r.error {
        panic!("{}: {}\n{}", e.message, e.detail, r.output);
    }
    let out: Vec<&str> = r.output.split_whitespace().collect();
    assert_eq!(
        out,
        [
            "set:2:b,c:1:true",
            "out:7:12",
            "call:6:12:true",
            "script:3",
            "bad:cfstoredproc:",
            "[items;",
            "DROP",
            "TABLE",
            "items]",
            "is",
            "not",
            "a",
            "valid",
            "procedure",
            "name",
            "missing:database",
            "rows:3"
        ]
    );
}
