//! `java.util.concurrent`: `TimeUnit`, the atomic numbers (`AtomicLong`, `AtomicInteger`,
//! `AtomicBoolean`) and the queues (`LinkedBlockingQueue`, `ArrayBlockingQueue`,
//! `ConcurrentLinkedQueue`). `ConcurrentHashMap` is a struct (`util.rs`), the executors are in
//! `executor.rs`. `CompletableFuture` and `ForkJoinPool` (functional interfaces beyond `Callable`
//! and `Runnable`) are not provided.

use crate::{arg, int_arg, java_error};
use parking_lot::{Condvar, Mutex};
use rime_runtime::{Array, CfResult, CfmlError, Ctx, Native, NativeObject, Value};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

// ---- TimeUnit ----

/// The units, finest first (their ordinals), with their length in nanoseconds.
const UNITS: [(&str, i128); 7] = [
    ("NANOSECONDS", 1),
    ("MICROSECONDS", 1_000),
    ("MILLISECONDS", 1_000_000),
    ("SECONDS", 1_000_000_000),
    ("MINUTES", 60_000_000_000),
    ("HOURS", 3_600_000_000_000),
    ("DAYS", 86_400_000_000_000),
];

#[derive(Debug)]
struct TimeUnit(usize);

/// The one object of each unit, so `TimeUnit.SECONDS` is always the same object, as in Java.
fn time_unit(i: usize) -> Value {
    static ALL: OnceLock<Vec<Native>> = OnceLock::new();
    let all = ALL.get_or_init(|| (0..UNITS.len()).map(|i| Native::new(TimeUnit(i))).collect());
    Value::Native(all[i].clone())
}

/// The `TimeUnit` `v` is, if it is one.
pub(crate) fn as_time_unit(v: &Value) -> Option<usize> {
    match v {
        Value::Native(n) if n.get().class_name() == "java.util.concurrent.TimeUnit" => {
            let name = n.get().to_text()?;
            UNITS.iter().position(|(u, _)| *u == name)
        }
        _ => None,
    }
}

/// Nanoseconds of `d` units of index `u`.
pub(crate) fn unit_nanos(u: usize) -> i128 {
    UNITS[u].1
}

/// `d` of one unit in another, truncated and saturated to a Java `long` as `TimeUnit` does.
fn convert(d: i64, from: usize, to: usize) -> f64 {
    let n = d as i128 * UNITS[from].1 / UNITS[to].1;
    n.clamp(i64::MIN as i128, i64::MAX as i128) as f64
}

/// A unit by name: case-insensitively for a field read (CFML's), exactly for `valueOf`.
fn unit_named(name: &str, exact: bool) -> Option<Value> {
    UNITS
        .iter()
        .position(|(u, _)| {
            if exact {
                *u == name
            } else {
                u.eq_ignore_ascii_case(name)
            }
        })
        .map(time_unit)
}

pub(crate) fn time_unit_fields(name: &str) -> Option<Value> {
    unit_named(name, false)
}

pub(crate) fn time_unit_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.util.concurrent.TimeUnit";
    Some(match name.to_ascii_lowercase().as_str() {
        "values" => Ok(Value::Array(Array::from_vec(
            (0..UNITS.len()).map(time_unit).collect(),
        ))),
        "valueof" => crate::str_arg(args, 0, C, name).and_then(|n| {
            unit_named(&n, true).ok_or_else(|| {
                java_error(
                    "java.lang.IllegalArgumentException",
                    format!("No enum constant java.util.concurrent.TimeUnit.{n}"),
                )
            })
        }),
        _ => return None,
    })
}

