//! Query-of-queries SQL over a small table: any text gives a result or a CFML error.
#![no_main]
use libfuzzer_sys::fuzz_target;
use rime_runtime::{Query, Value};
use std::sync::Arc;

fuzz_target!(|sql: &str| {
    let mut t = Query::new(&["id", "name"]);
    for (i, n) in ["a", "b", "c"].iter().enumerate() {
        let r = t.add_row();
        t.set(0, r, Value::Num(i as f64));
        t.set(1, r, Value::from(*n));
    }
    let table = Arc::new(parking_lot::RwLock::new(t));
    let mut resolve = |_: &str| Some(table.clone());
    let _ = rime_qoq::execute(sql, &[Value::Num(1.0)], &mut resolve);
});
