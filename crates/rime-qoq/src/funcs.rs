//! Scalar functions and `CAST`. Nulls pass through most functions as null, as in SQL.

use crate::err;
use rime_runtime::{CfResult, Value};

/// (name, min args, max args) of every supported scalar function.
const FUNCS: &[(&str, usize, usize)] = &[
    ("upper", 1, 1),
    ("ucase", 1, 1),
    ("lower", 1, 1),
    ("lcase", 1, 1),
    ("length", 1, 1),
    ("len", 1, 1),
    ("trim", 1, 1),
    ("ltrim", 1, 1),
    ("rtrim", 1, 1),
    ("coalesce", 1, usize::MAX),
    ("isnull", 2, 2),
    ("concat", 1, usize::MAX),
    ("left", 2, 2),
    ("right", 2, 2),
    ("substring", 2, 3),
    ("substr", 2, 3),
    ("abs", 1, 1),
    ("mod", 2, 2),
    ("floor", 1, 1),
    ("ceiling", 1, 1),
    ("round", 1, 2),
];

/// Checked when the statement is bound, so an unknown function fails even on an empty query.
pub fn check(name: &str, argc: usize, pos: usize) -> CfResult<()> {
    match FUNCS.iter().find(|(n, _, _)| *n == name) {
        None => Err(err::db(format!(
            "Unknown QoQ function [{name}] at position {pos}"
        ))),
        Some((_, lo, hi)) if argc < *lo || argc > *hi => Err(err::db(format!(
            "Wrong number of arguments for QoQ function [{name}] at position {pos}: got {argc}"
        ))),
        Some(_) => Ok(()),
    }
}

fn s(v: &Value) -> CfResult<String> {
    Ok(v.to_str()?.into_owned())
}

fn n(v: &Value) -> CfResult<f64> {
    match v {
        Value::Str(x) if x.is_empty() => Ok(0.0),
        other => other.to_num(),
    }
}

pub fn call(name: &str, args: Vec<Value>) -> CfResult<Value> {
    let a0 = args.first().cloned().unwrap_or(Value::Null);
    let a1 = args.get(1).cloned().unwrap_or(Value::Null);
    // Functions of one string/number return null for a null argument.
    let null_in = a0.is_null();
    Ok(match name {
        "coalesce" | "isnull" => args
            .into_iter()
            .find(|v| !v.is_null())
            .unwrap_or(Value::Null),
        "concat" => {
            let mut out = String::new();
            for v in &args {
                out.push_str(&v.to_str()?);
            }
            Value::from(out)
        }
        _ if null_in => Value::Null,
        "upper" | "ucase" => Value::from(s(&a0)?.to_uppercase()),
        "lower" | "lcase" => Value::from(s(&a0)?.to_lowercase()),
        "length" | "len" => Value::Num(s(&a0)?.chars().count() as f64),
        "trim" => Value::from(s(&a0)?.trim().to_string()),
        "ltrim" => Value::from(s(&a0)?.trim_start().to_string()),
        "rtrim" => Value::from(s(&a0)?.trim_end().to_string()),
        "left" | "right" => {
            let text: Vec<char> = s(&a0)?.chars().collect();
            let k = (n(&a1)?.max(0.0) as usize).min(text.len());
            let part = if name == "left" {
                &text[..k]
            } else {
                &text[text.len() - k..]
            };
            Value::from(part.iter().collect::<String>())
        }
        "substring" | "substr" => {
            let text: Vec<char> = s(&a0)?.chars().collect();
            let start = (n(&a1)?.max(1.0) as usize - 1).min(text.len());
            let len = match args.get(2) {
                Some(l) => n(l)?.max(0.0) as usize,
                None => text.len(),
            };
            let end = start.saturating_add(len).min(text.len());
            Value::from(text[start..end].iter().collect::<String>())
        }
        "abs" => Value::Num(n(&a0)?.abs()),
        "floor" => Value::Num(n(&a0)?.floor()),
        "ceiling" => Value::Num(n(&a0)?.ceil()),
        "round" => {
            let places = if args.len() > 1 { n(&a1)? } else { 0.0 };
            let f = 10f64.powi(places.clamp(-15.0, 15.0) as i32);
            Value::Num((n(&a0)? * f).round() / f)
        }
        "mod" => {
            if a1.is_null() {
                return Ok(Value::Null);
            }
            let d = n(&a1)?;
            if d == 0.0 {
                return Err(err::db("Divide by zero not allowed."));
            }
            Value::Num(n(&a0)? % d)
        }
        other => return Err(err::db(format!("Unknown QoQ function [{other}]"))),
    })
}

/// `CAST(x AS type)`: the CFML cast the type name stands for.
pub fn cast(v: Value, ty: &str) -> CfResult<Value> {
    if v.is_null() {
        return Ok(Value::Null);
    }
    let ty = ty.trim_start_matches("cf_sql_");
    Ok(match ty {
        "varchar" | "char" | "nvarchar" | "nchar" | "string" | "text" | "longvarchar" | "clob" => {
            Value::from(v.to_str()?.into_owned())
        }
        "integer" | "int" | "bigint" | "smallint" | "tinyint" => Value::Num(n(&v)?.trunc()),
        "numeric" | "decimal" | "double" | "float" | "real" | "number" | "money" => {
            Value::Num(n(&v)?)
        }
        "bit" | "boolean" | "bool" => Value::Bool(v.to_bool()?),
        "date" | "datetime" | "timestamp" | "time" => Value::Date(v.to_date()?),
        other => return Err(err::db(format!("Unsupported CAST type [{other}]"))),
    })
}
