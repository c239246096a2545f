//! `javaCast(type, value)`: the casts of Lucee's `javaCast` that mean something without a JVM.
//!
//! Every CFML number is a double in Rime, so the integer types truncate toward zero (`int` and
//! `long` saturate at their range, `short` and `byte` wrap as Java's narrowing does) and `float`
//! rounds to single precision (kept in its shortest decimal form); the result is still a CFML number. `string`, `boolean`,
//! `double`, `bigdecimal`, `biginteger` and `char` (a one-character string) cast as their names
//! say; `null` turns an empty string (or null) into null. A type ending in `[]` casts each element
//! of an array (or of a comma-separated list) and returns an array; `byte[]` returns a binary.
//! The `java.lang.*` names of these types are accepted; other Java classes are an error.

use super::arg_error;
use rime_runtime::{Args, Array, CfResult, CfmlError, Ctx, Value};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Ty {
    Boolean,
    Int,
    Long,
    Short,
    Byte,
    Float,
    Double,
    BigDecimal,
    BigInteger,
    Char,
    Str,
    Null,
}

fn ty(name: &str) -> Option<Ty> {
    let n = name.to_ascii_lowercase();
    let n = n
        .strip_prefix("java.lang.")
        .or_else(|| n.strip_prefix("java.math."))
        .unwrap_or(&n);
    Some(match n {
        "boolean" => Ty::Boolean,
        "int" | "integer" => Ty::Int,
        "long" => Ty::Long,
        "short" => Ty::Short,
        "byte" => Ty::Byte,
        "float" => Ty::Float,
        "double" => Ty::Double,
        "bigdecimal" => Ty::BigDecimal,
        "biginteger" => Ty::BigInteger,
        "char" | "character" => Ty::Char,
        "string" => Ty::Str,
        "null" => Ty::Null,
        _ => return None,
    })
}

pub(super) fn java_cast(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let type_name = args.str(0)?.trim().to_string();
    let v = args.raw(1).cloned().unwrap_or_default();
    cast(args, &type_name, &v)
}

fn unknown(args: &Args, type_name: &str) -> Box<CfmlError> {
    arg_error(
        args,
        0,
        format!(
            "type [{type_name}] is not supported; Rime casts to boolean, int, long, short, byte, \
             float, double, bigdecimal, biginteger, char, string and null, and to arrays of them \
             (\"string[]\"), but has no Java classes"
        ),
    )
}

fn cast(args: &Args, type_name: &str, v: &Value) -> CfResult<Value> {
    if let Some(elem) = type_name.strip_suffix("[]") {
        let elem = elem.trim();
        if elem.eq_ignore_ascii_case("byte") {
            if let Value::Binary(_) = v {
                return Ok(v.clone());
            }
            let bytes = elements(args, v)?
                .iter()
                .map(|x| Ok((x.to_num()? as i32) as u8))
                .collect::<CfResult<Vec<u8>>>()?;
            return Ok(Value::Binary(Arc::new(bytes)));
        }
        if elem.eq_ignore_ascii_case("char") {
            if let Value::Str(s) = v {
                return Ok(Value::Array(Array::from_vec(
                    s.chars().map(|c| Value::from(c.to_string())).collect(),
                )));
            }
        }
        if !elem.ends_with("[]") && ty(elem).is_none() {
            return Err(unknown(args, type_name));
        }
        let out = elements(args, v)?
            .iter()
            .map(|x| cast(args, elem, x))
            .collect::<CfResult<Vec<Value>>>()?;
        return Ok(Value::Array(Array::from_vec(out)));
    }
    let Some(t) = ty(type_name) else {
        return Err(unknown(args, type_name));
    };
    scalar(t, v)
}

/// The elements to cast for an array type: an array's, a struct's values, or a list's items.
fn elements(args: &Args, v: &Value) -> CfResult<Vec<Value>> {
    match v {
        Value::Array(a) => Ok(a.to_vec()),
        Value::Struct(s) => Ok(s.entries().into_iter().map(|(_, x)| x).collect()),
        Value::Str(s) => Ok(s
            .split(',')
            .filter(|x| !x.is_empty())
            .map(Value::from)
            .collect()),
        other => Err(arg_error(
            args,
            1,
            format!("can't cast a {} to an array", other.type_name()),
        )),
    }
}

/// A number rounded to single precision, kept as the double of its shortest decimal form (so
/// `1.1` stays `1.1`, as Lucee prints a Java float).
fn single(n: f64) -> f64 {
    let f = n as f32;
    format!("{f}").parse::<f64>().unwrap_or(f64::from(f))
}

fn scalar(t: Ty, v: &Value) -> CfResult<Value> {
    Ok(match t {
        // Lucee's `Caster.toNull`: an empty string, or a number whose integer part is 0
        // (`javacast("null", 0)` is a common idiom).
        Ty::Null => match v {
            Value::Null => Value::Null,
            Value::Str(s) if s.trim().is_empty() => Value::Null,
            Value::Num(n) if n.trunc() == 0.0 => Value::Null,
            other => {
                return Err(CfmlError::expression(format!(
                    "can't cast value [{}] to null; only an empty string or 0 casts to null",
                    other.to_str().unwrap_or_default()
                )))
            }
        },
        Ty::Str => Value::Str(v.to_arcstr()?),
        Ty::Boolean => Value::Bool(v.to_bool()?),
        Ty::Double | Ty::BigDecimal => Value::Num(v.to_num()?),
        Ty::BigInteger => Value::Num(v.to_num()?.trunc()),
        Ty::Long => Value::Num((v.to_num()? as i64) as f64),
        Ty::Int => Value::Num(f64::from(v.to_num()? as i32)),
        Ty::Short => Value::Num(f64::from((v.to_num()? as i32) as i16)),
        Ty::Byte => Value::Num(f64::from((v.to_num()? as i32) as i8)),
        Ty::Float => Value::Num(single(v.to_num()?)),
        Ty::Char => match v {
            Value::Str(s) if s.chars().count() == 1 => v.clone(),
            Value::Num(n) => char::from_u32(*n as u32)
                .map(|c| Value::from(c.to_string()))
                .ok_or_else(|| CfmlError::expression(format!("can't cast [{n}] to a char")))?,
            other => {
                return Err(CfmlError::expression(format!(
                    "can't cast [{}] to a char: it must be a string of one character",
                    other.to_str().unwrap_or_default()
                )))
            }
        },
    })
}
