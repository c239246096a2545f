//! Sessions kept in Redis (`this.sessionStorage` naming a Redis cache with `storage: true`), so
//! any instance of a cluster serves any request and no sticky sessions are needed.
//!
//! A request reads its session at the start and writes it back at the end only when it
//! changed (otherwise it just renews the TTL, which is the session timeout). A new session is
//! created in Redis before `onSessionStart` runs, so the event fires once per session across
//! the cluster. `sessionRotate` renames the key; `sessionInvalidate` deletes it (and runs
//! `onSessionEnd`). Sessions that Redis expires end without `onSessionEnd`: no instance sees
//! them go.

use crate::session::{new_id, plausible_id, request_cfid, send_session_cookies, set_id};
use crate::{Engine, SessionCookie, SessionStorage};
use rime_request::{RequestContext, SessionAction};
use rime_runtime::{CfResult, CfmlError, DateTime, Struct};
use rime_vm::Vm;
use std::sync::Arc;
use std::time::Duration;

/// The request's session in Redis, to write back at the end.
pub(crate) struct Shared {
    storage: SessionStorage,
    app: String,
    id: String,
    created: DateTime,
    /// The scope as read (empty for a new session, so it is always written).
    stored: Vec<u8>,
    ttl: Duration,
}

impl Shared {
    pub(crate) fn fallback(&self) -> bool {
        self.storage.fallback
    }
}

/// Bind the request's session from Redis: the one the `CFID` cookie names, else a new one
/// (only an existing one when `missing`). Returns whether it is new, and what to save.
pub(crate) fn attach(
    storage: SessionStorage,
    req: &mut RequestContext,
    app: &str,
    ttl: Duration,
    cookies: Option<&SessionCookie>,
    missing: bool,
) -> CfResult<Option<(bool, Shared)>> {
    let cookie = request_cfid(req).filter(|id| plausible_id(id));
    if let Some(id) = cookie {
        if let Some(found) = storage.cache.session_load(app, &id)? {
            req.scopes.session = Some(found.scope);
            req.session_started = Some(found.created);
            let shared = Shared {
                storage,
                app: app.to_string(),
                id,
                created: found.created,
                stored: found.stored,
                ttl,
            };
            return Ok(Some((false, shared)));
        }
    }
    if missing {
        return Ok(None);
    }
    let id = new_id()
        .map_err(|e| CfmlError::application(format!("could not create a session id: {e}")))?;
    let created = DateTime::now();
    let scope = Struct::new();
    set_id(&scope, app, &id);
    if !storage
        .cache
        .session_create(app, &id, &scope, created, ttl)?
    {
        return Err(CfmlError::application(
            "could not create a session: its new id was already taken",
        ));
    }
    if let Some(cookie) = cookies {
        send_session_cookies(req, cookie, &id);
    }
    req.scopes.session = Some(scope);
    req.session_started = Some(created);
    let shared = Shared {
        storage,
        app: app.to_string(),
        id,
        created,
        stored: Vec::new(),
        ttl,
    };
    Ok(Some((true, shared)))
}

/// After the page: carry out `sessionRotate`/`sessionInvalidate`, then write the session back.
/// An error here (Redis down, a closure in the session) is the request's error.
pub(crate) fn finish(engine: &Arc<Engine>, mut shared: Shared, vm: &mut Vm) -> CfResult<()> {
    let cache = shared.storage.cache.clone();
    match vm.req.session_action.take() {
        Some(SessionAction::Invalidate) => {
            // The page saw an empty session from the call on; the stored one is what ends.
            let ended = cache.session_load(&shared.app, &shared.id)?;
            cache.session_delete(&shared.app, &shared.id)?;
            if let Some(ended) = ended {
                engine.end_session(&shared.app, ended.scope);
            }
            vm.req
                .response
                .cookies
                .push(engine.session_cookie(&vm.req.app).header("CFID", "", true));
            return Ok(());
        }
        Some(SessionAction::Rotate) => {
            let new = new_id().map_err(|e| {
                CfmlError::application(format!("could not create a session id: {e}"))
            })?;
            if cache.session_rename(&shared.app, &shared.id, &new)? {
                if let Some(scope) = &vm.req.scopes.session {
                    set_id(scope, &shared.app, &new);
                }
                vm.req.response.cookies.push(
                    engine
                        .session_cookie(&vm.req.app)
                        .header("CFID", &new, false),
                );
                shared.id = new;
            }
        }
        None => {}
    }
    let Some(scope) = &vm.req.scopes.session else {
        return Ok(());
    };
    cache.session_save(
        &shared.app,
        &shared.id,
        scope,
        shared.created,
        shared.ttl,
        &shared.stored,
    )
}
