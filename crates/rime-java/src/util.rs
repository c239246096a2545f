//! `java.util`: `UUID`, the collection classes, which are CFML values as in Lucee (a
//! `HashMap` is a struct, an `ArrayList` an array; their Java methods are in `values.rs`), and
//! the `Collections` and `Arrays` utilities over them.

use crate::values::sort_values;
use crate::{arg, int_arg, no_method, str_arg};
use rime_runtime::{Array, CfResult, CfmlError, Ctx, Native, NativeObject, Struct, Value};

pub(crate) fn uuid_statics(_: &mut dyn Ctx, name: &str, args: &[Value]) -> Option<CfResult<Value>> {
    const C: &str = "java.util.UUID";
    Some(match name.to_ascii_lowercase().as_str() {
        "randomuuid" => Ok(uuid_value(
            rand::random::<u128>() & !(0xf << 76) | (0x4 << 76),
        )),
        "fromstring" => str_arg(args, 0, C, name).and_then(|s| {
            let hex: String = s.chars().filter(|c| *c != '-').collect();
            u128::from_str_radix(&hex, 16)
                .ok()
                .filter(|_| hex.len() == 32)
                .map(uuid_value)
                .ok_or_else(|| {
                    CfmlError::expression(format!(
                        "java.lang.IllegalArgumentException: Invalid UUID string: {s}"
                    ))
                })
        }),
        _ => return None,
    })
}

fn uuid_value(bits: u128) -> Value {
    // RFC 4122 variant bits for random ones.
    Value::Native(Native::new(Uuid(bits)))
}

#[derive(Debug)]
struct Uuid(u128);

impl Uuid {
    fn text(&self) -> String {
        let h = format!("{:032x}", self.0);
        format!(
            "{}-{}-{}-{}-{}",
            &h[..8],
            &h[8..12],
            &h[12..16],
            &h[16..20],
            &h[20..]
        )
    }
}

impl NativeObject for Uuid {
    fn class_name(&self) -> &str {
        "java.util.UUID"
    }
    fn call(&self, _: &Native, _: &mut dyn Ctx, name: &str, args: Vec<Value>) -> CfResult<Value> {
        Ok(match name.to_ascii_lowercase().as_str() {
            "tostring" => Value::from(self.text()),
            "version" => Value::Num(((self.0 >> 76) & 0xf) as f64),
            "equals" => Value::Bool(
                args.first()
                    .and_then(|v| {
                        v.to_str()
                            .ok()
                            .map(|s| s.eq_ignore_ascii_case(&self.text()))
                    })
                    .unwrap_or(false),
            ),
            "hashcode" => Value::Num(crate::lang::java_string_hash(&self.text()) as f64),
            _ => return Err(no_method(self.class_name(), name)),
        })
    }
    fn to_text(&self) -> Option<String> {
        Some(self.text())
    }
}

/// `new HashMap()` / `new ConcurrentHashMap()` (or with a map to copy): a struct.
pub(crate) fn new_map(args: &[Value]) -> CfResult<Value> {
    map_from(args, false)
}

/// `new LinkedHashMap()`: an ordered struct.
pub(crate) fn new_ordered_map(args: &[Value]) -> CfResult<Value> {
    map_from(args, true)
}

fn map_from(args: &[Value], ordered: bool) -> CfResult<Value> {
    let out = Struct::with_flags(ordered);
    if let Some(Value::Struct(src)) = args.first() {
        for (k, v) in src.entries() {
            out.set(k, v);
        }
    }
    Ok(Value::Struct(out))
}

/// `new ArrayList()` (or with a capacity or a collection to copy): an array.
pub(crate) fn new_list(args: &[Value]) -> CfResult<Value> {
    Ok(Value::Array(match args.first() {
        Some(Value::Array(a)) => Array::from_vec(a.to_vec()),
        _ => Array::new(),
    }))
}

/// `new TreeMap()` / `new TreeMap(map)`: an ordered struct whose keys are in Java's natural
/// (case-sensitive) order, as iterating a `TreeMap` gives them. A key added later with `put`
/// goes last, as Rime's structs keep insertion order; `TreeMap(Comparator)` is not provided.
pub(crate) fn new_tree_map(args: &[Value]) -> CfResult<Value> {
    let out = Struct::with_flags(true);
    match args.first() {
        None => {}
        Some(Value::Struct(src)) if src.component().is_none() => {
            let mut entries = src.entries();
            entries.sort_by(|(a, _), (b, _)| {
                crate::values::java_compare(a.as_str(), b.as_str()).cmp(&0)
            });
            for (k, v) in entries {
                out.set(k, v);
            }
        }
        Some(other) => {
            return Err(CfmlError::expression(format!(
                "java.util.TreeMap(): Rime builds a TreeMap from a map only, not a {}",
                other.type_name()
            )))
        }
    }
    Ok(Value::Struct(out))
}

