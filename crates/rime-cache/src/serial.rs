//! Values to bytes and back, for what leaves the process (Redis entries and sessions).
//!
//! The form is JSON that keeps what CFML needs to get the same value back: simple values are
//! plain JSON, arrays are JSON arrays, and the rest are one-key objects: `{"s": [[key, value],
//! ...], "o": true}` a struct (key case and order kept; `o` when created ordered), `{"d":
//! "2024-01-31T09:30:00.123"}` a date, `{"b": "<base64>"}` binary, `{"q": {"c": [[name, type,
//! [values]]], "r": rows}}` a query, `{"n": "NaN"}` a number JSON cannot hold. Functions and
//! component instances have no serialized form: storing one is an error that names where it is.

use base64::Engine as _;
use chrono::NaiveDateTime;
use rime_runtime::query::Column;
use rime_runtime::{Array, CfResult, CfmlError, DateTime, Key, Query, Struct, Value};
use serde_json::{json, Map, Value as Json};
use std::sync::Arc;

/// How dates are written (also the session records' creation time).
pub(crate) const DATE_FORMAT: &str = "%Y-%m-%dT%H:%M:%S%.f";

/// Values nest at most this deep (a self-referencing struct would otherwise never end).
const MAX_DEPTH: usize = 200;

/// The JSON form of `v`; `what` names the value in errors (`session.user`).
pub fn to_json(v: &Value, what: &str) -> CfResult<Json> {
    encode(v, what, 0)
}

/// `to_json` as bytes.
pub fn to_bytes(v: &Value, what: &str) -> CfResult<Vec<u8>> {
    Ok(to_json(v, what)?.to_string().into_bytes())
}

/// The value `to_json` made.
pub fn from_json(j: &Json) -> CfResult<Value> {
    decode(j, 0)
}

pub fn from_bytes(b: &[u8]) -> CfResult<Value> {
    let j: Json = serde_json::from_slice(b).map_err(|e| corrupt(&e.to_string()))?;
    from_json(&j)
}

fn corrupt(detail: &str) -> Box<CfmlError> {
    CfmlError::application(format!(
        "a stored value could not be read back ({detail}); it was not written by Rime"
    ))
}

fn encode(v: &Value, what: &str, depth: usize) -> CfResult<Json> {
    if depth > MAX_DEPTH {
        return Err(CfmlError::application(format!(
            "[{what}] nests more than {MAX_DEPTH} levels deep (does it contain itself?) and can't \
             be stored"
        )));
    }
    Ok(match v {
        Value::Null => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::Num(n) => match serde_json::Number::from_f64(*n) {
            Some(num) => Json::Number(num),
            None => json!({ "n": n.to_string() }),
        },
        Value::Str(s) => Json::String(s.to_string()),
        Value::Array(a) => {
            let items = a.to_vec();
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                out.push(encode(item, &format!("{what}[{}]", i + 1), depth + 1)?);
            }
            Json::Array(out)
        }
        Value::Struct(s) => {
            if s.component().is_some() {
                return Err(CfmlError::application(format!(
                    "[{what}] is a component instance, which can't be stored outside the \
                     process; store its data (a struct) instead"
                )));
            }
            let (entries, ordered) = {
                let d = s.read();
                let e: Vec<(Key, Value)> =
                    d.map.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                (e, d.ordered)
            };
            let mut pairs = Vec::with_capacity(entries.len());
            for (k, item) in &entries {
                let inner = format!("{what}.{}", k.as_str());
                pairs.push(json!([k.as_str(), encode(item, &inner, depth + 1)?]));
            }
            let mut m = Map::new();
            m.insert("s".into(), Json::Array(pairs));
            if ordered {
                m.insert("o".into(), Json::Bool(true));
            }
            Json::Object(m)
        }
        Value::Xml(_) => {
            return Err(CfmlError::application(format!(
                "[{what}] is an XML value, which can't be stored outside the process; store its \
                 text (toString) instead"
            )))
        }
        Value::Date(d) => json!({ "d": d.ndt().format(DATE_FORMAT).to_string() }),
        Value::Binary(b) => {
            json!({ "b": base64::engine::general_purpose::STANDARD.encode(b.as_slice()) })
        }
        Value::Query(q) => {
            let q = q.read();
            let mut cols = Vec::with_capacity(q.columns.len());
            for c in &q.columns {
                let mut vals = Vec::with_capacity(c.values.len());
                for (i, item) in c.values.iter().enumerate() {
                    let inner = format!("{what}.{}[{}]", c.name.as_str(), i + 1);
                    vals.push(encode(item, &inner, depth + 1)?);
                }
                cols.push(json!([c.name.as_str(), c.type_name, vals]));
            }
            json!({ "q": { "c": cols, "r": q.rows } })
        }
        Value::Func(_) => {
            return Err(CfmlError::application(format!(
                "[{what}] is a function (or closure), which can't be stored outside the process"
            )))
        }
        Value::Native(n) => {
            return Err(CfmlError::application(format!(
                "[{what}] is a Java object ({}), which can't be stored outside the process",
                n.get().class_name()
            )))
        }
    })
}

