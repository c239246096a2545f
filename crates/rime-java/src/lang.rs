//! `java.lang`: `System`, `Runtime`, `Thread`, `String`, `StringBuilder`/`StringBuffer`, and the
//! exception classes CFML code constructs (`RuntimeException`).

use crate::{arg, int_arg, no_method, str_arg};
use parking_lot::Mutex;
use rime_runtime::{CfResult, CfmlError, Ctx, Native, NativeObject, Struct, Value};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

// ---- java.lang.System ----

pub(crate) fn system_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.lang.System";
    let m = name.to_ascii_lowercase();
    Some(match m.as_str() {
        "currenttimemillis" => Ok(Value::Num(
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0.0, |d| d.as_millis() as f64),
        )),
        "nanotime" => Ok(Value::Num(nano_time())),
        "getenv" => match args.first() {
            None => {
                let s = Struct::new();
                for (k, v) in std::env::vars() {
                    s.set_str(&k, Value::from(v));
                }
                Ok(Value::Struct(s))
            }
            // Java returns null for a variable that is not set.
            Some(n) => n
                .to_str()
                .map(|n| std::env::var(n.as_ref()).map_or(Value::Null, Value::from)),
        },
        "getproperty" => str_arg(args, 0, C, name).map(|k| {
            property(&k)
                .map(Value::from)
                .or_else(|| args.get(1).cloned())
                .unwrap_or(Value::Null)
        }),
        // Properties set at run time are the process's, as a JVM's are: every request sees them.
        "setproperty" => (|| {
            let k = str_arg(args, 0, C, name)?;
            let v = str_arg(args, 1, C, name)?;
            Ok(set_property(&k, Some(v.to_string())).map_or(Value::Null, Value::from))
        })(),
        "clearproperty" => str_arg(args, 0, C, name)
            .map(|k| set_property(&k, None).map_or(Value::Null, Value::from)),
        "getproperties" => {
            let s = Struct::new();
            for k in PROPERTIES {
                if let Some(v) = property(k) {
                    s.set_str(k, Value::from(v));
                }
            }
            for (k, v) in SET_PROPERTIES.lock().iter() {
                match v {
                    Some(v) => s.set_str(k, Value::from(v.as_str())),
                    None => {
                        s.remove(k);
                    }
                }
            }
            Ok(Value::Struct(s))
        }
        "lineseparator" => Ok(Value::from("\n")),
        "identityhashcode" => arg(args, 0, C, name).map(|v| Value::Num(identity_hash(v))),
        // As in Java, a request for a collection: the cycle collector runs now.
        "gc" => {
            rime_runtime::gc::collect_all();
            Ok(Value::Null)
        }
        // Rime runs no finalizers.
        "runfinalization" => Ok(Value::Null),
        _ => return None,
    })
}

pub(crate) fn system_fields(name: &str) -> Option<Value> {
    if name.eq_ignore_ascii_case("out") || name.eq_ignore_ascii_case("err") {
        return Some(Value::Native(Native::new(PrintStream {
            err: name.eq_ignore_ascii_case("err"),
        })));
    }
    None
}

/// The JVM's monotonic clock: nanoseconds since the process's first use of it.
fn nano_time() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_nanos() as f64
}

const PROPERTIES: &[&str] = &[
    "java.version",
    "java.vendor",
    "java.vm.name",
    "os.name",
    "os.arch",
    "os.version",
    "file.separator",
    "path.separator",
    "line.separator",
    "user.dir",
    "user.home",
    "user.name",
    "java.io.tmpdir",
    "file.encoding",
];

/// Properties `setProperty` set (Some) or `clearProperty` removed (None), over `property`'s.
static SET_PROPERTIES: Mutex<Vec<(String, Option<String>)>> = Mutex::new(Vec::new());