fn list_arg<'a>(args: &'a [Value], i: usize, class: &str, method: &str) -> CfResult<&'a Array> {
    match arg(args, i, class, method)? {
        Value::Array(a) => Ok(a),
        other => Err(CfmlError::expression(format!(
            "[{class}.{method}()] takes a java.util.List, not a {}",
            other.type_name()
        ))),
    }
}

pub(crate) fn collections_statics(
    ctx: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.util.Collections";
    let m = name.to_ascii_lowercase();
    Some(match m.as_str() {
        // Rime's structs and arrays lock on every operation already: the collection itself
        // is the synchronized view.
        "synchronizedmap"
        | "synchronizedsortedmap"
        | "synchronizedlist"
        | "synchronizedcollection"
        | "synchronizedset"
        | "synchronizedsortedset" => arg(args, 0, C, name).cloned(),
        // `Collections.list(enumeration)`: what it enumerates, as an ArrayList.
        "list" => arg(args, 0, C, name).and_then(|e| match e {
            Value::Array(a) => Ok(Value::Array(Array::from_vec(a.to_vec()))),
            Value::Native(n) => {
                let mut items = Vec::new();
                while n.get().call(n, ctx, "hasMoreElements", vec![])?.to_bool()? {
                    items.push(n.get().call(n, ctx, "nextElement", vec![])?);
                }
                Ok(Value::Array(Array::from_vec(items)))
            }
            other => Err(CfmlError::expression(format!(
                "[java.util.Collections.list()] takes an Enumeration, not a {}",
                other.type_name()
            ))),
        }),
        "sort" => list_arg(args, 0, C, name).and_then(|a| {
            let mut items = a.to_vec();
            sort_values(ctx, &mut items, args.get(1))?;
            *a.write() = items;
            Ok(Value::Null)
        }),
        "reverse" => list_arg(args, 0, C, name).map(|a| {
            a.write().reverse();
            Value::Null
        }),
        "shuffle" => list_arg(args, 0, C, name).map(|a| {
            use rand::seq::SliceRandom;
            a.write().shuffle(&mut rand::thread_rng());
            Value::Null
        }),
        "max" | "min" => list_arg(args, 0, C, name).and_then(|a| {
            let mut items = a.to_vec();
            if items.is_empty() {
                return Err(crate::java_error("java.util.NoSuchElementException", ""));
            }
            sort_values(ctx, &mut items, args.get(1))?;
            let pick = if m == "max" {
                items.pop()
            } else {
                items.into_iter().next()
            };
            Ok(pick.unwrap_or(Value::Null))
        }),
        "frequency" => list_arg(args, 0, C, name).and_then(|a| {
            let v = arg(args, 1, C, name)?;
            Ok(Value::Num(
                a.read()
                    .iter()
                    .filter(|x| crate::values::java_equals(x, v))
                    .count() as f64,
            ))
        }),
        "ncopies" => int_arg(args, 0, C, name).and_then(|n| {
            if n < 0 {
                return Err(crate::java_error(
                    "java.lang.IllegalArgumentException",
                    format!("List length = {n}"),
                ));
            }
            let v = arg(args, 1, C, name)?.clone();
            Ok(Value::Array(Array::from_vec(vec![v; n as usize])))
        }),
        _ => return None,
    })
}

pub(crate) fn arrays_statics(
    ctx: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.util.Arrays";
    Some(match name.to_ascii_lowercase().as_str() {
        // `Arrays.asList(array)` or `Arrays.asList(a, b, c)` (varargs).
        "aslist" => Ok(Value::Array(match args {
            [Value::Array(a)] => Array::from_vec(a.to_vec()),
            items => Array::from_vec(items.to_vec()),
        })),
        "sort" => list_arg(args, 0, C, name).and_then(|a| {
            let mut items = a.to_vec();
            sort_values(ctx, &mut items, args.get(1))?;
            *a.write() = items;
            Ok(Value::Null)
        }),
        "tostring" => match args.first() {
            None | Some(Value::Null) => Ok(Value::from("null")),
            Some(_) => list_arg(args, 0, C, name)
                .map(|a| Value::from(crate::java_text(&Value::Array(a.clone())))),
        },
        "fill" => list_arg(args, 0, C, name).and_then(|a| {
            let v = arg(args, 1, C, name)?.clone();
            for x in a.write().iter_mut() {
                *x = v.clone();
            }
            Ok(Value::Null)
        }),
        _ => return None,
    })
}

/// `new java.util.Date()` (now) or `new java.util.Date(millis)`: a CFML date, as Lucee's dates
/// are `java.util.Date`s.
pub(crate) fn new_date(args: &[Value]) -> CfResult<Value> {
    Ok(Value::Date(match args.first() {
        None => rime_runtime::DateTime::now(),
        Some(ms) => crate::time::date_from_millis(ms.to_num()? as i64),
    }))
}
