//! The part of Java that CFML frameworks call, implemented in Rust with Java's semantics: the
//! classes `createObject("java", name)` returns (one file per class family, one table in
//! `classes.rs`) and the Java methods CFML values answer because Lucee's values are Java objects
//! (`"x".getClass().getName()`, `array.size()`, `struct.containsKey(k)`; `values.rs`).
//!
//! A class object is a `JavaClass`: its static methods and fields answer directly, `init(…)`
//! constructs, and an instance method called on the class constructs an instance with no
//! arguments first (as Lucee does). Java's collections are CFML's own values here, as in Lucee
//! (a `java.util.ArrayList` is an array, a `HashMap` a struct). A class or method Rime lacks is a
//! CFML error naming it.

mod class;
mod classes;
mod concurrent;
mod executor;
mod hibernate;
mod io;
mod lang;
mod net;
mod optional;
mod proxy;
mod reference;
mod stream;
mod time;
mod util;
mod values;

pub use class::{class_names, create};
pub use proxy::dynamic_proxy;
pub use values::{class_of, is_instance_of, value_method};

use rime_runtime::{CfResult, CfmlError, Ctx, Native, Value};

pub use rime_runtime::native::is_no_method;
pub(crate) use rime_runtime::native::no_method;

/// The argument at `i`, or an error naming the method.
pub(crate) fn arg<'a>(
    args: &'a [Value],
    i: usize,
    class: &str,
    method: &str,
) -> CfResult<&'a Value> {
    args.get(i).ok_or_else(|| {
        CfmlError::expression(format!(
            "[{class}.{method}()] takes at least {} argument(s)",
            i + 1
        ))
    })
}

/// A Java `int`/`long` argument.
pub(crate) fn int_arg(args: &[Value], i: usize, class: &str, method: &str) -> CfResult<i64> {
    Ok(arg(args, i, class, method)?.to_num()? as i64)
}

/// A Java `String` argument.
pub(crate) fn str_arg(args: &[Value], i: usize, class: &str, method: &str) -> CfResult<String> {
    Ok(arg(args, i, class, method)?.to_str()?.into_owned())
}

/// An exception a Java method throws: catchable by its class name, as Lucee's are
/// (`catch (java.lang.IllegalArgumentException e)`, `cfcatch.type`).
pub(crate) fn java_error(class: &str, message: impl Into<String>) -> Box<CfmlError> {
    let message = message.into();
    CfmlError::new(class, format!("{class}: {message}"))
}

/// An instance method a class's object lacks: a static method of the class called through the
/// instance (as Java allows), else one of the methods every object has.
pub(crate) fn static_or_object(
    this: &Native,
    ctx: &mut dyn rime_runtime::Ctx,
    statics: classes::Statics,
    name: &str,
    args: &[Value],
) -> CfResult<Value> {
    statics(ctx, name, args).unwrap_or_else(|| object_method(this, name, args))
}

/// Call the method `name` of a Java object: its own methods, then those every Java object has
/// (`getClass`, `hashCode`, `equals`, `toString`) for the classes that do not answer them.
pub fn call_native(ctx: &mut dyn Ctx, n: &Native, name: &str, args: Vec<Value>) -> CfResult<Value> {
    let every_object = ["getclass", "hashcode", "equals", "tostring"]
        .iter()
        .any(|m| m.eq_ignore_ascii_case(name));
    if !every_object {
        return n.get().call(n, ctx, name, args);
    }
    let fallback = args.clone();
    match n.get().call(n, ctx, name, args) {
        Err(e) if is_no_method(&e) => object_method(n, name, &fallback),
        r => r,
    }
}

/// The methods every Java object has (`getClass`, `hashCode`, `equals`, `toString`), for a
/// native object's call after its own methods; any other name is the missing-method error.
pub(crate) fn object_method(this: &Native, name: &str, args: &[Value]) -> CfResult<Value> {
    let obj = this.get();
    match name.to_ascii_lowercase().as_str() {
        "getclass" => Ok(values::class_ref(obj.class_name().to_string())),
        "hashcode" => Ok(Value::Num(lang::identity_hash(&Value::Native(
            this.clone(),
        )))),
        "equals" => Ok(Value::Bool(
            matches!(args.first(), Some(Value::Native(o)) if o.ptr_eq(this)),
        )),
        "tostring" => Ok(Value::from(obj.to_text().unwrap_or_else(|| {
            format!(
                "{}@{:x}",
                obj.class_name(),
                lang::identity_hash(&Value::Native(this.clone())) as u32
            )
        }))),
        _ => Err(no_method(obj.class_name(), name)),
    }
}