/// Set or clear a property; its previous value.
fn set_property(key: &str, value: Option<String>) -> Option<String> {
    let old = property(key);
    let mut set = SET_PROPERTIES.lock();
    match set.iter_mut().find(|(k, _)| k == key) {
        Some((_, v)) => *v = value,
        None => set.push((key.to_string(), value)),
    }
    old
}

/// The system properties a JVM would report, from what this process knows.
fn property(key: &str) -> Option<String> {
    if let Some((_, v)) = SET_PROPERTIES.lock().iter().find(|(k, _)| k == key) {
        return v.clone();
    }
    Some(match key {
        "java.version" => "21.0.0".to_string(),
        "java.vendor" => "Rime".to_string(),
        "java.vm.name" => "Rime (no JVM)".to_string(),
        "os.name" => match std::env::consts::OS {
            "linux" => "Linux".to_string(),
            "macos" => "Mac OS X".to_string(),
            "windows" => "Windows".to_string(),
            other => other.to_string(),
        },
        "os.arch" => match std::env::consts::ARCH {
            "x86_64" => "amd64".to_string(),
            other => other.to_string(),
        },
        "os.version" => std::fs::read_to_string("/proc/sys/kernel/osrelease")
            .map(|s| s.trim().to_string())
            .unwrap_or_default(),
        "file.separator" => std::path::MAIN_SEPARATOR.to_string(),
        "path.separator" => if cfg!(windows) { ";" } else { ":" }.to_string(),
        "line.separator" => "\n".to_string(),
        "user.dir" => std::env::current_dir().ok()?.to_string_lossy().into_owned(),
        "user.home" => std::env::var("HOME").ok()?,
        "user.name" => std::env::var("USER").unwrap_or_else(|_| "root".to_string()),
        "java.io.tmpdir" => std::env::temp_dir().to_string_lossy().into_owned(),
        "file.encoding" => "UTF-8".to_string(),
        _ => return None,
    })
}

/// `System.identityHashCode`: distinct for distinct reference values, stable while they live.
pub(crate) fn identity_hash(v: &Value) -> f64 {
    let addr = match v {
        Value::Struct(s) => s.identity(),
        Value::Array(a) => a.identity(),
        Value::Native(n) => n.identity(),
        Value::Func(f) => std::sync::Arc::as_ptr(f) as *const u8 as usize,
        Value::Null => 0,
        // Simple values: Java would hash a boxed copy; a hash of the text is as useful.
        other => other
            .to_str()
            .map_or(0, |s| java_string_hash(&s) as u32 as usize),
    };
    // An int, as Java's is.
    ((addr >> 4) as u32 & 0x7fff_ffff) as f64
}

/// Java's `String.hashCode` (UTF-16 code units, 31 as the multiplier, wrapping).
pub(crate) fn java_string_hash(s: &str) -> i32 {
    s.encode_utf16()
        .fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(c as i32))
}

#[derive(Debug)]
struct PrintStream {
    err: bool,
}

impl NativeObject for PrintStream {
    fn class_name(&self) -> &str {
        "java.io.PrintStream"
    }
    fn call(&self, _: &Native, _: &mut dyn Ctx, name: &str, args: Vec<Value>) -> CfResult<Value> {
        let text = match args.first() {
            Some(v) => v.to_str()?.into_owned(),
            None => String::new(),
        };
        let line = match name.to_ascii_lowercase().as_str() {
            "println" => format!("{text}\n"),
            "print" => text,
            "flush" => String::new(),
            _ => return Err(no_method(self.class_name(), name)),
        };
        use std::io::Write;
        if self.err {
            let _ = std::io::stderr().write_all(line.as_bytes());
        } else {
            let _ = std::io::stdout().write_all(line.as_bytes());
        }
        Ok(Value::Null)
    }
}

// ---- java.lang.Thread ----

