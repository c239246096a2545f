//! The types of the built-in function registry: definitions, arguments and the context a builtin
//! can call back into (closures, output, scopes). The registry itself lives in `rime-stdlib`; the
//! VM maps named arguments and checks arity in one place, and fills in error positions.

use crate::ctx::Ctx;
use crate::error::{CfResult, CfmlError};
use crate::value::{Array, Struct, Value};
use arcstr::ArcStr;
use std::borrow::Cow;

/// The receiver types of member functions (`"abc".len()`, `arr.map(f)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemberType {
    String,
    Number,
    Boolean,
    Array,
    Struct,
    Query,
    Date,
    Function,
    Binary,
    /// XML documents and nodes (`doc.search(xpath)`); their node lists are arrays and their
    /// attribute structs structs.
    Xml,
    /// Lists are strings: `list.listLen()` style members are registered on `String`.
    Any,
}

impl MemberType {
    pub fn of(v: &Value) -> MemberType {
        match v {
            Value::Str(_) | Value::Null => MemberType::String,
            Value::Num(_) => MemberType::Number,
            Value::Bool(_) => MemberType::Boolean,
            Value::Array(_) => MemberType::Array,
            Value::Struct(_) => MemberType::Struct,
            Value::Query(_) => MemberType::Query,
            Value::Date(_) => MemberType::Date,
            Value::Func(_) => MemberType::Function,
            Value::Binary(_) => MemberType::Binary,
            Value::Xml(x) if x.is_list() => MemberType::Array,
            Value::Xml(x) if x.is_attributes() => MemberType::Struct,
            Value::Xml(_) => MemberType::Xml,
            // Native objects answer their own methods (`NativeObject::call`) before members.
            Value::Native(_) => MemberType::Any,
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct ParamDef {
    pub name: &'static str,
    pub required: bool,
    /// Other names a named argument may use for this parameter (Lucee's argument aliases:
    /// `dateTimeFormat(date=...)` for `datetime`).
    pub aliases: &'static [&'static str],
}

/// A required parameter.
pub const fn req(name: &'static str) -> ParamDef {
    ParamDef {
        name,
        required: true,
        aliases: &[],
    }
}

/// An optional parameter.
pub const fn opt(name: &'static str) -> ParamDef {
    ParamDef {
        name,
        required: false,
        aliases: &[],
    }
}

impl ParamDef {
    /// The same parameter, also reachable as a named argument under `aliases`.
    pub const fn alias(mut self, aliases: &'static [&'static str]) -> ParamDef {
        self.aliases = aliases;
        self
    }

    /// Whether a named argument `name` (any case) is this parameter, by name or alias.
    pub fn is_named(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }
}

pub type BuiltinFn = fn(&mut dyn Ctx, &Args) -> CfResult<Value>;

/// One built-in function.
#[derive(Clone, Copy, Debug)]
pub struct BuiltinDef {
    pub name: &'static str,
    pub params: &'static [ParamDef],
    /// Accepts any number of extra positional arguments after `params`.
    pub variadic: bool,
    /// Accepts named arguments of any name (`query(col1: [...], col2: [...])`): those that name
    /// no parameter reach the function as one struct, in call order, at position
    /// `params.len()`.
    pub any_named: bool,
    /// Member-function names: `(String, "len")` makes `"abc".len()` call this with the receiver
    /// as the first argument.
    pub members: &'static [(MemberType, &'static str)],
    /// Where a member call puts its receiver among the parameters: 0 for most
    /// (`"abc".len()` is `len("abc")`), 1 for `"abc".find("b")` (`find("b", "abc")`), 2 for
    /// `d.add("d", 1)` (`dateAdd("d", 1, d)`); the call's own arguments fill the others in order.
    pub receiver: u8,
    /// The result depends only on the arguments and the calling template (`hash`,
    /// `createTimeSpan`, `getCurrentTemplatePath`): an `Application.cfc` whose settings call
    /// only such builtins gives the same settings on every request (`app_config.rs`).
    pub constant: bool,
    /// Reads or writes variables named by a string, or runs CFML in the caller's scopes
    /// (`evaluate`, `isDefined`, `setVariable`): a function whose body calls one keeps its
    /// locals where names find them (the compiler's `scan.rs`).
    pub by_name: bool,
    /// Compiles and runs CFML in the caller's scopes (`evaluate`, `render`): the caller's
    /// locals must be found by name.
    pub runs_code: bool,
    /// Called as a member function, it returns its receiver (`arr.append(1).append(2)`), as
    /// Lucee's mutating member functions do.
    pub chain: bool,
    /// Reads the CFML call stack (`callStackGet`, `callStackDump`): a call to it from inline
    /// code copies the inline callers first (`rime-vm/src/call_stack.rs`), which no other
    /// builtin call pays for.
    pub reads_stack: bool,
    pub func: BuiltinFn,
}

