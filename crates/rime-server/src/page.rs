//! Running a CFML page for a request on the current thread: the application, the session, the
//! lifecycle (`Engine::run_lifecycle`), `onError`, and `onMissingTemplate` for pages that don't
//! exist.

use crate::session::Sessions;
use arcstr::ArcStr;
use rime_engine::{AppContext, Engine};
use rime_runtime::{CfResult, CfmlError, Struct, Value};
use rime_vm::{RequestScopes, Response, SessionAction, SessionStore, Vm};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long an `onError` handler may run after the request's own deadline passed.
const ON_ERROR_GRACE: Duration = Duration::from_secs(5);

/// A page to run.
pub struct PageInput {
    /// The template (canonical), or where it would be when `missing`.
    pub file: PathBuf,
    /// The web path (`targetPage` for `onMissingTemplate`).
    pub web_path: String,
    pub kind: PageKind,
    pub scopes: RequestScopes,
    /// Where `<cfflush>` sends output (pages that flush are streamed).
    pub flush: Option<rime_vm::FlushSink>,
}

/// What the request asks to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageKind {
    /// A `.cfm` page.
    Page,
    /// The template does not exist: only `onMissingTemplate` may answer.
    Missing,
    /// A `.cfc` URL: call one of its remote methods.
    Remote,
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

/// Run a page to the end on this thread.
pub fn run(engine: &Arc<Engine>, sessions: &Arc<Sessions>, mut input: PageInput) -> PageResult {
    let mut vm = engine.new_vm();
    vm.flush = input.flush.take();
    vm.scopes = input.scopes.clone();
    vm.base_template = ArcStr::from(input.file.to_string_lossy().as_ref());
    let outcome = match run_page(engine, sessions, &mut vm, &input) {
        Ok(o) => o,
        Err(e) if e.abort => Outcome::Done,
        Err(e) => Outcome::Error(e),
    };
    let body = vm.take_output();
    PageResult {
        outcome,
        response: std::mem::take(&mut vm.response),
        body,
    }
}

fn run_page(
    engine: &Arc<Engine>,
    sessions: &Arc<Sessions>,
    vm: &mut Vm,
    input: &PageInput,
) -> CfResult<Outcome> {
    let missing = input.kind == PageKind::Missing;
    let Some(app) = engine.load_application(vm, &input.file)? else {
        match input.kind {
            PageKind::Missing => return Ok(Outcome::NotFound),
            PageKind::Remote => {
                vm.scopes.application = Some(engine.app_state("").scope.clone());
                engine.invoke_remote(vm, &input.file)?;
            }
            PageKind::Page => match engine.legacy_application(&input.file) {
                Some(app_file) => {
                    vm.sessions = Some(sessions.clone());
                    let r = engine.run_legacy(vm, &app_file, &input.file);
                    let name = vm
                        .scopes
                        .application
                        .as_ref()
                        .and_then(|a| a.get_text("applicationName").ok().flatten())
                        .unwrap_or_default();
                    apply_session_action(engine, sessions, vm, &name);
                    r?;
                }
                None => {
                    let proto = engine.template(&input.file)?;
                    vm.run_template(proto, Struct::new())?;
                }
            },
        }
        return Ok(Outcome::Done);
    };
    let new_session = attach_session(sessions, vm, &app, missing)?;
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
        vm.response.status = 404;
        return match vm.call_method(&f, vec![Value::from(input.web_path.as_str())], &app.this) {
            Ok(Value::Bool(false)) => Ok(Outcome::NotFound),
            Ok(_) => Ok(Outcome::Done),
            Err(e) if e.abort => Ok(Outcome::Done),
            Err(e) => Ok(on_error(vm, &app, e, "onMissingTemplate")),
        };
    }
    let outcome = match engine.run_lifecycle(vm, &app, &input.file, new_session) {
        Ok(_) => Outcome::Done,
        Err(e) if e.abort => Outcome::Done,
        Err(e) => {
            // The event that failed: onSessionStart, onRequestStart, onRequest or onRequestEnd.
            let event = if vm.event.is_empty() {
                "onRequest"
            } else {
                vm.event
            };
            on_error(vm, &app, e, event)
        }
    };
    apply_session_action(engine, sessions, vm, &app.settings.name);
    if vm.stop_application {
        engine.end_application(&app.settings.name);
    }
    Ok(outcome)
}

