//! PostgreSQL integration tests against a real server.
//!
//! With `RIME_PG_URL` set (a libpq URL such as `postgresql://user:pass@host:5432/db`), that server
//! is used. Otherwise a throwaway server is started from the Debian binaries
//! (`/usr/lib/postgresql/*/bin`) on a temporary data directory and a free port — as the
//! `postgres` system user when running as root — and stopped when the test ends, even when it
//! fails. Without PostgreSQL installed the test prints why it is skipped and passes (`.ci/run`
//! installs it). Everything runs in one #[test] so one server serves all checks.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use rime_db::{config_from_struct, open, Datasource, QueryOptions, SqlParam, SqlType};
use rime_runtime::{Array, DateTime, Key, Struct, Value};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod common;
use common::*;
#[path = "common/pg.rs"]
mod pg;
use pg::{start_server, PgServer};

#[test]
fn postgresql() {
    let (ds, server) = match std::env::var("RIME_PG_URL") {
        Ok(url) if !url.is_empty() => {
            let cfg = config_from_struct(
                "pgtest",
                &st(&[("connectionString", Value::from(url))]),
                Path::new("/"),
            )
            .unwrap();
            (open(&cfg).unwrap(), None)
        }
        _ => match start_server() {
            Ok(server) => {
                let cfg = config_from_struct(
                    "pgtest",
                    &st(&[
                        ("type", "postgresql".into()),
                        ("host", "127.0.0.1".into()),
                        ("port", Value::Num(f64::from(server.port))),
                        ("database", "postgres".into()),
                        ("username", "postgres".into()),
                        ("connectionLimit", Value::Num(6.0)),
                    ]),
                    Path::new("/"),
                )
                .unwrap();
                (open(&cfg).unwrap(), Some(server))
            }
            Err(why) => {
                println!("skipping the PostgreSQL tests: {why}");
                return;
            }
        },
    };
    let version = run(&*ds, "SHOW server_version", &[]);
    println!("PostgreSQL {}", text(&version.query.columns[0].values[0]));
    let started = Instant::now();
    // A schema of our own, so a shared server (RIME_PG_URL) is left as it was found.
    let schema = format!("rime_test_{}", std::process::id());
    run(
        &*ds,
        &format!("DROP SCHEMA IF EXISTS {schema} CASCADE"),
        &[],
    );
    run(&*ds, &format!("CREATE SCHEMA {schema}"), &[]);
    let ds = scoped(&ds, &schema, server.as_ref());

    connection_shapes(server.as_ref());
    types_round_trip(&*ds);
    nulls_and_inferred_params(&*ds);
    max_rows_and_keys(&*ds);
    transactions(&*ds);
    errors(&*ds);
    hostile_and_placeholders(&*ds);
    timeouts(&*ds);
    several_statements(&*ds);
    stale_cached_plans(&*ds);
    concurrency(&ds);
    catalog(&*ds);
    server_down();

    run(&*ds, &format!("DROP SCHEMA {schema} CASCADE"), &[]);
    println!("PostgreSQL checks took {:?}", started.elapsed());
    drop(ds);
    drop(server);
}

/// The same server with `search_path` set to the test schema (through `custom`, as Lucee
/// passes extra connection parameters).
fn scoped(
    ds: &Arc<dyn Datasource>,
    schema: &str,
    server: Option<&PgServer>,
) -> Arc<dyn Datasource> {
    let rime_db::Target::Postgres(t) = &ds.config().target else {
        panic!("not postgres")
    };
    let custom = Struct::new();
    custom.set(Key::new("currentSchema"), Value::from(schema));
    let cfg = config_from_struct(
        "pgtest",
        &st(&[
            ("type", "postgresql".into()),
            ("host", Value::from(t.hosts.join(","))),
            ("port", Value::Num(f64::from(t.port))),
            ("database", Value::from(t.database.as_str())),
            ("username", Value::from(t.username.as_str())),
            ("password", Value::from(t.password.as_str())),
            (
                "connectionLimit",
                Value::Num(if server.is_some() { 6.0 } else { 4.0 }),
            ),
            ("custom", Value::Struct(custom)),
        ]),
        Path::new("/"),
    )
    .unwrap();
    open(&cfg).unwrap()
}

