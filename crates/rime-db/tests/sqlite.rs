//! SQLite integration tests against the bundled SQLite: real files in a temporary folder, real
//! pools, real threads.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use rime_db::{
    config_from_struct, open, Datasource, DatasourceConfig, QueryOptions, Registry, SqlParam,
    SqlType,
};
use rime_runtime::{Key, Struct, Value};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

mod common;
use common::*;

/// A fresh folder under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let p = std::env::temp_dir().join(format!(
            "rime-db-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn file_ds(dir: &TempDir, extra: &[(&str, Value)]) -> Arc<dyn Datasource> {
    let s = Struct::new();
    s.set(Key::new("type"), Value::from("sqlite"));
    s.set(Key::new("database"), Value::from("db/test.sqlite"));
    for (k, v) in extra {
        s.set(Key::new(*k), v.clone());
    }
    let cfg = config_from_struct("testds", &s, &dir.0).unwrap();
    open(&cfg).unwrap()
}

const CREATE: &str = "CREATE TABLE items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    Name VARCHAR(50) NOT NULL,
    qty INTEGER,
    big BIGINT,
    price DECIMAL(10,2),
    ratio DOUBLE,
    flag BOOLEAN,
    born DATE,
    at_time TIME,
    created TIMESTAMP,
    data BLOB,
    note TEXT
)";

#[test]
fn every_param_type_round_trips() {
    let dir = TempDir::new("types");
    let ds = file_ds(&dir, &[]);
    assert_eq!(ds.kind(), "sqlite");
    run(&*ds, CREATE, &[]);
    let created = rime_runtime::DateTime::from_parts(2024, 1, 31, 13, 45, 10).unwrap();
    let r = run(
        &*ds,
        "INSERT INTO items (Name, qty, big, price, ratio, flag, born, at_time, created, data, note)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        &[
            p("Widget", "cf_sql_varchar"),
            p("42", "cf_sql_integer"),
            p("9007199254740993", "cf_sql_bigint"),
            p("19.99", "cf_sql_decimal"),
            p(0.25, "cf_sql_double"),
            p("yes", "cf_sql_bit"),
            p("2020-02-29", "cf_sql_date"),
            p("1:45 PM", "cf_sql_time"),
            p(Value::Date(created), "cf_sql_timestamp"),
            p(Value::Binary(Arc::new(vec![0, 1, 2, 255])), "cf_sql_blob"),
            p("héllo \u{1F600}", "cf_sql_longvarchar"),
        ],
    );
    assert_eq!(r.record_count, 1);
    assert_eq!(r.affected_rows, 1);
    assert!(!r.returns_rows);
    assert!(matches!(r.generated_key, Some(Value::Num(n)) if n == 1.0));

    let r = run(
        &*ds,
        "SELECT id, Name, qty, big, price, ratio, flag, born, at_time, created, data, note, qty * 2 AS Doubled FROM items",
        &[],
    );
    let q = &r.query;
    assert_eq!(r.record_count, 1);
    assert!(r.returns_rows);
    assert_eq!(
        q.column_list(),
        "id,Name,qty,big,price,ratio,flag,born,at_time,created,data,note,Doubled"
    );
    assert_eq!(num(cell(q, "id", 1)), 1.0);
    assert_eq!(text(cell(q, "name", 1)), "Widget");
    assert_eq!(num(cell(q, "qty", 1)), 42.0);
    // Beyond 2^53: kept exact as a string.
    assert_eq!(text(cell(q, "big", 1)), "9007199254740993");
    assert_eq!(num(cell(q, "price", 1)), 19.99);
    assert_eq!(num(cell(q, "ratio", 1)), 0.25);
    assert!(matches!(cell(q, "flag", 1), Value::Bool(true)));
    match cell(q, "born", 1) {
        Value::Date(d) => assert_eq!(d.ndt().to_string(), "2020-02-29 00:00:00"),
        other => panic!("born: {other:?}"),
    }
    match cell(q, "at_time", 1) {
        Value::Date(d) => assert_eq!(d.ndt().time().to_string(), "13:45:00"),
        other => panic!("at_time: {other:?}"),
    }
    match cell(q, "created", 1) {
        Value::Date(d) => assert_eq!(*d, created),
        other => panic!("created: {other:?}"),
    }
    match cell(q, "data", 1) {
        Value::Binary(b) => assert_eq!(b.as_slice(), &[0, 1, 2, 255]),
        other => panic!("data: {other:?}"),
    }
    assert_eq!(text(cell(q, "note", 1)), "héllo \u{1F600}");
    assert_eq!(num(cell(q, "doubled", 1)), 84.0);

    let types: Vec<&str> = q.columns.iter().map(|c| c.type_name.as_str()).collect();
    assert_eq!(
        types,
        [
            "integer",
            "varchar",
            "integer",
            "bigint",
            "decimal",
            "double",
            "boolean",
            "date",
            "time",
            "timestamp",
            "blob",
            "varchar",
            "integer"
        ]
    );
}

