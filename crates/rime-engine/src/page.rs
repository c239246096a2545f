//! The request pipeline: `Engine::handle` runs a page for a request on the current thread, and
//! is what every caller runs (`rime serve` for each HTTP request, `rime run`, the golden-case
//! runner through `Engine::run_file`): the application (`Application.cfc` or `Application.cfm`),
//! the session, the lifecycle (`Engine::run_lifecycle`), `onError`, `onMissingTemplate` for pages
//! that don't exist, remote `.cfc` calls and REST calls. The caller builds the request's scopes
//! and turns the `PageResult` into its answer (an HTTP response, or text on stdout).

use crate::rest::{RestCall, RestError};
use crate::session::Sessions;
use crate::session_redis;
use crate::{AppContext, Engine, SessionCookie};
use arcstr::ArcStr;
use rime_bytecode::FuncProto;
use rime_request::{RequestContext, RequestScopes, Response, SessionAction, SessionStore};
use rime_runtime::{CfResult, CfmlError, Struct, Value};
use rime_vm::Vm;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long an `onError` handler may run after the request's own deadline passed.
const ON_ERROR_GRACE: Duration = Duration::from_secs(5);

/// A page to run.
pub struct PageInput {
    pub page: Page,
    pub scopes: RequestScopes,
    /// Where `<cfflush>` sends output (pages that flush are streamed).
    pub flush: Option<rime_request::FlushSink>,
}

/// Which page, and what the server already knows of it.
pub struct Page {
    /// The template (canonical), or where it would be when `missing`.
    pub file: Arc<Path>,
    /// The web path (`targetPage` for `onMissingTemplate`).
    pub web_path: Arc<str>,
    pub kind: PageKind,
    /// The page's compiled template, when the server already fetched it for this request.
    pub compiled: Option<Arc<FuncProto>>,
}

/// What the request asks to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageKind {
    /// A `.cfm` page.
    Page,
    /// The template does not exist: only `onMissingTemplate` may answer.
    Missing,
    /// A `.cfc` URL: call one of its remote methods.
    Remote,
    /// A REST URL (`crate::rest`): `file` is in the mapping's folder.
    Rest(Box<RestCall>),
}

/// How a page ended.
pub enum Outcome {
    /// It ran (an error handled by `onError` counts).
    Done,
    /// No such page, and no `onMissingTemplate` answered for it.
    NotFound,
    /// An uncaught error.
    Error(Box<CfmlError>),
}

/// What a page produced.
pub struct PageResult {
    pub outcome: Outcome,
    /// Status, headers and cookies (including the session cookies the server set).
    pub response: Response,
    pub body: String,
}

impl Engine {
    /// Run a request's page to the end on this thread: the one pipeline of every request.
    pub fn handle(self: &Arc<Self>, input: PageInput) -> PageResult {
        let r = run(self, &self.sessions, input);
        // What the request let go of in reference cycles (the VM is gone by now).
        rime_runtime::gc::request_end();
        r
    }
}

/// Run a page to the end on this thread.
fn run(engine: &Arc<Engine>, sessions: &Arc<Sessions>, input: PageInput) -> PageResult {
    let PageInput {
        page,
        scopes,
        flush,
    } = input;
    let mut vm = engine.new_vm_with(scopes);
    vm.req.flush = flush;
    // The compiled page names its file with the same text (shared, not copied).
    vm.req.base_template = match &page.compiled {
        Some(p) => p.source.path.clone(),
        None => ArcStr::from(page.file.to_string_lossy().as_ref()),
    };
    // A session kept in Redis, written back after the page.
    let mut shared = None;
    let outcome = match run_page(engine, sessions, &mut vm, &page, &mut shared) {
        Ok(o) => o,
        Err(e) if e.abort => Outcome::Done,
        Err(e) => Outcome::Error(e),
    };
    let outcome = match shared {
        Some(shared) => finish_shared_session(engine, &mut vm, shared, outcome),
        None => outcome,
    };
    let body = vm.take_output();
    PageResult {
        outcome,
        response: std::mem::take(&mut vm.req.response),
        body,
    }
}

