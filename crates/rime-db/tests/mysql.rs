//! MySQL / MariaDB integration tests against a real server.
//!
//! With `RIME_MYSQL_URL` set (`mysql://user:pass@host:3306/db`), that server is used. Otherwise
//! a throwaway MariaDB is started from the Debian binaries (`mariadb-install-db`, `mariadbd`)
//! on a temporary data directory and a free port, and killed when the test ends, even when it
//! fails. Without MariaDB installed the test prints why it is skipped and passes (`.ci/run`
//! installs it). Everything runs in one #[test] so one server serves all checks.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use rime_db::{config_from_struct, open, Datasource, QueryOptions, SqlParam};
use rime_runtime::{DateTime, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

mod common;
use common::*;

/// A server this test started; killed and deleted on drop.
struct MariaDb {
    base: PathBuf,
    child: Child,
    port: u16,
}

impl Drop for MariaDb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.base);
    }
}

fn find(names: &[&str]) -> Option<PathBuf> {
    for dir in ["/usr/sbin", "/usr/bin", "/usr/local/bin", "/usr/local/sbin"] {
        for n in names {
            let p = Path::new(dir).join(n);
            if p.exists() {
                return Some(p);
            }
        }
    }
    None
}

fn start_server() -> Result<MariaDb, String> {
    let daemon = find(&["mariadbd", "mysqld"]).ok_or("MariaDB is not installed (no mariadbd)")?;
    let install = find(&["mariadb-install-db", "mysql_install_db"])
        .ok_or("MariaDB is not installed (no mariadb-install-db)")?;
    let base = std::env::temp_dir().join(format!("rime-mariadb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).map_err(|e| e.to_string())?;
    let data = base.join("data");
    let out = Command::new(&install)
        .arg("--no-defaults")
        .arg(format!("--datadir={}", data.display()))
        .args([
            "--user=root",
            "--auth-root-authentication-method=normal",
            "--skip-test-db",
        ])
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "mariadb-install-db failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let init = base.join("init.sql");
    std::fs::write(
        &init,
        "CREATE DATABASE IF NOT EXISTS rime_test;\n\
         CREATE USER IF NOT EXISTS 'rime'@'%' IDENTIFIED BY 'pw';\n\
         GRANT ALL ON *.* TO 'rime'@'%';\n",
    )
    .map_err(|e| e.to_string())?;
    let port = free_port();
    let child = Command::new(&daemon)
        .arg("--no-defaults")
        .arg(format!("--datadir={}", data.display()))
        .arg(format!("--socket={}", base.join("sock").display()))
        .arg(format!("--port={port}"))
        .arg(format!("--init-file={}", init.display()))
        .arg(format!("--pid-file={}", base.join("pid").display()))
        .arg(format!("--log-error={}", base.join("err.log").display()))
        .args([
            "--bind-address=127.0.0.1",
            "--user=root",
            "--skip-log-bin",
            "--innodb-flush-log-at-trx-commit=0",
            "--innodb-buffer-pool-size=32M",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| e.to_string())?;
    let server = MariaDb { base, child, port };
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        let log = std::fs::read_to_string(server.base.join("err.log")).unwrap_or_default();
        if log.contains("ready for connections") {
            return Ok(server);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let log = std::fs::read_to_string(server.base.join("err.log")).unwrap_or_default();
    Err(format!("mariadbd did not start: {log}"))
}

#[test]
fn mysql() {
    let (ds, server) = match std::env::var("RIME_MYSQL_URL") {
        Ok(url) if !url.is_empty() => {
            let cfg = config_from_struct(
                "mytest",
                &st(&[("connectionString", Value::from(url))]),
                Path::new("/"),
            )
            .unwrap();
            (open(&cfg).unwrap(), None)
        }
        _ => match start_server() {
            Ok(server) => {
                // Lucee's MySQL shape, as ColdBox's `.cfconfig.json` writes it.
                let cfg = config_from_struct(
                    "mytest",
                    &st(&[
                        ("dbdriver", "MySQL".into()),
                        ("class", "com.mysql.cj.jdbc.Driver".into()),
                        ("dsn", "jdbc:mysql://{host}:{port}/{database}".into()),
                        ("custom", "useUnicode=true&serverTimezone=UTC".into()),
                        ("host", "127.0.0.1".into()),
                        ("port", Value::Num(f64::from(server.port))),
                        ("database", "rime_test".into()),
                        ("username", "rime".into()),
                        ("password", "pw".into()),
                        ("connectionLimit", Value::Num(6.0)),
                    ]),
                    Path::new("/"),
                )
                .unwrap();
                (open(&cfg).unwrap(), Some(server))
            }
            Err(why) => {
                println!("skipping the MySQL tests: {why}");
                return;
            }
        },
    };
    assert_eq!(ds.kind(), "mysql");
    let version = run(&*ds, "SELECT VERSION() AS v", &[]);
    println!("MySQL {}", text(cell(&version.query, "v", 1)));
    let started = Instant::now();
    for t in [
        "items",
        "t",
        "u",
        "users",
        "ms",
        "c",
        "dbi_child",
        "dbi_parent",
    ] {
        run(&*ds, &format!("DROP TABLE IF EXISTS {t}"), &[]);
    }

    connection_shapes(server.as_ref());
    types_round_trip(&*ds);
    transactions(&*ds);
    errors(&*ds);
    hostile_and_placeholders(&*ds);
    timeouts(&*ds);
    several_statements(&*ds);
    concurrency(&ds);
    catalog(&*ds);
    server_down();

    println!("MySQL checks took {:?}", started.elapsed());
    drop(ds);
    drop(server);
}

/// A JDBC URL, a `mysql://` URL with credentials, and the Unix socket as host.
fn connection_shapes(server: Option<&MariaDb>) {
    let Some(server) = server else { return };
    for cfg in [
        st(&[
            ("class", "org.mariadb.jdbc.Driver".into()),
            (
                "connectionString",
                Value::from(format!(
                    "jdbc:mariadb://127.0.0.1:{}/rime_test?user=rime&password=pw",
                    server.port
                )),
            ),
        ]),
        st(&[(
            "connectionString",
            Value::from(format!(
                "mysql://rime:pw@127.0.0.1:{}/rime_test",
                server.port
            )),
        )]),
        st(&[
            ("type", "mysql".into()),
            (
                "host",
                Value::from(server.base.join("sock").display().to_string()),
            ),
            ("database", "rime_test".into()),
            ("username", "rime".into()),
            ("password", "pw".into()),
        ]),
    ] {
        let ds = open(&config_from_struct("shape", &cfg, Path::new("/")).unwrap()).unwrap();
        let r = run(&*ds, "SELECT DATABASE() AS db, 1 AS one", &[]);
        assert_eq!(text(cell(&r.query, "db", 1)), "rime_test");
        assert_eq!(num(cell(&r.query, "one", 1)), 1.0);
    }
}

fn types_round_trip(ds: &dyn Datasource) {
    run(
        ds,
        "CREATE TABLE items (
            id INT AUTO_INCREMENT PRIMARY KEY,
            `Name` VARCHAR(50) NOT NULL,
            qty INT,
            big BIGINT,
            small SMALLINT,
            tiny TINYINT,
            price DECIMAL(10,2),
            huge DECIMAL(30,4),
            ratio DOUBLE,
            r FLOAT,
            flag BIT(1),
            born DATE,
            at_time TIME,
            created DATETIME,
            stamp TIMESTAMP NULL,
            data BLOB,
            note LONGTEXT,
            unsigned_big BIGINT UNSIGNED
        ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
        &[],
    );
    let created = DateTime::from_parts(2024, 1, 31, 13, 45, 10).unwrap();
    let r = run(
        ds,
        "INSERT INTO items (`Name`, qty, big, small, tiny, price, huge, ratio, r, flag, born, at_time, created, stamp, data, note, unsigned_big)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        &[
            p("Widget ü€", "cf_sql_varchar"),
            p("42", "cf_sql_integer"),
            p("9007199254740993", "cf_sql_bigint"),
            p(7.0, "cf_sql_smallint"),
            p(3.0, "cf_sql_tinyint"),
            p("19.99", "cf_sql_decimal"),
            p("12345678901234567890.1234", "cf_sql_decimal"),
            p(0.125, "cf_sql_double"),
            p(1.5, "cf_sql_float"),
            p(true, "cf_sql_bit"),
            p("2020-02-29", "cf_sql_date"),
            p("23:59:58", "cf_sql_time"),
            p(Value::Date(created), "cf_sql_timestamp"),
            p(Value::Date(created), "cf_sql_timestamp"),
            p(
                Value::Binary(Arc::new(vec![0u8, 1, 255])),
                "cf_sql_blob",
            ),
            p("x".repeat(70_000), "cf_sql_longvarchar"),
            p("18446744073709551615", "cf_sql_varchar"),
        ],
    );
    assert_eq!(r.affected_rows, 1);
    assert_eq!(r.generated_key.as_ref().map(num), Some(1.0));
    run(ds, "INSERT INTO items (`Name`) VALUES ('blank')", &[]);

    // Prepared (binary protocol) and plain (text protocol) reads give the same values.
    for params in [vec![p(1.0, "integer")], vec![]] {
        let sql = if params.is_empty() {
            "SELECT * FROM items WHERE id = 1"
        } else {
            "SELECT * FROM items WHERE id = ?"
        };
        let q = run(ds, sql, &params).query;
        assert_eq!(q.rows, 1);
        assert_eq!(
            q.column_list(),
            "id,Name,qty,big,small,tiny,price,huge,ratio,r,flag,born,at_time,created,stamp,data,note,unsigned_big"
        );
        assert_eq!(text(cell(&q, "Name", 1)), "Widget ü€");
        assert_eq!(num(cell(&q, "qty", 1)), 42.0);
        assert_eq!(text(cell(&q, "big", 1)), "9007199254740993");
        assert_eq!(num(cell(&q, "small", 1)), 7.0);
        assert_eq!(num(cell(&q, "tiny", 1)), 3.0);
        assert_eq!(num(cell(&q, "price", 1)), 19.99);
        assert_eq!(text(cell(&q, "huge", 1)), "12345678901234567890.1234");
        assert_eq!(num(cell(&q, "ratio", 1)), 0.125);
        assert_eq!(num(cell(&q, "r", 1)), 1.5);
        assert!(matches!(cell(&q, "flag", 1), Value::Bool(true)));
        match cell(&q, "born", 1) {
            Value::Date(d) => assert_eq!(d.ndt().to_string(), "2020-02-29 00:00:00"),
            other => panic!("born: {other:?}"),
        }
        match cell(&q, "at_time", 1) {
            Value::Date(d) => assert_eq!(d.ndt().to_string(), "1899-12-30 23:59:58"),
            other => panic!("at_time: {other:?}"),
        }
        for c in ["created", "stamp"] {
            match cell(&q, c, 1) {
                Value::Date(d) => assert_eq!(*d, created, "{c}"),
                other => panic!("{c}: {other:?}"),
            }
        }
        match cell(&q, "data", 1) {
            Value::Binary(b) => assert_eq!(b.as_slice(), &[0u8, 1, 255]),
            other => panic!("data: {other:?}"),
        }
        assert_eq!(text(cell(&q, "note", 1)).len(), 70_000);
        assert_eq!(text(cell(&q, "unsigned_big", 1)), "18446744073709551615");
    }
    // NULLs read as empty strings; an empty string for a non-string type binds NULL.
    let q = run(
        ds,
        "SELECT qty, born, flag, data FROM items WHERE `Name` = ? AND (qty IS NULL OR qty = ?)",
        &[p("blank", "varchar"), p("", "cf_sql_integer")],
    )
    .query;
    assert_eq!(q.rows, 1);
    for c in ["qty", "born", "flag", "data"] {
        assert_eq!(text(cell(&q, c, 1)), "", "{c}");
    }
    // maxrows stops reading; the count is what was read.
    let r = ds
        .execute(
            "SELECT id FROM items ORDER BY id",
            &[],
            &QueryOptions {
                max_rows: Some(1),
                timeout: None,
            },
        )
        .unwrap();
    assert_eq!(r.query.rows, 1);
    assert_eq!(r.record_count, 1);
    // An UPDATE's count is its affected rows.
    let r = run(ds, "UPDATE items SET qty = 1", &[]);
    assert_eq!((r.record_count, r.affected_rows), (2, 2));
    assert!(!r.returns_rows);
}

fn transactions(ds: &dyn Datasource) {
    run(ds, "CREATE TABLE t (v INT) ENGINE=InnoDB", &[]);
    let vals = |ds: &dyn Datasource| {
        let r = run(
            ds,
            "SELECT coalesce(group_concat(v ORDER BY v), '') AS vs FROM t",
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
    assert_eq!(vals(ds), "", "uncommitted rows are invisible elsewhere");
    c.commit().unwrap();
    assert_eq!(vals(ds), "1");

    c.begin(Some("serializable")).unwrap();
    c.execute("INSERT INTO t VALUES (2)", &[], &none()).unwrap();
    c.rollback(None).unwrap();
    assert_eq!(vals(ds), "1");

    c.begin(Some("read_committed")).unwrap();
    c.execute("INSERT INTO t VALUES (3)", &[], &none()).unwrap();
    c.savepoint("sp 1").unwrap();
    c.execute("INSERT INTO t VALUES (4)", &[], &none()).unwrap();
    c.rollback(Some("sp 1")).unwrap();
    c.execute("INSERT INTO t VALUES (5)", &[], &none()).unwrap();
    c.commit().unwrap();
    assert_eq!(vals(ds), "1,3,5");

    // Dropped mid-transaction: rolled back before reuse.
    c.begin(None).unwrap();
    c.execute("INSERT INTO t VALUES (8)", &[], &none()).unwrap();
    drop(c);
    assert_eq!(vals(ds), "1,3,5");
    assert!(ds.connection().unwrap().begin(Some("chaos")).is_err());
}

fn errors(ds: &dyn Datasource) {
    let e = ds.execute("SELECT * FROM nope", &[], &none()).unwrap_err();
    assert_eq!(e.type_.as_str(), "database");
    assert!(e.message.contains("nope' doesn't exist"), "{}", e.message);
    assert_eq!(e.detail, "SELECT * FROM nope");
    assert_eq!(extra(&e, "sqlState"), "42S02");
    assert_eq!(extra(&e, "nativeErrorCode"), "1146");

    run(ds, "CREATE TABLE u (email VARCHAR(100) UNIQUE)", &[]);
    run(ds, "INSERT INTO u VALUES (?)", &[p("a@b.c", "varchar")]);
    let e = ds
        .execute(
            "INSERT INTO u VALUES (?)",
            &[p("a@b.c", "varchar")],
            &none(),
        )
        .unwrap_err();
    assert_eq!(extra(&e, "sqlState"), "23000");
    assert!(e.message.contains("Duplicate entry"), "{}", e.message);
    // The connection that saw a server error stays usable.
    let mut c = ds.connection().unwrap();
    assert!(c.execute("SELEC 1", &[], &none()).is_err());
    let r = c.execute("SELECT 2 AS two", &[], &none()).unwrap();
    assert_eq!(num(cell(&r.query, "two", 1)), 2.0);

    let e = ds.execute("SELECT ?", &[], &none()).unwrap_err();
    assert!(
        e.message
            .contains("1 parameter placeholder but 0 parameters were given"),
        "{}",
        e.message
    );
}

fn hostile_and_placeholders(ds: &dyn Datasource) {
    run(ds, "CREATE TABLE users (name TEXT)", &[]);
    let evil = "'; DROP TABLE users; -- \\' \" ?";
    run(ds, "INSERT INTO users VALUES (?)", &[p(evil, "varchar")]);
    // `?` inside literals, backticks and comments is no placeholder.
    let r = run(
        ds,
        "SELECT name, '?' AS q, 'it\\'s ?' AS e FROM users # a comment?\n WHERE name = ?",
        &[p(evil, "varchar")],
    );
    assert_eq!(r.query.rows, 1);
    assert_eq!(text(cell(&r.query, "name", 1)), evil);
    assert_eq!(text(cell(&r.query, "e", 1)), "it's ?");
}

fn timeouts(ds: &dyn Datasource) {
    let mut c = ds.connection().unwrap();
    let start = Instant::now();
    let r = c.execute(
        "SELECT SLEEP(5) AS s",
        &[],
        &QueryOptions {
            max_rows: None,
            timeout: Some(Duration::from_millis(300)),
        },
    );
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "took {:?}",
        start.elapsed()
    );
    // MariaDB ends the statement with an error; MySQL's SLEEP returns 1 when interrupted.
    if let Ok(r) = r {
        assert_eq!(num(cell(&r.query, "s", 1)), 1.0);
    }
    // The limit was for that statement only.
    let start = Instant::now();
    let r = c.execute("SELECT SLEEP(0.5) AS s", &[], &none()).unwrap();
    assert_eq!(num(cell(&r.query, "s", 1)), 0.0);
    assert!(start.elapsed() >= Duration::from_millis(450));
}

fn several_statements(ds: &dyn Datasource) {
    let r = run(
        ds,
        "CREATE TABLE ms (x int); INSERT INTO ms VALUES (1), (2); SELECT x FROM ms ORDER BY x;",
        &[],
    );
    assert_eq!(r.query.rows, 2);
    assert_eq!(num(cell(&r.query, "x", 2)), 2.0);
    let r = run(
        ds,
        "INSERT INTO ms VALUES (3); UPDATE ms SET x = x + 1",
        &[],
    );
    assert_eq!(r.affected_rows, 3);
}

/// `<cfdbinfo>`'s catalog queries on a real server, in Lucee's shapes.
fn catalog(ds: &dyn Datasource) {
    run(
        ds,
        "CREATE TABLE dbi_parent (id INT AUTO_INCREMENT PRIMARY KEY, label TEXT NOT NULL) ENGINE=InnoDB",
        &[],
    );
    run(
        ds,
        "CREATE TABLE dbi_child (id INT AUTO_INCREMENT PRIMARY KEY, parent_id INT, note VARCHAR(10) DEFAULT 'n',
         INDEX dbi_child_parent (parent_id), FOREIGN KEY (parent_id) REFERENCES dbi_parent(id)) ENGINE=InnoDB",
        &[],
    );
    let info = |ty: &str, arg: &str| {
        let (sql, uses) = rime_db::catalog_sql("mysql", ty).unwrap();
        let params: Vec<SqlParam> = (0..uses).map(|_| p(arg, "varchar")).collect();
        run(ds, sql, &params).query
    };
    let v = info("version", "");
    assert_eq!(text(cell(&v, "DATABASE_PRODUCTNAME", 1)), "MySQL");
    assert!(info("dbnames", "").rows >= 1);
    info("procedures", "");
    let t = info("tables", "dbi%");
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
    assert_eq!(text(cell(&c, "TYPE_NAME", 3)), "VARCHAR");
    let i = info("index", "dbi_child");
    assert!(i.rows >= 2);
    let f = info("foreignkeys", "dbi_child");
    assert_eq!(f.rows, 1);
    assert_eq!(text(cell(&f, "PKTABLE_NAME", 1)), "dbi_parent");
}

/// A server that is not there: a clear, quick `database` error.
fn server_down() {
    let port = free_port();
    let cfg = config_from_struct(
        "down",
        &st(&[
            ("type", "mysql".into()),
            ("host", "127.0.0.1".into()),
            ("port", Value::Num(f64::from(port))),
            ("database", "x".into()),
        ]),
        Path::new("/"),
    )
    .unwrap();
    let ds = open(&cfg).unwrap();
    let start = Instant::now();
    let e = ds.execute("SELECT 1", &[], &none()).unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(
        e.message.contains("could not connect to datasource [down]"),
        "{}",
        e.message
    );
    assert_eq!(ds.pool_counts(), (0, 0));
}