/// The JDBC `class` + `connectionString` form, and a Unix socket directory as host.
fn connection_shapes(server: Option<&PgServer>) {
    let Some(server) = server else { return };
    let jdbc = config_from_struct(
        "jdbc",
        &st(&[
            ("class", "org.postgresql.Driver".into()),
            (
                "connectionString",
                Value::from(format!(
                    "jdbc:postgresql://127.0.0.1:{}/postgres",
                    server.port
                )),
            ),
            ("username", "postgres".into()),
            ("password", "".into()),
        ]),
        Path::new("/"),
    )
    .unwrap();
    let ds = open(&jdbc).unwrap();
    assert_eq!(ds.kind(), "postgresql");
    let r = run(&*ds, "SELECT 1 AS one", &[]);
    assert_eq!(num(cell(&r.query, "one", 1)), 1.0);

    let socket = config_from_struct(
        "socket",
        &st(&[
            ("type", "postgres".into()),
            ("host", Value::from(server.base.display().to_string())),
            ("port", Value::Num(f64::from(server.port))),
            ("database", "postgres".into()),
            ("username", "postgres".into()),
        ]),
        Path::new("/"),
    )
    .unwrap();
    let ds = open(&socket).unwrap();
    let r = run(&*ds, "SELECT current_user AS u", &[]);
    assert_eq!(text(cell(&r.query, "u", 1)), "postgres");
}