/// A definition with the common defaults: fixed arity, no member names, not constant, no
/// access by name.
pub const fn def(name: &'static str, params: &'static [ParamDef], func: BuiltinFn) -> BuiltinDef {
    BuiltinDef {
        name,
        params,
        variadic: false,
        any_named: false,
        members: &[],
        receiver: 0,
        constant: false,
        by_name: false,
        runs_code: false,
        chain: false,
        reads_stack: false,
        func,
    }
}

impl BuiltinDef {
    /// Member-function names for receivers of the given types.
    pub const fn members(mut self, members: &'static [(MemberType, &'static str)]) -> BuiltinDef {
        self.members = members;
        self
    }
    /// See [`BuiltinDef::receiver`].
    pub const fn receiver(mut self, position: u8) -> BuiltinDef {
        self.receiver = position;
        self
    }
    /// Accepts extra positional arguments.
    pub const fn variadic(mut self) -> BuiltinDef {
        self.variadic = true;
        self
    }
    /// Takes named arguments of any name (see `any_named`).
    pub const fn any_named(mut self) -> BuiltinDef {
        self.any_named = true;
        self
    }
    /// As a member function, returns the receiver (for chaining).
    pub const fn chain(mut self) -> BuiltinDef {
        self.chain = true;
        self
    }
    /// See [`BuiltinDef::constant`].
    pub const fn constant(mut self) -> BuiltinDef {
        self.constant = true;
        self
    }
    /// See [`BuiltinDef::runs_code`].
    pub const fn runs_code(mut self) -> BuiltinDef {
        self.runs_code = true;
        self
    }
    /// See [`BuiltinDef::by_name`].
    pub const fn by_name(mut self) -> BuiltinDef {
        self.by_name = true;
        self
    }
    /// Whether `values` (positional, a missing optional one None) fit the parameters: not too
    /// many, and every required one given. The VM checks every call with it.
    pub fn check_arity(&self, values: &[Option<Value>]) -> CfResult<()> {
        if !self.variadic && values.len() > self.params.len() + usize::from(self.any_named) {
            return Err(CfmlError::expression(format!(
                "too many arguments passed to function [{}]: it takes at most {} argument(s), {} given",
                self.name,
                self.params.len(),
                values.len()
            )));
        }
        for (i, p) in self.params.iter().enumerate() {
            if p.required && values.get(i).is_none_or(|v| v.is_none()) {
                let min = self.params.iter().filter(|p| p.required).count();
                return Err(CfmlError::expression(format!(
                    "function [{}] requires at least {} argument(s), argument [{}] is missing",
                    self.name, min, p.name
                )));
            }
        }
        Ok(())
    }
    /// See [`BuiltinDef::reads_stack`].
    pub const fn reads_stack(mut self) -> BuiltinDef {
        self.reads_stack = true;
        self
    }
}