fn run_page(
    engine: &Arc<Engine>,
    sessions: &Arc<Sessions>,
    vm: &mut Vm,
    input: &Page,
    shared: &mut Option<session_redis::Shared>,
) -> CfResult<Outcome> {
    let missing = input.kind == PageKind::Missing;
    let Some(app) = engine.load_application(vm, &input.file)? else {
        match &input.kind {
            PageKind::Missing => return Ok(Outcome::NotFound),
            PageKind::Rest(call) => {
                vm.req.scopes.application = Some(engine.app_state("").scope.clone());
                let r = engine.run_rest(vm, None, call, false);
                return Ok(rest_outcome(vm, None, r));
            }
            PageKind::Remote => {
                vm.req.scopes.application = Some(engine.app_state("").scope.clone());
                engine.invoke_remote(vm, &input.file)?;
            }
            PageKind::Page => match engine.legacy_application(&input.file) {
                Some(app_file) => {
                    vm.req.sessions = Some(sessions.clone());
                    let r = engine.run_legacy(vm, &app_file, &input.file);
                    let name = vm
                        .req
                        .scopes
                        .application
                        .as_ref()
                        .and_then(|a| a.get_text("applicationName").ok().flatten())
                        .unwrap_or_default();
                    apply_session_action(engine, sessions, vm, &name);
                    r?;
                }
                None => {
                    // Without an Application.cfc the page runs in the unnamed application.
                    vm.req.scopes.application = Some(engine.app_state("").scope.clone());
                    let proto = match &input.compiled {
                        Some(p) => p.clone(),
                        None => engine.template(&input.file)?,
                    };
                    let r = vm.run_template(proto, Struct::new());
                    if vm.req.stop_application {
                        engine.end_application("");
                    }
                    r?;
                }
            },
        }
        return Ok(Outcome::Done);
    };
    let new_session = attach_session(engine, sessions, vm, &app, missing, shared)?;
    if app.settings.client_management {
        let cookie = engine.session_cookie(&vm.req.app);
        let cookies = app.settings.set_client_cookies.then_some(&cookie);
        let (name, timeout) = (&app.settings.name, app.settings.client_timeout);
        sessions
            .clients
            .attach(&mut vm.req, name, timeout, cookies)?;
    }
    // A session in Redis is seen to after the page (`finish_shared_session`).
    let local = shared.is_none();
    if let PageKind::Rest(call) = &input.kind {
        let r = engine.run_rest(vm, Some(&app), call, new_session);
        let outcome = rest_outcome(vm, Some(&app), r);
        if local {
            apply_session_action(engine, sessions, vm, &app.settings.name);
        }
        if vm.req.stop_application {
            engine.end_application(&app.settings.name);
        }
        return Ok(outcome);
    }
    if input.kind == PageKind::Remote {
        return match engine.invoke_remote(vm, &input.file) {
            Ok(()) => Ok(Outcome::Done),
            Err(e) if e.abort => Ok(Outcome::Done),
            Err(e) => Ok(on_error(vm, &app, e, "onCFCRequest")),
        };
    }
    if missing {
        let Some(f) = app.this.get("onMissingTemplate") else {
            return Ok(Outcome::NotFound);
        };
        // The page is missing whatever the handler shows; it may set another status.
        vm.req.response.status = 404;
        return match vm.call_method(&f, vec![Value::from(&*input.web_path)], &app.this) {
            Ok(Value::Bool(false)) => Ok(Outcome::NotFound),
            Ok(_) => Ok(Outcome::Done),
            Err(e) if e.abort => Ok(Outcome::Done),
            Err(e) => Ok(on_error(vm, &app, e, "onMissingTemplate")),
        };
    }
    let outcome =
        match engine.run_lifecycle(vm, &app, &input.file, input.compiled.clone(), new_session) {
            Ok(_) => Outcome::Done,
            Err(e) if e.abort => Outcome::Done,
            Err(e) => {
                // The event that failed: onSessionStart, onRequestStart, onRequest or onRequestEnd.
                let event = if vm.req.event.is_empty() {
                    "onRequest"
                } else {
                    vm.req.event
                };
                on_error(vm, &app, e, event)
            }
        };
    // An ORM session the request used is written back at its end (`flushAtRequestEnd`).
    let outcome = match (outcome, vm.req.orm.is_some()) {
        (Outcome::Done, true) => {
            match vm.call_builtin_value(&rime_stdlib::orm::REQUEST_END, Vec::new()) {
                Ok(_) => Outcome::Done,
                Err(e) if e.abort => Outcome::Done,
                Err(e) => on_error(vm, &app, e, "onRequestEnd"),
            }
        }
        (o, _) => o,
    };
    if local {
        apply_session_action(engine, sessions, vm, &app.settings.name);
    }
    if vm.req.stop_application {
        engine.end_application(&app.settings.name);
    }
    Ok(outcome)
}

