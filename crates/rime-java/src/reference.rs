//! `java.lang.ref`: `SoftReference`, `WeakReference` and `ReferenceQueue`, as caches use them
//! (ColdBox's `ConcurrentSoftReferenceStore`).
//!
//! Rime's values are reference-counted, with no collector that clears references under memory
//! pressure, so a reference keeps its referent until `clear()` (Java allows a soft reference to
//! be kept for as long as memory lasts; a weak one is kept as a soft one here), and a queue never
//! receives a collected reference: `poll()` is null, `remove(timeout)` waits and is null.

use crate::{int_arg, no_method, object_method};
use parking_lot::Mutex;
use rime_runtime::{CfResult, Ctx, Native, NativeObject, Value};
use std::time::Duration;

const SOFT: &str = "java.lang.ref.SoftReference";
const WEAK: &str = "java.lang.ref.WeakReference";
const QUEUE: &str = "java.lang.ref.ReferenceQueue";

/// `new SoftReference(referent[, queue])`.
pub(crate) fn new_soft(args: &[Value]) -> CfResult<Value> {
    Ok(reference(SOFT, args))
}

/// `new WeakReference(referent[, queue])`.
pub(crate) fn new_weak(args: &[Value]) -> CfResult<Value> {
    Ok(reference(WEAK, args))
}

fn reference(class: &'static str, args: &[Value]) -> Value {
    let referent = args.first().cloned().filter(|v| !v.is_null());
    Value::Native(Native::new(Reference {
        class,
        referent: Mutex::new(referent),
    }))
}

/// `new ReferenceQueue()`.
pub(crate) fn new_queue(_: &[Value]) -> CfResult<Value> {
    Ok(Value::Native(Native::new(Queue)))
}

#[derive(Debug)]
struct Reference {
    class: &'static str,
    referent: Mutex<Option<Value>>,
}

impl NativeObject for Reference {
    fn class_name(&self) -> &str {
        self.class
    }

    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        match name.to_ascii_lowercase().as_str() {
            // A cleared reference answers Java's null.
            "get" => Ok(self.referent.lock().clone().unwrap_or(Value::Null)),
            "clear" => {
                *self.referent.lock() = None;
                Ok(Value::Null)
            }
            // Never collected, so never enqueued by a collector; `enqueue()` has no queue to
            // reach that anyone could poll.
            "isenqueued" | "enqueue" => Ok(Value::Bool(false)),
            "refersto" => {
                let other = args.first().cloned().unwrap_or(Value::Null);
                Ok(Value::Bool(match &*self.referent.lock() {
                    None => other.is_null(),
                    Some(v) => v.same_ref(&other),
                }))
            }
            _ => object_method(this, name, &args),
        }
    }

    fn implements(&self, name: &str) -> bool {
        name.eq_ignore_ascii_case("java.lang.ref.Reference")
    }
}

#[derive(Debug)]
struct Queue;

impl NativeObject for Queue {
    fn class_name(&self) -> &str {
        QUEUE
    }

    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        match name.to_ascii_lowercase().as_str() {
            "poll" => Ok(Value::Null),
            // `remove(timeout)` waits up to `timeout` ms for a reference that never comes;
            // `remove()` would wait for ever, which a request must not.
            "remove" if !args.is_empty() => {
                let ms = int_arg(&args, 0, QUEUE, name)?.clamp(0, 60_000);
                std::thread::sleep(Duration::from_millis(ms as u64));
                Ok(Value::Null)
            }
            "remove" => Err(no_method(QUEUE, "remove")),
            _ => object_method(this, name, &args),
        }
    }
}