#[test]
fn nulls_read_as_empty_strings() {
    let dir = TempDir::new("nulls");
    let ds = file_ds(&dir, &[]);
    run(&*ds, CREATE, &[]);
    run(
        &*ds,
        "INSERT INTO items (Name, qty, born, note, flag) VALUES (?, ?, ?, ?, ?)",
        &[
            p("n", "varchar"),
            SqlParam::null(SqlType::Integer),
            // An empty string for a non-string type binds NULL (Lucee).
            p("", "cf_sql_date"),
            SqlParam::new(Value::Null, SqlType::Varchar),
            p("", "cf_sql_bit"),
        ],
    );
    let r = run(
        &*ds,
        "SELECT qty, born, note, flag, qty IS NULL AS q_null, born IS NULL AS b_null, note IS NULL AS n_null, flag IS NULL AS f_null FROM items",
        &[],
    );
    let q = &r.query;
    for c in ["qty", "born", "note", "flag"] {
        assert_eq!(text(cell(q, c, 1)), "", "{c}");
    }
    for c in ["q_null", "b_null", "n_null", "f_null"] {
        assert_eq!(num(cell(q, c, 1)), 1.0, "{c}");
    }
    // An empty string stays an empty string for string types.
    run(
        &*ds,
        "INSERT INTO items (Name, note) VALUES (?, ?)",
        &[p("e", "varchar"), p("", "varchar")],
    );
    let r = run(
        &*ds,
        "SELECT note IS NULL AS is_null FROM items WHERE Name = 'e'",
        &[],
    );
    assert_eq!(num(cell(&r.query, "is_null", 1)), 0.0);
}

#[test]
fn max_rows_and_generated_keys() {
    let dir = TempDir::new("maxrows");
    let ds = file_ds(&dir, &[]);
    run(&*ds, CREATE, &[]);
    for i in 1..=10 {
        let r = run(
            &*ds,
            "INSERT INTO items (Name, qty) VALUES (?, ?)",
            &[p(format!("item{i}"), "varchar"), p(i as f64, "integer")],
        );
        assert!(matches!(r.generated_key, Some(Value::Num(n)) if n == i as f64));
    }
    let r = ds
        .execute(
            "SELECT * FROM items ORDER BY id",
            &[],
            &QueryOptions {
                max_rows: Some(3),
                timeout: None,
            },
        )
        .unwrap();
    assert_eq!(r.query.rows, 3);
    assert_eq!(r.record_count, 3);
    assert_eq!(text(cell(&r.query, "name", 3)), "item3");

    let r = run(
        &*ds,
        "UPDATE items SET qty = qty + 1 WHERE qty > ?",
        &[p(5.0, "integer")],
    );
    assert_eq!(r.affected_rows, 5);
    assert_eq!(r.record_count, 5);
    assert!(r.generated_key.is_none());

    // RETURNING gives rows and the key.
    let r = run(
        &*ds,
        "INSERT INTO items (Name) VALUES (?) RETURNING id, Name",
        &[p("ret", "varchar")],
    );
    assert!(r.returns_rows);
    assert_eq!(num(cell(&r.query, "id", 1)), 11.0);
    assert!(matches!(r.generated_key, Some(Value::Num(n)) if n == 11.0));
}

