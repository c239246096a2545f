//! The types of the built-in function registry: definitions, arguments and the context a builtin
//! can call back into (closures, output, scopes). The registry itself lives in `rime-stdlib`; the
//! VM maps named arguments and checks arity in one place, and fills in error positions.

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

/// What a builtin can ask of the running request. Implemented by the VM.
/// `getHTTPRequestData()` outside a web request (the CLI): an empty GET.
pub fn http_request_data_outside_requests() -> Value {
    let s = Struct::with_flags(true);
    s.set_str("content", Value::from(""));
    s.set_str("headers", Value::Struct(Struct::with_flags(true)));
    s.set_str("method", Value::from("GET"));
    s.set_str("protocol", Value::from("HTTP/1.1"));
    Value::Struct(s)
}

/// Runs CFML later, on whatever thread calls it (a Java executor's worker): each `run` gets a
/// fresh VM bound to the request's engine, application and scopes, as `<cfthread>` bodies do.
pub trait Background: Send + Sync {
    fn run(&self, task: &mut dyn FnMut(&mut dyn Ctx) -> CfResult<Value>) -> CfResult<Value>;
}

pub trait Ctx {
    /// Call a function value (closure or UDF) with positional arguments.
    fn call(&mut self, f: &Value, args: Vec<Value>) -> CfResult<Value>;
    /// `call` with borrowed arguments: a builtin calling a function many times (a sort's
    /// comparator) makes no argument vector per call.
    fn call_with(&mut self, f: &Value, args: &[&Value]) -> CfResult<Value> {
        self.call(f, args.iter().map(|v| (*v).clone()).collect())
    }
    /// Append to the current output buffer (`writeOutput`, `echo`).
    fn write(&mut self, s: &str);
    /// Look up a possibly dotted variable name as `isDefined` does (`"a.b.c"`, `"url.x"`).
    fn lookup(&mut self, name: &str) -> Option<Value>;
    /// Assign a possibly dotted variable name (`setVariable`).
    fn assign(&mut self, name: &str, value: Value) -> CfResult<()>;
    /// Evaluate a CFML expression in the current scopes (`evaluate`).
    fn evaluate(&mut self, expr: &str) -> CfResult<Value>;
    /// Whether the code runs in a `<cfthread>` body (`isInThread()`).
    fn in_thread(&self) -> bool {
        false
    }
    /// Run `f`, which waits (a sleep, a join, the network), so that the server serves other
    /// requests meanwhile (it moves its other work off this thread first).
    fn blocking(&mut self, f: &mut dyn FnMut()) {
        f()
    }
    /// `render(cfml)`: run CFML template code (tags, `#expressions#`, `<cfscript>`) in the
    /// current scopes, its output going where the caller's goes.
    fn render(&mut self, cfml: &str) -> CfResult<()> {
        let _ = cfml;
        Err(CfmlError::application(
            "render: CFML code can't be run here",
        ))
    }
    /// The file path of the template or component running the call.
    fn current_template(&self) -> String;
    /// The CFML frames running, innermost first: template, line, and the function's name
    /// (empty for a page).
    fn call_stack(&mut self) -> Vec<(String, u32, String)> {
        Vec::new()
    }
    /// The file path of the requested page.
    fn base_template(&self) -> String;
    /// A file-system path for a path relative to the current template, or to the web root when it
    /// starts with `/` (`expandPath`).
    fn expand_path(&self, path: &str) -> String;
    /// Create a component instance (`createObject("component", name)`), calling `init(args)`.
    fn create_object(&mut self, name: &str, args: Vec<Value>) -> CfResult<Value> {
        let _ = args;
        Err(CfmlError::application(format!(
            "can't create component [{name}] here"
        )))
    }
    /// The names of the custom tags enclosing the current one, innermost first (`CF_OUTER`...).
    fn base_tags(&mut self) -> Vec<String> {
        Vec::new()
    }
    /// The `variables` scope of the enclosing custom tag `name` (`getBaseTagData`), `level` counting
    /// matches from the innermost (1).
    fn base_tag_data(&mut self, name: &str, level: usize) -> Option<Value> {
        let _ = (name, level);
        None
    }
    /// `sessionRotate()` / `sessionInvalidate()`: `action` is `rotate` or `invalidate`.
    fn session_action(&mut self, action: &str) -> CfResult<()> {
        Err(CfmlError::expression(format!(
            "session{action}: session management is not enabled"
        )))
    }
    /// `getHTTPRequestData(includeBody)`: the request's method, protocol, headers and body
    /// (outside a web request: an empty GET).
    fn http_request_data(&mut self, include_body: bool) -> CfResult<Value> {
        let _ = include_body;
        Ok(http_request_data_outside_requests())
    }
    /// The response being built (`getPageContext().getResponse()`, which Lucee code calls as
    /// the servlet response): `status` sets the status line, `header` sets (or with `append`
    /// adds) a header, `header_value` reads one back, `reset_output` drops the output so far.
    fn response_status(&mut self, status: Option<(u16, String)>) -> u16 {
        let _ = status;
        200
    }
    fn response_header(&mut self, name: &str, value: &str, append: bool) -> CfResult<()> {
        let _ = (name, value, append);
        Ok(())
    }
    fn response_header_value(&mut self, name: &str) -> Option<String> {
        let _ = name;
        None
    }
    fn reset_output(&mut self) {}
    /// A way to run CFML on other threads later (`Background`); None where there is no
    /// engine to run it with.
    fn background(&mut self) -> Option<std::sync::Arc<dyn Background>> {
        None
    }
    /// The request's locale (`setLocale`), as a Java-style name (`en_US`); Lucee's default is
    /// the server's, `en_US` here.
    fn locale(&mut self) -> String {
        "en_US".to_string()
    }
    /// `setLocale(name)`: the locale for the rest of the request (already validated).
    fn set_locale(&mut self, locale: &str) {
        let _ = locale;
    }
    /// The request's time zone (`setTimeZone`) as an id (`Europe/Berlin`); None: the server's.
    fn time_zone(&mut self) -> Option<String> {
        None
    }
    /// `setTimeZone(id)` (already validated) or, with None, `clearTimeZone()`.
    fn set_time_zone(&mut self, zone: Option<&str>) {
        let _ = zone;
    }
    /// The files uploaded with this request, each as a struct: `field`, `clientFile`,
    /// `contentType`, `path` (the temporary file) and `size`.
    fn uploaded_files(&mut self) -> Vec<Struct> {
        Vec::new()
    }
    /// `getApplicationSettings()`: None outside an application with an `Application.cfc`.
    fn application_settings(&mut self) -> Option<Struct> {
        None
    }
    /// `pagePoolClear()`, `componentCacheClear()`...: empty one of the engine's caches; false
    /// where there is no engine.
    fn clear_engine_cache(&mut self, which: crate::EngineCache) -> bool {
        let _ = which;
        false
    }
    /// `pagePoolList()`, `componentCacheList()`: what one of the engine's caches holds, as
    /// (key, value) pairs (for the page pool, the template paths with an empty value).
    fn engine_cache_entries(&mut self, which: crate::EngineCache) -> Vec<(String, String)> {
        let _ = which;
        Vec::new()
    }
    /// `applicationStartTime()`.
    fn application_start_time(&mut self) -> Option<crate::DateTime> {
        None
    }
    /// `sessionStartTime()`: None without a session.
    fn session_start_time(&mut self) -> Option<crate::DateTime> {
        None
    }
    /// `getFunctionCalledName()`: the name the running function was called by ("" outside one).
    fn function_called_name(&mut self) -> String {
        String::new()
    }
    /// `getComponentStaticScope(path)`.
    fn component_static_scope(&mut self, name: &str) -> CfResult<Value> {
        Err(CfmlError::expression(format!(
            "no component [{name}] can be loaded here"
        )))
    }
    /// `isWithinTransaction()`.
    /// The folders file functions may touch when the server runs with the file sandbox on
    /// (`fileSandbox` in `.cfconfig.json`); None when every path is allowed.
    fn file_sandbox(&mut self) -> Option<std::sync::Arc<[std::path::PathBuf]>> {
        None
    }
    /// The object cache `name` of the request's application (`this.caches`), or its default
    /// object cache when `name` is empty; none when the application defines no such cache (the
    /// functions then use the process-wide in-memory cache `default`).
    fn cache(&mut self, name: &str) -> CfResult<Option<std::sync::Arc<dyn crate::Cache>>> {
        let _ = name;
        Ok(None)
    }
    fn within_transaction(&mut self) -> bool {
        false
    }
    /// `applicationStop()`: end the application after this request (Lucee: never an error, as
    /// there is always an application, the unnamed one at least).
    fn application_stop(&mut self) -> CfResult<()> {
        Ok(())
    }
    /// `queryExecute(sql, params, options)`.
    fn execute_query(&mut self, sql: &str, params: Value, options: Value) -> CfResult<Value> {
        let _ = (sql, params, options);
        Err(CfmlError::new(
            "database",
            "no datasources are available here",
        ))
    }
    /// The declared metadata of a component by name, without creating it
    /// (`getComponentMetadata`).
    fn component_metadata(&mut self, name: &str) -> CfResult<std::sync::Arc<crate::ComponentMeta>> {
        Err(CfmlError::application(format!(
            "can't read the metadata of [{name}] here"
        )))
    }
    /// Call a method of a component or struct by name (`invoke`), with positional arguments or a
    /// struct of named ones.
    fn invoke(&mut self, obj: &Value, method: &str, args: Value) -> CfResult<Value> {
        let _ = (obj, args);
        Err(CfmlError::application(format!(
            "can't invoke [{method}] here"
        )))
    }
    /// `restSetResponse({status, content, headers})`: the answer of the REST method running
    /// (an error outside one, as in Lucee).
    fn rest_set_response(&mut self, response: &Struct) -> CfResult<()> {
        let _ = response;
        Err(CfmlError::application(
            "restSetResponse: not within a REST call",
        ))
    }
    /// `restInitApplication(dir, mapping, default)` (`mapping` Some; an empty name means the
    /// application's) and `restDeleteApplication(dir)` (None).
    fn rest_application(&mut self, dir: &str, mapping: Option<(&str, bool)>) -> CfResult<()> {
        let _ = (dir, mapping);
        Err(CfmlError::application(
            "REST services are not available here",
        ))
    }
}