fn types_round_trip(ds: &dyn Datasource) {
    run(
        ds,
        "CREATE TABLE items (
            id SERIAL PRIMARY KEY,
            \"Name\" VARCHAR(50) NOT NULL,
            qty INTEGER,
            big BIGINT,
            small SMALLINT,
            price NUMERIC(10,2),
            ratio DOUBLE PRECISION,
            r REAL,
            flag BOOLEAN,
            born DATE,
            at_time TIME,
            created TIMESTAMP,
            created_tz TIMESTAMPTZ,
            data BYTEA,
            note TEXT,
            uid UUID,
            tags TEXT[],
            doc JSONB
        )",
        &[],
    );
    let created = DateTime::from_parts(2024, 1, 31, 13, 45, 10).unwrap();
    let tags = Array::from_vec(vec![Value::from("a"), Value::from("b \"c\"")]);
    let r = run(
        ds,
        "INSERT INTO items (\"Name\", qty, big, small, price, ratio, r, flag, born, at_time, created, created_tz, data, note, uid, tags, doc)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        &[
            p("Widget", "cf_sql_varchar"),
            p("42", "cf_sql_integer"),
            p("9007199254740993", "cf_sql_bigint"),
            p(7.0, "cf_sql_smallint"),
            p("19.99", "cf_sql_decimal"),
            p(0.25, "cf_sql_double"),
            p(1.5, "cf_sql_real"),
            p("yes", "cf_sql_bit"),
            p("2020-02-29", "cf_sql_date"),
            p("1:45 PM", "cf_sql_time"),
            p(Value::Date(created), "cf_sql_timestamp"),
            p(Value::Date(created), "cf_sql_timestamp"),
            p(Value::Binary(Arc::new(vec![0, 1, 2, 255])), "cf_sql_blob"),
            p("héllo \u{1F600}", "cf_sql_longvarchar"),
            p("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "cf_sql_idstamp"),
            p(Value::Array(tags), "cf_sql_array"),
            p("{\"k\": [1, 2]}", "cf_sql_varchar"),
        ],
    );
    assert!(matches!(r.generated_key, Some(Value::Num(n)) if n == 1.0));
    assert_eq!(r.affected_rows, 1);

    let r = run(
        ds,
        "SELECT *, qty * 2 AS \"Doubled\", '12.34'::money AS m FROM items",
        &[],
    );
    let q = &r.query;
    assert_eq!(
        q.column_list(),
        "id,Name,qty,big,small,price,ratio,r,flag,born,at_time,created,created_tz,data,note,uid,tags,doc,Doubled,m"
    );
    assert_eq!(text(cell(q, "name", 1)), "Widget");
    assert_eq!(num(cell(q, "qty", 1)), 42.0);
    assert_eq!(text(cell(q, "big", 1)), "9007199254740993");
    assert_eq!(num(cell(q, "small", 1)), 7.0);
    assert_eq!(num(cell(q, "price", 1)), 19.99);
    assert_eq!(num(cell(q, "ratio", 1)), 0.25);
    assert_eq!(num(cell(q, "r", 1)), 1.5);
    assert!(matches!(cell(q, "flag", 1), Value::Bool(true)));
    match cell(q, "born", 1) {
        Value::Date(d) => assert_eq!(d.ndt().to_string(), "2020-02-29 00:00:00"),
        other => panic!("born: {other:?}"),
    }
    match cell(q, "at_time", 1) {
        Value::Date(d) => assert_eq!(d.ndt().time().to_string(), "13:45:00"),
        other => panic!("at_time: {other:?}"),
    }
    for c in ["created", "created_tz"] {
        match cell(q, c, 1) {
            Value::Date(d) => assert_eq!(*d, created, "{c}"),
            other => panic!("{c}: {other:?}"),
        }
    }
    match cell(q, "data", 1) {
        Value::Binary(b) => assert_eq!(b.as_slice(), &[0, 1, 2, 255]),
        other => panic!("data: {other:?}"),
    }
    assert_eq!(text(cell(q, "note", 1)), "héllo \u{1F600}");
    assert_eq!(
        text(cell(q, "uid", 1)),
        "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"
    );
    match cell(q, "tags", 1) {
        Value::Array(a) => {
            let v: Vec<String> = a.to_vec().iter().map(text).collect();
            assert_eq!(v, ["a", "b \"c\""]);
        }
        other => panic!("tags: {other:?}"),
    }
    assert_eq!(text(cell(q, "doc", 1)), "{\"k\": [1, 2]}");
    assert_eq!(num(cell(q, "doubled", 1)), 84.0);
    assert_eq!(num(cell(q, "m", 1)), 12.34);
    let types: Vec<&str> = q.columns.iter().map(|c| c.type_name.as_str()).collect();
    assert_eq!(
        types,
        [
            "integer",
            "varchar",
            "integer",
            "bigint",
            "smallint",
            "numeric",
            "double",
            "real",
            "boolean",
            "date",
            "time",
            "timestamp",
            "timestamp",
            "binary",
            "varchar",
            "varchar",
            "array",
            "varchar",
            "integer",
            "money"
        ]
    );

    let r = run(
        ds,
        "SELECT interval '1 year 2 months 3 days 04:05:06.5' AS i, '192.168.0.1/24'::inet AS ip,
                '10.0.0.1'::inet AS host, 12345.678::numeric(12,3) AS n, -0.05::numeric AS neg,
                ARRAY[[1,2],[3,4]] AS grid, 'x'::char(3) AS c3, NULL::int AS nothing",
        &[],
    );
    let q = &r.query;
    assert_eq!(text(cell(q, "i", 1)), "1 year 2 mons 3 days 04:05:06.5");
    assert_eq!(text(cell(q, "ip", 1)), "192.168.0.1/24");
    assert_eq!(text(cell(q, "host", 1)), "10.0.0.1");
    assert_eq!(num(cell(q, "n", 1)), 12345.678);
    assert_eq!(num(cell(q, "neg", 1)), -0.05);
    match cell(q, "grid", 1) {
        Value::Array(a) => {
            let rows = a.to_vec();
            assert_eq!(rows.len(), 2);
            let Value::Array(r2) = &rows[1] else {
                panic!("nested")
            };
            assert_eq!(num(&r2.to_vec()[1]), 4.0);
        }
        other => panic!("grid: {other:?}"),
    }
    assert_eq!(text(cell(q, "c3", 1)), "x  ");
    assert_eq!(text(cell(q, "nothing", 1)), "");
}