#[test]
fn transactions_commit_rollback_savepoint() {
    let dir = TempDir::new("tx");
    let ds = file_ds(&dir, &[]);
    run(&*ds, "CREATE TABLE t (v INTEGER)", &[]);
    let count = |ds: &dyn Datasource| {
        num(cell(
            &run(ds, "SELECT count(*) AS n FROM t", &[]).query,
            "n",
            1,
        ))
    };

    let mut c = ds.connection().unwrap();
    c.begin(None).unwrap();
    assert!(c.in_transaction());
    assert!(c.begin(None).is_err(), "nested begin must fail");
    c.execute("INSERT INTO t VALUES (1)", &[], &none()).unwrap();
    c.commit().unwrap();
    assert!(!c.in_transaction());
    assert_eq!(count(&*ds), 1.0);

    c.begin(Some("serializable")).unwrap();
    c.execute("INSERT INTO t VALUES (2)", &[], &none()).unwrap();
    c.rollback(None).unwrap();
    assert_eq!(count(&*ds), 1.0);

    c.begin(Some("read_committed")).unwrap();
    c.execute("INSERT INTO t VALUES (3)", &[], &none()).unwrap();
    c.savepoint("sp1").unwrap();
    c.execute("INSERT INTO t VALUES (4)", &[], &none()).unwrap();
    c.rollback(Some("sp1")).unwrap();
    c.execute("INSERT INTO t VALUES (5)", &[], &none()).unwrap();
    c.commit().unwrap();
    let r = run(
        &*ds,
        "SELECT group_concat(v) AS vs FROM (SELECT v FROM t ORDER BY v)",
        &[],
    );
    assert_eq!(text(cell(&r.query, "vs", 1)), "1,3,5");

    assert!(c.begin(Some("chaos")).is_err());
    // commit/rollback without a transaction are no-ops.
    c.commit().unwrap();
    c.rollback(None).unwrap();

    // A connection dropped mid-transaction is rolled back before it is reused.
    c.begin(None).unwrap();
    c.execute("INSERT INTO t VALUES (6)", &[], &none()).unwrap();
    drop(c);
    assert_eq!(count(&*ds), 3.0);
    let c2 = ds.connection().unwrap();
    assert!(!c2.in_transaction());
}

#[test]
fn database_errors_carry_lucee_keys() {
    let dir = TempDir::new("errors");
    let ds = file_ds(&dir, &[]);
    let e = ds.execute("SELEC 1", &[], &none()).unwrap_err();
    assert_eq!(e.type_.as_str(), "database");
    assert!(e.matches("database"));
    assert!(e.message.contains("syntax error"), "{}", e.message);
    assert!(e.message.starts_with("[SQLITE_ERROR]"), "{}", e.message);
    assert_eq!(e.detail, "SELEC 1");
    assert_eq!(extra(&e, "sql"), "SELEC 1");
    assert_eq!(extra(&e, "queryError"), "SELEC 1");
    assert_eq!(extra(&e, "sqlState"), "HY000");
    assert_eq!(extra(&e, "nativeErrorCode"), "1");
    assert_eq!(extra(&e, "datasource"), "testds");
    // The catch struct a template sees.
    let Value::Struct(s) = e.to_value() else {
        panic!()
    };
    assert!(s.contains("sqlstate") && s.contains("NATIVEERRORCODE") && s.contains("queryerror"));

    run(&*ds, "CREATE TABLE u (email TEXT UNIQUE)", &[]);
    run(&*ds, "INSERT INTO u VALUES (?)", &[p("a@b.c", "varchar")]);
    let e = ds
        .execute(
            "INSERT INTO u VALUES (?)",
            &[p("a@b.c", "varchar")],
            &none(),
        )
        .unwrap_err();
    assert!(
        e.message.contains("UNIQUE constraint failed"),
        "{}",
        e.message
    );
    assert_eq!(extra(&e, "sqlState"), "23000");
    assert_eq!(e.error_code, "23000");

    let e = ds.execute("SELECT * FROM nope", &[], &none()).unwrap_err();
    assert!(e.message.contains("no such table: nope"), "{}", e.message);

    let e = ds
        .execute("SELECT ? + ?", &[p(1.0, "integer")], &none())
        .unwrap_err();
    assert!(
        e.message
            .contains("2 parameter placeholders but 1 parameter was given"),
        "{}",
        e.message
    );

    let e = ds
        .execute("SELECT ?", &[p("abc", "integer")], &none())
        .unwrap_err();
    assert!(e.message.contains("abc"), "{}", e.message);

    let mut long = p("abcdef", "varchar");
    long.max_length = Some(5);
    let e = ds.execute("SELECT ?", &[long], &none()).unwrap_err();
    assert_eq!(e.type_.as_str(), "database");
    assert!(e.message.contains("maxlength is [5]"), "{}", e.message);

    let e = ds.execute("   ", &[], &none()).unwrap_err();
    assert_eq!(e.type_.as_str(), "database");
}

#[test]
fn hostile_values_are_stored_verbatim() {
    let dir = TempDir::new("hostile");
    let ds = file_ds(&dir, &[]);
    run(&*ds, "CREATE TABLE users (name TEXT)", &[]);
    let evil = "'; DROP TABLE users; --";
    run(
        &*ds,
        "INSERT INTO users (name) VALUES (?)",
        &[p(evil, "cf_sql_varchar")],
    );
    let r = run(
        &*ds,
        "SELECT name FROM users WHERE name = ?",
        &[p(evil, "varchar")],
    );
    assert_eq!(r.query.rows, 1);
    assert_eq!(text(cell(&r.query, "name", 1)), evil);
    // A '?' inside a literal is not a placeholder.
    let r = run(&*ds, "SELECT '?' AS q, ? AS v", &[p("x", "varchar")]);
    assert_eq!(text(cell(&r.query, "q", 1)), "?");
    assert_eq!(text(cell(&r.query, "v", 1)), "x");
    let r = run(&*ds, "SELECT count(*) AS n FROM users", &[]);
    assert_eq!(num(cell(&r.query, "n", 1)), 1.0);
}

