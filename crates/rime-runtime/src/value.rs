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
use crate::xml::Xml;
use arcstr::ArcStr;
use indexmap::IndexMap;
use parking_lot::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::borrow::Cow;
use std::sync::atomic::{AtomicU64, Ordering};
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
    /// An XML document, node, node list or attribute struct (`xmlParse`, `<cfxml>`).
    Xml(Xml),
    /// A Java-shaped object implemented in Rust (`createObject("java", …)`).
    Native(crate::native::Native),
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
            Value::Xml(_) => "xml",
            Value::Native(_) => "object",
        }
    }

    /// Simple values are those that cast to a string: strings, numbers, booleans, dates.
    pub fn is_simple(&self) -> bool {
        match self {
            Value::Bool(_) | Value::Num(_) | Value::Str(_) | Value::Date(_) => true,
            // An object standing for a simple value (a time span).
            Value::Native(n) => n.get().simple(),
            _ => false,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    fn cast_error(&self, to: &str) -> Box<CfmlError> {
        let what = match self {
            Value::Str(s) => format!("Can't cast String [{}] to a value of type [{to}]", s),
            Value::Null => format!("Can't cast Null value to value of type [{to}]"),
            Value::Num(n) => format!(
                "Can't cast Number [{}] to a value of type [{to}]",
                number::format(*n)
            ),
            other => format!(
                "Can't cast Complex Object Type {} to {to}",
                other.type_title()
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
            // An XML node casts to its markup (Lucee).
            Value::Xml(x) => Cow::Owned(x.to_xml_string()?),
            // A Java object casts to its `toString()` where Java's would (StringBuilder, UUID).
            Value::Native(n) => match n.get().to_text() {
                Some(t) => Cow::Owned(t),
                None => return Err(self.not_a_string()),
            },
            _ => return Err(self.not_a_string()),
        })
    }

    /// The type's name as error messages spell it (`Struct`, `Array`).
    pub fn type_title(&self) -> String {
        capitalized(self.type_name())
    }

    fn not_a_string(&self) -> Box<CfmlError> {
        CfmlError::expression(format!(
            "Can't cast Complex Object Type {} to String",
            self.type_title()
        ))
        .with_detail(
            "Use Built-In-Function \"serialize(Array):String\" to create a String from Array",
        )
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
            Value::Native(n) => match n.get().to_number() {
                Some(x) => Ok(x),
                None => match n.get().to_text().and_then(|t| number::parse(&t)) {
                    Some(x) => Ok(x),
                    None => Err(self.cast_error("number")),
                },
            },
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
            Value::Num(n) => {
                DateTime::try_from_serial(*n).ok_or_else(|| self.cast_error("datetime"))
            }
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
            Value::Array(a) => Value::Array(a.with_items(a.read().clone())),
            Value::Struct(s) => Value::Struct(s.copy()),
            Value::Query(q) => Value::Query(Arc::new(RwLock::new(q.read().clone()))),
            Value::Xml(x) => x.deep_copy().unwrap_or_else(|_| self.clone()),
            other => other.clone(),
        }
    }

    /// A deep copy (`duplicate()`); an error past `MAX_COPY_DEPTH` levels of nesting.
    pub fn deep_copy(&self) -> CfResult<Value> {
        self.deep_copy_in(&mut Copies::default())
    }

    /// `deep_copy` remembering the containers copied so far: one reached again (a struct that
    /// holds itself, two paths to one array) is the same copy, so a cycle is copied as a cycle
    /// (Lucee) instead of recursing for ever.
    fn deep_copy_in(&self, seen: &mut Copies) -> CfResult<Value> {
        match self {
            Value::Array(a) => {
                if let Some(c) = seen.map.get(&a.identity()) {
                    return Ok(c.clone());
                }
                let out = a.with_items(Vec::new());
                seen.map.insert(a.identity(), Value::Array(out.clone()));
                seen.enter()?;
                let items = a
                    .read()
                    .iter()
                    .map(|v| v.deep_copy_in(seen))
                    .collect::<CfResult<Vec<Value>>>()?;
                seen.depth -= 1;
                *out.write() = items;
                Ok(Value::Array(out))
            }
            Value::Struct(s) => {
                if let Some(c) = seen.map.get(&s.identity()) {
                    return Ok(c.clone());
                }
                seen.enter()?;
                let copy = if s.component().is_some() {
                    copy_component(s, seen)?
                } else {
                    let out = Struct::with_flags(s.read().ordered);
                    seen.map.insert(s.identity(), Value::Struct(out.clone()));
                    for (k, v) in s.entries() {
                        out.set(k, v.deep_copy_in(seen)?);
                    }
                    out
                };
                seen.depth -= 1;
                Ok(Value::Struct(copy))
            }
            other => Ok(other.shallow_copy()),
        }
    }

    /// Identity for reference types, used by `===` on complex values.
    pub fn same_ref(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Array(a), Value::Array(b)) => Arc::ptr_eq(&a.0, &b.0),
            (Value::Struct(a), Value::Struct(b)) => Arc::ptr_eq(&a.0, &b.0),
            (Value::Query(a), Value::Query(b)) => Arc::ptr_eq(a, b),
            (Value::Func(a), Value::Func(b)) => Arc::ptr_eq(a, b),
            (Value::Xml(a), Value::Xml(b)) => a.same(b),
            (Value::Native(a), Value::Native(b)) => a.ptr_eq(b),
            _ => false,
        }
    }
}

