//! Helpers shared by the QoQ test files: tables, running statements, reading columns.

// Each test file uses some of these.
#![allow(dead_code)]

use rime_runtime::{CfResult, Query, Value};

/// `rime_qoq::execute` over tables given by value (shared for the call, as variables hold them).
pub fn execute(
    sql: &str,
    params: &[Value],
    tables: &mut dyn FnMut(&str) -> Option<Query>,
) -> CfResult<Query> {
    let mut shared =
        |name: &str| tables(name).map(|q| std::sync::Arc::new(parking_lot::RwLock::new(q)));
    rime_qoq::execute(sql, params, &mut shared)
}

pub fn q(cols: &[&str], rows: &[&[Value]]) -> Query {
    let mut q = Query::new(cols);
    for r in rows {
        let n = q.add_row();
        for (c, v) in r.iter().enumerate() {
            q.set(c, n, v.clone());
        }
    }
    q
}

pub fn s(x: &str) -> Value {
    Value::from(x)
}
pub fn n(x: f64) -> Value {
    Value::Num(x)
}

pub fn emp() -> Query {
    q(
        &["id", "name", "dept", "salary"],
        &[
            &[n(1.0), s("Alice"), s("IT"), n(100.0)],
            &[n(2.0), s("bob"), s("HR"), n(50.0)],
            &[n(3.0), s("Carol"), s("IT"), n(80.0)],
            &[n(4.0), s("dave"), s("Sales"), n(60.0)],
            &[n(5.0), s("Eve"), s("HR"), Value::Null],
        ],
    )
}

pub fn depts() -> Query {
    q(
        &["code", "title"],
        &[
            &[s("IT"), s("Technology")],
            &[s("HR"), s("People")],
            &[s("OPS"), s("Operations")],
        ],
    )
}

pub fn run(sql: &str) -> Query {
    run_p(sql, &[])
}

pub fn run_p(sql: &str, params: &[Value]) -> Query {
    let mut resolve = |name: &str| -> Option<Query> {
        match name.to_ascii_lowercase().as_str() {
            "emp" | "variables.emp" => Some(emp()),
            "depts" | "local.depts" => Some(depts()),
            "empty" => Some(Query::new(&["a", "b"])),
            _ => None,
        }
    };
    match execute(sql, params, &mut resolve) {
        Ok(q) => q,
        Err(e) => panic!("{sql}: {e}"),
    }
}

pub fn run_err(sql: &str) -> String {
    let mut resolve = |name: &str| -> Option<Query> {
        match name {
            "emp" => Some(emp()),
            "depts" => Some(depts()),
            _ => None,
        }
    };
    match execute(sql, &[], &mut resolve) {
        Ok(_) => panic!("expected an error for {sql}"),
        Err(e) => {
            assert_eq!(e.type_.as_str(), "database", "{sql}: {}", e.message);
            e.message
        }
    }
}

/// Column `c` as display strings.
pub fn col(q: &Query, c: &str) -> Vec<String> {
    let i = q
        .column_index(c)
        .unwrap_or_else(|| panic!("no column {c} in {}", q.column_list()));
    q.columns[i]
        .values
        .iter()
        .map(|v| match v {
            Value::Null => "NULL".to_string(),
            other => other.to_str().map(|s| s.into_owned()).unwrap_or_default(),
        })
        .collect()
}
