//! `Value`: the one CFML value type, and the shared containers behind it.
//!
//! A `Value` is 16 bytes: a tag plus a number, a thin string pointer or one `Arc`. Arrays, structs
//! and queries are reference types (Lucee passes arrays by reference), shared between threads
//! behind a `parking_lot::RwLock`; an uncontended lock is one atomic operation, so request-local
//! work pays little for being shareable with `application` scope.

use crate::date::DateTime;
use crate::error::{CfResult, CfmlError};
use crate::function::{Function, ScopeRef};
use crate::key::{Key, KeyHasher, KeyRef};
use crate::number;
use crate::query::Query;
use arcstr::ArcStr;
use indexmap::IndexMap;
use parking_lot::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::borrow::Cow;
use std::sync::Arc;

#[derive(Clone, Debug, Default)]
pub enum Value {
    #[default]
    Null,
    Bool(bool),
    /// Every CFML number is a double; integers are exact up to 2^53.
    Num(f64),
    Str(ArcStr),
    Array(Array),
    Struct(Struct),
    Query(Arc<RwLock<Query>>),
    Func(Arc<Function>),
    Date(DateTime),
    Binary(Arc<Vec<u8>>),
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Str(ArcStr::from(s))
    }
}
impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::Str(ArcStr::from(s))
    }
}
impl From<ArcStr> for Value {
    fn from(s: ArcStr) -> Value {
        Value::Str(s)
    }
}
impl From<f64> for Value {
    fn from(n: f64) -> Value {
        Value::Num(n)
    }
}
impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::Num(n as f64)
    }
}
impl From<usize> for Value {
    fn from(n: usize) -> Value {
        Value::Num(n as f64)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl Value {
    pub fn str(s: impl Into<ArcStr>) -> Value {
        Value::Str(s.into())
    }

    /// The CFML type name used in error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Num(_) => "number",
            Value::Str(_) => "string",
            Value::Array(_) => "array",
            Value::Struct(s) if s.read().meta.is_some() => "component",
            Value::Struct(_) => "struct",
            Value::Query(_) => "query",
            Value::Func(_) => "function",
            Value::Date(_) => "datetime",
            Value::Binary(_) => "binary",
        }
    }

    /// Simple values are those that cast to a string: strings, numbers, booleans, dates.
    pub fn is_simple(&self) -> bool {
        matches!(
            self,
            Value::Bool(_) | Value::Num(_) | Value::Str(_) | Value::Date(_)
        )
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    fn cast_error(&self, to: &str) -> Box<CfmlError> {
        let what = match self {
            Value::Str(s) => format!("Can't cast String [{}] to a value of type [{to}]", s),
            Value::Null => format!("Can't cast Null value to value of type [{to}]"),
            other => format!(
                "Can't cast Complex Object Type {} to {to}",
                capitalized(other.type_name())
            ),
        };
        CfmlError::expression(what)
    }

    /// Cast to a string as output and `&` do. Complex values are an error; null is "".
    pub fn to_str(&self) -> CfResult<Cow<'_, str>> {
        Ok(match self {
            Value::Str(s) => Cow::Borrowed(s.as_str()),
            Value::Num(n) => Cow::Owned(number::format(*n)),
            Value::Bool(b) => Cow::Borrowed(if *b { "true" } else { "false" }),
            Value::Null => Cow::Borrowed(""),
            Value::Date(d) => Cow::Owned(d.to_cfml_string()),
            other => return Err(CfmlError::expression(format!(
                "Can't cast Complex Object Type {} to String",
                capitalized(other.type_name())
            ))
            .with_detail(
                "Use Built-In-Function \"serialize(Array):String\" to create a String from Array",
            )),
        })
    }

    /// Cast to an `ArcStr`, sharing the allocation when the value already is a string.
    pub fn to_arcstr(&self) -> CfResult<ArcStr> {
        match self {
            Value::Str(s) => Ok(s.clone()),
            other => Ok(ArcStr::from(other.to_str()?.as_ref())),
        }
    }

    /// Append the string form to `out` (output buffers, concatenation).
    pub fn write_to(&self, out: &mut String) -> CfResult<()> {
        match self {
            Value::Str(s) => out.push_str(s),
            Value::Num(n) => number::write(*n, out),
            other => out.push_str(&other.to_str()?),
        }
        Ok(())
    }

    /// Cast to a number: numbers, numeric strings, booleans (1/0), dates (days since 1899-12-30).
    pub fn to_num(&self) -> CfResult<f64> {
        match self {
            Value::Num(n) => Ok(*n),
            Value::Str(s) => {
                if let Some(n) = number::parse(s) {
                    Ok(n)
                } else if let Some(b) = parse_bool_word(s) {
                    Ok(if b { 1.0 } else { 0.0 })
                } else {
                    Err(self.cast_error("number"))
                }
            }
            Value::Bool(b) => Ok(if *b { 1.0 } else { 0.0 }),
            Value::Date(d) => Ok(d.to_serial()),
            _ => Err(self.cast_error("number")),
        }
    }

