//! The CFML bytecode interpreter.
//!
//! One `Vm` runs one request on one thread. A CFML call is one Rust call of `exec`, which runs
//! the frame's code until `Return`, except a call of a plain function of the caller's page,
//! which runs inside the caller's interpreter loop (`frames.rs`). Errors unwind to the innermost
//! handler of the function, or out to the caller with the function's position added to the
//! error's `tagContext`. Call depth is bounded, so deep recursion is a CFML error and never a
//! stack overflow.

mod access;
mod arith;
mod call;
mod call_cache;
mod call_stack;
mod component;
mod ctx;
mod custom_tag;
mod frames;
mod iter;
mod lock;
mod pools;
pub mod profile;
mod query;
mod run;
mod stack;
mod step;
mod tags;
mod thread;

pub use pools::host_for;
pub use query::result_struct;
pub use run::{Frame, Held};

use arcstr::ArcStr;
use parking_lot::RwLock;
use rime_bytecode::FuncProto;
use rime_runtime::{CfResult, Query, Struct, Value};
use std::sync::Arc;
use std::time::Instant;

/// The engine's per-application settings (mappings, custom tag paths, datasources) for the
/// request a VM runs, opaque to the VM. Passed to every `Host` call so that two applications on
/// one server never see each other's settings.
pub type AppHandle = Option<Arc<dyn std::any::Any + Send + Sync>>;

/// Services the VM needs from the engine: templates for `include`, components for `new`, custom
/// tags, paths, datasources. `app` is the request's application settings (`Vm::app`).
/// The static scopes of components (`static {}` blocks, `Comp::x`), one per component file,
/// owned by the host (the engine): each is kept with the compiled component it was built
/// from, and built again when the file is recompiled.
#[derive(Default)]
pub struct ComponentStatics(
    pub(crate) parking_lot::Mutex<std::collections::HashMap<String, (Arc<FuncProto>, Struct)>>,
);