pub(crate) fn thread_statics(
    ctx: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.lang.Thread";
    Some(match name.to_ascii_lowercase().as_str() {
        "currentthread" => {
            let t = std::thread::current();
            Ok(Value::Native(Native::new(ThreadObj {
                name: t.name().unwrap_or("main").to_string(),
                id: thread_id(),
                os: t.id(),
                group: if ctx.in_thread() { "cfthread" } else { "main" },
            })))
        }
        "sleep" => int_arg(args, 0, C, name).and_then(|ms| {
            if ms < 0 {
                return Err(crate::java_error(
                    "java.lang.IllegalArgumentException",
                    "timeout value is negative",
                ));
            }
            // Java's sleep ends at once, clearing the flag, when the thread is interrupted.
            if INTERRUPTED.with(|f| f.replace(false)) {
                return Err(crate::java_error(
                    "java.lang.InterruptedException",
                    "sleep interrupted",
                ));
            }
            std::thread::sleep(std::time::Duration::from_millis(ms as u64));
            Ok(Value::Null)
        }),
        // Whether the current thread was interrupted, clearing the flag.
        "interrupted" => Ok(Value::Bool(INTERRUPTED.with(|f| f.replace(false)))),
        "onspinwait" | "yield" => {
            std::thread::yield_now();
            Ok(Value::Null)
        }
        _ => return None,
    })
}

/// A number per OS thread, as Java's thread ids are.
fn thread_id() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    thread_local!(static ID: u64 = NEXT.fetch_add(1, Ordering::Relaxed));
    ID.with(|id| *id)
}

thread_local! {
    /// The current thread's interrupt status (`interrupt()`, `isInterrupted()`).
    static INTERRUPTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[derive(Debug)]
struct ThreadObj {
    name: String,
    id: u64,
    /// The thread it stands for: the interrupt flag can only be read and set from there.
    os: std::thread::ThreadId,
    group: &'static str,
}

impl ThreadObj {
    fn is_current(&self) -> bool {
        std::thread::current().id() == self.os
    }
}

impl NativeObject for ThreadObj {
    fn class_name(&self) -> &str {
        "java.lang.Thread"
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        Ok(match name.to_ascii_lowercase().as_str() {
            "getname" => Value::from(self.name.as_str()),
            "getid" | "threadid" => Value::Num(self.id as f64),
            "isinterrupted" => Value::Bool(self.is_current() && INTERRUPTED.with(|f| f.get())),
            "isdaemon" | "isvirtual" => Value::Bool(false),
            "isalive" => Value::Bool(true),
            "getpriority" => Value::Num(5.0),
            "interrupt" => {
                if self.is_current() {
                    INTERRUPTED.with(|f| f.set(true));
                }
                Value::Null
            }
            "getthreadgroup" => Value::Native(Native::new(ThreadGroup(self.group))),
            "tostring" => Value::from(self.to_text().unwrap_or_default()),
            // Static methods called through an instance, as Java allows.
            _ => return crate::static_or_object(this, ctx, thread_statics, name, &args),
        })
    }
    fn to_text(&self) -> Option<String> {
        Some(format!(
            "Thread[#{},{},5,{}]",
            self.id, self.name, self.group
        ))
    }
}

/// `Thread.getThreadGroup()`: its name (`main`, or `cfthread` in a `<cfthread>` body, which
/// Adobe-style checks look for).
#[derive(Debug)]
struct ThreadGroup(&'static str);

impl NativeObject for ThreadGroup {
    fn class_name(&self) -> &str {
        "java.lang.ThreadGroup"
    }
    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        match name.to_ascii_lowercase().as_str() {
            "getname" => Ok(Value::from(self.0)),
            "getmaxpriority" => Ok(Value::Num(10.0)),
            _ => crate::object_method(this, name, &args),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(format!("java.lang.ThreadGroup[name={},maxpri=10]", self.0))
    }
}

// ---- java.lang.Runtime ----

pub(crate) fn runtime_statics(_: &mut dyn Ctx, name: &str, _: &[Value]) -> Option<CfResult<Value>> {
    name.eq_ignore_ascii_case("getRuntime")
        .then(|| Ok(Value::Native(Native::new(Runtime))))
}

/// `Runtime.getRuntime()`. Rime has no Java heap: its memory is the machine's (or the
/// container's limit), so `maxMemory`/`totalMemory` are that and `freeMemory` what is still
/// available of it, keeping Java's `free <= total <= max`.
#[derive(Debug)]
struct Runtime;

/// A `/proc/meminfo` entry in bytes.
fn meminfo(key: &str) -> Option<f64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kb: f64 = line[key.len()..]
        .trim_start_matches(':')
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024.0)
}