#[test]
fn several_statements_share_the_parameters() {
    let dir = TempDir::new("multi");
    let ds = file_ds(&dir, &[]);
    let r = run(
        &*ds,
        "CREATE TABLE m (x INTEGER, y TEXT); INSERT INTO m VALUES (?, ?); INSERT INTO m VALUES (?, 'b'); SELECT x, y FROM m ORDER BY x;",
        &[p(1.0, "integer"), p("a", "varchar"), p(2.0, "integer")],
    );
    assert_eq!(r.query.rows, 2);
    assert_eq!(text(cell(&r.query, "y", 2)), "b");
    let e = ds
        .execute("INSERT INTO m VALUES (?, 'c'); SELECT 1", &[], &none())
        .unwrap_err();
    assert!(e.message.contains("placeholder"), "{}", e.message);
    // Nothing ran: the count is checked first.
    let r = run(&*ds, "SELECT count(*) AS n FROM m", &[]);
    assert_eq!(num(cell(&r.query, "n", 1)), 2.0);
}

#[test]
fn timeouts_interrupt_long_statements() {
    let dir = TempDir::new("timeout");
    let ds = file_ds(&dir, &[]);
    let mut c = ds.connection().unwrap();
    let start = Instant::now();
    let e = c
        .execute(
            "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r",
            &[],
            &QueryOptions {
                max_rows: None,
                timeout: Some(Duration::from_millis(200)),
            },
        )
        .unwrap_err();
    let took = start.elapsed();
    assert!(took < Duration::from_secs(3), "took {took:?}");
    assert!(took >= Duration::from_millis(150), "took {took:?}");
    assert_eq!(e.type_.as_str(), "database");
    assert_eq!(extra(&e, "sqlState"), "57014");
    assert!(e.message.contains("timeout"), "{}", e.message);
    // The connection is fine afterwards, and no deadline lingers.
    let r = c
        .execute(
            "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 200000) SELECT count(*) AS n FROM r",
            &[],
            &none(),
        )
        .unwrap();
    assert_eq!(num(cell(&r.query, "n", 1)), 200000.0);
    // timeout=0 means none (Lucee).
    let r = c
        .execute(
            "SELECT 1 AS one",
            &[],
            &QueryOptions {
                max_rows: None,
                timeout: Some(Duration::ZERO),
            },
        )
        .unwrap();
    assert_eq!(num(cell(&r.query, "one", 1)), 1.0);
}