pub trait Host: Send + Sync {
    /// The `server` scope, one for the process. Read through the host, not copied into each
    /// request: its reference count would be written by every request on every core.
    fn server_scope(&self) -> &Struct;
    /// Compile (or fetch from cache) the template `path`, relative to the including template
    /// `from` (a file path), for `<cfinclude>`.
    fn include(&self, app: &AppHandle, path: &str, from: &str) -> CfResult<Arc<FuncProto>>;
    /// The file-system path for `path` as `expandPath` sees it from the template `from`.
    fn expand_path(&self, app: &AppHandle, path: &str, from: &str) -> String;
    /// Find and compile the component `name` (dotted: `models.User`) as seen from the template
    /// `from`: its folder, the web root, then the mappings. Returns the file path, the full
    /// dotted name (relative to the web root or a mapping) and its code.
    fn resolve_component(
        &self,
        app: &AppHandle,
        name: &str,
        from: &str,
    ) -> CfResult<(ArcStr, ArcStr, Arc<FuncProto>)>;
    /// Find and compile a custom tag: `name` is the tag name without `cf_` (`greet` for
    /// `<cf_greet>`) or a dotted `<cfmodule name>`; looked up in the calling template's folder,
    /// the application's `customTagPaths`, then the root's `customtags` folder.
    fn resolve_custom_tag(
        &self,
        app: &AppHandle,
        name: &str,
        from: &str,
    ) -> CfResult<Arc<FuncProto>> {
        let _ = (app, from);
        Err(rime_runtime::CfmlError::application(format!(
            "custom tag [{name}] not found"
        )))
    }
    /// Run one SQL statement (`<cfquery>`, `queryExecute`) on a datasource (None: the
    /// application's default). `tx` is the request's open-transaction state. Returns the query
    /// value and the `result` struct.
    fn execute_query(
        &self,
        app: &AppHandle,
        tx: &mut TxState,
        datasource: Option<&str>,
        sql: &str,
        params: Vec<rime_runtime::QueryParam>,
        options: &QueryOptions,
    ) -> CfResult<(Value, Struct)> {
        let _ = (app, tx, datasource, sql, params, options);
        Err(rime_runtime::CfmlError::new(
            "database",
            "no datasources are available here",
        ))
    }
    /// The kind of a datasource (None: the default): `sqlite` or `postgresql` (`<cfdbinfo>`
    /// asks each its own catalog).
    fn datasource_kind(&self, app: &AppHandle, datasource: Option<&str>) -> CfResult<String> {
        let _ = (app, datasource);
        Err(rime_runtime::CfmlError::new(
            "database",
            "no datasources are available here",
        ))
    }
    /// `getApplicationSettings()` of the request's application (None without Application.cfc).
    fn application_settings(&self, app: &AppHandle) -> Option<Struct> {
        let _ = app;
        None
    }
    /// `<cfapplication action="update" …>`: the application's settings with `changes` over
    /// them (mappings, custom tag paths, datasources…), for the rest of the request.
    fn update_application(&self, app: &AppHandle, changes: &Struct) -> CfResult<AppHandle> {
        let _ = (app, changes);
        Err(rime_runtime::CfmlError::application(
            "cfapplication action=\"update\" is not available here",
        ))
    }
    /// `applicationStartTime()` of the request's application.
    fn application_start_time(&self, app: &AppHandle) -> Option<rime_runtime::DateTime> {
        let _ = app;
        None
    }
    /// The folders file functions may touch (the file sandbox), None when it is off.
    fn file_sandbox(&self) -> Option<Arc<[std::path::PathBuf]>> {
        None
    }
    /// The cache `name` the request's application declares (its default object cache for "").
    fn cache(&self, app: &AppHandle, name: &str) -> Option<Arc<dyn rime_runtime::Cache>> {
        let _ = (app, name);
        None
    }
    /// The application's default query cache (`this.cache.query`), where `cachedWithin`
    /// results go instead of the process's own query cache.
    fn query_cache(&self, app: &AppHandle) -> Option<Arc<dyn rime_runtime::Cache>> {
        let _ = app;
        None
    }
    /// Run `f`, which blocks on the network or a lock, without starving the server (the server
    /// moves its other work off this thread meanwhile).
    fn blocking(&self, f: &mut dyn FnMut()) {
        f()
    }
    /// `mailServers` of the request's application (`this.mailServers`), else the server's
    /// (`.cfconfig.json`): the servers `<cfmail>` uses without a `server` attribute.
    fn mail_servers(&self, app: &AppHandle) -> Option<Value> {
        let _ = app;
        None
    }
    /// Whether `<cfexecute>` may start programs (off unless the server enables it).
    fn execute_enabled(&self) -> bool {
        false
    }
    /// Production mode: files never change, so what was derived from them may be kept.
    fn production(&self) -> bool {
        false
    }
    /// The components' static scopes of this host's requests.
    fn component_statics(&self) -> &ComponentStatics;
    /// `<cfapplication name=...>` (legacy `Application.cfm`): the application scope of `name`,
    /// created on first use, which ends after `timeout` without requests.
    fn application_scope(&self, name: &str, timeout: Option<std::time::Duration>) -> Struct {
        let _ = (name, timeout);
        Struct::new()
    }
    /// `<cftransaction action=...>`: begin, commit, rollback, setsavepoint, end (commit).
    fn transaction(
        &self,
        app: &AppHandle,
        tx: &mut TxState,
        action: &str,
        attrs: &Struct,
    ) -> CfResult<()> {
        let _ = (app, tx, attrs);
        Err(rime_runtime::CfmlError::new(
            "database",
            format!("transaction [{action}]: no datasources are available here"),
        ))
    }
    /// `restInitApplication` (`mapping`: the virtual name and whether it is the default) and
    /// `restDeleteApplication` (`None`): register, refresh or remove the REST mapping of `dir`.
    fn rest_application(&self, dir: &str, mapping: Option<(&str, bool)>) -> CfResult<()> {
        let _ = (dir, mapping);
        Err(rime_runtime::CfmlError::application(
            "REST services are not available here",
        ))
    }
}

/// Where a request's session comes from: the server's session store. The VM asks it when a
/// legacy `<cfapplication sessionManagement="yes">` runs in the middle of a page.
pub trait SessionStore: Send + Sync {
    /// Bind `vm.scopes.session` to the session of the application `app` that the request's
    /// `CFID` cookie names, or to a new one (setting the cookies when `set_cookies`). Returns
    /// whether the session is new.
    fn attach(
        &self,
        vm: &mut Vm,
        app: &str,
        timeout: std::time::Duration,
        set_cookies: bool,
    ) -> CfResult<bool>;
}

