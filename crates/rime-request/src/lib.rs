//! What one request is, apart from the interpreter that runs it: the HTTP request the server
//! received (`HttpRequest`), the request-wide scopes, the response the page asks for, and the
//! request's settings and state the engine reads back after the page (`RequestContext`).
//!
//! The server fills these, the engine owns the `RequestContext` of each request it runs, and the
//! VM (`rime-vm`) holds it while the page runs. Nothing here depends on the VM, so the session
//! store and the server's callbacks see the request, not the interpreter.

mod app;
mod cgi;
mod http;
mod scopes;

pub use app::{AppCaches, AppConfig, AppPaths, CacheStore, Datasources};
pub use http::{CgiInfo, FlushSink, HeaderSource, HttpRequest, RequestHeaders, Response, Upload};
pub use scopes::{LazyScope, RequestScopes};

use arcstr::ArcStr;
use rime_runtime::{CfResult, DateTime, Struct};
use std::sync::Arc;

/// The application settings (mappings, custom tag paths, datasources, caches) of a request,
/// set by the engine (None: the server's defaults). Passed to every `Host` call so that two
/// applications on one server never see each other's settings.
pub type AppHandle = Option<Arc<AppPaths>>;

/// A request's open transaction (see `Host::transaction`), which only the engine touches.
pub type TxState = Option<rime_db::Transaction>;

/// One request's state outside the interpreter: what the engine sets before the page (scopes,
/// application, session store, flush sink), what the page changes (response, locale,
/// transaction), and what the engine acts on after it (session action, `applicationStop()`).
#[derive(Default)]
pub struct RequestContext {
    pub scopes: RequestScopes,
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
    /// the engine after the page.
    pub session_action: Option<SessionAction>,
    /// The server's session store (None in the CLI: no sessions).
    pub sessions: Option<Arc<dyn SessionStore>>,
    /// When the request's session began (`sessionStartTime()`), set with the session.
    pub session_started: Option<DateTime>,
    /// `applicationStop()` was called: the engine ends the application after the request.
    pub stop_application: bool,
    /// `setLocale()` for this request (None: `en_US`).
    pub locale: Option<String>,
    /// `setTimeZone()` for this request (None: the server's zone).
    pub time_zone: Option<String>,
    /// `<cfflush>`'s destination (None: the page is sent when it ends).
    pub flush: Option<FlushSink>,
    /// Output went to `flush` already (`isFlushed()`): the status and headers are sent.
    pub flushed: bool,
    /// Some while a REST method runs (set by the engine): what `restSetResponse` asked for.
    pub rest_response: Option<Struct>,
    /// The ORM session, opened by the first ORM call (`rime-stdlib/src/orm/`).
    pub orm: Option<rime_runtime::orm::SharedOrmSession>,
}

impl RequestContext {
    /// A request with these scopes and nothing else set yet.
    pub fn new(scopes: RequestScopes) -> RequestContext {
        RequestContext {
            scopes,
            ..RequestContext::default()
        }
    }

    /// Fill the request's `cgi` scope unless it is filled (a filled one is never empty: it
    /// holds every standard name). Two threads may both fill it: they write the same values.
    pub fn fill_cgi(&self) {
        if let Some(http) = &self.scopes.http {
            if self.scopes.cgi.is_empty() {
                cgi::fill(&self.scopes.cgi, http);
            }
        }
    }
}

/// What a `<cfthread>` or a background task shares with the request that started it: its
/// scopes, application, locale and time zone (as in Lucee); the rest is the task's own.
#[derive(Clone)]
pub struct SharedRequest {
    scopes: RequestScopes,
    app: AppHandle,
    locale: Option<String>,
    time_zone: Option<String>,
}

impl RequestContext {
    /// What a thread or task started by this request shares with it.
    pub fn shared(&self) -> SharedRequest {
        SharedRequest {
            scopes: self.scopes.clone(),
            app: self.app.clone(),
            locale: self.locale.clone(),
            time_zone: self.time_zone.clone(),
        }
    }
}

impl From<SharedRequest> for RequestContext {
    fn from(s: SharedRequest) -> RequestContext {
        RequestContext {
            scopes: s.scopes,
            app: s.app,
            locale: s.locale,
            time_zone: s.time_zone,
            ..RequestContext::default()
        }
    }
}

/// Where a request's session comes from: the server's session store. The VM asks it when a
/// legacy `<cfapplication sessionManagement="yes">` runs in the middle of a page.
pub trait SessionStore: Send + Sync {
    /// Bind `req.scopes.session` to the session of the application `app` that the request's
    /// `CFID` cookie names, or to a new one (setting the cookies when `set_cookies`). Returns
    /// whether the session is new.
    fn attach(
        &self,
        req: &mut RequestContext,
        app: &str,
        timeout: std::time::Duration,
        set_cookies: bool,
    ) -> CfResult<bool>;
    /// Bind `req.scopes.client` to the client scope of `app` that the request's `CFID` names
    /// (the session's when one is bound), or to a new one; kept `timeout` after the last visit.
    fn attach_client(
        &self,
        req: &mut RequestContext,
        app: &str,
        timeout: std::time::Duration,
        set_cookies: bool,
    ) -> CfResult<()>;
}

/// Lucee's default `clientTimeout`: 90 days (`Application.cfc` and `<cfapplication>` alike).
pub const DEFAULT_CLIENT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(90 * 86_400);

/// A change to the request's session that the server makes after the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionAction {
    /// A new id for the same data (against session fixation, e.g. after a login).
    Rotate,
    /// End the session; the next request starts a new one.
    Invalidate,
}
