//! `java.util.stream.IntStream`: the ranges CFML code builds arrays from
//! (`IntStream.rangeClosed(1, 10).toArray()`). Streams over CFML functions
//! (`Stream`, `Collectors`) need Java functional objects and are not provided.

use crate::{int_arg, java_error};
use parking_lot::Mutex;
use rime_runtime::{Array, CfResult, Ctx, Native, NativeObject, Value};

const C: &str = "java.util.stream.IntStream";

pub(crate) fn int_stream_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    let m = name.to_ascii_lowercase();
    Some(match m.as_str() {
        "range" | "rangeclosed" => int_arg(args, 0, C, name).and_then(|a| {
            let b = int_arg(args, 1, C, name)? as i32 as i64;
            let a = a as i32 as i64;
            let end = if m == "range" { b } else { b + 1 };
            Ok(stream((a..end).map(|i| i as f64).collect()))
        }),
        "of" => {
            let items = match args {
                [Value::Array(a)] => a.to_vec(),
                items => items.to_vec(),
            };
            items
                .iter()
                .map(|v| v.to_num().map(|n| n as i32 as f64))
                .collect::<CfResult<Vec<f64>>>()
                .map(stream)
        }
        "empty" => Ok(stream(Vec::new())),
        _ => return None,
    })
}

fn stream(items: Vec<f64>) -> Value {
    Value::Native(Native::new(IntStream(Mutex::new(Some(items)))))
}

/// An `IntStream`: its elements until a terminal operation uses them up, as in Java.
#[derive(Debug)]
struct IntStream(Mutex<Option<Vec<f64>>>);

impl NativeObject for IntStream {
    fn class_name(&self) -> &str {
        "java.util.stream.IntPipeline$Head"
    }
    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let m = name.to_ascii_lowercase();
        if !matches!(m.as_str(), "toarray" | "count" | "sum") {
            return crate::object_method(this, name, &args);
        }
        let items = self.0.lock().take().ok_or_else(|| {
            java_error(
                "java.lang.IllegalStateException",
                "stream has already been operated upon or closed",
            )
        })?;
        Ok(match m.as_str() {
            "count" => Value::Num(items.len() as f64),
            // An int sum wraps at 32 bits, as Java's does.
            "sum" => Value::Num(items.iter().fold(0i32, |s, &x| s.wrapping_add(x as i32)) as f64),
            _ => Value::Array(Array::from_vec(items.into_iter().map(Value::Num).collect())),
        })
    }
}