/// A change to the request's session that the server makes after the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionAction {
    /// A new id for the same data (against session fixation, e.g. after a login).
    Rotate,
    /// End the session; the next request starts a new one.
    Invalidate,
}

/// A request's open transaction (see `Host::transaction`), which only the engine touches.
pub type TxState = Option<rime_db::Transaction>;

/// Options of one query.
#[derive(Clone, Debug, Default)]
pub struct QueryOptions {
    pub max_rows: Option<usize>,
    pub timeout: Option<std::time::Duration>,
    /// `cachedWithin`: reuse an identical query's result this young.
    pub cached_within: Option<std::time::Duration>,
    /// `cachedAfter`: reuse an identical query's result stored after this date (a date serial).
    pub cached_after: Option<f64>,
}

/// The raw HTTP request, for `getHTTPRequestData()` and the `cgi` scope.
#[derive(Clone, Debug)]
pub struct HttpRequest {
    /// Fills the `cgi` scope when it is first read (building its fifty variables costs more
    /// than many pages, and most pages never read it).
    pub fill_cgi: fn(&Struct, &HttpRequest),
    pub cgi: CgiInfo,
    /// Borrowed for the standard methods (no allocation per request).
    pub method: std::borrow::Cow<'static, str>,
    /// `HTTP/1.1`.
    pub protocol: &'static str,
    pub headers: RequestHeaders,
    pub body: Arc<Vec<u8>>,
    /// The files of a multipart body, already in the upload folder.
    pub uploads: Vec<Upload>,
}

impl HttpRequest {
    /// The first value of the header `name` (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .list()
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// The request's headers, as text only when a page asks for them (most never do): the server
/// hands over a function that converts what it parsed.
#[derive(Default)]
pub struct RequestHeaders {
    list: std::sync::OnceLock<Vec<(String, String)>>,
    source: Option<HeaderSource>,
}

/// Converts the headers the server parsed into (lower-case name, value) pairs.
pub type HeaderSource = Box<dyn Fn() -> Vec<(String, String)> + Send + Sync>;

impl RequestHeaders {
    pub fn new(source: HeaderSource) -> RequestHeaders {
        RequestHeaders {
            list: std::sync::OnceLock::new(),
            source: Some(source),
        }
    }

    /// These headers, converted now.
    pub fn of(list: Vec<(String, String)>) -> RequestHeaders {
        RequestHeaders {
            list: std::sync::OnceLock::from(list),
            source: None,
        }
    }

    /// In the order received; repeated headers appear once each.
    pub fn list(&self) -> &[(String, String)] {
        self.list
            .get_or_init(|| self.source.as_ref().map(|f| f()).unwrap_or_default())
    }
}

impl Clone for RequestHeaders {
    fn clone(&self) -> RequestHeaders {
        RequestHeaders::of(self.list().to_vec())
    }
}

impl std::fmt::Debug for RequestHeaders {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.list()).finish()
    }
}

/// One uploaded file: its form field, the name and type the client sent, and where the server
/// put it (a temporary file, deleted after the request unless a page moved it).
#[derive(Clone, Debug)]
pub struct Upload {
    pub field: String,
    pub client_file: String,
    pub content_type: String,
    pub path: std::path::PathBuf,
    pub size: u64,
}

/// What the server knows of a request for its `cgi` scope besides the headers.
#[derive(Clone, Debug)]
pub struct CgiInfo {
    pub script_name: Arc<str>,
    pub path_info: String,
    pub path_translated: Arc<std::path::Path>,
    pub query_string: String,
    pub remote_addr: Arc<str>,
    /// The name the server listens on: `cgi.server_name` when the request has no Host header.
    pub server_name: Arc<str>,
    pub server_port: u16,
    pub https: bool,
}

/// A request scope created when first used: most requests never touch most of `request`,
/// `url`, `form`, `cgi` and `cookie`, and an empty scope made and dropped per request cost more
/// than a small page. Reading through `Deref` creates it (empty); `peek` does not.
#[derive(Default)]
pub struct LazyScope(std::sync::OnceLock<Struct>);

