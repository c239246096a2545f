//! Host objects implemented in Rust that CFML code holds and calls methods on: the Java classes
//! and instances Rime provides natively (`createObject("java", …)`, in `rime-java`). The runtime
//! knows them only through this trait, so `Value` stays 16 bytes (`Value::Native` holds a thin
//! `Arc` to the boxed object).

use crate::ctx::Ctx;
use crate::error::CfResult;
use crate::value::Value;
use std::fmt::Debug;
use std::sync::Arc;

/// An object of a native (Java-shaped) class.
pub trait NativeObject: Send + Sync + Debug {
    /// The class name as Java spells it (`java.lang.StringBuilder`).
    fn class_name(&self) -> &str;
    /// Call the method `name` (case-insensitive, as CFML calls Java methods); `this` is the
    /// handle the object is called through (what `append` of a StringBuilder returns).
    fn call(
        &self,
        this: &Native,
        ctx: &mut dyn Ctx,
        name: &str,
        args: Vec<Value>,
    ) -> CfResult<Value>;
    /// Read the public field `name` (`TimeUnit.SECONDS`); None when there is no such field.
    fn field(&self, name: &str) -> Option<Value> {
        let _ = name;
        None
    }
    /// What the object is as a string (`toString()`), when it casts to one.
    fn to_text(&self) -> Option<String> {
        None
    }
    /// The number it stands for, when it casts to one (an `AtomicLong`).
    fn to_number(&self) -> Option<f64> {
        None
    }
    /// A simple value in CFML (`isSimpleValue`, settings that take one): an object that stands
    /// for a value, as a time span does.
    fn simple(&self) -> bool {
        false
    }
    /// The object itself, for the code that made it to find its own type again (an image
    /// function given an image); None for objects nothing looks into.
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        None
    }
    /// Whether it implements the Java interface `name` (`java.util.concurrent.Callable`): how
    /// an executor tells a `Callable` (`call()`) from a `Runnable` (`run()`).
    fn implements(&self, name: &str) -> bool {
        let _ = name;
        false
    }
}

/// How the missing-method error begins (`no_method`).
const NO_METHOD: &str = "No matching Method for";

/// The error for a method a native object's class does not have; callers tell it from an
/// error the method raised with `is_no_method` (and then try the methods every Java object
/// has).
pub fn no_method(class: &str, method: &str) -> Box<crate::CfmlError> {
    crate::CfmlError::expression(format!(
        "{NO_METHOD} [{class}.{method}()] found (Rime provides part of Java's API natively; see docs/compatibility.md)"
    ))
}

/// Whether `e` is the error for a method a native object does not have (`no_method`).
pub fn is_no_method(e: &crate::CfmlError) -> bool {
    e.message.starts_with(NO_METHOD)
}

/// A shared handle to a native object.
#[derive(Clone, Debug)]
pub struct Native(pub Arc<Box<dyn NativeObject>>);

impl Native {
    pub fn new(obj: impl NativeObject + 'static) -> Native {
        Native(Arc::new(Box::new(obj)))
    }
    pub fn get(&self) -> &dyn NativeObject {
        &**self.0
    }
    pub fn ptr_eq(&self, other: &Native) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
    /// The identity Java's `System.identityHashCode` would give.
    pub fn identity(&self) -> usize {
        Arc::as_ptr(&self.0) as *const u8 as usize
    }
}
