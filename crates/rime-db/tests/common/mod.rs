//! Helpers shared by the SQLite and PostgreSQL integration tests: run a statement or fail
//! the test with its SQL, read cells, build parameters.
#![allow(clippy::unwrap_used, dead_code)]

use rime_db::{Datasource, QueryOptions, SqlParam, SqlType};
use rime_runtime::{CfmlError, Key, Query, Struct, Value};

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