impl LazyScope {
    /// A scope that already has its fields.
    pub fn of(s: Struct) -> LazyScope {
        LazyScope(std::sync::OnceLock::from(s))
    }

    /// The scope if anything created it.
    #[inline]
    pub fn peek(&self) -> Option<&Struct> {
        self.0.get()
    }
}

impl std::ops::Deref for LazyScope {
    type Target = Struct;
    #[inline]
    fn deref(&self) -> &Struct {
        self.0.get_or_init(Struct::new)
    }
}

/// Clones share the one scope (a `<cfthread>` sees the page's), so cloning creates it.
impl Clone for LazyScope {
    fn clone(&self) -> LazyScope {
        LazyScope::of((**self).clone())
    }
}

impl std::fmt::Debug for LazyScope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.peek().fmt(f)
    }
}

/// The request-wide scopes.
#[derive(Clone, Debug, Default)]
pub struct RequestScopes {
    pub request: LazyScope,
    pub url: LazyScope,
    pub form: LazyScope,
    /// Filled when first read (`Vm::fill_cgi`).
    pub cgi: LazyScope,
    pub cookie: LazyScope,
    pub application: Option<Struct>,
    pub session: Option<Struct>,
    /// The HTTP request behind these scopes (None outside the server).
    pub http: Option<Arc<HttpRequest>>,
}

/// What a template asked of the HTTP response: status, headers, cookies (`<cfheader>`,
/// `<cfcontent>`, `<cflocation>`, `<cfcookie>`).
#[derive(Clone, Debug)]
pub struct Response {
    pub status: u16,
    pub status_text: String,
    /// In the order set; a later header of the same name replaces an earlier one.
    pub headers: Vec<(String, String)>,
    /// `Set-Cookie` header values.
    pub cookies: Vec<String>,
    /// `<cfcontent file=...>` / `<cfcontent variable=...>`: the body, instead of the output.
    pub body: Option<Arc<Vec<u8>>>,
}

impl Default for Response {
    fn default() -> Response {
        Response {
            status: 200,
            status_text: String::new(),
            headers: Vec::new(),
            cookies: Vec::new(),
            body: None,
        }
    }
}

impl Response {
    /// Set a header, replacing one of the same name (case-insensitive).
    pub fn set_header(&mut self, name: &str, value: &str) {
        self.headers.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
        self.headers.push((name.to_string(), value.to_string()));
    }
}

/// Where `<cfflush>` sends what the page has written so far: the response head (status,
/// headers, cookies) travels with the first chunk. Set by the server for pages that flush.
pub type FlushSink = Box<dyn FnMut(&Response, String) + Send>;

/// Deepest CFML call nesting before a stack-overflow error.
pub const MAX_CALL_DEPTH: usize = 1000;

