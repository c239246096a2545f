//! `toScript(value, jsName [, outputFormat, asFormat])`: JavaScript statements that rebuild a
//! CFML value in a variable, in the shape Lucee writes them:
//!
//! - strings as double-quoted JavaScript strings, numbers as numbers, booleans as the strings
//!   `"true"`/`"false"`, dates as `new Date(y,m0,d,h,mi,s)` (month counted from 0), null as `null`;
//! - arrays as `new Array();` (or `[];` with `asFormat`) followed by one assignment per element,
//!   0-based; structs as `new Object();` (or `{};`) and one assignment per key, lower-cased;
//! - queries, with `outputFormat` (the default), as a `WddxRecordset` filled column by column
//!   through temporary `colN` arrays; without it, as an array of row objects;
//! - anything else (functions) and values already being written (cycles) as `null`.

use rime_runtime::{Args, CfResult, Ctx, DateTime, Query, Value};
use std::collections::HashSet;
use std::fmt::Write;

pub(super) fn to_script(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.raw(0).cloned().unwrap_or(Value::Null);
    let name = args.str(1)?;
    let wddx = args.bool_or(2, true)?;
    let short = args.bool_or(3, false)?;
    let mut w = JsWriter {
        wddx,
        short,
        out: String::new(),
        active: HashSet::new(),
    };
    w.value(&name, &v);
    let body = w.out.trim();
    let mut res = format!("{name}={body}");
    if !body.ends_with(';') {
        res.push(';');
    }
    Ok(Value::from(res))
}

struct JsWriter {
    wddx: bool,
    short: bool,
    out: String,
    /// Containers being written, to cut cycles.
    active: HashSet<usize>,
}

impl JsWriter {
    fn value(&mut self, name: &str, v: &Value) {
        match v {
            Value::Null => self.out.push_str("null;"),
            Value::Str(s) => {
                escape_js(s, &mut self.out);
                self.out.push(';');
            }
            Value::Num(n) => {
                self.out.push_str(&number(*n));
                self.out.push(';');
            }
            Value::Date(d) => self.date(d),
            Value::Bool(b) => {
                self.out
                    .push_str(if *b { "\"true\";" } else { "\"false\";" });
            }
            Value::Array(a) => {
                let id = std::sync::Arc::as_ptr(&a.0) as usize;
                if !self.active.insert(id) {
                    self.out.push_str("null;");
                    return;
                }
                self.list(name, &a.to_vec());
                self.active.remove(&id);
            }
            Value::Binary(b) => {
                // A byte array is an array of (signed, as in Java) numbers.
                let items: Vec<Value> = b.iter().map(|x| Value::Num(*x as i8 as f64)).collect();
                self.list(name, &items);
            }
            Value::Struct(s) => {
                let id = std::sync::Arc::as_ptr(&s.0) as usize;
                if !self.active.insert(id) {
                    self.out.push_str("null;");
                    return;
                }
                self.out
                    .push_str(if self.short { "{};" } else { "new Object();" });
                for (k, val) in s.entries() {
                    let mut key = String::new();
                    escape_js(&k.as_str().to_lowercase(), &mut key);
                    let sub = format!("{name}[{key}]");
                    let _ = write!(self.out, "{sub}=");
                    self.value(&sub, &val);
                }
                self.active.remove(&id);
            }
            Value::Query(q) => {
                let id = std::sync::Arc::as_ptr(q) as usize;
                if !self.active.insert(id) {
                    self.out.push_str("null;");
                    return;
                }
                let q = q.read().clone();
                if self.wddx {
                    self.wddx_query(name, &q);
                } else {
                    self.row_query(name, &q);
                }
                self.active.remove(&id);
            }
            Value::Func(_) | Value::Native(_) => self.out.push_str("null;"),
            // An XML node as its markup (a node list or attribute struct has none).
            Value::Xml(x) => match x.to_xml_string() {
                Ok(s) => {
                    escape_js(&s, &mut self.out);
                    self.out.push(';');
                }
                Err(_) => self.out.push_str("null;"),
            },
        }
    }