/// Carry out `sessionRotate()` / `sessionInvalidate()` after the page: a rotated session moves
/// to a new id (with new cookies); an invalidated one ends (`onSessionEnd` runs), and the next
/// request starts afresh.
fn apply_session_action(engine: &Arc<Engine>, sessions: &Sessions, vm: &mut Vm, name: &str) {
    let Some(action) = vm.req.session_action.take() else {
        return;
    };
    let Some(id) = vm
        .req
        .scopes
        .session
        .as_ref()
        .and_then(|s| s.get("cfid"))
        .and_then(|v| v.to_str().ok().map(|s| s.into_owned()))
        .or_else(|| {
            vm.req
                .scopes
                .cookie
                .get("CFID")
                .and_then(|v| v.to_str().ok().map(|s| s.into_owned()))
        })
    else {
        return;
    };
    match action {
        SessionAction::Invalidate => {
            if let Some(ended) = sessions.remove(name, &id) {
                engine.end_session(name, ended);
            }
            vm.req
                .response
                .cookies
                .push(engine.session_cookie(&vm.req.app).header("CFID", "", true));
        }
        SessionAction::Rotate => {
            if let Ok(Some(new)) = sessions.rotate(name, &id) {
                vm.req.response.cookies.push(
                    engine
                        .session_cookie(&vm.req.app)
                        .header("CFID", &new, false),
                );
            }
        }
    }
}

/// Write a session kept in Redis back after the page; a failure to do so is the request's
/// error (unless the page already failed, or the cache falls back to local sessions).
fn finish_shared_session(
    engine: &Arc<Engine>,
    vm: &mut Vm,
    shared: session_redis::Shared,
    outcome: Outcome,
) -> Outcome {
    let fallback = shared.fallback();
    match (session_redis::finish(engine, shared, vm), outcome) {
        (Err(e), Outcome::Done) if !fallback => Outcome::Error(e),
        (Err(e), outcome) => {
            eprintln!("rime: the session could not be saved: {}", e.message);
            outcome
        }
        (Ok(()), outcome) => outcome,
    }
}

/// Bind the request's session when the application manages sessions: the one its `CFID`
/// cookie names, else a new one (with its cookies). A missing page only joins an existing
/// session, since no `onSessionStart` would run for a new one. Returns whether it is new.
fn attach_session(
    engine: &Engine,
    sessions: &Sessions,
    vm: &mut Vm,
    app: &AppContext,
    missing: bool,
    shared: &mut Option<session_redis::Shared>,
) -> CfResult<bool> {
    let settings = &app.settings;
    if !settings.session_management {
        return Ok(false);
    }
    let (name, timeout) = (&settings.name, settings.session_timeout);
    if let Some(storage) = engine.session_storage(&vm.req.app) {
        let fallback = storage.fallback;
        let cookie = engine.session_cookie(&vm.req.app);
        let cookies = settings.set_client_cookies.then_some(&cookie);
        match session_redis::attach(storage, &mut vm.req, name, timeout, cookies, missing) {
            Ok(Some((is_new, session))) => {
                *shared = Some(session);
                return Ok(is_new);
            }
            Ok(None) => return Ok(false),
            // Redis is down and the cache allows it: this instance's own sessions meanwhile.
            Err(e) if fallback => {
                eprintln!("rime: {}; using this instance's sessions", e.message);
            }
            Err(e) => return Err(e),
        }
    }
    let cookie = engine.session_cookie(&vm.req.app);
    let cookies = settings.set_client_cookies.then_some(&cookie);
    attach(sessions, &mut vm.req, name, timeout, cookies, missing)
}