pub struct Vm {
    pub host: Arc<dyn Host>,
    pub scopes: RequestScopes,
    pub(crate) stack: stack::Stack,
    /// Output buffers; `bufs[0]` is the response, `savecontent`/`silent` push more.
    pub(crate) bufs: Vec<String>,
    pub(crate) depth: usize,
    /// Nesting of `<cfoutput>` regions (for `enablecfoutputonly`).
    pub(crate) output_depth: u32,
    /// `enablecfoutputonly` counter.
    pub(crate) output_only: u32,
    /// Active query loops, innermost last: unscoped names resolve to their columns.
    pub(crate) queries: Vec<Arc<RwLock<Query>>>,
    /// When the request must end (`requestTimeout`); checked on backward jumps and calls.
    pub deadline: Option<Instant>,
    /// When the request began (`Engine::new_vm_with`), for the deadline and the application's
    /// last use: one clock reading for both.
    pub started: Option<Instant>,
    pub(crate) ticks: u32,
    /// The requested page (`getBaseTemplatePath`).
    pub base_template: ArcStr,
    pub response: Response,
    /// The open transaction of this request (see `Host::transaction`).
    pub tx: TxState,
    /// The settings of the application this request runs in (set by the engine).
    pub app: AppHandle,
    /// The Application.cfc event running (`onRequestStart`, `onRequest`...), for `onError`.
    pub event: &'static str,
    /// What the page asked of its session (`sessionRotate`, `sessionInvalidate`), carried out by
    /// the server after the page.
    pub session_action: Option<SessionAction>,
    /// The server's session store (None in the CLI: no sessions).
    pub sessions: Option<Arc<dyn SessionStore>>,
    /// `applicationStop()` was called: the engine ends the application after the request.
    pub stop_application: bool,
    /// When the request's session began (`sessionStartTime()`), set with the session.
    pub session_started: Option<rime_runtime::DateTime>,
    /// The name of the call being made, for a callee that asks `getFunctionCalledName()`.
    pub(crate) pending_called_name: Option<rime_bytecode::Key>,
    /// `setLocale()` for this request (None: `en_US`).
    pub locale: Option<String>,
    /// `setTimeZone()` for this request (None: the server's zone).
    pub time_zone: Option<String>,
    /// `<cfflush>`'s destination (None: the page is sent when it ends).
    pub flush: Option<FlushSink>,
    /// Some while a REST method runs (set by the engine): what `restSetResponse` asked for.
    pub rest_response: Option<Struct>,
    /// Output was dropped because a buffer reached `MAX_STRING` (raised at the next check).
    pub(crate) output_overflow: bool,
    /// What tags gather while their bodies run, and `<cfhtmlhead>`'s text.
    pub(crate) tags: tags::TagState,
    /// `<cfquery>` bodies being collected: the output-buffer index and the bound parameters.
    pub(crate) sql: Vec<(usize, Vec<rime_runtime::QueryParam>)>,
    /// Locks held by `<cflock>` bodies, innermost last, with the frame that took them.
    pub(crate) locks: Vec<(u64, lock::Held)>,
    /// Counter giving each running frame an identity (for releasing its locks).
    pub(crate) frame_seq: u64,
    /// The frames `exec` runs (a function called through Rust, a page, an include), outermost
    /// first, for `callStackGet`.
    pub(crate) shadow: Vec<call_stack::ShadowFrame>,
    /// How many of `shadow` are running levels (the rest are kept for reuse).
    pub(crate) shadow_depth: usize,
    /// Threads this request started (`<cfthread>`), and the `cfthread` scope describing them.
    pub(crate) threads: Vec<thread::Started>,
    pub(crate) cfthread: Option<Struct>,
    /// Set from outside to stop this VM at its next deadline check (`cfthread terminate`).
    pub(crate) cancel: Option<Arc<std::sync::atomic::AtomicBool>>,
    /// Custom tags whose template is executing or whose body is running, outermost first:
    /// (name as CFML shows it, the tag's `variables`), for `getBaseTagList`/`getBaseTagData`.
    pub(crate) tag_stack: Vec<(String, Struct)>,
    /// Custom tags whose body is running (innermost last).
    pub(crate) custom_tags: Vec<custom_tag::Running>,
    /// How many custom-tag templates are executing (`<cfexit>` outside one is `<cfabort>`).
    pub(crate) custom_tag_depth: usize,
    /// Emptied slot vectors of finished calls, reused so a call does not allocate its locals.
    pub(crate) slot_pool: Vec<Vec<Option<Value>>>,
    /// Emptied argument vectors of builtin calls, for the next call (no allocation per call).
    pub(crate) arg_pool: Vec<Vec<Option<Value>>>,
    /// Emptied vectors of inline-call records (`frames.rs`), for the next run that calls.
    pub(crate) record_pool: Vec<Vec<frames::Suspended<'static>>>,
    /// Where calls of page functions lead, per call site (see `call_cache`).
    pub(crate) call_cache: call_cache::CallCache,
    /// This request's share of a profile being taken (`profile`), else None.
    pub(crate) prof: Option<Box<profile::Prof>>,
}