fn decode(j: &Json, depth: usize) -> CfResult<Value> {
    if depth > MAX_DEPTH + 1 {
        return Err(corrupt("nested too deeply"));
    }
    Ok(match j {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => Value::Num(n.as_f64().unwrap_or(0.0)),
        Json::String(s) => Value::from(s.as_str()),
        Json::Array(items) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                out.push(decode(item, depth + 1)?);
            }
            Value::Array(Array::from_vec(out))
        }
        Json::Object(m) => {
            let Some((tag, body)) = m.iter().find(|(k, _)| k.as_str() != "o") else {
                return Err(corrupt("an empty object"));
            };
            match (tag.as_str(), body) {
                ("s", Json::Array(pairs)) => {
                    let ordered = matches!(m.get("o"), Some(Json::Bool(true)));
                    let s = Struct::with_flags(ordered);
                    for pair in pairs {
                        let (Some(Json::String(k)), Some(v)) = (pair.get(0), pair.get(1)) else {
                            return Err(corrupt("a struct entry is not a [key, value] pair"));
                        };
                        s.set(Key::new(k.as_str()), decode(v, depth + 1)?);
                    }
                    Value::Struct(s)
                }
                ("d", Json::String(d)) => NaiveDateTime::parse_from_str(d, DATE_FORMAT)
                    .map(|d| Value::Date(DateTime::new(d)))
                    .map_err(|_| corrupt("a date"))?,
                ("b", Json::String(b)) => base64::engine::general_purpose::STANDARD
                    .decode(b)
                    .map(|b| Value::Binary(Arc::new(b)))
                    .map_err(|_| corrupt("binary data"))?,
                ("n", Json::String(n)) => Value::Num(n.parse().unwrap_or(f64::NAN)),
                ("q", Json::Object(q)) => decode_query(q, depth)?,
                _ => return Err(corrupt(&format!("an object tagged [{tag}]"))),
            }
        }
    })
}

fn decode_query(q: &Map<String, Json>, depth: usize) -> CfResult<Value> {
    let rows = q.get("r").and_then(Json::as_u64).unwrap_or(0) as usize;
    let mut columns = Vec::new();
    for c in q.get("c").and_then(Json::as_array).into_iter().flatten() {
        let (Some(Json::String(name)), Some(Json::String(ty)), Some(Json::Array(vals))) =
            (c.get(0), c.get(1), c.get(2))
        else {
            return Err(corrupt("a query column"));
        };
        let mut values = Vec::with_capacity(vals.len());
        for v in vals {
            values.push(decode(v, depth + 2)?);
        }
        if values.len() != rows {
            return Err(corrupt("a query column of the wrong length"));
        }
        columns.push(Column {
            name: Key::new(name.as_str()),
            type_name: ty.clone(),
            values,
        });
    }
    Ok(Value::Query(Arc::new(parking_lot::RwLock::new(Query {
        columns,
        rows,
        current_row: 1,
        index: None,
    }))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(v: &Value) -> CfResult<Value> {
        from_bytes(&to_bytes(v, "x")?)
    }

    #[test]
    fn values_come_back_the_same() -> CfResult<()> {
        let s = Struct::with_flags(true);
        s.set_str("Name", Value::from("Ann"));
        s.set_str("age", Value::Num(42.5));
        s.set_str("nothing", Value::Null);
        s.set_str(
            "when",
            Value::Date(DateTime::from_parts(2024, 1, 31, 9, 30, 0).ok_or_else(|| corrupt(""))?),
        );
        s.set_str("bytes", Value::Binary(Arc::new(vec![0, 1, 255])));
        s.set_str(
            "list",
            Value::Array(Array::from_vec(vec![Value::Bool(true), Value::from("2")])),
        );
        let mut q = Query::new(&["id", "label"]);
        q.add_row();
        q.set(0, 0, Value::Num(1.0));
        q.set(1, 0, Value::from("one"));
        s.set_str("q", Value::Query(Arc::new(parking_lot::RwLock::new(q))));
        let back = round_trip(&Value::Struct(s.clone()))?;
        // Same bytes again: keys keep their case and order, every type its tag.
        assert_eq!(to_bytes(&back, "x")?, to_bytes(&Value::Struct(s), "x")?);
        let Value::Struct(b) = back else {
            return Err(corrupt("not a struct"));
        };
        assert!(b.read().ordered);
        assert_eq!(b.keys()[0].as_str(), "Name");
        assert!(matches!(b.get("when"), Some(Value::Date(_))));
        assert!(matches!(b.get("Q"), Some(Value::Query(_))));
        Ok(())
    }

    #[test]
    fn cycles_end_in_an_error() {
        let s = Struct::new();
        s.set_str("me", Value::Struct(s.clone()));
        assert!(to_bytes(&Value::Struct(s.clone()), "x").is_err());
        s.remove("me");
    }
}