/// A cgroup v2 memory file as bytes (`memory.max` is `max` when unlimited).
fn cgroup_memory(file: &str) -> Option<f64> {
    std::fs::read_to_string(format!("/sys/fs/cgroup/{file}"))
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// (total, free) bytes.
fn memory() -> (f64, f64) {
    let total = meminfo("MemTotal").unwrap_or(0.0);
    let free = meminfo("MemAvailable").unwrap_or(0.0);
    match (cgroup_memory("memory.max"), cgroup_memory("memory.current")) {
        (Some(max), Some(used)) if max < total => (max, (max - used).clamp(0.0, free)),
        _ => (total, free.min(total)),
    }
}

impl NativeObject for Runtime {
    fn class_name(&self) -> &str {
        "java.lang.Runtime"
    }
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        match name.to_ascii_lowercase().as_str() {
            "availableprocessors" => Ok(Value::Num(
                std::thread::available_parallelism().map_or(1, |n| n.get()) as f64,
            )),
            "maxmemory" | "totalmemory" => Ok(Value::Num(memory().0)),
            "freememory" => Ok(Value::Num(memory().1)),
            "gc" => {
                rime_runtime::gc::collect_all();
                Ok(Value::Null)
            }
            "runfinalization" => Ok(Value::Null),
            _ => crate::static_or_object(this, ctx, runtime_statics, name, &args),
        }
    }
}

// ---- java.lang.String ----

/// `new String()`, `new String(text)`, `new String(bytes[, charset])`: a CFML string, as Lucee
/// turns a Java string into one.
pub(crate) fn new_string(args: &[Value]) -> CfResult<Value> {
    Ok(match args.first() {
        None => Value::from(""),
        Some(Value::Binary(b)) => {
            let charset = match args.get(1) {
                Some(c) => c.to_str()?.to_ascii_lowercase(),
                None => "utf-8".to_string(),
            };
            Value::from(decode(b, &charset)?)
        }
        Some(Value::Array(a)) => {
            // A char[]: its characters, joined.
            let mut s = String::new();
            for c in a.read().iter() {
                s.push_str(&c.to_str()?);
            }
            Value::from(s)
        }
        Some(v) => Value::from(v.to_str()?.into_owned()),
    })
}

/// Bytes in a charset Java knows as text.
pub(crate) fn decode(b: &[u8], charset: &str) -> CfResult<String> {
    Ok(match charset.replace('_', "-").as_str() {
        "utf-8" | "utf8" => String::from_utf8_lossy(b).into_owned(),
        "iso-8859-1" | "latin1" | "iso8859-1" => b.iter().map(|&c| c as char).collect(),
        "us-ascii" | "ascii" => b
            .iter()
            .map(|&c| if c < 128 { c as char } else { '\u{fffd}' })
            .collect(),
        other => {
            return Err(crate::java_error(
                "java.io.UnsupportedEncodingException",
                other.to_string(),
            ))
        }
    })
}

