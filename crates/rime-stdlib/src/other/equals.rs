//! `objectEquals` (deep equality) and `sizeOf` (an approximate memory size).

use rime_runtime::{ops, Args, CfResult, Ctx, Struct, Value};
use std::collections::HashSet;
use std::sync::Arc;

/// `objectEquals(left, right)`: deep equality as Lucee defines it.
///
/// Two simple values are equal as `EQ` finds them (case-insensitive strings, numbers by value,
/// dates, booleans). Arrays and structs are collections: equal when they have as many entries
/// and every key of the left one holds an equal value on the right (an array's keys are its
/// positions, so `[1]` equals `{1: 1}`); a null entry only equals a null entry. Queries are equal
/// when they have the same columns holding equal cells. Components must come from the same file
/// and have equal `variables` and `this` scopes. Functions and binaries are equal only to
/// themselves; a simple value never equals a complex one. A pair of containers met again while
/// being compared (a cycle) counts as equal.
pub(super) fn object_equals(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let l = args.raw(0).cloned().unwrap_or_default();
    let r = args.raw(1).cloned().unwrap_or_default();
    Ok(Value::Bool(deep_equals(&l, &r, &mut HashSet::new())))
}

fn addr(v: &Value) -> Option<usize> {
    match v {
        Value::Array(a) => Some(Arc::as_ptr(&a.0) as usize),
        Value::Struct(s) => Some(Arc::as_ptr(&s.0) as usize),
        Value::Query(q) => Some(Arc::as_ptr(q) as usize),
        _ => None,
    }
}

pub(super) fn deep_equals(l: &Value, r: &Value, done: &mut HashSet<(usize, usize)>) -> bool {
    if l.same_ref(r) {
        return true;
    }
    if l.is_simple() && r.is_simple() {
        return ops::equals(l, r).unwrap_or(false);
    }
    match (l, r) {
        (Value::Null, Value::Null) => return true,
        (Value::Null, _) | (_, Value::Null) => return false,
        _ => {}
    }
    if let (Some(a), Some(b)) = (addr(l), addr(r)) {
        if !done.insert((a, b)) {
            return true;
        }
    }
    match (l, r) {
        (Value::Func(a), Value::Func(b)) => Arc::ptr_eq(&a.proto, &b.proto),
        (Value::Binary(a), Value::Binary(b)) => Arc::ptr_eq(a, b),
        (Value::Query(a), Value::Query(b)) => {
            let (a, b) = (a.read().clone(), b.read().clone());
            if a.columns.len() != b.columns.len() || a.rows != b.rows {
                return false;
            }
            a.columns.iter().all(|ca| {
                b.column(ca.name.as_str()).is_some_and(|cb| {
                    (0..a.rows).all(|row| {
                        let x = ca.values.get(row).cloned().unwrap_or_default();
                        let y = cb.values.get(row).cloned().unwrap_or_default();
                        entries_equal(&x, &y, done)
                    })
                })
            })
        }
        (Value::Struct(a), Value::Struct(b)) => match (a.component(), b.component()) {
            (Some(ma), Some(mb)) => {
                ma.path == mb.path
                    && match (a.instance_variables(), b.instance_variables()) {
                        (Some(va), Some(vb)) => struct_equals(&va, &vb, done),
                        (None, None) => true,
                        _ => false,
                    }
                    && struct_equals(a, b, done)
            }
            (None, None) => struct_equals(a, b, done),
            _ => false,
        },
        (Value::Array(_) | Value::Struct(_), Value::Array(_) | Value::Struct(_)) => {
            let left = entries(l);
            left.len() == entries(r).len()
                && left.iter().all(|(k, x)| entries_equal(x, &get(r, k), done))
        }
        _ => false,
    }
}

fn struct_equals(a: &Struct, b: &Struct, done: &mut HashSet<(usize, usize)>) -> bool {
    a.len() == b.len()
        && a.entries()
            .iter()
            .all(|(k, x)| entries_equal(x, &b.get(k.as_str()).unwrap_or_default(), done))
}