    /// The number if the value is a number or a numeric string (no booleans, no dates).
    pub fn as_numeric(&self) -> Option<f64> {
        match self {
            Value::Num(n) => Some(*n),
            Value::Str(s) => number::parse(s),
            _ => None,
        }
    }

    /// Cast to a boolean: "yes"/"no"/"true"/"false", numbers (non-zero is true).
    pub fn to_bool(&self) -> CfResult<bool> {
        match self {
            Value::Bool(b) => Ok(*b),
            Value::Num(n) => Ok(*n != 0.0),
            Value::Str(s) => {
                if let Some(b) = parse_bool_word(s) {
                    Ok(b)
                } else if let Some(n) = number::parse(s) {
                    Ok(n != 0.0)
                } else {
                    Err(self.cast_error("boolean"))
                }
            }
            _ => Err(self.cast_error("boolean")),
        }
    }

    /// Whether the value casts to a boolean (isBoolean).
    pub fn is_boolean_like(&self) -> bool {
        match self {
            Value::Bool(_) | Value::Num(_) => true,
            Value::Str(s) => parse_bool_word(s).is_some() || number::parse(s).is_some(),
            _ => false,
        }
    }

    /// Cast to a date: dates, date strings, numbers (day serials).
    pub fn to_date(&self) -> CfResult<DateTime> {
        match self {
            Value::Date(d) => Ok(*d),
            Value::Str(s) => DateTime::parse(s).ok_or_else(|| self.cast_error("datetime")),
            Value::Num(n) => Ok(DateTime::from_serial(*n)),
            _ => Err(self.cast_error("datetime")),
        }
    }

    pub fn as_array(&self) -> Option<&Array> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    pub fn as_struct(&self) -> Option<&Struct> {
        match self {
            Value::Struct(s) => Some(s),
            _ => None,
        }
    }

    /// A shallow copy: containers get a new outer container with the same children (`duplicate`
    /// with deep=false, and `structCopy`).
    pub fn shallow_copy(&self) -> Value {
        match self {
            Value::Array(a) => Value::Array(Array::from_vec(a.read().clone())),
            Value::Struct(s) => Value::Struct(s.copy()),
            Value::Query(q) => Value::Query(Arc::new(RwLock::new(q.read().clone()))),
            other => other.clone(),
        }
    }

    /// A deep copy (`duplicate()`).
    pub fn deep_copy(&self) -> Value {
        match self {
            Value::Array(a) => Value::Array(Array::from_vec(
                a.read().iter().map(|v| v.deep_copy()).collect(),
            )),
            Value::Struct(s) if s.component().is_some() => Value::Struct(copy_component(s)),
            Value::Struct(s) => {
                let out = Struct::with_flags(s.read().ordered);
                for (k, v) in s.entries() {
                    out.set(k, v.deep_copy());
                }
                Value::Struct(out)
            }
            other => other.shallow_copy(),
        }
    }