pub(crate) fn string_statics(
    _: &mut dyn Ctx,
    name: &str,
    args: &[Value],
) -> Option<CfResult<Value>> {
    const C: &str = "java.lang.String";
    Some(match name.to_ascii_lowercase().as_str() {
        "valueof" | "copyvalueof" => {
            arg(args, 0, C, name).map(|v| Value::from(crate::java_text(v)))
        }
        // `String.join(sep, elements…)` or `String.join(sep, list)`.
        "join" => str_arg(args, 0, C, name).map(|sep| {
            let parts: Vec<String> = match args.get(1) {
                Some(Value::Array(a)) if args.len() == 2 => {
                    a.read().iter().map(crate::java_text).collect()
                }
                _ => args[1..].iter().map(crate::java_text).collect(),
            };
            Value::from(parts.join(&sep))
        }),
        _ => return None,
    })
}

// ---- java.lang.Throwable and the exceptions CFML code constructs ----

/// `new RuntimeException(message[, cause])` and its siblings: an exception object (what
/// `CompletableFuture.completeExceptionally` or `throw(object=…)` take).
pub(crate) fn new_throwable(class: &'static str, args: &[Value]) -> CfResult<Value> {
    let (message, cause) = match args.first() {
        None => (None, None),
        // `new RuntimeException(cause)`: the cause's text is the message.
        Some(Value::Native(n)) if n.get().class_name().contains("Exception") => {
            (n.get().to_text(), Some(Value::Native(n.clone())))
        }
        Some(Value::Null) => (None, args.get(1).cloned()),
        Some(v) => (Some(v.to_str()?.into_owned()), args.get(1).cloned()),
    };
    Ok(Value::Native(Native::new(Throwable {
        class,
        message,
        cause: cause.filter(|c| !c.is_null()),
    })))
}

#[derive(Debug)]
struct Throwable {
    class: &'static str,
    message: Option<String>,
    cause: Option<Value>,
}

impl NativeObject for Throwable {
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
            "getmessage" | "getlocalizedmessage" => {
                Ok(self.message.as_deref().map_or(Value::Null, Value::from))
            }
            "getcause" => Ok(self.cause.clone().unwrap_or(Value::Null)),
            _ => crate::object_method(this, name, &args),
        }
    }
    fn to_text(&self) -> Option<String> {
        Some(match &self.message {
            Some(m) => format!("{}: {m}", self.class),
            None => self.class.to_string(),
        })
    }
}

// ---- java.lang.StringBuilder / StringBuffer ----

pub(crate) fn new_string_builder(args: &[Value]) -> CfResult<Value> {
    // `new StringBuilder(16)` is a capacity; `new StringBuilder("x")` the initial text.
    let text = match args.first() {
        Some(Value::Num(_)) | None => String::new(),
        Some(v) => v.to_str()?.into_owned(),
    };
    Ok(Value::Native(Native::new(StringBuilder(Mutex::new(text)))))
}

#[derive(Debug)]
struct StringBuilder(Mutex<String>);

/// A char index (UTF-16 in Java; characters here) as a byte offset into `s`, or an error.
fn char_offset(s: &str, i: i64, method: &str) -> CfResult<usize> {
    let n = s.chars().count() as i64;
    if i < 0 || i > n {
        return Err(CfmlError::expression(format!(
            "java.lang.StringIndexOutOfBoundsException: index {i}, length {n} (StringBuilder.{method})"
        )));
    }
    Ok(s.char_indices().nth(i as usize).map_or(s.len(), |(b, _)| b))
}

impl NativeObject for StringBuilder {
    fn class_name(&self) -> &str {
        "java.lang.StringBuilder"
    }

