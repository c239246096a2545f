//! Java methods on CFML values. In Lucee a string is a `java.lang.String`, an array a
//! `java.util.List`, a struct a `java.util.Map`, so code calls their Java methods
//! (`s.getClass().getName()`, `a.size()`, `m.containsKey(k)`); the VM asks here when a value
//! has no CFML member function of the name.

use crate::lang::{identity_hash, java_string_hash};
use crate::{arg, int_arg, no_method, str_arg};
use parking_lot::Mutex;
use rime_runtime::{Array, CfResult, CfmlError, Ctx, Key, Native, NativeObject, Value};

/// Call the Java method `name` on `v`: a native object's own, or a CFML value's Java method.
pub(crate) fn call_on(
    ctx: &mut dyn Ctx,
    v: &Value,
    name: &str,
    args: Vec<Value>,
) -> CfResult<Value> {
    match v {
        Value::Native(n) => n.get().call(n, ctx, name, args),
        other => value_method(ctx, other, name, &args)
            .unwrap_or_else(|| Err(no_method(java_class_of(other), name))),
    }
}

/// The Java class Lucee's value of this kind is.
pub fn java_class_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "java.lang.Boolean",
        Value::Num(_) => "java.lang.Double",
        Value::Str(_) => "java.lang.String",
        Value::Array(_) => "lucee.runtime.type.ArrayImpl",
        Value::Struct(s) if s.component().is_some() => "lucee.runtime.ComponentImpl",
        Value::Struct(_) => "lucee.runtime.type.StructImpl",
        Value::Query(_) => "lucee.runtime.type.QueryImpl",
        Value::Func(f) if f.proto.is_closure => "lucee.runtime.type.Closure",
        Value::Func(_) => "lucee.runtime.type.UDFImpl",
        Value::Date(_) => "lucee.runtime.type.dt.DateTimeImpl",
        Value::Binary(_) => "[B",
        Value::Xml(_) => "lucee.runtime.text.xml.struct.XMLDocumentStruct",
        Value::Native(_) => "java.lang.Object",
    }
}

/// `isInstanceOf(value, "java.util.List")`: whether the Java object Lucee's value of this kind
/// is (or a native object) is of the class or interface `name`.
pub fn is_instance_of(v: &Value, name: &str) -> bool {
    let name = name.trim();
    if name.eq_ignore_ascii_case("java.lang.Object") {
        return !v.is_null();
    }
    let kinds: &[&str] = match v {
        Value::Str(_) => &[
            "java.lang.String",
            "java.lang.CharSequence",
            "java.lang.Comparable",
        ],
        Value::Num(_) => &[
            "java.lang.Double",
            "java.lang.Number",
            "java.lang.Comparable",
        ],
        Value::Bool(_) => &["java.lang.Boolean", "java.lang.Comparable"],
        Value::Array(_) => &[
            "lucee.runtime.type.ArrayImpl",
            "lucee.runtime.type.Array",
            "java.util.List",
            "java.util.Collection",
            "java.lang.Iterable",
        ],
        Value::Struct(s) if s.component().is_none() => &[
            "lucee.runtime.type.StructImpl",
            "lucee.runtime.type.Struct",
            "java.util.Map",
        ],
        Value::Date(_) => &[
            "lucee.runtime.type.dt.DateTimeImpl",
            "lucee.runtime.type.dt.DateTime",
            "java.util.Date",
            "java.lang.Comparable",
        ],
        Value::Query(_) => &["lucee.runtime.type.QueryImpl", "lucee.runtime.type.Query"],
        Value::Binary(_) => &["[B"],
        Value::Native(n) => {
            return n.get().class_name().eq_ignore_ascii_case(name) || n.get().implements(name)
        }
        _ => &[],
    };
    kinds.iter().any(|k| k.eq_ignore_ascii_case(name))
}