fn nulls_and_inferred_params(ds: &dyn Datasource) {
    run(
        ds,
        "INSERT INTO items (\"Name\", qty, born, note, flag) VALUES (?, ?, ?, ?, ?)",
        &[
            p("nulls", "varchar"),
            SqlParam::null(SqlType::Integer),
            p("", "cf_sql_date"),
            SqlParam::new(Value::Null, SqlType::Varchar),
            p("", "cf_sql_bit"),
        ],
    );
    let r = run(
        ds,
        "SELECT qty, born, note, flag, qty IS NULL AND born IS NULL AND note IS NULL AND flag IS NULL AS all_null FROM items WHERE \"Name\" = ?",
        &[p("nulls", "varchar")],
    );
    let q = &r.query;
    for c in ["qty", "born", "note", "flag"] {
        assert_eq!(text(cell(q, c, 1)), "", "{c}");
    }
    assert!(matches!(cell(q, "all_null", 1), Value::Bool(true)));

    // Typed parameters come back typed; string parameters are inferred by the server.
    let r = run(
        ds,
        "SELECT ? AS i, ? AS s, ? + 1 AS sum, ? AS b, ? AS d",
        &[
            p(5.0, "integer"),
            p("txt", "varchar"),
            p(41.0, "integer"),
            p("true", "boolean"),
            p("2024-05-06 07:08:09", "timestamp"),
        ],
    );
    let q = &r.query;
    assert_eq!(num(cell(q, "i", 1)), 5.0);
    assert_eq!(text(cell(q, "s", 1)), "txt");
    assert_eq!(num(cell(q, "sum", 1)), 42.0);
    assert!(matches!(cell(q, "b", 1), Value::Bool(true)));
    assert!(
        matches!(cell(q, "d", 1), Value::Date(d) if d.ndt().to_string() == "2024-05-06 07:08:09")
    );
    // A varchar parameter compared with an integer column: the server infers integer.
    let r = run(
        ds,
        "SELECT count(*) AS n FROM items WHERE qty = ?",
        &[p("42", "varchar")],
    );
    assert_eq!(num(cell(&r.query, "n", 1)), 1.0);
}

fn max_rows_and_keys(ds: &dyn Datasource) {
    let mut c = ds.connection().unwrap();
    let r = c
        .execute(
            "SELECT g AS n FROM generate_series(1, 5000) g",
            &[],
            &QueryOptions {
                max_rows: Some(5),
                timeout: None,
            },
        )
        .unwrap();
    assert_eq!(r.query.rows, 5);
    assert_eq!(r.record_count, 5);
    assert_eq!(num(cell(&r.query, "n", 5)), 5.0);
    // The same connection is usable right after the abandoned rows.
    let r = c.execute("SELECT 'after' AS a", &[], &none()).unwrap();
    assert_eq!(text(cell(&r.query, "a", 1)), "after");
    drop(c);

    run(ds, "CREATE TABLE k (id SERIAL PRIMARY KEY, v TEXT)", &[]);
    let r = run(
        ds,
        "INSERT INTO k (v) VALUES (?), (?)",
        &[p("a", "varchar"), p("b", "varchar")],
    );
    assert_eq!(r.affected_rows, 2);
    assert!(r.generated_key.is_none(), "no RETURNING, no key");
    let r = run(
        ds,
        "INSERT INTO k (v) VALUES (?) RETURNING id, v",
        &[p("c", "varchar")],
    );
    assert!(matches!(r.generated_key, Some(Value::Num(n)) if n == 3.0));
    let r = run(
        ds,
        "UPDATE k SET v = v || '!' WHERE id > ?",
        &[p(1.0, "integer")],
    );
    assert_eq!(r.affected_rows, 2);
    assert_eq!(r.record_count, 2);
    assert!(!r.returns_rows);
}