/// Two collection entries: a missing or null entry only matches another.
fn entries_equal(x: &Value, y: &Value, done: &mut HashSet<(usize, usize)>) -> bool {
    match (x.is_null(), y.is_null()) {
        (true, true) => true,
        (false, false) => deep_equals(y, x, done),
        _ => false,
    }
}

/// The keys and values of an array (keys `1`..`n`) or struct.
fn entries(v: &Value) -> Vec<(String, Value)> {
    match v {
        Value::Array(a) => a
            .to_vec()
            .into_iter()
            .enumerate()
            .map(|(i, x)| ((i + 1).to_string(), x))
            .collect(),
        Value::Struct(s) => s
            .entries()
            .into_iter()
            .map(|(k, x)| (k.as_str().to_string(), x))
            .collect(),
        _ => Vec::new(),
    }
}

fn get(v: &Value, key: &str) -> Value {
    match v {
        Value::Array(a) => key
            .parse::<usize>()
            .ok()
            .and_then(|i| a.get1(i))
            .unwrap_or_default(),
        Value::Struct(s) => s.get(key).unwrap_or_default(),
        _ => Value::Null,
    }
}

/// `sizeOf(value [, complex])`: an approximate size in bytes of a value and everything it holds.
///
/// The figure is an estimate of Rime's own representation, not a measurement (and not Lucee's
/// JVM figure): strings count their UTF-8 bytes plus a small header, numbers and dates 8 bytes,
/// booleans 1, binaries their length; arrays, structs and queries add a per-entry overhead, key
/// names and their contents. A container met twice is counted once. With `complex`, the result
/// is a struct with the `size` and the `count` of values visited.
pub(super) fn size_of(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.raw(0).cloned().unwrap_or_default();
    let complex = args.bool_or(1, false)?;
    let mut m = Measure::default();
    m.value(&v);
    if !complex {
        return Ok(Value::Num(m.size as f64));
    }
    let s = Struct::new();
    s.set_str("size", Value::Num(m.size as f64));
    s.set_str("count", Value::Num(m.count as f64));
    Ok(Value::Struct(s))
}

const VALUE_SIZE: u64 = 16;
const STRING_HEADER: u64 = 16;
const ENTRY_OVERHEAD: u64 = 8;

#[derive(Default)]
struct Measure {
    size: u64,
    count: u64,
    seen: HashSet<usize>,
}

impl Measure {
    fn value(&mut self, v: &Value) {
        self.count += 1;
        if let Some(a) = addr(v) {
            if !self.seen.insert(a) {
                return;
            }
        }
        self.size += match v {
            Value::Null => 0,
            Value::Bool(_) => 1,
            Value::Num(_) | Value::Date(_) => 8,
            Value::Str(s) => STRING_HEADER + s.len() as u64,
            Value::Binary(b) => STRING_HEADER + b.len() as u64,
            Value::Xml(x) => STRING_HEADER + x.to_xml_string().map_or(0, |s| s.len() as u64),
            Value::Func(f) => STRING_HEADER + f.proto.name.len() as u64,
            Value::Native(_) => STRING_HEADER,
            Value::Array(a) => {
                let items = a.to_vec();
                for x in &items {
                    self.value(x);
                }
                STRING_HEADER + VALUE_SIZE * items.len() as u64
            }
            Value::Struct(s) => {
                let entries = s.entries();
                let mut own = STRING_HEADER;
                for (k, x) in &entries {
                    own += ENTRY_OVERHEAD + VALUE_SIZE + k.as_str().len() as u64;
                    self.value(x);
                }
                own
            }
            Value::Query(q) => {
                let q = q.read().clone();
                let mut own = STRING_HEADER;
                for c in &q.columns {
                    own += ENTRY_OVERHEAD + c.name.as_str().len() as u64;
                    for x in &c.values {
                        own += VALUE_SIZE;
                        self.value(x);
                    }
                }
                own
            }
        };
    }
}