#[test]
fn concurrent_writers_on_one_file() {
    let dir = TempDir::new("concurrency");
    let ds = file_ds(&dir, &[("connectionLimit", Value::Num(4.0))]);
    run(&*ds, "CREATE TABLE c (thread INTEGER, n INTEGER)", &[]);
    let threads: Vec<_> = (0..6)
        .map(|t| {
            let ds = ds.clone();
            std::thread::spawn(move || {
                for n in 0..40 {
                    if n % 10 == 0 {
                        // Some work inside transactions too.
                        let mut c = ds.connection().unwrap();
                        c.begin(None).unwrap();
                        c.execute(
                            "INSERT INTO c VALUES (?, ?)",
                            &[p(t as f64, "integer"), p(n as f64, "integer")],
                            &none(),
                        )
                        .unwrap();
                        c.commit().unwrap();
                    } else {
                        ds.execute(
                            "INSERT INTO c VALUES (?, ?)",
                            &[p(t as f64, "integer"), p(n as f64, "integer")],
                            &none(),
                        )
                        .unwrap();
                    }
                    let r = ds
                        .execute(
                            "SELECT count(*) AS n FROM c WHERE thread = ?",
                            &[p(t as f64, "integer")],
                            &none(),
                        )
                        .unwrap();
                    assert_eq!(num(cell(&r.query, "n", 1)), (n + 1) as f64);
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let r = run(&*ds, "SELECT count(*) AS n FROM c", &[]);
    assert_eq!(num(cell(&r.query, "n", 1)), 240.0);
    let (open, idle) = ds.pool_counts();
    assert!(open <= 4, "open {open}");
    assert_eq!(open, idle, "every connection went back to the pool");
}

#[test]
fn pool_waits_are_bounded() {
    let dir = TempDir::new("pool");
    let ds = file_ds(
        &dir,
        &[
            ("connectionLimit", Value::Num(1.0)),
            ("waitTimeout", Value::Num(0.2)),
        ],
    );
    let held = ds.connection().unwrap();
    let start = Instant::now();
    let e = ds.connection().err().unwrap();
    assert!(start.elapsed() < Duration::from_secs(2));
    assert_eq!(e.type_.as_str(), "database");
    assert!(
        e.message.contains("timeout waiting for a connection"),
        "{}",
        e.message
    );
    drop(held);
    assert!(ds.connection().is_ok());

    // A waiter gets the connection as soon as it comes back.
    let held = ds.connection().unwrap();
    let ds2 = ds.clone();
    let waiter = std::thread::spawn(move || ds2.execute("SELECT 1", &[], &none()).is_ok());
    std::thread::sleep(Duration::from_millis(50));
    drop(held);
    assert!(waiter.join().unwrap());
}

#[test]
fn memory_databases_persist_across_checkouts() {
    let s = Struct::new();
    s.set(Key::new("class"), Value::from("org.sqlite.JDBC"));
    s.set(
        Key::new("connectionString"),
        Value::from("jdbc:sqlite::memory:"),
    );
    let cfg = config_from_struct("mem", &s, std::path::Path::new("/")).unwrap();
    let ds = open(&cfg).unwrap();
    run(&*ds, "CREATE TABLE k (v TEXT)", &[]);
    run(&*ds, "INSERT INTO k VALUES ('kept')", &[]);
    let r = run(&*ds, "SELECT v FROM k", &[]);
    assert_eq!(text(cell(&r.query, "v", 1)), "kept");
}

#[test]
fn registry_shares_pools_by_config() {
    let dir = TempDir::new("registry");
    let reg = Registry::new();
    let a = DatasourceConfig::sqlite("a", Some(dir.0.join("a.db")));
    let b = DatasourceConfig::sqlite("b", Some(dir.0.join("b.db")));
    let a1 = reg.get_or_open(&a).unwrap();
    let a2 = reg.get_or_open(&a.clone()).unwrap();
    let b1 = reg.get_or_open(&b).unwrap();
    assert!(Arc::ptr_eq(&a1, &a2));
    assert!(!Arc::ptr_eq(&a1, &b1));
    assert_eq!(reg.len(), 2);
    run(&*a1, "CREATE TABLE x (v)", &[]);
    // The file was created where the config said.
    assert!(dir.0.join("a.db").exists());
}

#[test]
fn registry_clears_idle_connections_by_name() {
    let dir = TempDir::new("poolclear");
    let reg = Registry::new();
    let a = reg
        .get_or_open(&DatasourceConfig::sqlite("a", Some(dir.0.join("a.db"))))
        .unwrap();
    let b = reg
        .get_or_open(&DatasourceConfig::sqlite("b", Some(dir.0.join("b.db"))))
        .unwrap();
    run(&*a, "CREATE TABLE x (v)", &[]);
    run(&*b, "CREATE TABLE y (v)", &[]);
    assert_eq!(a.pool_counts(), (1, 1));
    // Only the named datasource's idle connections close, and it opens a new one when asked.
    assert_eq!(reg.clear_idle(Some("A")), 1);
    assert_eq!(a.pool_counts(), (0, 0));
    assert_eq!(b.pool_counts(), (1, 1));
    run(&*a, "INSERT INTO x VALUES (1)", &[]);
    assert_eq!(a.pool_counts(), (1, 1));
    assert_eq!(reg.clear_idle(None), 2);
    assert_eq!(b.pool_counts(), (0, 0));
}

#[test]
fn pragmas_are_set() {
    let dir = TempDir::new("pragmas");
    let ds = file_ds(&dir, &[]);
    let r = run(&*ds, "PRAGMA journal_mode", &[]);
    assert_eq!(text(&r.query.columns[0].values[0]), "wal");
    let r = run(&*ds, "PRAGMA foreign_keys", &[]);
    assert_eq!(num(&r.query.columns[0].values[0]), 1.0);
    run(&*ds, "CREATE TABLE parent (id INTEGER PRIMARY KEY)", &[]);
    run(
        &*ds,
        "CREATE TABLE child (pid INTEGER REFERENCES parent(id))",
        &[],
    );
    let e = ds
        .execute(
            "INSERT INTO child VALUES (?)",
            &[p(99.0, "integer")],
            &none(),
        )
        .unwrap_err();
    assert!(e.message.contains("FOREIGN KEY"), "{}", e.message);
}