fn transactions(ds: &dyn Datasource) {
    run(ds, "CREATE TABLE t (v INTEGER)", &[]);
    let vals = |ds: &dyn Datasource| {
        let r = run(
            ds,
            "SELECT coalesce(string_agg(v::text, ',' ORDER BY v), '') AS vs FROM t",
            &[],
        );
        text(cell(&r.query, "vs", 1))
    };
    let mut c = ds.connection().unwrap();
    c.begin(None).unwrap();
    assert!(c.in_transaction());
    assert!(c.begin(None).is_err());
    c.execute("INSERT INTO t VALUES (?)", &[p(1.0, "integer")], &none())
        .unwrap();
    assert_eq!(
        vals(ds),
        "",
        "uncommitted rows are invisible to other connections"
    );
    c.commit().unwrap();
    assert_eq!(vals(ds), "1");

    c.begin(Some("serializable")).unwrap();
    c.execute("INSERT INTO t VALUES (2)", &[], &none()).unwrap();
    c.rollback(None).unwrap();
    assert_eq!(vals(ds), "1");

    c.begin(Some("repeatable_read")).unwrap();
    c.execute("INSERT INTO t VALUES (3)", &[], &none()).unwrap();
    c.savepoint("sp 1").unwrap();
    c.execute("INSERT INTO t VALUES (4)", &[], &none()).unwrap();
    c.rollback(Some("sp 1")).unwrap();
    c.execute("INSERT INTO t VALUES (5)", &[], &none()).unwrap();
    c.commit().unwrap();
    assert_eq!(vals(ds), "1,3,5");

    // A failed statement aborts the transaction: COMMIT reports the rollback.
    c.begin(None).unwrap();
    c.execute("INSERT INTO t VALUES (6)", &[], &none()).unwrap();
    assert!(c
        .execute("SELECT * FROM missing_table", &[], &none())
        .is_err());
    let e = c.commit().unwrap_err();
    assert!(e.message.contains("ROLLBACK"), "{}", e.message);
    assert!(e.message.contains("missing_table"), "{}", e.message);
    assert!(!c.in_transaction());
    assert_eq!(vals(ds), "1,3,5");

    // ...unless a savepoint rollback recovered it.
    c.begin(None).unwrap();
    c.execute("INSERT INTO t VALUES (7)", &[], &none()).unwrap();
    c.savepoint("before").unwrap();
    assert!(c.execute("SELECT 1/0", &[], &none()).is_err());
    c.rollback(Some("before")).unwrap();
    c.commit().unwrap();
    assert_eq!(vals(ds), "1,3,5,7");

    // Dropped mid-transaction: rolled back before reuse.
    c.begin(None).unwrap();
    c.execute("INSERT INTO t VALUES (8)", &[], &none()).unwrap();
    drop(c);
    assert_eq!(vals(ds), "1,3,5,7");
    assert!(ds.connection().unwrap().begin(Some("chaos")).is_err());
}

fn errors(ds: &dyn Datasource) {
    let e = ds.execute("SELECT * FROM nope", &[], &none()).unwrap_err();
    assert_eq!(e.type_.as_str(), "database");
    assert!(
        e.message
            .starts_with("ERROR: relation \"nope\" does not exist"),
        "{}",
        e.message
    );
    assert!(e.message.contains("Position: 15"), "{}", e.message);
    assert_eq!(e.detail, "SELECT * FROM nope");
    assert_eq!(extra(&e, "sqlState"), "42P01");
    assert_eq!(extra(&e, "sql"), "SELECT * FROM nope");
    assert_eq!(extra(&e, "queryError"), "SELECT * FROM nope");
    assert_eq!(extra(&e, "nativeErrorCode"), "0");
    assert_eq!(e.error_code, "42P01");

    run(ds, "CREATE TABLE u (email TEXT UNIQUE)", &[]);
    run(ds, "INSERT INTO u VALUES (?)", &[p("a@b.c", "varchar")]);
    let e = ds
        .execute(
            "INSERT INTO u VALUES (?)",
            &[p("a@b.c", "varchar")],
            &none(),
        )
        .unwrap_err();
    assert_eq!(extra(&e, "sqlState"), "23505");
    assert!(
        e.message
            .contains("Detail: Key (email)=(a@b.c) already exists."),
        "{}",
        e.message
    );

    let e = ds.execute("SELECT ?", &[], &none()).unwrap_err();
    assert!(
        e.message
            .contains("1 parameter placeholder but 0 parameters were given"),
        "{}",
        e.message
    );
    let e = ds
        .execute("SELECT 1 WHERE 1 = ?", &[p("abc", "varchar")], &none())
        .unwrap_err();
    assert_eq!(extra(&e, "sqlState"), "22P02");
}