impl Vm {
    pub fn new(host: Arc<dyn Host>, scopes: RequestScopes) -> Vm {
        let kept = pools::take();
        let mut bufs = kept.bufs;
        // Room for a small page's output (no reallocation while it writes).
        bufs.push(String::with_capacity(512));
        Vm {
            host,
            scopes,
            stack: stack::Stack::in_vec(kept.stack),
            bufs,
            depth: 0,
            output_depth: 0,
            output_only: 0,
            queries: Vec::new(),
            deadline: None,
            started: None,
            ticks: 0,
            base_template: ArcStr::new(),
            response: Response::default(),
            slot_pool: kept.slots,
            arg_pool: kept.args,
            record_pool: kept.records,
            call_cache: call_cache::CallCache::default(),
            tx: None,
            app: None,
            session_action: None,
            sessions: None,
            stop_application: false,
            locale: None,
            time_zone: None,
            session_started: None,
            pending_called_name: None,
            output_overflow: false,
            tags: tags::TagState::default(),
            flush: None,
            rest_response: None,
            event: "",
            sql: Vec::new(),
            custom_tags: Vec::new(),
            tag_stack: Vec::new(),
            custom_tag_depth: 0,
            threads: Vec::new(),
            cfthread: None,
            cancel: None,
            locks: Vec::new(),
            frame_seq: 0,
            shadow: Vec::new(),
            shadow_depth: 0,
            prof: profile::for_new_vm(),
        }
    }
}

/// The VM's buffers go to the next VM on this thread (`pools`).
impl Drop for Vm {
    fn drop(&mut self) {
        pools::keep_application(self.scopes.application.take());
        pools::keep_host(&mut self.host);
        pools::keep(pools::Pools {
            stack: self.stack.take_vec(),
            bufs: std::mem::take(&mut self.bufs),
            slots: std::mem::take(&mut self.slot_pool),
            args: std::mem::take(&mut self.arg_pool),
            records: std::mem::take(&mut self.record_pool),
        });
    }
}

impl Vm {
    /// Make `scope` the request's application scope (the struct itself, shared: reused from the
    /// last request on this thread when it is the same, see `pools`).
    pub fn attach_application_scope(&mut self, scope: &Struct) {
        self.scopes.application = Some(pools::application(scope));
    }

    /// Fail with a timeout error once the deadline has passed. Cheap: the clock is read only
    /// every 4096 calls (and at the next call after the output overflowed, see `write`).
    #[inline(always)]
    pub(crate) fn check_deadline(&mut self) -> CfResult<()> {
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks.is_multiple_of(4096) {
            self.check_deadline_now()
        } else {
            Ok(())
        }
    }

    /// `check_deadline` at instruction `pc` of `proto`, which a profile samples.
    #[inline(always)]
    pub(crate) fn check_deadline_at(
        &mut self,
        proto: &rime_bytecode::FuncProto,
        pc: usize,
    ) -> CfResult<()> {
        if self.prof.is_some() {
            self.profile_tick(proto, pc);
        }
        self.check_deadline()
    }