/// The Java method `name` of a CFML value, or None when its Java class has no such method.
pub fn value_method(
    ctx: &mut dyn Ctx,
    v: &Value,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    let m = name.to_ascii_lowercase();
    let common = match m.as_str() {
        "getclass" => Some(Ok(class_ref(match v {
            Value::Native(n) => n.get().class_name().to_string(),
            other => java_class_of(other).to_string(),
        }))),
        "hashcode" => Some(Ok(Value::Num(match v {
            Value::Str(s) => java_string_hash(s) as f64,
            other => identity_hash(other),
        }))),
        "equals" => Some(arg(args, 0, java_class_of(v), name).map(|o| {
            Value::Bool(match (v, o) {
                (Value::Str(a), Value::Str(b)) => a == b,
                (a, b) if !a.is_simple() => a.same_ref(b),
                (a, b) => a.to_str().ok() == b.to_str().ok(),
            })
        })),
        "tostring" if v.is_simple() => Some(v.to_str().map(|s| Value::from(s.into_owned()))),
        "tostring" => Some(Ok(Value::from(crate::java_text(v)))),
        _ => None,
    };
    if common.is_some() {
        return common;
    }
    match v {
        Value::Str(s) => string_method(s, &m, name, args),
        Value::Num(n) => number_method(*n, &m),
        Value::Bool(b) => match m.as_str() {
            "booleanvalue" => Some(Ok(Value::Bool(*b))),
            _ => None,
        },
        Value::Array(a) => list_method(ctx, a, &m, name, args),
        // A CFML date is a `java.util.Date` in Lucee.
        Value::Date(d) => match m.as_str() {
            "toinstant" => Some(Ok(crate::time::date_instant(d))),
            "gettime" => Some(Ok(crate::time::date_millis(d))),
            _ => None,
        },
        Value::Struct(s) if s.component().is_none() => map_method(ctx, s, &m, name, args),
        _ => None,
    }
}

fn string_method(s: &str, m: &str, name: &str, args: &[Value]) -> Option<CfResult<Value>> {
    const C: &str = "java.lang.String";
    let chars = || s.chars().count();
    let idx = |b: usize| s[..b].chars().count() as f64;
    let r = match m {
        "length" => Ok(Value::Num(chars() as f64)),
        "isempty" => Ok(Value::Bool(s.is_empty())),
        "isblank" => Ok(Value::Bool(s.trim().is_empty())),
        "touppercase" => Ok(Value::from(s.to_uppercase())),
        "tolowercase" => Ok(Value::from(s.to_lowercase())),
        "trim" | "strip" => Ok(Value::from(s.trim())),
        "intern" => Ok(Value::from(s)),
        "charat" => int_arg(args, 0, C, name).and_then(|i| {
            s.chars()
                .nth(i.max(0) as usize)
                .filter(|_| i >= 0)
                .map(|c| Value::from(c.to_string()))
                .ok_or_else(|| {
                    CfmlError::expression(format!(
                        "java.lang.StringIndexOutOfBoundsException: index {i}, length {}",
                        chars()
                    ))
                })
        }),
        "indexof" | "lastindexof" => str_arg(args, 0, C, name).map(|needle| {
            let found = if m == "indexof" {
                let from = args.get(1).and_then(|v| v.to_num().ok()).unwrap_or(0.0) as usize;
                let start = s.char_indices().nth(from).map_or(s.len(), |(b, _)| b);
                s[start..].find(&needle).map(|b| b + start)
            } else {
                s.rfind(&needle)
            };
            Value::Num(found.map_or(-1.0, idx))
        }),
        "substring" => int_arg(args, 0, C, name).and_then(|a| {
            let n = chars() as i64;
            let b = match args.get(1) {
                Some(v) => v.to_num()? as i64,
                None => n,
            };
            if a < 0 || b > n || a > b {
                return Err(CfmlError::expression(format!(
                    "java.lang.StringIndexOutOfBoundsException: begin {a}, end {b}, length {n}"
                )));
            }
            Ok(Value::from(
                s.chars()
                    .skip(a as usize)
                    .take((b - a) as usize)
                    .collect::<String>(),
            ))
        }),
        "startswith" => str_arg(args, 0, C, name).map(|p| Value::Bool(s.starts_with(&p))),
        "endswith" => str_arg(args, 0, C, name).map(|p| Value::Bool(s.ends_with(&p))),
        "contains" => str_arg(args, 0, C, name).map(|p| Value::Bool(s.contains(&p))),
        "equalsignorecase" => {
            str_arg(args, 0, C, name).map(|p| Value::Bool(s.to_lowercase() == p.to_lowercase()))
        }
        "compareto" => str_arg(args, 0, C, name).map(|p| Value::Num(java_compare(s, &p) as f64)),
        "comparetoignorecase" => str_arg(args, 0, C, name)
            .map(|p| Value::Num(java_compare(&s.to_lowercase(), &p.to_lowercase()) as f64)),
        "concat" => str_arg(args, 0, C, name).map(|p| Value::from(format!("{s}{p}"))),
        "replace" => str_arg(args, 0, C, name).and_then(|a| {
            let b = str_arg(args, 1, C, name)?;
            Ok(Value::from(s.replace(&a, &b)))
        }),
        "getbytes" => Ok(Value::Binary(std::sync::Arc::new(s.as_bytes().to_vec()))),
        "tochararray" => Ok(Value::Array(Array::from_vec(
            s.chars().map(|c| Value::from(c.to_string())).collect(),
        ))),
        _ => return None,
    };
    Some(r)
}