/// Legacy `<cfapplication sessionManagement="yes" clientManagement="yes">` binds the session
/// and the client scope mid-page.
impl SessionStore for Sessions {
    fn attach_client(
        &self,
        req: &mut RequestContext,
        app: &str,
        timeout: Duration,
        set_cookies: bool,
    ) -> CfResult<()> {
        let cookie = SessionCookie::default();
        self.clients
            .attach(req, app, timeout, set_cookies.then_some(&cookie))
    }

    fn attach(
        &self,
        req: &mut RequestContext,
        app: &str,
        timeout: Duration,
        set_cookies: bool,
    ) -> CfResult<bool> {
        let cookie = SessionCookie::default();
        attach(
            self,
            req,
            app,
            timeout,
            set_cookies.then_some(&cookie),
            false,
        )
    }
}

/// `cookies`: the attributes of the session cookies to set for a new session (None: the
/// application sets no client cookies).
fn attach(
    sessions: &Sessions,
    req: &mut RequestContext,
    name: &str,
    timeout: Duration,
    cookies: Option<&SessionCookie>,
    missing: bool,
) -> CfResult<bool> {
    let cfid = crate::session::request_cfid(req);
    let session = if missing {
        sessions.existing(name, cfid.as_deref(), timeout)
    } else {
        let s = sessions
            .join_or_create(name, cfid.as_deref(), timeout)
            .map_err(|e| CfmlError::application(format!("could not create a session id: {e}")))?;
        Some(s)
    };
    let Some(session) = session else {
        return Ok(false);
    };
    if let (true, true, Some(cookie)) = (session.is_new, session.stored, cookies) {
        crate::session::send_session_cookies(req, cookie, &session.id);
    }
    req.scopes.session = Some(session.scope);
    req.session_started = Some(session.created);
    Ok(session.is_new)
}

/// Hand an error to the application's `onError(exception, eventName)`, when it has one.
pub(crate) fn on_error(vm: &mut Vm, app: &AppContext, e: Box<CfmlError>, event: &str) -> Outcome {
    let Some(f) = app.this.get("onError") else {
        return Outcome::Error(e);
    };
    // A request that timed out still gets to report it.
    vm.deadline = Some(Instant::now() + ON_ERROR_GRACE);
    vm.close_open_buffers();
    match vm.call_method(&f, vec![e.to_value(), Value::from(event)], &app.this) {
        Ok(_) => Outcome::Done,
        Err(e2) if e2.abort => Outcome::Done,
        // An error inside onError is the one to show.
        Err(e2) => Outcome::Error(e2),
    }
}

/// How a REST call ended: an error in an application event goes to `onError`, one in the
/// resource method is the answer's (the server writes it as a plain-text 500).
fn rest_outcome(vm: &mut Vm, app: Option<&AppContext>, r: Result<(), RestError>) -> Outcome {
    match r {
        Ok(()) => Outcome::Done,
        Err(RestError::Event(e) | RestError::Call(e)) if e.abort => Outcome::Done,
        Err(RestError::Event(e)) => match app {
            Some(app) => {
                let event = vm.req.event;
                on_error(vm, app, e, event)
            }
            None => Outcome::Error(e),
        },
        Err(RestError::Call(e)) => Outcome::Error(e),
    }
}
