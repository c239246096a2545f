//! What a builtin can ask of the running request, in four traits by concern; `Ctx` is all of
//! them, and builtins take `&mut dyn Ctx`. Implemented by the VM (`rime-vm/src/ctx.rs`); the
//! stdlib's unit tests and Java-to-Java calls implement the few required methods.

use crate::error::{CfResult, CfmlError};
use crate::value::{Struct, Value};

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

/// `internalRequest()`: a request for a page of this server, run without HTTP.
#[derive(Debug, Default)]
pub struct InternalRequest {
    /// The page's web path (`/sub/page.cfm`), or a path relative to the calling template.
    pub template: String,
    /// `GET`, `POST`... (upper case, already checked).
    pub method: String,
    pub url: Struct,
    pub form: Struct,
    pub cookies: Struct,
    /// Request headers (name -> value).
    pub headers: Struct,
    pub body: Option<Vec<u8>>,
}

/// Everything a builtin can ask of the running request.
pub trait Ctx: CodeCtx + PageCtx + AppCtx + DataCtx {}

impl<T: CodeCtx + PageCtx + AppCtx + DataCtx + ?Sized> Ctx for T {}

/// Running CFML: calling functions, reading and writing variables by name, the frames and
/// templates running, other threads.
pub trait CodeCtx {
    /// Call a function value (closure or UDF) with positional arguments.
    fn call(&mut self, f: &Value, args: Vec<Value>) -> CfResult<Value>;
    /// `call` with borrowed arguments: a builtin calling a function many times (a sort's
    /// comparator) makes no argument vector per call.
    fn call_with(&mut self, f: &Value, args: &[&Value]) -> CfResult<Value> {
        self.call(f, args.iter().map(|v| (*v).clone()).collect())
    }
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
    /// The error of the running code's request timeout or `threadTerminate`, if it must stop
    /// (what the VM checks on loops and calls), for a builtin that waited.
    fn check_stop(&mut self) -> CfResult<()> {
        Ok(())
    }
    /// When the running code must stop, for a wait to end early (`sleep`): the request's
    /// deadline (`requestTimeout`) and the flag `threadTerminate` sets (`check_stop` then
    /// gives the error).
    fn stop_signals(
        &self,
    ) -> (
        Option<std::time::Instant>,
        Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    ) {
        (None, None)
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
    /// `internalRequest()`: run `request` as a request of its own (its own scopes, application
    /// lifecycle and output) and return what it produced: `filecontent`, `headers`,
    /// `cookies`, `request`, `status`/`status_code`, `executionTime`, and `error` when it failed
    /// and `throw_on_error` is false (else its error is this call's).
    fn internal_request(
        &mut self,
        request: InternalRequest,
        throw_on_error: bool,
    ) -> CfResult<Struct> {
        let _ = (request, throw_on_error);
        Err(CfmlError::application(
            "internalRequest: no pages can be run here",
        ))
    }
    /// `threadJoin`, `threadTerminate`: `<cfthread>` with these attributes (`action`, `name`,
    /// `timeout`) on the threads of this request.
    fn thread_action(&mut self, attrs: &Struct) -> CfResult<()> {
        let _ = attrs;
        Err(CfmlError::application("there are no threads here"))
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
    /// Create a component instance as `createObject("component", name)` does: its
    /// pseudo-constructor runs, `init` is not called (`args` are for callers that call it).
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
    /// A way to run CFML on other threads later (`Background`); None where there is no
    /// engine to run it with.
    fn background(&mut self) -> Option<std::sync::Arc<dyn Background>> {
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
}

/// The request and its response: output, headers, status, the request's data, its locale and
/// time zone, its session.
pub trait PageCtx {
    /// Append to the current output buffer (`writeOutput`, `echo`).
    fn write(&mut self, s: &str);
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
    /// `isFlushed()`: whether output was sent already (`<cfflush>`), so that the status and
    /// headers can no longer change.
    fn is_flushed(&mut self) -> bool {
        false
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
    /// `sessionStartTime()`: None without a session.
    fn session_start_time(&mut self) -> Option<crate::DateTime> {
        None
    }
}

/// The application the request runs in: paths, caches, settings, REST services.
pub trait AppCtx {
    /// A file-system path for a path relative to the current template, or to the web root when it
    /// starts with `/` (`expandPath`).
    fn expand_path(&self, path: &str) -> String;
    /// The `Application.cfc` the request's application comes from (relative paths of its
    /// settings, as the ORM's `cfclocation`, are relative to its folder).
    fn application_path(&mut self) -> Option<std::path::PathBuf> {
        None
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
    /// `applicationStop()`: end the application after this request (Lucee: never an error, as
    /// there is always an application, the unnamed one at least).
    fn application_stop(&mut self) -> CfResult<()> {
        Ok(())
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

/// The error of a query where no datasource can be reached (outside a request).
fn no_datasources() -> Box<CfmlError> {
    CfmlError::new("database", "no datasources are available here")
}

/// Datasources: queries and transactions.
pub trait DataCtx {
    /// `isWithinTransaction()`.
    fn within_transaction(&mut self) -> bool {
        false
    }
    /// `queryExecute(sql, params, options)`.
    fn execute_query(&mut self, sql: &str, params: Value, options: Value) -> CfResult<Value> {
        let _ = (sql, params, options);
        Err(no_datasources())
    }
    /// A statement run as `queryExecute` runs it, with the result struct (`generatedKey`,
    /// `recordCount`) it would store under `result`.
    fn execute_sql(
        &mut self,
        sql: &str,
        params: Value,
        datasource: Option<&str>,
    ) -> CfResult<(Value, Struct)> {
        let _ = (sql, params, datasource);
        Err(no_datasources())
    }
    /// `dbPoolClear`: close the idle pooled connections of a datasource (all when None).
    fn clear_pools(&mut self, datasource: Option<&str>) -> CfResult<()> {
        let _ = datasource;
        Err(no_datasources())
    }
    /// The request's ORM session, opened on first use; None where there is no request.
    fn orm_session(&mut self) -> Option<crate::orm::SharedOrmSession> {
        None
    }
}