/// Java's `String.compareTo`: the difference of the first differing UTF-16 units, else of the
/// lengths.
pub(crate) fn java_compare(a: &str, b: &str) -> i64 {
    let (x, y): (Vec<u16>, Vec<u16>) = (a.encode_utf16().collect(), b.encode_utf16().collect());
    for (p, q) in x.iter().zip(&y) {
        if p != q {
            return *p as i64 - *q as i64;
        }
    }
    x.len() as i64 - y.len() as i64
}

fn number_method(n: f64, m: &str) -> Option<CfResult<Value>> {
    let r = match m {
        "intvalue" | "longvalue" | "shortvalue" | "bytevalue" => Value::Num(n.trunc()),
        "doublevalue" | "floatvalue" => Value::Num(n),
        "isnan" => Value::Bool(n.is_nan()),
        "isinfinite" => Value::Bool(n.is_infinite()),
        _ => return None,
    };
    Some(Ok(r))
}

/// A 0-based index of a Java list call, checked against `len` (`len` itself allowed when
/// `end_ok`, for `add(i, x)`).
fn list_index(args: &[Value], len: usize, end_ok: bool, name: &str) -> CfResult<usize> {
    let i = int_arg(args, 0, "java.util.List", name)?;
    let max = if end_ok { len as i64 } else { len as i64 - 1 };
    if i < 0 || i > max {
        return Err(CfmlError::expression(format!(
            "java.lang.IndexOutOfBoundsException: Index {i} out of bounds for length {len}"
        )));
    }
    Ok(i as usize)
}

fn list_method(
    ctx: &mut dyn Ctx,
    a: &Array,
    m: &str,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.util.List";
    let _ = ctx;
    let r = match m {
        "size" => Ok(Value::Num(a.len() as f64)),
        "isempty" => Ok(Value::Bool(a.is_empty())),
        "get" => list_index(args, a.len(), false, name).map(|i| a.read()[i].clone()),
        "add" if args.len() >= 2 => list_index(args, a.len(), true, name).map(|i| {
            a.write().insert(i, args[1].clone());
            Value::Null
        }),
        "add" => arg(args, 0, C, name).map(|v| {
            a.push(v.clone());
            Value::Bool(true)
        }),
        "addall" => match arg(args, 0, C, name) {
            Ok(Value::Array(other)) => {
                let items = other.to_vec();
                a.write().extend(items);
                Ok(Value::Bool(true))
            }
            Ok(other) => Err(CfmlError::expression(format!(
                "java.util.List.addAll() takes a collection, not a {}",
                other.type_name()
            ))),
            Err(e) => Err(e),
        },
        "set" => list_index(args, a.len(), false, name).and_then(|i| {
            let v = arg(args, 1, C, name)?.clone();
            Ok(std::mem::replace(&mut a.write()[i], v))
        }),
        // `remove(int)` removes at an index; `remove(Object)` the first equal element.
        "remove" => match arg(args, 0, C, name) {
            Ok(Value::Num(_)) => {
                list_index(args, a.len(), false, name).map(|i| a.write().remove(i))
            }
            Ok(v) => {
                let pos = position(a, v);
                if let Some(p) = pos {
                    a.write().remove(p);
                }
                Ok(Value::Bool(pos.is_some()))
            }
            Err(e) => Err(e),
        },
        "contains" => arg(args, 0, C, name).map(|v| Value::Bool(position(a, v).is_some())),
        "indexof" => {
            arg(args, 0, C, name).map(|v| Value::Num(position(a, v).map_or(-1.0, |p| p as f64)))
        }
        "clear" => {
            a.write().clear();
            Ok(Value::Null)
        }
        "toarray" => Ok(Value::Array(Array::from_vec(a.to_vec()))),
        "sublist" => int_arg(args, 0, C, name).and_then(|from| {
            let to = int_arg(args, 1, C, name)?;
            let items = a.read();
            if from < 0 || to as usize > items.len() || from > to {
                return Err(CfmlError::expression(format!(
                    "java.lang.IndexOutOfBoundsException: fromIndex {from}, toIndex {to}, size {}",
                    items.len()
                )));
            }
            Ok(Value::Array(Array::from_vec(
                items[from as usize..to as usize].to_vec(),
            )))
        }),
        "iterator" | "listiterator" => Ok(iterator(a.to_vec())),
        _ => return None,
    };
    Some(r)
}

