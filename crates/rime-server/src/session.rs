//! The in-process session store: `session` scopes keyed by application name and session id,
//! dropped after `sessionTimeout` without a request.
//!
//! Ids are 128 bits from the operating system's CSPRNG. A client can only ever join a session
//! the server created: an unknown or expired id gets a fresh id (no session fixation).

use parking_lot::Mutex;
use rand::RngCore;
use rime_runtime::{DateTime, Struct, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};

struct Entry {
    /// The application name as the application spells it (for `onSessionEnd`).
    app: String,
    scope: Struct,
    /// When the session began (`sessionStartTime()`).
    created: DateTime,
    last_used: Instant,
    timeout: Duration,
}

impl Entry {
    fn expired(&self, now: Instant) -> bool {
        now.duration_since(self.last_used) > self.timeout
    }
}

/// All sessions of all applications of one server.
#[derive(Default)]
pub struct Sessions {
    /// Keyed by (lower-cased application name, id).
    map: Mutex<HashMap<(String, String), Entry>>,
}

/// A session joined or created for a request.
pub struct Session {
    pub id: String,
    pub scope: Struct,
    pub created: DateTime,
    /// Created by this request: `onSessionStart` runs and the cookie is set.
    pub is_new: bool,
}

/// Whether a cookie value could be one of our ids (bounded length, hex and dashes), checked
/// before it is used as a key.
pub(crate) fn plausible_id(id: &str) -> bool {
    id.len() == 36 && id.bytes().all(|b| b.is_ascii_hexdigit() || b == b'-')
}

/// A new 128-bit id as lower-case hex in the 8-4-4-4-12 form.
pub(crate) fn new_id() -> Result<String, rand::Error> {
    let mut b = [0u8; 16];
    rand::rngs::OsRng.try_fill_bytes(&mut b)?;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    Ok(format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    ))
}

/// The session variables that carry the id (`cfid`, `cftoken`, `sessionid`, `urltoken`).
pub(crate) fn set_id(scope: &Struct, app: &str, id: &str) {
    scope.set_str("cfid", Value::from(id));
    scope.set_str("cftoken", Value::from("0"));
    scope.set_str("sessionid", Value::from(format!("{app}_{id}_0")));
    scope.set_str("urltoken", Value::from(format!("CFID={id}&CFTOKEN=0")));
}

/// The `CFID` cookie the request sent, if any.
pub(crate) fn request_cfid(vm: &rime_vm::Vm) -> Option<String> {
    vm.scopes
        .cookie
        .get("CFID")
        .and_then(|v| v.to_str().ok().map(|s| s.into_owned()))
}

/// Give a new session its `CFID`/`CFTOKEN` cookies (and the request's cookie scope the same).
pub(crate) fn send_session_cookies(
    vm: &mut rime_vm::Vm,
    cookie: &rime_engine::SessionCookie,
    id: &str,
) {
    for (name, value) in [("CFID", id), ("CFTOKEN", "0")] {
        vm.response.cookies.push(cookie.header(name, value, false));
        vm.scopes.cookie.set_str(name, Value::from(value));
    }
}

impl Sessions {
    /// The live session `id` of `app`, or a new one. Errors only when the OS has no randomness.
    pub fn join_or_create(
        &self,
        app: &str,
        id: Option<&str>,
        timeout: Duration,
    ) -> Result<Session, rand::Error> {
        let key_app = app.to_lowercase();
        let now = Instant::now();
        if let Some(id) = id.filter(|id| plausible_id(id)) {
            if let Some(s) = self.join(&key_app, id, timeout, now) {
                return Ok(s);
            }
        }
        let id = new_id()?;
        let created = DateTime::now();
        let scope = Struct::new();
        set_id(&scope, app, &id);
        self.map.lock().insert(
            (key_app, id.clone()),
            Entry {
                app: app.to_string(),
                scope: scope.clone(),
                created,
                last_used: now,
                timeout,
            },
        );
        Ok(Session {
            id,
            scope,
            created,
            is_new: true,
        })
    }

    /// End a session now; returns its scope (for `onSessionEnd`).
    pub fn remove(&self, app: &str, id: &str) -> Option<Struct> {
        self.map
            .lock()
            .remove(&(app.to_lowercase(), id.to_string()))
            .map(|e| e.scope)
    }

    /// Move a session's data to a fresh id (the old id stops working). Returns the new id.
    pub fn rotate(&self, app: &str, id: &str) -> Result<Option<String>, rand::Error> {
        let key_app = app.to_lowercase();
        let new = new_id()?;
        let mut map = self.map.lock();
        let Some(mut entry) = map.remove(&(key_app.clone(), id.to_string())) else {
            return Ok(None);
        };
        entry.last_used = Instant::now();
        set_id(&entry.scope, app, &new);
        map.insert((key_app, new.clone()), entry);
        Ok(Some(new))
    }

    /// The live session `id` of `app`, without creating one.
    pub fn existing(&self, app: &str, id: Option<&str>, timeout: Duration) -> Option<Session> {
        let id = id.filter(|id| plausible_id(id))?;
        self.join(&app.to_lowercase(), id, timeout, Instant::now())
    }

    fn join(&self, app: &str, id: &str, timeout: Duration, now: Instant) -> Option<Session> {
        let mut map = self.map.lock();
        let key = (app.to_string(), id.to_string());
        let entry = map.get_mut(&key)?;
        if entry.expired(now) {
            map.remove(&key);
            return None;
        }
        entry.last_used = now;
        // The application may have changed its timeout since the session began.
        entry.timeout = timeout;
        Some(Session {
            id: id.to_string(),
            scope: entry.scope.clone(),
            created: entry.created,
            is_new: false,
        })
    }

    /// Drop expired sessions; returns each one's application name and scope.
    pub fn sweep(&self) -> Vec<(String, Struct)> {
        let now = Instant::now();
        let mut map = self.map.lock();
        let expired: Vec<(String, String)> = map
            .iter()
            .filter(|(_, e)| e.expired(now))
            .map(|(k, _)| k.clone())
            .collect();
        expired
            .into_iter()
            .filter_map(|k| map.remove(&k))
            .map(|e| (e.app, e.scope))
            .collect()
    }

    pub fn len(&self) -> usize {
        self.map.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_random_and_unknown_ids_are_not_adopted() -> Result<(), rand::Error> {
        let s = Sessions::default();
        let t = Duration::from_secs(60);
        let a = s.join_or_create("App", None, t)?;
        assert!(a.is_new && plausible_id(&a.id));
        let b = s.join_or_create("app", Some(&a.id), t)?;
        assert!(!b.is_new && b.scope.ptr_eq(&a.scope));
        let forged = "00000000-0000-0000-0000-000000000000";
        let c = s.join_or_create("app", Some(forged), t)?;
        assert!(c.is_new && c.id != forged);
        assert!(s.existing("other", Some(&a.id), t).is_none());
        Ok(())
    }

    #[test]
    fn expired_sessions_end() -> Result<(), rand::Error> {
        let s = Sessions::default();
        let a = s.join_or_create("app", None, Duration::ZERO)?;
        std::thread::sleep(Duration::from_millis(5));
        let b = s.join_or_create("app", Some(&a.id), Duration::ZERO)?;
        assert!(b.is_new && b.id != a.id);
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(s.sweep().len(), 1);
        assert!(s.is_empty());
        Ok(())
    }
}