/// Carry out `sessionRotate()` / `sessionInvalidate()` after the page: a rotated session moves
/// to a new id (with new cookies); an invalidated one ends (`onSessionEnd` runs), and the next
/// request starts afresh.
fn apply_session_action(engine: &Arc<Engine>, sessions: &Sessions, vm: &mut Vm, name: &str) {
    let Some(action) = vm.session_action.take() else {
        return;
    };
    let Some(id) = vm
        .scopes
        .session
        .as_ref()
        .and_then(|s| s.get("cfid"))
        .and_then(|v| v.to_str().ok().map(|s| s.into_owned()))
        .or_else(|| {
            vm.scopes
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
            vm.response
                .cookies
                .push("CFID=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax".to_string());
        }
        SessionAction::Rotate => {
            if let Ok(Some(new)) = sessions.rotate(name, &id) {
                vm.response
                    .cookies
                    .push(format!("CFID={new}; Path=/; HttpOnly; SameSite=Lax"));
            }
        }
    }
}

/// Bind the request's session when the application manages sessions: the one its `CFID`
/// cookie names, else a new one (with its cookies). A missing page only joins an existing
/// session, since no `onSessionStart` would run for a new one. Returns whether it is new.
fn attach_session(
    sessions: &Sessions,
    vm: &mut Vm,
    app: &AppContext,
    missing: bool,
) -> CfResult<bool> {
    let settings = &app.settings;
    if !settings.session_management {
        return Ok(false);
    }
    let (name, timeout) = (&settings.name, settings.session_timeout);
    attach(
        sessions,
        vm,
        name,
        timeout,
        settings.set_client_cookies,
        missing,
    )
}

/// Legacy `<cfapplication sessionManagement="yes">` binds the session mid-page.
impl SessionStore for Sessions {
    fn attach(
        &self,
        vm: &mut Vm,
        app: &str,
        timeout: Duration,
        set_cookies: bool,
    ) -> CfResult<bool> {
        attach(self, vm, app, timeout, set_cookies, false)
    }
}

fn attach(
    sessions: &Sessions,
    vm: &mut Vm,
    name: &str,
    timeout: Duration,
    set_cookies: bool,
    missing: bool,
) -> CfResult<bool> {
    let cookie = vm
        .scopes
        .cookie
        .get("CFID")
        .and_then(|v| v.to_str().ok().map(|s| s.into_owned()));
    let session = if missing {
        sessions.existing(name, cookie.as_deref(), timeout)
    } else {
        let s = sessions
            .join_or_create(name, cookie.as_deref(), timeout)
            .map_err(|e| CfmlError::application(format!("could not create a session id: {e}")))?;
        Some(s)
    };
    let Some(session) = session else {
        return Ok(false);
    };
    if session.is_new && set_cookies {
        for (name, value) in [("CFID", session.id.as_str()), ("CFTOKEN", "0")] {
            vm.response
                .cookies
                .push(format!("{name}={value}; Path=/; HttpOnly; SameSite=Lax"));
            vm.scopes.cookie.set_str(name, Value::from(value));
        }
    }
    vm.scopes.session = Some(session.scope);
    vm.session_started = Some(session.created);
    Ok(session.is_new)
}

/// Hand an error to the application's `onError(exception, eventName)`, when it has one.
fn on_error(vm: &mut Vm, app: &AppContext, e: Box<CfmlError>, event: &str) -> Outcome {
    let Some(f) = app.this.get("onError") else {
        return Outcome::Error(e);
    };
    // A request that timed out still gets to report it.
    vm.deadline = Some(Instant::now() + ON_ERROR_GRACE);
    match vm.call_method(&f, vec![e.to_value(), Value::from(event)], &app.this) {
        Ok(_) => Outcome::Done,
        Err(e2) if e2.abort => Outcome::Done,
        // An error inside onError is the one to show.
        Err(e2) => Outcome::Error(e2),
    }
}