/// Where `v` is in `a` by Java's `equals` (same text for simple values, same object otherwise).
fn position(a: &Array, v: &Value) -> Option<usize> {
    a.read().iter().position(|x| java_equals(x, v))
}

pub(crate) fn java_equals(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Num(x), Value::Num(y)) => x == y,
        (x, y) if x.is_simple() && y.is_simple() => x.to_str().ok() == y.to_str().ok(),
        (x, y) => x.same_ref(y),
    }
}

fn map_method(
    ctx: &mut dyn Ctx,
    s: &rime_runtime::Struct,
    m: &str,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.util.Map";
    let key = |i: usize| -> CfResult<String> { str_arg(args, i, C, name) };
    let r = match m {
        "size" => Ok(Value::Num(s.len() as f64)),
        "isempty" => Ok(Value::Bool(s.is_empty())),
        "get" => key(0).map(|k| s.get(&k).unwrap_or(Value::Null)),
        "getordefault" => {
            key(0).and_then(|k| Ok(s.get(&k).unwrap_or(arg(args, 1, C, name)?.clone())))
        }
        "containskey" => key(0).map(|k| Value::Bool(s.contains(&k))),
        "containsvalue" => arg(args, 0, C, name)
            .map(|v| Value::Bool(s.entries().iter().any(|(_, x)| java_equals(x, v)))),
        "put" => key(0).and_then(|k| {
            let v = arg(args, 1, C, name)?.clone();
            let old = s.get(&k).unwrap_or(Value::Null);
            s.set(Key::new(k), v);
            Ok(old)
        }),
        "putifabsent" => key(0).and_then(|k| {
            let v = arg(args, 1, C, name)?.clone();
            Ok(match s.get(&k) {
                Some(old) if !old.is_null() => old,
                _ => {
                    s.set(Key::new(k), v);
                    Value::Null
                }
            })
        }),
        "computeifabsent" => key(0).and_then(|k| {
            if let Some(old) = s.get(&k).filter(|v| !v.is_null()) {
                return Ok(old);
            }
            let f = arg(args, 1, C, name)?.clone();
            let v = ctx.call(&f, vec![Value::from(k.as_str())])?;
            if !v.is_null() {
                s.set(Key::new(k), v.clone());
            }
            Ok(v)
        }),
        "putall" => match arg(args, 0, C, name) {
            Ok(Value::Struct(other)) => {
                for (k, v) in other.entries() {
                    s.set(k, v);
                }
                Ok(Value::Null)
            }
            Ok(other) => Err(CfmlError::expression(format!(
                "java.util.Map.putAll() takes a map, not a {}",
                other.type_name()
            ))),
            Err(e) => Err(e),
        },
        "remove" => key(0).map(|k| s.remove(&k).unwrap_or(Value::Null)),
        "clear" => {
            s.write().map.clear();
            Ok(Value::Null)
        }
        "keyset" => Ok(Value::Array(Array::from_vec(
            s.keys()
                .into_iter()
                .map(|k| Value::from(k.as_str()))
                .collect(),
        ))),
        "keys" => Ok(iterator(
            s.keys()
                .into_iter()
                .map(|k| Value::from(k.as_str()))
                .collect(),
        )),
        "values" => Ok(Value::Array(Array::from_vec(
            s.entries().into_iter().map(|(_, v)| v).collect(),
        ))),
        // Java's `AbstractMap.toString`: `{a=1.0, b=x}` (what `TreeMap.toString()` hashes).
        "tostring" => Ok(Value::from(crate::java_text(&Value::Struct(s.clone())))),
        "entryset" => Ok(Value::Array(Array::from_vec(
            s.entries()
                .into_iter()
                .map(|(k, v)| {
                    let e = rime_runtime::Struct::with_flags(true);
                    e.set_str("key", Value::from(k.as_str()));
                    e.set_str("value", v);
                    Value::Struct(e)
                })
                .collect(),
        ))),
        _ => return None,
    };
    Some(r)
}