fn hostile_and_placeholders(ds: &dyn Datasource) {
    run(ds, "CREATE TABLE users (name TEXT, doc JSONB)", &[]);
    let evil = "'; DROP TABLE users; --";
    run(
        ds,
        "INSERT INTO users (name, doc) VALUES (?, ?::jsonb)",
        &[p(evil, "cf_sql_varchar"), p("{\"k\": 1}", "varchar")],
    );
    let r = run(
        ds,
        "SELECT name FROM users WHERE name = ?",
        &[p(evil, "varchar")],
    );
    assert_eq!(r.query.rows, 1);
    assert_eq!(text(cell(&r.query, "name", 1)), evil);
    // `?` inside literals, identifiers, comments and dollar quotes is not a placeholder; `??`
    // is the jsonb `?` operator.
    let r = run(
        ds,
        "SELECT '?' AS \"q?\", $$?$$ AS d, ? AS v /* ? */, doc ?? 'k' AS has_k -- ?\n FROM users",
        &[p("x", "varchar")],
    );
    let q = &r.query;
    assert_eq!(text(cell(q, "q?", 1)), "?");
    assert_eq!(text(cell(q, "d", 1)), "?");
    assert_eq!(text(cell(q, "v", 1)), "x");
    assert!(matches!(cell(q, "has_k", 1), Value::Bool(true)));
    let r = run(ds, "SELECT count(*) AS n FROM users", &[]);
    assert_eq!(num(cell(&r.query, "n", 1)), 1.0);
}

fn timeouts(ds: &dyn Datasource) {
    let mut c = ds.connection().unwrap();
    let start = Instant::now();
    let e = c
        .execute(
            "SELECT pg_sleep(5)",
            &[],
            &QueryOptions {
                max_rows: None,
                timeout: Some(Duration::from_millis(300)),
            },
        )
        .unwrap_err();
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "took {:?}",
        start.elapsed()
    );
    assert_eq!(extra(&e, "sqlState"), "57014");
    assert!(e.message.contains("statement timeout"), "{}", e.message);
    // The timeout was for that statement only.
    let r = c.execute("SHOW statement_timeout", &[], &none()).unwrap();
    assert_eq!(text(&r.query.columns[0].values[0]), "0");
    // A statement that finishes in time is unaffected.
    let r = c
        .execute(
            "SELECT 1 AS one",
            &[],
            &QueryOptions {
                max_rows: None,
                timeout: Some(Duration::from_secs(5)),
            },
        )
        .unwrap();
    assert_eq!(num(cell(&r.query, "one", 1)), 1.0);
}

fn several_statements(ds: &dyn Datasource) {
    let r = run(
        ds,
        "CREATE TABLE ms (x int); INSERT INTO ms VALUES (1), (2); SELECT x FROM ms ORDER BY x;",
        &[],
    );
    assert_eq!(r.query.rows, 2);
    assert_eq!(text(cell(&r.query, "x", 2)), "2");
}