/// The arguments of a builtin call, positional after named arguments were mapped.
/// A missing optional argument is `None`.
#[derive(Debug, Default)]
pub struct Args {
    pub values: Vec<Option<Value>>,
    /// The function's name, for error messages.
    pub fname: &'static str,
}

impl Args {
    pub fn new(fname: &'static str, values: Vec<Option<Value>>) -> Args {
        Args { values, fname }
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The argument at `i` if it was passed (and is not null).
    pub fn get(&self, i: usize) -> Option<&Value> {
        match self.values.get(i) {
            Some(Some(Value::Null)) | Some(None) | None => None,
            Some(Some(v)) => Some(v),
        }
    }

    /// The argument at `i` including a passed null.
    pub fn raw(&self, i: usize) -> Option<&Value> {
        self.values.get(i).and_then(|v| v.as_ref())
    }

    fn missing(&self, i: usize) -> Box<CfmlError> {
        CfmlError::expression(format!(
            "Missing argument {} of function [{}]",
            i + 1,
            self.fname
        ))
    }

    /// A required argument.
    pub fn val(&self, i: usize) -> CfResult<&Value> {
        self.raw(i).ok_or_else(|| self.missing(i))
    }

    pub fn str(&self, i: usize) -> CfResult<Cow<'_, str>> {
        self.val(i)?.to_str()
    }

    pub fn arcstr(&self, i: usize) -> CfResult<ArcStr> {
        self.val(i)?.to_arcstr()
    }

    pub fn num(&self, i: usize) -> CfResult<f64> {
        self.val(i)?.to_num()
    }

    /// A required argument cast to an integer (truncating toward zero).
    pub fn int(&self, i: usize) -> CfResult<i64> {
        Ok(self.num(i)? as i64)
    }

    pub fn bool(&self, i: usize) -> CfResult<bool> {
        self.val(i)?.to_bool()
    }

    pub fn str_or<'a>(&'a self, i: usize, default: &'a str) -> CfResult<Cow<'a, str>> {
        match self.get(i) {
            Some(v) => v.to_str(),
            None => Ok(Cow::Borrowed(default)),
        }
    }

    pub fn num_or(&self, i: usize, default: f64) -> CfResult<f64> {
        match self.get(i) {
            Some(v) => v.to_num(),
            None => Ok(default),
        }
    }

    pub fn int_or(&self, i: usize, default: i64) -> CfResult<i64> {
        Ok(self.num_or(i, default as f64)? as i64)
    }

    pub fn bool_or(&self, i: usize, default: bool) -> CfResult<bool> {
        match self.get(i) {
            Some(v) => v.to_bool(),
            None => Ok(default),
        }
    }

    pub fn array(&self, i: usize) -> CfResult<&Array> {
        match self.val(i)? {
            Value::Array(a) => Ok(a),
            other => Err(CfmlError::expression(format!(
                "Can't cast {} to an array (argument {} of [{}])",
                other.type_name(),
                i + 1,
                self.fname
            ))),
        }
    }

    pub fn structure(&self, i: usize) -> CfResult<&Struct> {
        match self.val(i)? {
            Value::Struct(s) => Ok(s),
            other => Err(CfmlError::expression(format!(
                "Can't cast {} to a struct (argument {} of [{}])",
                other.type_name(),
                i + 1,
                self.fname
            ))),
        }
    }

    /// A function value (closure or UDF) argument.
    pub fn func(&self, i: usize) -> CfResult<&Value> {
        match self.val(i)? {
            v @ Value::Func(_) => Ok(v),
            other => Err(CfmlError::expression(format!(
                "Argument {} of [{}] must be a function, got {}",
                i + 1,
                self.fname,
                other.type_name()
            ))),
        }
    }

    /// Extra positional arguments of a variadic function, from `start`.
    pub fn rest(&self, start: usize) -> impl Iterator<Item = &Value> {
        self.values.iter().skip(start).filter_map(|v| v.as_ref())
    }
}
