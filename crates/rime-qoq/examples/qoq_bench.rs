//! The ten queries of `bench/qoq/qoq.cfm` on the same employees table, built in Rust so the
//! executor can be timed and profiled (callgrind) without the CFML build in front of it.
//!
//! `cargo run --profile bench-fast -p rime-qoq --example qoq_bench -- [ROWS] [QUERY] [RUNS]`
//! (defaults: 1,000,000 rows, all ten queries, 5 runs each; prints every run and the minimum).

use rime_runtime::{DateTime, Query, Value};
use std::sync::Arc;
use std::time::Instant;

const SQLS: [&str; 10] = [
    "SELECT name, age, department FROM employees WHERE department IN ('Sales','IT') AND age > 40 ORDER BY department, age DESC, name",
    "SELECT name FROM employees WHERE age < 25 UNION SELECT name FROM employees WHERE yearsEmployed > 27",
    "SELECT max(age) AS oldest, min(age) AS youngest, count(*) AS n FROM employees",
    "SELECT department, isContract, isActive, favoriteColor, count(*) AS n, avg(age) AS a FROM employees GROUP BY department, isContract, isActive, favoriteColor HAVING count(*) > 10",
    "SELECT name + department AS label FROM employees",
    "SELECT name, email FROM employees WHERE name LIKE '%Harry%'",
    "SELECT e.name, d.floor FROM employees e, departments d WHERE e.department = d.name AND e.age = 33",
    "SELECT e.name, d.floor, c.hex FROM employees e, departments d, colorTable c WHERE e.department = d.name AND e.favoriteColor = c.color AND e.age = 33",
    "SELECT e.name, d.floor FROM employees e INNER JOIN departments d ON e.department = d.name WHERE e.sickDaysLeft = 0",
    "SELECT name FROM employees WHERE age = 20 UNION SELECT name FROM employees WHERE age = 21 UNION SELECT name FROM employees WHERE age = 22 UNION SELECT name FROM employees WHERE age = 23 UNION SELECT name FROM employees WHERE age = 24",
];

type Shared = Arc<parking_lot::RwLock<Query>>;

fn table(cols: &[&str], rows: Vec<Vec<Value>>) -> Shared {
    let mut q = Query::new(cols);
    for r in rows {
        let n = q.add_row();
        for (c, v) in r.into_iter().enumerate() {
            q.set(c, n, v);
        }
    }
    Arc::new(parking_lot::RwLock::new(q))
}

/// The employees table as the CFML page builds it: strings from the page's arrays are shared,
/// `empID` is left empty on every 11th row.
fn employees(rows: usize) -> Shared {
    let names = [
        "Harry", "Sally", "Ann", "Bob", "Chen", "Dora", "Eve", "Farid", "Gita", "Hugo",
    ];
    let depts: Vec<Value> = ["Sales", "IT", "HR", "Ops", "Legal"]
        .iter()
        .map(|s| Value::from(*s))
        .collect();
    let colors: Vec<Value> = [
        "red", "green", "blue", "black", "white", "pink", "gray", "gold",
    ]
    .iter()
    .map(|s| Value::from(*s))
    .collect();
    let base = DateTime::from_parts(2000, 1, 1, 0, 0, 0).map_or(36526.0, |d| d.to_serial());
    let mut q = Query::new(&[
        "name",
        "age",
        "email",
        "department",
        "isContract",
        "yearsEmployed",
        "sickDaysLeft",
        "hireDate",
        "isActive",
        "empID",
        "favoriteColor",
    ]);
    for i in 1..=rows {
        let r = q.add_row();
        let vals = [
            Value::from(format!("{} {i}", names[i % 10])),
            Value::Num((20 + i % 45) as f64),
            Value::from(format!("user{i}@example.com")),
            depts[i % 5].clone(),
            Value::Bool(i % 7 == 0),
            Value::Num((i % 30) as f64),
            Value::Num((i % 15) as f64),
            Value::Date(DateTime::from_serial(base + (i % 7000) as f64)),
            Value::Bool(i % 3 != 0),
            if i % 11 != 0 {
                Value::Num(i as f64)
            } else {
                Value::from("")
            },
            colors[i % 8].clone(),
        ];
        for (c, v) in vals.into_iter().enumerate() {
            q.set(c, r, v);
        }
    }
    Arc::new(parking_lot::RwLock::new(q))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rows = args
        .get(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let only: Option<usize> = args.get(2).and_then(|s| s.parse().ok()).filter(|&k| k > 0);
    let runs: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(5);
    let t0 = Instant::now();
    let emp = employees(rows);
    let s = |x: &str| Value::from(x);
    let n = |x: f64| Value::Num(x);
    let depts = table(
        &["name", "floor"],
        ["Sales", "IT", "HR", "Ops", "Legal"]
            .iter()
            .enumerate()
            .map(|(i, d)| vec![s(d), n(i as f64 + 1.0)])
            .collect(),
    );
    let colors = table(
        &["color", "hex"],
        [
            ("red", "#f00"),
            ("green", "#0f0"),
            ("blue", "#00f"),
            ("black", "#000"),
            ("white", "#fff"),
            ("pink", "#fcc"),
            ("gray", "#888"),
            ("gold", "#fd0"),
        ]
        .iter()
        .map(|(c, h)| vec![s(c), s(h)])
        .collect(),
    );
    println!("build {rows} rows: {} ms", t0.elapsed().as_millis());
    let mut total = 0;
    for (k, sql) in SQLS.iter().enumerate() {
        if only.is_some_and(|o| o != k + 1) {
            continue;
        }
        let mut times = Vec::new();
        let mut count = 0;
        let mut last = None;
        for _ in 0..runs {
            let t = Instant::now();
            let mut resolve = |name: &str| match name.to_ascii_lowercase().as_str() {
                "employees" => Some(emp.clone()),
                "departments" => Some(depts.clone()),
                "colortable" => Some(colors.clone()),
                _ => None,
            };
            // Replacing the previous result inside the timing, as the page's `r = ...` does.
            last = match rime_qoq::execute(sql, &[], &mut resolve) {
                Ok(r) => {
                    count = r.rows;
                    Some(r)
                }
                Err(e) => {
                    eprintln!("q{}: {}", k + 1, e.message);
                    None
                }
            };
            times.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        drop(last);
        let min = times.iter().copied().fold(f64::INFINITY, f64::min);
        total += min as u64;
        let list: Vec<String> = times.iter().map(|t| format!("{t:.1}")).collect();
        println!(
            "q{}: min {min:.1} ms ({count} rows) [{}]",
            k + 1,
            list.join(" ")
        );
    }
    println!("sum of minimums: {total} ms");
}