/// A Java `double` as `Double.toString` prints it (`1.0`, `0.5`, `1.0E10`).
pub fn java_double(n: f64) -> String {
    if n.is_nan() {
        return "NaN".into();
    }
    if n.is_infinite() {
        return if n > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    let a = n.abs();
    if a == 0.0 || (1e-3..1e7).contains(&a) {
        let s = format!("{n}");
        if s.contains('.') {
            s
        } else {
            format!("{s}.0")
        }
    } else {
        // Scientific: one digit before the point, at least one after, `E` and the exponent.
        let s = format!("{n:e}");
        let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
        let mant = if mant.contains('.') {
            mant.to_string()
        } else {
            format!("{mant}.0")
        };
        format!("{mant}E{exp}")
    }
}

/// What a value prints as inside a Java collection's `toString` (`{a=1.0, b=[x, y]}`), which
/// TestBox and ColdBox use in messages and to compare or hash values. A structure nested deeper
/// than Java would print before overflowing (a cycle) ends in `...`.
pub(crate) fn java_text(v: &Value) -> String {
    java_text_at(v, 0)
}

fn java_text_at(v: &Value, depth: usize) -> String {
    if depth > 64 {
        return "...".into();
    }
    let inner = |x: &Value| java_text_at(x, depth + 1);
    match v {
        Value::Null => "null".into(),
        Value::Num(n) => java_double(*n),
        Value::Bool(b) => b.to_string(),
        Value::Array(a) => format!(
            "[{}]",
            a.to_vec().iter().map(inner).collect::<Vec<_>>().join(", ")
        ),
        Value::Struct(s) if s.component().is_none() => format!(
            "{{{}}}",
            s.entries()
                .iter()
                .map(|(k, v)| format!("{}={}", k.as_str(), inner(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Struct(s) => s
            .component()
            .map_or_else(String::new, |m| m.fullname.to_string()),
        Value::Func(f) => format!("function {}", f.proto.name),
        Value::Native(n) => n
            .get()
            .to_text()
            .unwrap_or_else(|| format!("{}@{:x}", n.get().class_name(), n.identity())),
        other => other.to_str().map(|s| s.into_owned()).unwrap_or_else(|_| {
            format!(
                "{}@{:x}",
                values::java_class_of(other),
                lang::identity_hash(other) as u32
            )
        }),
    }
}

/// A Java `boolean` argument.
pub(crate) fn bool_arg(args: &[Value], i: usize, class: &str, method: &str) -> CfResult<bool> {
    arg(args, i, class, method)?.to_bool()
}

/// A context for Java-to-Java calls inside Rime (an `Optional` read, an adjuster applied),
/// which run no CFML code.
pub(crate) struct NoCtx;

impl rime_runtime::CodeCtx for NoCtx {
    fn call(&mut self, _: &Value, _: Vec<Value>) -> CfResult<Value> {
        Err(CfmlError::expression("no CFML code can run here"))
    }
    fn lookup(&mut self, _: &str) -> Option<Value> {
        None
    }
    fn assign(&mut self, _: &str, _: Value) -> CfResult<()> {
        Ok(())
    }
    fn evaluate(&mut self, _: &str) -> CfResult<Value> {
        Err(CfmlError::expression("no CFML code can run here"))
    }
    fn current_template(&self) -> String {
        String::new()
    }
    fn base_template(&self) -> String {
        String::new()
    }
}

impl rime_runtime::PageCtx for NoCtx {
    fn write(&mut self, _: &str) {}
}

impl rime_runtime::AppCtx for NoCtx {
    fn expand_path(&self, path: &str) -> String {
        path.to_string()
    }
}

impl rime_runtime::DataCtx for NoCtx {}