    fn list(&mut self, name: &str, items: &[Value]) {
        self.out
            .push_str(if self.short { "[];" } else { "new Array();" });
        for (i, item) in items.iter().enumerate() {
            let sub = format!("{name}[{i}]");
            let _ = write!(self.out, "{sub}=");
            self.value(&sub, item);
        }
    }

    fn date(&mut self, d: &DateTime) {
        use chrono::{Datelike, Timelike};
        let t = d.ndt();
        let _ = write!(
            self.out,
            "new Date({},{},{},{},{},{});",
            t.year(),
            t.month0(),
            t.day(),
            t.hour(),
            t.minute(),
            t.second()
        );
    }

    /// A WDDX recordset: one temporary `colN` array per column, moved into the recordset under
    /// the lower-cased column name.
    fn wddx_query(&mut self, name: &str, q: &Query) {
        self.out.push_str("new WddxRecordset();");
        for (i, col) in q.columns.iter().enumerate() {
            let tmp = format!("col{i}");
            let _ = write!(
                self.out,
                "{tmp}={}",
                if self.short { "[];" } else { "new Array();" }
            );
            for row in 0..q.rows {
                let sub = format!("{tmp}[{row}]");
                let _ = write!(self.out, "{sub}=");
                let cell = col.values.get(row).cloned().unwrap_or_default();
                self.value(&sub, &cell);
            }
            let mut key = String::new();
            escape_js(&col.name.as_str().to_lowercase(), &mut key);
            let _ = write!(self.out, "{name}[{key}]={tmp};{tmp}=null;");
        }
    }

    /// An array of row objects keyed by the column names as written.
    fn row_query(&mut self, name: &str, q: &Query) {
        let keys: Vec<String> = q
            .columns
            .iter()
            .map(|c| {
                let mut k = String::new();
                escape_js(c.name.as_str(), &mut k);
                k
            })
            .collect();
        self.out
            .push_str(if self.short { "[];" } else { "new Array();" });
        for row in 0..q.rows {
            let _ = write!(
                self.out,
                "{name}[{row}]={}",
                if self.short { "{};" } else { "new Object();" }
            );
            for (col, key) in q.columns.iter().zip(&keys) {
                let sub = format!("{name}[{row}][{key}]");
                let _ = write!(self.out, "{sub}=");
                let cell = col.values.get(row).cloned().unwrap_or_default();
                self.value(&sub, &cell);
            }
        }
    }
}

/// A number at full precision: integers without a fraction, others in their shortest exact form.
fn number(n: f64) -> String {
    if n.is_finite() && n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else if n.is_finite() {
        format!("{n}")
    } else {
        "null".to_string()
    }
}

/// A double-quoted JavaScript string literal: backslash escapes for quotes, backslashes and
/// control characters, `\uXXXX` for other control and all non-ASCII characters (UTF-16 units),
/// and `<\/script` so the text cannot close an HTML script element.
pub(super) fn escape_js(s: &str, out: &mut String) {
    out.push('"');
    let units: Vec<u16> = s.encode_utf16().collect();
    for (i, &u) in units.iter().enumerate() {
        match u {
            0x5C => out.push_str("\\\\"),
            0x0A => out.push_str("\\n"),
            0x0D => out.push_str("\\r"),
            0x0C => out.push_str("\\f"),
            0x08 => out.push_str("\\b"),
            0x09 => out.push_str("\\t"),
            0x22 => out.push_str("\\\""),
            0x2F if closes_script(&units, i) => out.push_str("\\/"),
            u if u < 0x20 || (0x7F..=0x9F).contains(&u) || u >= 0x80 => {
                let _ = write!(out, "\\u{u:04x}");
            }
            u => out.push(char::from(u as u8)),
        }
    }
    out.push('"');
}

/// Whether the `/` at `i` is the slash of `</script` followed by whitespace or `>`.
fn closes_script(units: &[u16], i: usize) -> bool {
    if i == 0 || units[i - 1] != u16::from(b'<') {
        return false;
    }
    let word = b"script";
    let rest = &units[i + 1..];
    if rest.len() < word.len() + 1 {
        return false;
    }
    rest.iter()
        .zip(word.iter())
        .all(|(a, b)| *a == u16::from(*b))
        && char::from_u32(u32::from(rest[word.len()]))
            .is_some_and(|c| c.is_whitespace() || c == '>')
}