    /// Identity for reference types, used by `===` on complex values.
    pub fn same_ref(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Array(a), Value::Array(b)) => Arc::ptr_eq(&a.0, &b.0),
            (Value::Struct(a), Value::Struct(b)) => Arc::ptr_eq(&a.0, &b.0),
            (Value::Query(a), Value::Query(b)) => Arc::ptr_eq(a, b),
            (Value::Func(a), Value::Func(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

/// `duplicate(component)`: a new instance with copies of `this` and `variables`, its methods
/// rebound to the new `variables`.
fn copy_component(this: &Struct) -> Struct {
    let new_this = Struct::with_flags(this.read().ordered);
    new_this.write().meta = this.component();
    let Some(old_vars) = this.instance_variables() else {
        for (k, v) in this.entries() {
            new_this.set(k, v.deep_copy());
        }
        return new_this;
    };
    let new_vars = Struct::with_flags(old_vars.read().ordered);
    new_this.write().vars = Some(new_vars.clone());
    let rebind = |v: &Value| -> Value {
        match v {
            Value::Func(f) if f.variables.as_ref().is_some_and(|x| x.is(&old_vars)) => {
                Value::Func(Arc::new(Function {
                    proto: f.proto.clone(),
                    captured: f.captured.clone(),
                    variables: Some(ScopeRef::Weak(new_vars.downgrade())),
                    super_: f.super_.clone(),
                    static_: f.static_.clone(),
                }))
            }
            Value::Struct(s) if s.ptr_eq(this) => Value::Struct(new_this.clone()),
            other => other.deep_copy(),
        }
    };
    for (k, v) in old_vars.entries() {
        new_vars.set(k, rebind(&v));
    }
    for (k, v) in this.entries() {
        new_this.set(k, rebind(&v));
    }
    new_this
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

impl From<&rime_compiler::Const> for Value {
    fn from(c: &rime_compiler::Const) -> Value {
        match c {
            rime_compiler::Const::Num(n) => Value::Num(*n),
            rime_compiler::Const::Str(s) => Value::Str(s.clone()),
        }
    }
}

/// The largest string a template may build (bytes): past it, concatenation and string functions
/// raise an error instead of exhausting memory.
pub const MAX_STRING: usize = 256 * 1024 * 1024;

/// A timeout setting (`sessionTimeout`, `applicationTimeout`, `requestTimeout`) as a duration:
/// a `createTimeSpan` value is a fraction of a day, a plain number under 1 too; larger numbers
/// are seconds. None for zero, negative or not finite.
pub fn timeout_setting(v: &Value) -> CfResult<Option<std::time::Duration>> {
    let n = v.to_num()?;
    let secs = if matches!(v, Value::Num(_)) && n < 1.0 {
        n * 86400.0
    } else {
        n
    };
    Ok((secs.is_finite() && secs > 0.0).then(|| std::time::Duration::from_secs_f64(secs)))
}

/// "yes"/"no"/"true"/"false", case-insensitive, surrounding blanks ignored.
pub fn parse_bool_word(s: &str) -> Option<bool> {
    let t = s.trim();
    if t.eq_ignore_ascii_case("true") || t.eq_ignore_ascii_case("yes") {
        Some(true)
    } else if t.eq_ignore_ascii_case("false") || t.eq_ignore_ascii_case("no") {
        Some(false)
    } else {
        None
    }
}

/// A CFML array: 1-based in the language, shared by reference.
#[derive(Clone, Debug, Default)]
pub struct Array(pub Arc<RwLock<Vec<Value>>>);

impl Array {
    pub fn new() -> Array {
        Array::default()
    }
    pub fn from_vec(v: Vec<Value>) -> Array {
        Array(Arc::new(RwLock::new(v)))
    }
    pub fn read(&self) -> RwLockReadGuard<'_, Vec<Value>> {
        self.0.read()
    }
    pub fn write(&self) -> RwLockWriteGuard<'_, Vec<Value>> {
        self.0.write()
    }
    pub fn len(&self) -> usize {
        self.0.read().len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn push(&self, v: Value) {
        self.0.write().push(v)
    }
    /// Element at a 1-based index.
    pub fn get1(&self, i: usize) -> Option<Value> {
        if i == 0 {
            return None;
        }
        self.0.read().get(i - 1).cloned()
    }
    pub fn to_vec(&self) -> Vec<Value> {
        self.0.read().clone()
    }
}

/// The data behind a struct: insertion-ordered, case-insensitive keys.
///
/// Every struct keeps insertion order (Lucee's unordered structs iterate in hash order; a
/// deterministic order is a superset of that behaviour). `ordered` records whether it was created
/// ordered, for `structNew("ordered")`/`[:]` and `getMetadata`.
#[derive(Clone, Debug, Default)]
pub struct StructData {
    pub map: IndexMap<Key, Value, KeyHasher>,
    pub ordered: bool,
    /// The `arguments` scope: a numeric index addresses the n-th entry (`arguments[1]`).
    pub positional: bool,
    /// Set on a component instance's `this` struct.
    pub meta: Option<Arc<crate::component::ComponentMeta>>,
    /// On a component instance's `this`: its `variables` scope. The instance owns it; the
    /// methods stored in it refer back to it weakly, so instances hold no reference cycle.
    pub vars: Option<Struct>,
}

/// A CFML struct, shared by reference.
#[derive(Clone, Debug, Default)]
pub struct Struct(pub Arc<RwLock<StructData>>);

impl Struct {
    pub fn new() -> Struct {
        Struct::default()
    }
    pub fn with_flags(ordered: bool) -> Struct {
        Struct(Arc::new(RwLock::new(StructData {
            map: IndexMap::default(),
            ordered,
            positional: false,
            meta: None,
            vars: None,
        })))
    }
    pub fn read(&self) -> RwLockReadGuard<'_, StructData> {
        self.0.read()
    }
    pub fn write(&self) -> RwLockWriteGuard<'_, StructData> {
        self.0.write()
    }
    pub fn get(&self, name: &str) -> Option<Value> {
        self.0.read().map.get(&KeyRef::new(name)).cloned()
    }
    pub fn get_ref(&self, key: KeyRef<'_>) -> Option<Value> {
        self.0.read().map.get(&key).cloned()
    }
    /// A key's value as a string (tag attributes, option structs); None when missing or null.
    pub fn get_text(&self, name: &str) -> CfResult<Option<String>> {
        self.get(name)
            .filter(|v| !v.is_null())
            .map(|v| v.to_str().map(|s| s.into_owned()))
            .transpose()
    }
    pub fn contains(&self, name: &str) -> bool {
        self.0.read().map.contains_key(&KeyRef::new(name))
    }
    /// Set a key; an existing key keeps its original case.
    pub fn set(&self, key: Key, v: Value) {
        let mut g = self.0.write();
        if let Some(slot) = g.map.get_mut(&key) {
            *slot = v;
        } else {
            g.map.insert(key, v);
        }
    }
    pub fn set_str(&self, name: &str, v: Value) {
        self.set(Key::new(name), v)
    }
    pub fn remove(&self, name: &str) -> Option<Value> {
        self.0.write().map.shift_remove(&KeyRef::new(name))
    }
    pub fn len(&self) -> usize {
        self.0.read().map.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn keys(&self) -> Vec<Key> {
        self.0.read().map.keys().cloned().collect()
    }
    pub fn entries(&self) -> Vec<(Key, Value)> {
        self.0
            .read()
            .map
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }
    pub fn clear(&self) {
        self.0.write().map.clear()
    }
    /// A new struct with the same entries (shallow).
    pub fn copy(&self) -> Struct {
        Struct(Arc::new(RwLock::new(self.0.read().clone())))
    }
    pub fn ptr_eq(&self, other: &Struct) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
    /// The component this struct is the instance (`this`) of.
    pub fn component(&self) -> Option<Arc<crate::component::ComponentMeta>> {
        self.0.read().meta.clone()
    }
    /// The `variables` scope of the component instance this struct is the `this` of.
    pub fn instance_variables(&self) -> Option<Struct> {
        self.0.read().vars.clone()
    }
    pub fn downgrade(&self) -> WeakStruct {
        WeakStruct(Arc::downgrade(&self.0))
    }

    /// Let go of a scope whose owner is done with it (a page's `variables` at the end of the
    /// request, a function's `local` when it returns, an instance's `variables` when the
    /// instance goes). If the only other references to it come from closures stored in it that
    /// capture it, nothing else can reach it: empty it, which breaks that reference cycle.
    pub fn release(self) {
        let internal: usize = {
            let g = self.0.read();
            g.map
                .values()
                .map(|v| match v {
                    // A closure also held elsewhere keeps the scope reachable: not internal.
                    Value::Func(f) if Arc::strong_count(f) == 1 => f.strong_refs_to(&self),
                    _ => 0,
                })
                .sum()
        };
        if internal > 0 && Arc::strong_count(&self.0) == internal + 1 {
            // Take the entries out first so their destructors run outside the lock.
            let entries = std::mem::take(&mut self.0.write().map);
            drop(entries);
        }
    }
}

impl Drop for StructData {
    fn drop(&mut self) {
        if let Some(vars) = self.vars.take() {
            // The instance's own members go first: closures in `this` may hold `variables`.
            drop(std::mem::take(&mut self.map));
            vars.release();
        }
    }
}

/// A struct referenced without keeping it alive: how a declared function refers to the scope it
/// is stored in, so that scope and function form no reference cycle.
#[derive(Clone, Debug)]
pub struct WeakStruct(std::sync::Weak<RwLock<StructData>>);

impl WeakStruct {
    pub fn upgrade(&self) -> Option<Struct> {
        self.0.upgrade().map(Struct)
    }
    pub fn ptr_eq(&self, s: &Struct) -> bool {
        std::ptr::eq(self.0.as_ptr(), Arc::as_ptr(&s.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_is_16_bytes() {
        assert_eq!(std::mem::size_of::<Value>(), 16);
        assert_eq!(std::mem::size_of::<Option<Value>>(), 16);
    }

    #[test]
    fn struct_keys_are_case_insensitive_and_keep_case() {
        let s = Struct::new();
        s.set_str("firstName", Value::from(1.0));
        s.set_str("FIRSTNAME", Value::from(2.0));
        assert_eq!(s.len(), 1);
        assert_eq!(s.keys()[0].as_str(), "firstName");
        assert!(matches!(s.get("firstname"), Some(Value::Num(n)) if n == 2.0));
    }

    #[test]
    fn coercions() {
        assert_eq!(Value::from("5").to_num().ok(), Some(5.0));
        assert_eq!(Value::from(" yes ").to_bool().ok(), Some(true));
        assert!(Value::from("abc").to_num().is_err());
        assert_eq!(Value::from(3.0).to_str().ok().as_deref(), Some("3"));
    }
}
