//! Helpers shared by the SQLite, PostgreSQL and MySQL integration tests: run a statement or fail
//! the test with its SQL, read cells, build parameters.
#![allow(clippy::unwrap_used, dead_code)]

use rime_db::{Datasource, QueryOptions, SqlParam, SqlType};
use rime_runtime::{CfmlError, Key, Query, Struct, Value};
use std::sync::Arc;

pub fn st(pairs: &[(&str, Value)]) -> Struct {
    let s = Struct::new();
    for (k, v) in pairs {
        s.set(Key::new(*k), v.clone());
    }
    s
}

pub fn none() -> QueryOptions {
    QueryOptions::default()
}

pub fn run(ds: &dyn Datasource, sql: &str, params: &[SqlParam]) -> rime_db::ExecResult {
    match ds.execute(sql, params, &none()) {
        Ok(r) => r,
        Err(e) => panic!("{sql}: {e}\n{}", e.detail),
    }
}

pub fn cell<'a>(q: &'a Query, col: &str, row: usize) -> &'a Value {
    let i = q
        .column_index(col)
        .unwrap_or_else(|| panic!("no column {col} in {}", q.column_list()));
    q.get(i, row).unwrap()
}

pub fn num(v: &Value) -> f64 {
    match v {
        Value::Num(n) => *n,
        other => panic!("expected a number, got {other:?}"),
    }
}

pub fn text(v: &Value) -> String {
    match v {
        Value::Str(s) => s.to_string(),
        other => panic!("expected a string, got {other:?}"),
    }
}

pub fn p(v: impl Into<Value>, t: &str) -> SqlParam {
    SqlParam::new(v, SqlType::parse(t).unwrap())
}

pub fn extra(e: &CfmlError, key: &str) -> String {
    e.extra
        .as_ref()
        .and_then(|s| s.get(key))
        .map(|v| v.to_str().unwrap().into_owned())
        .unwrap_or_else(|| panic!("no {key} in the error"))
}

pub fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

/// Five threads inserting through one pool (of at most six connections): every row arrives
/// and every connection is back in the pool afterwards.
pub fn concurrency(ds: &Arc<dyn Datasource>) {
    run(&**ds, "CREATE TABLE c (thread INTEGER, n INTEGER)", &[]);
    let threads: Vec<_> = (0..5)
        .map(|t| {
            let ds = ds.clone();
            std::thread::spawn(move || {
                for n in 0..20 {
                    ds.execute(
                        "INSERT INTO c VALUES (?, ?)",
                        &[p(f64::from(t), "integer"), p(f64::from(n), "integer")],
                        &none(),
                    )
                    .unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let r = run(&**ds, "SELECT count(*) AS n FROM c", &[]);
    assert_eq!(num(cell(&r.query, "n", 1)), 100.0);
    let (open, idle) = ds.pool_counts();
    assert!(open <= 6, "open {open}");
    assert_eq!(open, idle);
}
