//! `java.util`: `UUID`, and the collection classes, which are CFML values as in Lucee (a
//! `HashMap` is a struct, an `ArrayList` an array; their Java methods are in `values.rs`).

use crate::{no_method, str_arg};
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