    #[cold]
    #[inline(never)]
    fn profile_tick(&mut self, proto: &rime_bytecode::FuncProto, pc: usize) {
        if let Some(p) = self.prof.as_mut() {
            p.ticks = p.ticks.wrapping_add(1);
            if p.ticks.is_multiple_of(profile::SAMPLE_EVERY) {
                p.sample(proto, pc);
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn check_deadline_now(&mut self) -> CfResult<()> {
        // A long request collects its reference cycles as it goes.
        if rime_runtime::gc::young_len() >= rime_runtime::gc::YOUNG_LIMIT {
            rime_runtime::gc::collect_young_by_pressure();
        }
        if self.output_overflow {
            self.output_overflow = false;
            return Err(rime_runtime::CfmlError::expression(format!(
                "the page's output exceeded the maximum of {} bytes",
                rime_runtime::value::MAX_STRING
            )));
        }
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
        {
            return Err(rime_runtime::CfmlError::new(
                "threadTerminated",
                "the thread was terminated",
            ));
        }
        rime_runtime::memory::check()?;
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                return Err(rime_runtime::CfmlError::new(
                    "requestTimeout",
                    "The request has exceeded the allowable time limit (requestTimeout)",
                ));
            }
        }
        Ok(())
    }

    /// Run a template's main function with `variables` as its variables scope.
    pub fn run_template(&mut self, proto: Arc<FuncProto>, variables: Struct) -> CfResult<Value> {
        let mut frame = Frame::new(proto, variables);
        self.exec(&mut frame)
    }

    /// Run a component's pseudo-constructor with its `variables` and `this` scopes.
    pub fn run_component(
        &mut self,
        proto: Arc<FuncProto>,
        variables: Struct,
        this: Struct,
    ) -> CfResult<()> {
        this.write().vars = Some(variables.clone());
        if proto.component.is_none() {
            let mut frame = Frame::new(proto, variables);
            frame.this = Some(Value::Struct(this));
            return self.exec(&mut frame).map(|_| ());
        }
        // A component file (`Application.cfc`): its parents (`extends`) run first, as for `new`.
        let meta = self.construct_file(&proto, &variables, &this)?;
        this.write().meta = Some(meta);
        Ok(())
    }

    /// Call a component method with `this` bound.
    pub fn call_method(&mut self, f: &Value, args: Vec<Value>, this: &Struct) -> CfResult<Value> {
        match f {
            Value::Func(func) => self.call_udf(func, args, None, Some(Value::Struct(this.clone()))),
            other => Err(rime_runtime::CfmlError::expression(format!(
                "a {} value is not a function",
                other.type_name()
            ))),
        }
    }

    /// Call a component method with named arguments and `this` bound.
    pub fn call_method_named(
        &mut self,
        f: &Value,
        args: Vec<Value>,
        names: &[Option<rime_bytecode::Key>],
        this: &Struct,
    ) -> CfResult<Value> {
        match f {
            Value::Func(func) => {
                self.call_udf(func, args, Some(names), Some(Value::Struct(this.clone())))
            }
            other => Err(rime_runtime::CfmlError::expression(format!(
                "a {} value is not a function",
                other.type_name()
            ))),
        }
    }

    /// Call a builtin with positional arguments outside any template (engine use).
    pub fn call_builtin_value(
        &mut self,
        def: &'static rime_runtime::BuiltinDef,
        args: Vec<Value>,
    ) -> CfResult<Value> {
        let proto = Arc::new(rime_bytecode::FuncProto::empty());
        let mut frame = Frame::new(proto, Struct::new());
        self.call_builtin(&mut frame, def, args, None, None)
    }

    /// Append to the current output buffer.
    pub fn write_output(&mut self, s: &str) {
        self.write(s);
    }

    /// Drop the capture buffers (`<cfsavecontent>`, `<cfsilent>`, a query body) an error left
    /// open, so what an error handler (`onError`) writes reaches the response.
    pub fn close_open_buffers(&mut self) {
        self.bufs.truncate(1);
        let open = self.bufs.len();
        self.sql.retain(|(i, _)| *i < open);
    }

    /// Everything output so far (the response body).
    pub fn output(&self) -> &str {
        self.bufs.first().map(|s| s.as_str()).unwrap_or("")
    }

    /// Take the response body, leaving it empty. `<cfhtmlhead>` text goes before `</head>`,
    /// else after `<head>`, else first (as Lucee's writer places it).
    pub fn take_output(&mut self) -> String {
        // Flush any capture buffers an error left open into the response.
        while self.bufs.len() > 1 {
            self.bufs.pop();
        }
        let mut body = self
            .bufs
            .first_mut()
            .map(std::mem::take)
            .unwrap_or_default();
        if !self.tags.html_head.is_empty() {
            let head = std::mem::take(&mut self.tags.html_head);
            let lower = body.to_ascii_lowercase();
            let at = lower
                .find("</head>")
                .or_else(|| lower.find("<head>").map(|i| i + "<head>".len()))
                .unwrap_or(0);
            body.insert_str(at, &head);
        }
        body
    }

    pub(crate) fn write(&mut self, s: &str) {
        if let Some(b) = self.bufs.last_mut() {
            // A page can't buffer more than this: the next loop or call check raises the error.
            if b.len() + s.len() > rime_runtime::value::MAX_STRING {
                self.output_overflow = true;
                // The next check raises it.
                self.ticks = u32::MAX;
                return;
            }
            b.push_str(s);
        }
    }

    /// Call a function value with positional arguments (for builtins and the engine).
    pub fn call_value(&mut self, f: &Value, args: Vec<Value>) -> CfResult<Value> {
        self.call_function_value(f, args, None)
    }

    /// The name used in errors for a template path.
    pub fn template_name(path: &str) -> ArcStr {
        ArcStr::from(path)
    }
}

#[cfg(test)]
mod tests {
    use super::Response;

    #[test]
    fn a_header_set_twice_keeps_the_last_value() {
        let mut r = Response::default();
        r.set_header("X-A", "1");
        r.set_header("x-a", "2");
        assert_eq!(r.headers, vec![("x-a".to_string(), "2".to_string())]);
    }
}
