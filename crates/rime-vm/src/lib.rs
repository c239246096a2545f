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
use rime_request::{AppHandle, RequestContext, RequestScopes, TxState};
use rime_runtime::{CfResult, Query, Struct, Value};
use std::sync::Arc;
use std::time::Instant;

/// Services the VM needs from the engine: templates for `include`, components for `new`, custom
/// tags, paths, datasources. `app` is the request's application settings (`RequestContext::app`).
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
    /// A datasource given as a struct where a name goes (`queryExecute(sql, params,
    /// {datasource: {...}})`): the name it is known by from then on.
    fn inline_datasource(&self, app: &AppHandle, def: &Struct) -> CfResult<String> {
        let _ = (app, def);
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
    /// Empty one of the engine's caches (`pagePoolClear`...); false without them.
    fn clear_cache(&self, which: rime_runtime::EngineCache) -> bool {
        let _ = which;
        false
    }
    /// What one of the engine's caches holds (`pagePoolList`, `componentCacheList`).
    fn cache_entries(&self, which: rime_runtime::EngineCache) -> Vec<(String, String)> {
        let _ = which;
        Vec::new()
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
    /// The page has run for a time slice (`Vm::next_hand_off`): let the server move its other
    /// work (its queue of requests, the sockets it watches) to another thread, while the page
    /// goes on running on this one.
    fn hand_off(&self) {}
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
    /// `<cfschedule>` (its attributes): the server's scheduled tasks; `action="list"` returns
    /// their query.
    fn schedule(&self, attrs: &Struct) -> CfResult<Option<Value>> {
        let _ = attrs;
        Err(rime_runtime::CfmlError::application(
            "scheduled tasks are not available here",
        ))
    }
    /// `internalRequest()`: run a page of this server as a request of its own (see
    /// `CodeCtx::internal_request`); `from` is the calling template's file.
    fn internal_request(
        self: Arc<Self>,
        request: rime_runtime::InternalRequest,
        from: &str,
        throw_on_error: bool,
    ) -> CfResult<Struct> {
        let _ = (request, from, throw_on_error);
        Err(rime_runtime::CfmlError::application(
            "internalRequest: no pages can be run here",
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

/// How long a page runs on a server thread before the host is asked to hand off its other work
/// (`Host::hand_off`): short enough that a request waiting behind a long page is not noticed
/// (static files and quick pages answer in well under 20 ms), long enough that most pages
/// never ask.
pub const HAND_OFF_SLICE: std::time::Duration = std::time::Duration::from_millis(2);

/// Deepest CFML call nesting before a stack-overflow error.
pub const MAX_CALL_DEPTH: usize = 1000;

pub struct Vm {
    pub host: Arc<dyn Host>,
    /// The request this VM runs (the engine sets it up and reads it back).
    pub req: RequestContext,
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
    /// When the page has run a time slice and asks the host to hand off (`Host::hand_off`),
    /// None when the host runs pages on threads of their own.
    pub next_hand_off: Option<Instant>,
    /// Hand-offs so far: the slice doubles after each (a page that was moved off the server's
    /// threads is asked again rarely, in case the move lost a race).
    pub(crate) hand_offs: u32,
    pub(crate) ticks: u32,
    /// The name of the call being made, for a callee that asks `getFunctionCalledName()`.
    pub(crate) pending_called_name: Option<rime_bytecode::Key>,
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
    /// In a function listener's thread (`f():listener`): its `thread` scope, which the
    /// listener (a function of the page, not the thread's body) reads and writes by name.
    pub(crate) thread_scope: Option<Struct>,
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
        Vm::for_request(host, RequestContext::new(scopes))
    }

    /// A VM running `req` (a `<cfthread>` or background task: its request's `shared()` part).
    pub fn for_request(host: Arc<dyn Host>, req: RequestContext) -> Vm {
        let kept = pools::take();
        let mut bufs = kept.bufs;
        // Room for a small page's output (no reallocation while it writes).
        bufs.push(String::with_capacity(512));
        Vm {
            host,
            req,
            stack: stack::Stack::in_vec(kept.stack),
            bufs,
            depth: 0,
            output_depth: 0,
            output_only: 0,
            queries: Vec::new(),
            deadline: None,
            started: None,
            next_hand_off: None,
            hand_offs: 0,
            ticks: 0,
            slot_pool: kept.slots,
            arg_pool: kept.args,
            record_pool: kept.records,
            call_cache: call_cache::CallCache::default(),
            pending_called_name: None,
            output_overflow: false,
            tags: tags::TagState::default(),
            sql: Vec::new(),
            custom_tags: Vec::new(),
            tag_stack: Vec::new(),
            custom_tag_depth: 0,
            threads: Vec::new(),
            cfthread: None,
            cancel: None,
            thread_scope: None,
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
        pools::keep_application(self.req.scopes.application.take());
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
        self.req.scopes.application = Some(pools::application(scope));
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
    pub(crate) fn check_deadline_now(&mut self) -> CfResult<()> {
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
        if self.deadline.is_none() && self.next_hand_off.is_none() {
            return Ok(());
        }
        let now = Instant::now();
        if self.next_hand_off.is_some_and(|at| now >= at) {
            self.hand_off(now);
        }
        if self.deadline.is_some_and(|d| now >= d) {
            return Err(rime_runtime::CfmlError::new(
                "requestTimeout",
                "The request has exceeded the allowable time limit (requestTimeout)",
            ));
        }
        Ok(())
    }

    /// The page has run its slice: the host moves its other work elsewhere. The next slice is
    /// twice as long, up to about a second.
    #[cold]
    fn hand_off(&mut self, now: Instant) {
        self.host.hand_off();
        self.hand_offs = self.hand_offs.saturating_add(1);
        let next = HAND_OFF_SLICE * (1 << self.hand_offs.min(9));
        self.next_hand_off = Some(now + next);
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
    /// else after `<head>`, else first; `<cfhtmlbody>` text before `</body>`, else last (as
    /// Lucee's writer places them).
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
            let head = std::mem::take(&mut self.tags.html_head).text;
            let lower = body.to_ascii_lowercase();
            let at = lower
                .find("</head>")
                .or_else(|| lower.find("<head>").map(|i| i + "<head>".len()))
                .unwrap_or(0);
            body.insert_str(at, &head);
        }
        if !self.tags.html_body.is_empty() {
            let text = std::mem::take(&mut self.tags.html_body).text;
            match body.to_ascii_lowercase().rfind("</body>") {
                Some(at) => body.insert_str(at, &text),
                None => body.push_str(&text),
            }
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
