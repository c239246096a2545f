//! The client scope (`this.clientManagement = true`): variables of one browser that outlive
//! its sessions, found again by its `CFID` cookie (the session's, or set for the client when
//! there is no session). Rime keeps them in the process's memory (Lucee's `memory` client
//! storage) for `clientTimeout` after the last visit (Lucee's default: 90 days); `cookie` and
//! datasource storage are not provided, so client variables do not survive a restart. The
//! session store holds them (`Sessions::clients`), so a legacy `<cfapplication>` reaches them
//! through `SessionStore::attach_client`.
//! Lucee's read-only keys are kept: `cfid`, `cftoken`, `urltoken`, `hitCount` (the requests of
//! this client), `lastVisit` and `timeCreated`.

use crate::SessionCookie;
use parking_lot::Mutex;
use rime_request::RequestContext;
use rime_runtime::{CfResult, CfmlError, DateTime, Struct, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// More clients than this and the expired ones are swept before a new one is added.
const SWEEP_AT: usize = 10_000;

struct Entry {
    scope: Struct,
    last: Instant,
}

/// Every application's clients, by (application, CFID).
#[derive(Default)]
pub struct Clients {
    map: Mutex<HashMap<(String, String), Entry>>,
}

impl Clients {
    /// Give the request its client scope.
    pub(crate) fn attach(
        &self,
        req: &mut RequestContext,
        app: &str,
        timeout: Duration,
        cookie: Option<&SessionCookie>,
    ) -> CfResult<()> {
        let from_session = req
            .scopes
            .session
            .as_ref()
            .and_then(|s| s.get_text("cfid").ok().flatten());
        let app = app.to_lowercase();
        let now = Instant::now();
        let stamp = Value::Date(DateTime::now());
        let mut map = self.map.lock();
        // An id from the cookie alone counts only when this store issued it (a forged or
        // stale one gets a new id, as a session does): nobody picks another's client id.
        let from_cookie = crate::session::request_cfid(req)
            .filter(|id| map.contains_key(&(app.clone(), id.clone())));
        let cfid = match from_session.or(from_cookie) {
            Some(id) if !id.trim().is_empty() => id,
            _ => {
                let id = crate::session::new_id().map_err(|e| {
                    CfmlError::application(format!("could not create a client id: {e}"))
                })?;
                if let Some(cookie) = cookie {
                    crate::session::send_session_cookies(req, cookie, &id);
                }
                id
            }
        };
        let key = (app, cfid.clone());
        let live = map
            .get_mut(&key)
            .filter(|e| now.duration_since(e.last) < timeout)
            .map(|e| {
                e.last = now;
                e.scope.clone()
            });
        let scope = match live {
            Some(s) => s,
            None => {
                if map.len() >= SWEEP_AT {
                    map.retain(|_, e| now.duration_since(e.last) < timeout);
                }
                let s = Struct::new();
                s.set_str("cfid", Value::from(cfid.as_str()));
                s.set_str("cftoken", Value::from("0"));
                s.set_str("urltoken", Value::from(format!("CFID={cfid}&CFTOKEN=0")));
                s.set_str("hitcount", Value::Num(0.0));
                s.set_str("timecreated", stamp.clone());
                map.insert(
                    key,
                    Entry {
                        scope: s.clone(),
                        last: now,
                    },
                );
                s
            }
        };
        drop(map);
        let hits = scope
            .get("hitcount")
            .and_then(|v| v.to_num().ok())
            .unwrap_or(0.0);
        scope.set_str("hitcount", Value::Num(hits + 1.0));
        scope.set_str("lastvisit", stamp);
        req.scopes.client = Some(scope);
        Ok(())
    }
}