/// How deep `duplicate()` copies: Lucee's copy recurses on the Java stack and fails with a
/// stack overflow somewhere past a few thousand levels; Rime's is an error at a fixed depth,
/// before its own stack could overflow.
pub const MAX_COPY_DEPTH: usize = 10_000;

/// The copies `deep_copy` made, by the address of what they copy, and the nesting depth.
#[derive(Default)]
struct Copies {
    map: std::collections::HashMap<usize, Value>,
    depth: usize,
}

impl Copies {
    fn enter(&mut self) -> CfResult<()> {
        self.depth += 1;
        if self.depth > MAX_COPY_DEPTH {
            return Err(CfmlError::expression(format!(
                "duplicate: the value nests deeper than {MAX_COPY_DEPTH} levels"
            )));
        }
        Ok(())
    }
}

/// `duplicate(component)`: a new instance with copies of `this` and `variables`, its methods
/// rebound to the new `variables`.
fn copy_component(this: &Struct, seen: &mut Copies) -> CfResult<Struct> {
    let new_this = Struct::with_flags(this.read().ordered);
    new_this.write().meta = this.component();
    seen.map
        .insert(this.identity(), Value::Struct(new_this.clone()));
    let Some(old_vars) = this.instance_variables() else {
        for (k, v) in this.entries() {
            new_this.set(k, v.deep_copy_in(seen)?);
        }
        return Ok(new_this);
    };
    let new_vars = Struct::with_flags(old_vars.read().ordered);
    new_this.write().vars = Some(new_vars.clone());
    let mut rebind = |v: &Value| -> CfResult<Value> {
        Ok(match v {
            Value::Func(f) if f.variables.as_ref().is_some_and(|x| x.is(&old_vars)) => {
                Value::Func(Arc::new(Function {
                    proto: f.proto.clone(),
                    captured: f.captured.clone(),
                    variables: Some(ScopeRef::Weak(new_vars.downgrade())),
                    super_: f.super_.clone(),
                    static_: f.static_.clone(),
                    this: match &f.this {
                        Some(t) if t.ptr_eq(this) => Some(new_this.clone()),
                        other => other.clone(),
                    },
                }))
            }
            other => other.deep_copy_in(seen)?,
        })
    };
    for (k, v) in old_vars.entries() {
        new_vars.set(k, rebind(&v)?);
    }
    for (k, v) in this.entries() {
        new_this.set(k, rebind(&v)?);
    }
    Ok(new_this)
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

impl From<&rime_bytecode::Const> for Value {
    fn from(c: &rime_bytecode::Const) -> Value {
        match c {
            rime_bytecode::Const::Num(n) => Value::Num(*n),
            rime_bytecode::Const::Str(s) => Value::Str(s.clone()),
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
    if let Some(days) = crate::timespan::TimeSpan::of(v) {
        let secs = days * 86400.0;
        return Ok(
            (secs.is_finite() && secs > 0.0).then(|| std::time::Duration::from_secs_f64(secs))
        );
    }
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

/// An array's elements behind their lock, and the dimension `arrayNew(n)` gave it.
#[derive(Debug)]
pub struct ArrayCell {
    data: RwLock<Vec<Value>>,
    /// Where the array sits in a running cycle collection (`gc`).
    gc: crate::gc::GcMark,
    /// 1 for every array but those of `arrayNew(2)`/`arrayNew(3)`: assigning through a missing
    /// element of an n-dimensional array (`a[1][1] = x`) creates an (n-1)-dimensional array
    /// there, as Lucee does, rather than a struct.
    dimension: u8,
}

impl Default for ArrayCell {
    fn default() -> ArrayCell {
        ArrayCell {
            data: RwLock::new(Vec::new()),
            gc: Default::default(),
            dimension: 1,
        }
    }
}

impl ArrayCell {
    /// The lock itself, for the cycle collector (`gc`), which must not wait for it.
    pub(crate) fn data_lock(&self) -> &RwLock<Vec<Value>> {
        &self.data
    }
    pub(crate) fn gc_mark(&self) -> &crate::gc::GcMark {
        &self.gc
    }
}

/// A CFML array: 1-based in the language, shared by reference.
#[derive(Clone, Debug)]
pub struct Array(pub Arc<ArrayCell>);

impl Default for Array {
    fn default() -> Array {
        Array::tracked(ArrayCell::default())
    }
}

impl Array {
    /// Every array is made here: registered with the cycle collector (`gc`).
    fn tracked(cell: ArrayCell) -> Array {
        let a = Arc::new(cell);
        crate::gc::track_array(&a);
        Array(a)
    }
    pub fn new() -> Array {
        Array::default()
    }
    pub fn from_vec(v: Vec<Value>) -> Array {
        Array::tracked(ArrayCell {
            data: RwLock::new(v),
            gc: Default::default(),
            dimension: 1,
        })
    }
    /// An empty array of `arrayNew(dimension)` (1 to 3).
    pub fn with_dimension(dimension: u8) -> Array {
        Array::tracked(ArrayCell {
            data: RwLock::new(Vec::new()),
            gc: Default::default(),
            dimension: dimension.clamp(1, 3),
        })
    }
    /// A new array of the same dimension holding `items` (copies).
    pub fn with_items(&self, items: Vec<Value>) -> Array {
        Array::tracked(ArrayCell {
            data: RwLock::new(items),
            gc: Default::default(),
            dimension: self.0.dimension,
        })
    }
    /// The dimension `arrayNew` gave the array (1 for any other array).
    pub fn dimension(&self) -> u8 {
        self.0.dimension
    }
    pub fn read(&self) -> RwLockReadGuard<'_, Vec<Value>> {
        self.0.data.read()
    }
    pub fn write(&self) -> RwLockWriteGuard<'_, Vec<Value>> {
        self.0.data.write()
    }
    pub fn len(&self) -> usize {
        self.read().len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn push(&self, v: Value) {
        self.write().push(v)
    }
    /// Element at a 1-based index.
    pub fn get1(&self, i: usize) -> Option<Value> {
        if i == 0 {
            return None;
        }
        self.read().get(i - 1).cloned()
    }
    pub fn to_vec(&self) -> Vec<Value> {
        self.read().clone()
    }
    /// The address that identifies this array while it lives (Java's identity hash).
    pub fn identity(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
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

/// A struct's data behind its lock, and a version that every write lock bumps: a reader that
/// remembers the version can tell without taking the lock that nothing changed since it last
/// looked (the VM caches where a call's function name leads this way).
#[derive(Debug, Default)]
pub struct StructCell {
    data: RwLock<StructData>,
    version: AtomicU64,
    /// Where the struct sits in a running cycle collection (`gc`).
    gc: crate::gc::GcMark,
}

impl StructCell {
    fn new(data: StructData) -> StructCell {
        StructCell {
            data: RwLock::new(data),
            version: AtomicU64::new(0),
            gc: Default::default(),
        }
    }
    /// The lock itself, for the cycle collector (`gc`), which must not wait for it.
    pub(crate) fn data_lock(&self) -> &RwLock<StructData> {
        &self.data
    }
    pub(crate) fn gc_mark(&self) -> &crate::gc::GcMark {
        &self.gc
    }
}

/// A CFML struct, shared by reference.
#[derive(Clone, Debug)]
pub struct Struct(pub Arc<StructCell>);

impl Default for Struct {
    fn default() -> Struct {
        Struct::tracked(StructData::default())
    }
}

impl Struct {
    /// Every struct is made here: registered with the cycle collector (`gc`).
    fn tracked(data: StructData) -> Struct {
        let s = Arc::new(StructCell::new(data));
        crate::gc::track_struct(&s);
        Struct(s)
    }
    pub fn new() -> Struct {
        Struct::default()
    }
    /// Count a change that did not go through `write` (the cycle collector empties garbage
    /// under a lock it took itself).
    pub(crate) fn bump_version(&self) {
        self.0.version.fetch_add(1, Ordering::AcqRel);
    }
    /// The address that identifies this struct while it lives (Java's identity hash).
    pub fn identity(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }
    pub fn with_flags(ordered: bool) -> Struct {
        Struct::tracked(StructData {
            map: IndexMap::default(),
            ordered,
            positional: false,
            meta: None,
            vars: None,
        })
    }
    /// An empty struct with room for `n` keys (a struct literal).
    pub fn with_capacity(ordered: bool, n: usize) -> Struct {
        Struct::tracked(StructData {
            map: IndexMap::with_capacity_and_hasher(n, KeyHasher::default()),
            ordered,
            positional: false,
            meta: None,
            vars: None,
        })
    }
    pub fn read(&self) -> RwLockReadGuard<'_, StructData> {
        self.0.data.read()
    }
    /// The write lock; taking it counts as a change (`version`).
    pub fn write(&self) -> RwLockWriteGuard<'_, StructData> {
        let g = self.0.data.write();
        // No other writer runs under the write lock: a plain load and store suffice.
        let v = self.0.version.load(Ordering::Relaxed);
        self.0.version.store(v + 1, Ordering::Release);
        g
    }
    /// How many times the struct has been write-locked: while it stays the same, the struct's
    /// contents are the same. Read under the read lock it matches the contents seen there.
    pub fn version(&self) -> u64 {
        self.0.version.load(Ordering::Acquire)
    }
    pub fn get(&self, name: &str) -> Option<Value> {
        self.0.data.read().map.get(&KeyRef::new(name)).cloned()
    }
    pub fn get_ref(&self, key: KeyRef<'_>) -> Option<Value> {
        self.0.data.read().map.get(&key).cloned()
    }
    /// A key's value as a string (tag attributes, option structs); None when missing or null.
    pub fn get_text(&self, name: &str) -> CfResult<Option<String>> {
        self.get(name)
            .filter(|v| !v.is_null())
            .map(|v| v.to_str().map(|s| s.into_owned()))
            .transpose()
    }
    pub fn contains(&self, name: &str) -> bool {
        self.0.data.read().map.contains_key(&KeyRef::new(name))
    }
    /// Set a key; an existing key keeps its original case.
    // The writers below drop what they replace only after letting go of the lock: dropping a
    // struct may `release` it, which reads the structs it reaches, this one among them.
    pub fn set(&self, key: Key, v: Value) {
        let mut g = self.write();
        let old = match g.map.get_mut(&key) {
            Some(slot) => Some(std::mem::replace(slot, v)),
            None => g.map.insert(key, v),
        };
        drop(g);
        drop(old);
    }
    pub fn set_str(&self, name: &str, v: Value) {
        self.set(Key::new(name), v)
    }
    /// `set` for each pair, under one lock.
    pub fn set_all(&self, pairs: impl IntoIterator<Item = (Key, Value)>) {
        let pairs = pairs.into_iter();
        let mut g = self.write();
        // Room for them at once: growing a map one insert at a time rehashes it repeatedly.
        g.map.reserve(pairs.size_hint().0);
        let mut old = Vec::new();
        for (k, v) in pairs {
            old.extend(g.map.insert(k, v));
        }
        drop(g);
        drop(old);
    }
    /// `set` without giving up `key` (cloned only when it is new).
    pub fn set_key(&self, key: &Key, v: Value) {
        let mut g = self.write();
        let old = match g.map.get_mut(key) {
            Some(slot) => Some(std::mem::replace(slot, v)),
            None => g.map.insert(key.clone(), v),
        };
        drop(g);
        drop(old);
    }
    /// Replace the value of `key` if the struct has it; gives `v` back if not.
    pub fn replace_existing(&self, key: &Key, v: Value) -> Result<(), Value> {
        let mut g = self.write();
        let old = match g.map.get_mut(key) {
            Some(slot) => std::mem::replace(slot, v),
            None => return Err(v),
        };
        drop(g);
        drop(old);
        Ok(())
    }
    /// `set` with the key as text: an existing key is found without making a `Key`, and a new
    /// one shares `name`'s text.
    pub fn set_arcstr(&self, name: &ArcStr, v: Value) {
        let mut g = self.write();
        let old = match g.map.get_mut(&KeyRef::new(name)) {
            Some(slot) => Some(std::mem::replace(slot, v)),
            None => g.map.insert(Key::new(name.clone()), v),
        };
        drop(g);
        drop(old);
    }
    pub fn remove(&self, name: &str) -> Option<Value> {
        self.write().map.shift_remove(&KeyRef::new(name))
    }
    pub fn len(&self) -> usize {
        self.0.data.read().map.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn keys(&self) -> Vec<Key> {
        self.0.data.read().map.keys().cloned().collect()
    }
    pub fn entries(&self) -> Vec<(Key, Value)> {
        self.0
            .data
            .read()
            .map
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }
    pub fn clear(&self) {
        let old = std::mem::take(&mut self.write().map);
        drop(old);
    }
    /// A new struct with the same entries (shallow).
    pub fn copy(&self) -> Struct {
        Struct::tracked(self.0.data.read().clone())
    }
    pub fn ptr_eq(&self, other: &Struct) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
    /// The component this struct is the instance (`this`) of.
    pub fn component(&self) -> Option<Arc<crate::component::ComponentMeta>> {
        self.0.data.read().meta.clone()
    }
    /// The `variables` scope of the component instance this struct is the `this` of.
    pub fn instance_variables(&self) -> Option<Struct> {
        self.0.data.read().vars.clone()
    }
    pub fn downgrade(&self) -> WeakStruct {
        WeakStruct(Arc::downgrade(&self.0))
    }
}

impl Drop for StructData {
    fn drop(&mut self) {
        // The members drop here, inside the guard (fields drop after `drop` returns).
        let nested = NestedDrop::enter();
        let map = std::mem::take(&mut self.map);
        // An instance's `variables` drops inside the guard too.
        let vars = self.vars.take().map(Value::Struct);
        if nested.deep() {
            defer_containers(map.into_values().chain(vars));
        } else {
            drop(map);
            drop(vars);
        }
        drop(nested);
    }
}

impl Drop for ArrayCell {
    fn drop(&mut self) {
        let nested = NestedDrop::enter();
        let items = std::mem::take(self.data.get_mut());
        if nested.deep() {
            defer_containers(items.into_iter());
        } else {
            drop(items);
        }
        drop(nested);
    }
}

/// How many struct and array drops may nest on one thread before the contents of deeper ones
/// are set aside: dropping a value nested a million levels deep would otherwise recurse a
/// million times and overflow the stack, aborting the process.
const MAX_NESTED_DROPS: u32 = 1_000;

thread_local! {
    static DROP_DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// Containers set aside by drops past `MAX_NESTED_DROPS`, dropped by the outermost one.
    static DEFERRED: std::cell::RefCell<Vec<Value>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// One struct or array drop in progress on this thread; the outermost drains what deeper ones
/// set aside, one at a time (each of those drops nests afresh from the top).
struct NestedDrop(u32);

impl NestedDrop {
    /// 0 when the thread's counters are gone (values dropped by other thread-locals' destructors
    /// as the thread ends): those drop as they are.
    fn enter() -> NestedDrop {
        NestedDrop(
            DROP_DEPTH
                .try_with(|d| {
                    let n = d.get() + 1;
                    d.set(n);
                    n
                })
                .unwrap_or(0),
        )
    }

    fn deep(&self) -> bool {
        self.0 > MAX_NESTED_DROPS
    }
}

impl Drop for NestedDrop {
    fn drop(&mut self) {
        if self.0 == 0 {
            return;
        }
        if self.0 == 1 {
            // Outermost: drop what was set aside. The loop runs at depth 1, so each of these
            // nests at most `MAX_NESTED_DROPS` again before setting aside in turn.
            while let Some(v) = DEFERRED.try_with(|q| q.borrow_mut().pop()).ok().flatten() {
                drop(v);
            }
        }
        let _ = DROP_DEPTH.try_with(|d| d.set(d.get().saturating_sub(1)));
    }
}

/// Set the containers among `values` aside for the outermost drop (the rest drop here).
fn defer_containers(values: impl Iterator<Item = Value>) {
    // The others drop while collecting, before the queue is borrowed: their drops may set
    // containers aside too.
    let kept: Vec<Value> = values
        .filter(|v| matches!(v, Value::Struct(_) | Value::Array(_)))
        .collect();
    // When the thread's queue is already gone (it is ending), they drop as they are.
    let _ = DEFERRED.try_with(move |q| q.borrow_mut().extend(kept));
}

/// A struct referenced without keeping it alive: how a declared function refers to the scope it
/// is stored in, so that scope and function form no reference cycle.
#[derive(Clone, Debug)]
pub struct WeakStruct(std::sync::Weak<StructCell>);

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
    fn every_write_lock_changes_the_version() {
        let s = Struct::new();
        let v0 = s.version();
        let _ = s.get("a");
        assert_eq!(s.version(), v0);
        s.set_str("a", Value::Null);
        let v1 = s.version();
        assert!(v1 > v0);
        drop(s.write());
        assert!(s.version() > v1);
        assert_eq!(s.copy().version(), 0);
    }

    #[test]
    fn coercions() {
        assert_eq!(Value::from("5").to_num().ok(), Some(5.0));
        assert_eq!(Value::from(" yes ").to_bool().ok(), Some(true));
        assert!(Value::from("abc").to_num().is_err());
        assert_eq!(Value::from(3.0).to_str().ok().as_deref(), Some("3"));
    }
}