/// A `java.util.Iterator` over a snapshot of values.
pub(crate) fn iterator(items: Vec<Value>) -> Value {
    Value::Native(Native::new(Iter(Mutex::new((items, 0)))))
}

#[derive(Debug)]
struct Iter(Mutex<(Vec<Value>, usize)>);

impl NativeObject for Iter {
    fn class_name(&self) -> &str {
        "java.util.Iterator"
    }
    fn call(&self, _: &Native, _: &mut dyn Ctx, name: &str, _: Vec<Value>) -> CfResult<Value> {
        let mut g = self.0.lock();
        match name.to_ascii_lowercase().as_str() {
            "hasnext" | "hasmoreelements" => Ok(Value::Bool(g.1 < g.0.len())),
            "next" | "nextelement" => {
                let i = g.1;
                match g.0.get(i).cloned() {
                    Some(v) => {
                        g.1 += 1;
                        Ok(v)
                    }
                    None => Err(CfmlError::expression("java.util.NoSuchElementException")),
                }
            }
            _ => Err(no_method(self.class_name(), name)),
        }
    }
}

/// A Java object's class (`getMetadata(obj)` in Lucee, as `obj.getClass()`).
pub fn class_of(n: &Native) -> Value {
    class_ref(n.get().class_name().to_string())
}

/// What `getClass()` returns: a class reference answering `getName()`.
pub(crate) fn class_ref(name: String) -> Value {
    Value::Native(Native::new(ClassRef(name)))
}

#[derive(Debug)]
struct ClassRef(String);

impl NativeObject for ClassRef {
    fn class_name(&self) -> &str {
        "java.lang.Class"
    }
    fn call(&self, _: &Native, _: &mut dyn Ctx, name: &str, _: Vec<Value>) -> CfResult<Value> {
        let simple = self.0.rsplit('.').next().unwrap_or(&self.0).to_string();
        Ok(match name.to_ascii_lowercase().as_str() {
            "getname" | "gettypename" | "getcanonicalname" => Value::from(self.0.as_str()),
            "getsimplename" => Value::from(simple),
            "tostring" => Value::from(format!("class {}", self.0)),
            "getpackagename" => Value::from(
                self.0
                    .rsplit_once('.')
                    .map_or(String::new(), |(p, _)| p.to_string()),
            ),
            _ => return Err(no_method(self.class_name(), name)),
        })
    }
    fn to_text(&self) -> Option<String> {
        Some(format!("class {}", self.0))
    }
}

/// Java's natural order of two values (`Comparable.compareTo`): numbers by value, text as
/// `String.compareTo`, anything else a `ClassCastException` as Java's would be.
pub(crate) fn natural_order(a: &Value, b: &Value) -> CfResult<std::cmp::Ordering> {
    match (a, b) {
        (Value::Num(x), Value::Num(y)) => Ok(x.total_cmp(y)),
        (Value::Bool(x), Value::Bool(y)) => Ok(x.cmp(y)),
        (Value::Date(x), Value::Date(y)) => Ok(x.cmp(y)),
        (x, y) if x.is_simple() && y.is_simple() => {
            Ok(java_compare(&x.to_str()?, &y.to_str()?).cmp(&0))
        }
        (x, _) => Err(crate::java_error(
            "java.lang.ClassCastException",
            format!(
                "class {} cannot be cast to class java.lang.Comparable",
                java_class_of(x)
            ),
        )),
    }
}

/// Sort `items` with a Java `Comparator` (a CFML function returning a negative, zero or
/// positive number), or in natural order without one. Stable, as Java's sort is.
pub(crate) fn sort_values(
    ctx: &mut dyn Ctx,
    items: &mut [Value],
    comparator: Option<&Value>,
) -> CfResult<()> {
    let mut failed = None;
    items.sort_by(|a, b| {
        if failed.is_some() {
            return std::cmp::Ordering::Equal;
        }
        let r = match comparator {
            Some(f) if !f.is_null() => ctx
                .call(f, vec![a.clone(), b.clone()])
                .and_then(|v| v.to_num())
                .map(|n| n.partial_cmp(&0.0).unwrap_or(std::cmp::Ordering::Equal)),
            _ => natural_order(a, b),
        };
        r.unwrap_or_else(|e| {
            failed = Some(e);
            std::cmp::Ordering::Equal
        })
    });
    failed.map_or(Ok(()), Err)
}