    fn call(
        &self,
        this: &Native,
        _: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        const C: &str = "java.lang.StringBuilder";
        let me = || Ok(Value::Native(this.clone()));
        let m = name.to_ascii_lowercase();
        match m.as_str() {
            "append" => {
                let piece = match args.first() {
                    Some(v) => v.to_str()?.into_owned(),
                    None => String::new(),
                };
                self.0.lock().push_str(&piece);
                me()
            }
            "tostring" => Ok(Value::from(self.0.lock().as_str())),
            "length" => Ok(Value::Num(self.0.lock().chars().count() as f64)),
            "isempty" => Ok(Value::Bool(self.0.lock().is_empty())),
            "capacity" => Ok(Value::Num(self.0.lock().capacity().max(16) as f64)),
            "insert" => {
                let at = int_arg(&args, 0, C, name)?;
                let piece = str_arg(&args, 1, C, name)?;
                let mut s = self.0.lock();
                let b = char_offset(&s, at, name)?;
                s.insert_str(b, &piece);
                drop(s);
                me()
            }
            "reverse" => {
                let mut s = self.0.lock();
                *s = s.chars().rev().collect();
                drop(s);
                me()
            }
            "setlength" => {
                let n = int_arg(&args, 0, C, name)?.max(0) as usize;
                let mut s = self.0.lock();
                let count = s.chars().count();
                if n <= count {
                    let b = char_offset(&s, n as i64, name)?;
                    s.truncate(b);
                } else {
                    s.extend(std::iter::repeat_n('\0', n - count));
                }
                Ok(Value::Null)
            }
            "charat" => {
                let i = int_arg(&args, 0, C, name)?;
                let s = self.0.lock();
                let b = char_offset(&s, i, name)?;
                match s[b..].chars().next() {
                    Some(c) => Ok(Value::from(c.to_string())),
                    None => Err(CfmlError::expression(format!(
                        "java.lang.StringIndexOutOfBoundsException: index {i} (StringBuilder.charAt)"
                    ))),
                }
            }
            "indexof" | "lastindexof" => {
                let needle = str_arg(&args, 0, C, name)?;
                let s = self.0.lock();
                let found = if m == "indexof" {
                    s.find(&needle)
                } else {
                    s.rfind(&needle)
                };
                Ok(Value::Num(
                    found.map_or(-1.0, |b| s[..b].chars().count() as f64),
                ))
            }
            "delete" | "replace" => {
                let start = int_arg(&args, 0, C, name)?;
                let end = int_arg(&args, 1, C, name)?;
                let with = if m == "replace" {
                    str_arg(&args, 2, C, name)?
                } else {
                    String::new()
                };
                let mut s = self.0.lock();
                let count = s.chars().count() as i64;
                let a = char_offset(&s, start, name)?;
                let b = char_offset(&s, end.min(count).max(start), name)?;
                s.replace_range(a..b, &with);
                drop(s);
                me()
            }
            "deletecharat" => {
                let i = int_arg(&args, 0, C, name)?;
                let mut s = self.0.lock();
                let a = char_offset(&s, i, name)?;
                let b = char_offset(&s, i + 1, name)?;
                s.replace_range(a..b, "");
                drop(s);
                me()
            }
            "setcharat" => {
                let i = int_arg(&args, 0, C, name)?;
                let c = str_arg(&args, 1, C, name)?;
                let mut s = self.0.lock();
                let a = char_offset(&s, i, name)?;
                let b = char_offset(&s, i + 1, name)?;
                s.replace_range(a..b, &c.chars().take(1).collect::<String>());
                Ok(Value::Null)
            }
            "substring" => {
                let start = int_arg(&args, 0, C, name)?;
                let s = self.0.lock();
                let count = s.chars().count() as i64;
                let end = match args.get(1) {
                    Some(v) => v.to_num()? as i64,
                    None => count,
                };
                let a = char_offset(&s, start, name)?;
                let b = char_offset(&s, end, name)?;
                Ok(Value::from(s.get(a..b.max(a)).unwrap_or_default()))
            }
            "hashcode" => Ok(Value::Num(crate::lang::identity_hash(&Value::Native(
                this.clone(),
            )))),
            "equals" => Ok(Value::Bool(
                matches!(args.first(), Some(Value::Native(o)) if o.ptr_eq(this)),
            )),
            _ => Err(no_method(C, name)),
        }
    }

    fn to_text(&self) -> Option<String> {
        Some(self.0.lock().clone())
    }
}