fn stale_cached_plans(ds: &dyn Datasource) {
    let mut c = ds.connection().unwrap();
    c.execute("CREATE TABLE sp (a int)", &[], &none()).unwrap();
    c.execute("INSERT INTO sp VALUES (1)", &[], &none())
        .unwrap();
    let r = c.execute("SELECT * FROM sp", &[], &none()).unwrap();
    assert_eq!(r.query.column_list(), "a");
    c.execute("ALTER TABLE sp ADD COLUMN b int DEFAULT 2", &[], &none())
        .unwrap();
    let r = c.execute("SELECT * FROM sp", &[], &none()).unwrap();
    assert_eq!(r.query.column_list(), "a,b");
    assert_eq!(num(cell(&r.query, "b", 1)), 2.0);
}

/// A server that is not there: a clear, quick `database` error.
fn server_down() {
    let port = free_port();
    let cfg = config_from_struct(
        "down",
        &st(&[
            ("type", "postgresql".into()),
            ("host", "127.0.0.1".into()),
            ("port", Value::Num(f64::from(port))),
            ("database", "x".into()),
            ("username", "x".into()),
        ]),
        Path::new("/"),
    )
    .unwrap();
    let ds = open(&cfg).unwrap();
    let start = Instant::now();
    let e = ds.execute("SELECT 1", &[], &none()).unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(5));
    assert_eq!(e.type_.as_str(), "database");
    assert!(
        e.message.contains("could not connect to datasource [down]"),
        "{}",
        e.message
    );
    assert_eq!(extra(&e, "sqlState"), "08001");
    assert_eq!(ds.pool_counts(), (0, 0));
}

/// `<cfdbinfo>`'s catalog queries (`rime_db::catalog_sql`) on a real server: every type runs,
/// and tables, columns (keys, references, defaults), indexes and foreign keys read back.
fn catalog(ds: &dyn Datasource) {
    run(
        ds,
        "CREATE TABLE dbi_parent (id SERIAL PRIMARY KEY, label TEXT NOT NULL)",
        &[],
    );
    run(
        ds,
        "CREATE TABLE dbi_child (id SERIAL PRIMARY KEY, parent_id INTEGER REFERENCES dbi_parent(id), note TEXT DEFAULT 'n')",
        &[],
    );
    run(
        ds,
        "CREATE INDEX dbi_child_parent ON dbi_child (parent_id)",
        &[],
    );
    let info = |ty: &str, arg: &str| {
        let (sql, uses) = rime_db::catalog_sql("postgresql", ty).unwrap();
        let params: Vec<SqlParam> = (0..uses).map(|_| p(arg, "varchar")).collect();
        run(ds, sql, &params).query
    };
    for ty in ["version", "dbnames", "procedures"] {
        let q = info(ty, "");
        assert!(!q.columns.is_empty(), "{ty}");
    }
    assert_eq!(
        text(cell(&info("version", ""), "DATABASE_PRODUCTNAME", 1)),
        "PostgreSQL"
    );
    let t = info("tables", "dbi_%");
    assert_eq!(t.rows, 2);
    assert_eq!(text(cell(&t, "TABLE_NAME", 1)), "dbi_child");
    assert_eq!(text(cell(&t, "TABLE_TYPE", 1)), "TABLE");
    let c = info("columns", "dbi_child");
    assert_eq!(c.rows, 3);
    assert_eq!(text(cell(&c, "COLUMN_NAME", 2)), "parent_id");
    assert_eq!(text(cell(&c, "IS_PRIMARYKEY", 1)), "YES");
    assert_eq!(text(cell(&c, "IS_FOREIGNKEY", 2)), "YES");
    assert_eq!(
        text(cell(&c, "REFERENCED_PRIMARYKEY_TABLE", 2)),
        "dbi_parent"
    );
    assert!(text(cell(&c, "COLUMN_DEFAULT_VALUE", 3)).starts_with("'n'"));
    let i = info("index", "dbi_child");
    assert!((1..=i.rows).any(|r| text(cell(&i, "INDEX_NAME", r)) == "dbi_child_parent"));
    let f = info("foreignkeys", "dbi_child");
    assert_eq!(text(cell(&f, "PKTABLE_NAME", 1)), "dbi_parent");
    assert_eq!(text(cell(&f, "FKCOLUMN_NAME", 1)), "parent_id");
}
