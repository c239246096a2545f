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
mod lang;
mod util;
mod values;

pub use class::{class_names, create};
pub use values::value_method;

use rime_runtime::{CfResult, CfmlError, Value};

/// The error for a method a class does not have.
pub(crate) fn no_method(class: &str, method: &str) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "No matching Method for [{class}.{method}()] found (Rime provides part of Java's API natively; see docs/compatibility.md)"
    ))
}

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