impl NativeObject for TimeUnit {
    fn class_name(&self) -> &str {
        "java.util.concurrent.TimeUnit"
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        const C: &str = "java.util.concurrent.TimeUnit";
        let m = name.to_ascii_lowercase();
        let to = |u: usize| -> CfResult<Value> {
            Ok(Value::Num(convert(int_arg(&args, 0, C, name)?, self.0, u)))
        };
        match m.as_str() {
            "tonanos" => to(0),
            "tomicros" => to(1),
            "tomillis" => to(2),
            "toseconds" => to(3),
            "tominutes" => to(4),
            "tohours" => to(5),
            "todays" => to(6),
            // `unit.convert(duration, sourceUnit)` or `unit.convert(java.time.Duration)`.
            "convert" => match args.get(1) {
                Some(u) => {
                    let from = as_time_unit(u).ok_or_else(|| {
                        CfmlError::expression(
                            "TimeUnit.convert(): the second argument must be a TimeUnit",
                        )
                    })?;
                    Ok(Value::Num(convert(
                        int_arg(&args, 0, C, name)?,
                        from,
                        self.0,
                    )))
                }
                None => {
                    let nanos = crate::time::duration_nanos(arg(&args, 0, C, name)?).ok_or_else(|| {
                        CfmlError::expression("TimeUnit.convert(): takes a duration and its TimeUnit, or a java.time.Duration")
                    })?;
                    let n = nanos / UNITS[self.0].1;
                    Ok(Value::Num(
                        n.clamp(i64::MIN as i128, i64::MAX as i128) as f64
                    ))
                }
            },
            "sleep" => {
                let d = int_arg(&args, 0, C, name)?;
                if d > 0 {
                    let nanos = (d as i128 * UNITS[self.0].1).min(u64::MAX as i128) as u64;
                    std::thread::sleep(Duration::from_nanos(nanos));
                }
                Ok(Value::Null)
            }
            "name" | "tostring" => Ok(Value::from(UNITS[self.0].0)),
            "ordinal" => Ok(Value::Num(self.0 as f64)),
            "compareto" => {
                let o = args.first().and_then(as_time_unit).ok_or_else(|| {
                    CfmlError::expression("TimeUnit.compareTo() takes a TimeUnit")
                })?;
                Ok(Value::Num(self.0 as f64 - o as f64))
            }
            "tochronounit" => Ok(crate::time::chrono_unit_for_time_unit(self.0)),
            _ => crate::static_or_object(this, ctx, time_unit_statics, name, &args),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(UNITS[self.0].0.to_string())
    }
}

// ---- AtomicLong / AtomicInteger ----

pub(crate) fn new_atomic_long(args: &[Value]) -> CfResult<Value> {
    new_atomic(args, false)
}

pub(crate) fn new_atomic_integer(args: &[Value]) -> CfResult<Value> {
    new_atomic(args, true)
}

fn new_atomic(args: &[Value], int: bool) -> CfResult<Value> {
    let v = match args.first() {
        Some(v) => v.to_num()? as i64,
        None => 0,
    };
    let v = if int { v as i32 as i64 } else { v };
    Ok(Value::Native(Native::new(Atomic {
        v: AtomicI64::new(v),
        int,
    })))
}

/// An `AtomicLong`, or an `AtomicInteger` (`int`: arithmetic wraps at 32 bits).
#[derive(Debug)]
struct Atomic {
    v: AtomicI64,
    int: bool,
}

impl Atomic {
    fn wrap(&self, n: i64) -> i64 {
        if self.int {
            n as i32 as i64
        } else {
            n
        }
    }
    /// Replace the value with `f(old)`, atomically; (old, new).
    fn update(&self, mut f: impl FnMut(i64) -> CfResult<i64>) -> CfResult<(i64, i64)> {
        loop {
            let old = self.v.load(Ordering::SeqCst);
            let new = self.wrap(f(old)?);
            if self
                .v
                .compare_exchange(old, new, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
            {
                return Ok((old, new));
            }
        }
    }
}

impl NativeObject for Atomic {
    fn class_name(&self) -> &str {
        if self.int {
            "java.util.concurrent.atomic.AtomicInteger"
        } else {
            "java.util.concurrent.atomic.AtomicLong"
        }
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let c = self.class_name();
        let n = |i: usize| int_arg(&args, i, c, name);
        let num = |x: i64| Ok(Value::Num(x as f64));
        match name.to_ascii_lowercase().as_str() {
            "get" | "intvalue" | "longvalue" | "getplain" | "getacquire" | "getopaque" => {
                num(self.v.load(Ordering::SeqCst))
            }
            "doublevalue" | "floatvalue" => num(self.v.load(Ordering::SeqCst)),
            "set" | "lazyset" | "setplain" | "setrelease" | "setopaque" => {
                let x = self.wrap(n(0)?);
                self.v.store(x, Ordering::SeqCst);
                Ok(Value::Null)
            }
            "getandset" => {
                let x = self.wrap(n(0)?);
                num(self.v.swap(x, Ordering::SeqCst))
            }
            "incrementandget" => num(self.update(|o| Ok(o.wrapping_add(1)))?.1),
            "decrementandget" => num(self.update(|o| Ok(o.wrapping_sub(1)))?.1),
            "getandincrement" => num(self.update(|o| Ok(o.wrapping_add(1)))?.0),
            "getanddecrement" => num(self.update(|o| Ok(o.wrapping_sub(1)))?.0),
            "addandget" => {
                let d = n(0)?;
                num(self.update(|o| Ok(o.wrapping_add(d)))?.1)
            }
            "getandadd" => {
                let d = n(0)?;
                num(self.update(|o| Ok(o.wrapping_add(d)))?.0)
            }
            "compareandset" | "weakcompareandset" | "weakcompareandsetplain" => {
                let (expect, new) = (self.wrap(n(0)?), self.wrap(n(1)?));
                Ok(Value::Bool(
                    self.v
                        .compare_exchange(expect, new, Ordering::SeqCst, Ordering::SeqCst)
                        .is_ok(),
                ))
            }
            // The function may run more than once under contention, as in Java.
            "updateandget" | "getandupdate" => {
                let f = arg(&args, 0, c, name)?.clone();
                let (old, new) = self
                    .update(|o| Ok(ctx.call(&f, vec![Value::Num(o as f64)])?.to_num()? as i64))?;
                num(if name.eq_ignore_ascii_case("updateAndGet") {
                    new
                } else {
                    old
                })
            }
            "accumulateandget" | "getandaccumulate" => {
                let x = n(0)?;
                let f = arg(&args, 1, c, name)?.clone();
                let (old, new) = self.update(|o| {
                    Ok(ctx
                        .call(&f, vec![Value::Num(o as f64), Value::Num(x as f64)])?
                        .to_num()? as i64)
                })?;
                num(if name.eq_ignore_ascii_case("accumulateAndGet") {
                    new
                } else {
                    old
                })
            }
            _ => crate::object_method(this, name, &args),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(self.v.load(Ordering::SeqCst).to_string())
    }
    fn to_number(&self) -> Option<f64> {
        Some(self.v.load(Ordering::SeqCst) as f64)
    }
}

pub(crate) fn new_atomic_boolean(args: &[Value]) -> CfResult<Value> {
    let v = match args.first() {
        Some(v) => v.to_bool()?,
        None => false,
    };
    Ok(Value::Native(Native::new(AtomicBoolean(AtomicBool::new(
        v,
    )))))
}

#[derive(Debug)]
struct AtomicBoolean(AtomicBool);

impl NativeObject for AtomicBoolean {
    fn class_name(&self) -> &str {
        "java.util.concurrent.atomic.AtomicBoolean"
    }
    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let c = self.class_name();
        let b = |i: usize| crate::bool_arg(&args, i, c, name);
        match name.to_ascii_lowercase().as_str() {
            "get" | "getplain" | "getacquire" | "getopaque" => {
                Ok(Value::Bool(self.0.load(Ordering::SeqCst)))
            }
            "set" | "lazyset" | "setplain" | "setrelease" | "setopaque" => {
                self.0.store(b(0)?, Ordering::SeqCst);
                Ok(Value::Null)
            }
            "getandset" => Ok(Value::Bool(self.0.swap(b(0)?, Ordering::SeqCst))),
            "compareandset" | "weakcompareandset" => {
                let (expect, new) = (b(0)?, b(1)?);
                Ok(Value::Bool(
                    self.0
                        .compare_exchange(expect, new, Ordering::SeqCst, Ordering::SeqCst)
                        .is_ok(),
                ))
            }
            _ => crate::object_method(this, name, &args),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(self.0.load(Ordering::SeqCst).to_string())
    }
}

// ---- Queues ----

pub(crate) fn new_linked_blocking_queue(args: &[Value]) -> CfResult<Value> {
    new_queue("java.util.concurrent.LinkedBlockingQueue", args, false)
}

pub(crate) fn new_array_blocking_queue(args: &[Value]) -> CfResult<Value> {
    new_queue("java.util.concurrent.ArrayBlockingQueue", args, true)
}

pub(crate) fn new_concurrent_linked_queue(args: &[Value]) -> CfResult<Value> {
    new_queue("java.util.concurrent.ConcurrentLinkedQueue", args, false)
}

/// A queue: unbounded, or with the capacity its first argument gives (`needs_capacity` for
/// `ArrayBlockingQueue`, whose constructors all take one); a collection argument is copied in.
fn new_queue(class: &'static str, args: &[Value], needs_capacity: bool) -> CfResult<Value> {
    let mut items = VecDeque::new();
    let mut capacity = usize::MAX;
    match args.first() {
        Some(Value::Array(a)) if !needs_capacity => items.extend(a.to_vec()),
        Some(v @ Value::Num(_)) | Some(v @ Value::Str(_))
            if class != "java.util.concurrent.ConcurrentLinkedQueue" =>
        {
            let n = v.to_num()? as i64;
            if n <= 0 {
                return Err(java_error("java.lang.IllegalArgumentException", ""));
            }
            capacity = n as usize;
        }
        None if !needs_capacity => {}
        Some(other) => {
            return Err(CfmlError::expression(format!(
                "[{class}] can't be constructed from a {}",
                other.type_name()
            )))
        }
        None => return Err(CfmlError::expression(format!("[{class}] takes a capacity"))),
    }
    // `ArrayBlockingQueue(capacity, fair, collection)` has the collection third.
    if let (true, Some(Value::Array(a))) = (needs_capacity, args.get(2)) {
        if a.len() > capacity {
            return Err(java_error("java.lang.IllegalArgumentException", ""));
        }
        items.extend(a.to_vec());
    }
    if items.iter().any(|v| v.is_null()) {
        return Err(java_error("java.lang.NullPointerException", ""));
    }
    Ok(Value::Native(Native::new(Queue {
        class,
        items: Mutex::new(items),
        changed: Condvar::new(),
        capacity,
    })))
}

#[derive(Debug)]
struct Queue {
    class: &'static str,
    items: Mutex<VecDeque<Value>>,
    /// Signalled on every change, for the blocking `put`, `take` and timed `offer`/`poll`.
    changed: Condvar,
    capacity: usize,
}

/// A timeout given as (amount, TimeUnit).
fn timeout(args: &[Value], at: usize, class: &str, method: &str) -> CfResult<Duration> {
    let n = int_arg(args, at, class, method)?.max(0);
    let unit = arg(args, at + 1, class, method)
        .map(as_time_unit)?
        .ok_or_else(|| CfmlError::expression(format!("[{class}.{method}()] takes a TimeUnit")))?;
    Ok(Duration::from_nanos(
        (n as i128 * unit_nanos(unit)).min(u64::MAX as i128) as u64,
    ))
}

impl Queue {
    fn element(&self, args: &[Value], name: &str) -> CfResult<Value> {
        let v = arg(args, 0, self.class, name)?;
        if v.is_null() {
            return Err(java_error("java.lang.NullPointerException", ""));
        }
        Ok(v.clone())
    }
    /// Wait on `changed` until `ready` holds or `deadline` passes (None: forever).
    fn wait_for(
        &self,
        g: &mut parking_lot::MutexGuard<'_, VecDeque<Value>>,
        deadline: Option<Instant>,
        ready: impl Fn(&VecDeque<Value>) -> bool,
    ) -> bool {
        while !ready(g) {
            match deadline {
                None => self.changed.wait(g),
                Some(d) => {
                    if self.changed.wait_until(g, d).timed_out() {
                        return ready(g);
                    }
                }
            }
        }
        true
    }
}

impl NativeObject for Queue {
    fn class_name(&self) -> &str {
        self.class
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let c = self.class;
        let m = name.to_ascii_lowercase();
        let cap = self.capacity;
        let r = match m.as_str() {
            "offer" | "add" | "put" => {
                let v = self.element(&args, name)?;
                let mut g = self.items.lock();
                let room = if m == "put" {
                    self.wait_for(&mut g, None, |q| q.len() < cap)
                } else if args.len() >= 3 {
                    let d = Instant::now() + timeout(&args, 1, c, name)?;
                    self.wait_for(&mut g, Some(d), |q| q.len() < cap)
                } else {
                    g.len() < cap
                };
                if room {
                    g.push_back(v);
                    self.changed.notify_all();
                }
                match (m.as_str(), room) {
                    ("put", _) => Value::Null,
                    ("add", false) => {
                        return Err(java_error("java.lang.IllegalStateException", "Queue full"))
                    }
                    (_, r) => Value::Bool(r),
                }
            }
            "addall" => match arg(&args, 0, c, name)? {
                Value::Array(a) => {
                    let items = a.to_vec();
                    let mut g = self.items.lock();
                    for v in items {
                        if v.is_null() {
                            return Err(java_error("java.lang.NullPointerException", ""));
                        }
                        if g.len() >= cap {
                            return Err(java_error(
                                "java.lang.IllegalStateException",
                                "Queue full",
                            ));
                        }
                        g.push_back(v);
                    }
                    self.changed.notify_all();
                    Value::Bool(true)
                }
                other => {
                    return Err(CfmlError::expression(format!(
                        "[{c}.addAll()] takes a collection, not a {}",
                        other.type_name()
                    )))
                }
            },
            "poll" | "take" => {
                let mut g = self.items.lock();
                if m == "take" {
                    self.wait_for(&mut g, None, |q| !q.is_empty());
                } else if args.len() >= 2 {
                    let d = Instant::now() + timeout(&args, 0, c, name)?;
                    self.wait_for(&mut g, Some(d), |q| !q.is_empty());
                }
                let v = g.pop_front();
                if v.is_some() {
                    self.changed.notify_all();
                }
                v.unwrap_or(Value::Null)
            }
            "remove" if args.is_empty() => {
                let v = self.items.lock().pop_front();
                self.changed.notify_all();
                v.ok_or_else(|| java_error("java.util.NoSuchElementException", ""))?
            }
            "remove" => {
                let v = arg(&args, 0, c, name)?;
                let mut g = self.items.lock();
                let pos = g.iter().position(|x| crate::values::java_equals(x, v));
                if let Some(p) = pos {
                    g.remove(p);
                    self.changed.notify_all();
                }
                Value::Bool(pos.is_some())
            }
            "peek" => self.items.lock().front().cloned().unwrap_or(Value::Null),
            "element" => self
                .items
                .lock()
                .front()
                .cloned()
                .ok_or_else(|| java_error("java.util.NoSuchElementException", ""))?,
            "size" => Value::Num(self.items.lock().len() as f64),
            "isempty" => Value::Bool(self.items.lock().is_empty()),
            "remainingcapacity" => {
                let left = cap.saturating_sub(self.items.lock().len());
                Value::Num(if cap == usize::MAX {
                    i32::MAX as f64
                } else {
                    left as f64
                })
            }
            "clear" => {
                self.items.lock().clear();
                self.changed.notify_all();
                Value::Null
            }
            "contains" => {
                let v = arg(&args, 0, c, name)?;
                Value::Bool(
                    self.items
                        .lock()
                        .iter()
                        .any(|x| crate::values::java_equals(x, v)),
                )
            }
            "toarray" => Value::Array(Array::from_vec(self.items.lock().iter().cloned().collect())),
            "iterator" => crate::values::iterator(self.items.lock().iter().cloned().collect()),
            // `drainTo(collection[, max])`: move the head elements into a list; how many.
            "drainto" => match arg(&args, 0, c, name)? {
                Value::Array(a) => {
                    let max = match args.get(1) {
                        Some(v) => v.to_num()?.max(0.0) as usize,
                        None => usize::MAX,
                    };
                    let mut g = self.items.lock();
                    let n = max.min(g.len());
                    let moved: Vec<Value> = g.drain(..n).collect();
                    drop(g);
                    self.changed.notify_all();
                    a.write().extend(moved);
                    Value::Num(n as f64)
                }
                other => {
                    return Err(CfmlError::expression(format!(
                        "[{c}.drainTo()] takes a collection, not a {}",
                        other.type_name()
                    )))
                }
            },
            _ => {
                let _ = ctx;
                return crate::object_method(this, name, &args);
            }
        };
        Ok(r)
    }
    fn to_text(&self) -> Option<String> {
        let items: Vec<Value> = self.items.lock().iter().cloned().collect();
        Some(crate::java_text(&Value::Array(Array::from_vec(items))))
    }
}
