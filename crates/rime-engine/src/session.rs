//! The in-process session store: `session` scopes keyed by application name and session id,
//! dropped after `sessionTimeout` without a request.
//!
//! Ids are 128 bits from the operating system's CSPRNG. A client can only ever join a session
//! the server created: an unknown or expired id gets a fresh id (no session fixation).
//!
//! The store holds at most `max` sessions, so clients that never send the cookie back (bots,
//! scripts, a flood) cannot grow it without bound. At the cap, a new session replaces the oldest
//! one that was never used again after the request that created it; when every stored session
//! has come back, the new one is not stored (the request still has a `session` scope, but no
//! cookie is sent). Sessions in use are never evicted. Evicted sessions get `onSessionEnd` at the
//! next sweep, up to 10,000 of them between sweeps. Lucee has no such cap.

use parking_lot::Mutex;
use rand::RngCore;
use rime_runtime::{DateTime, Struct, Value};
use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

struct Entry {
    /// The application name as the application spells it (for `onSessionEnd`).
    app: String,
    scope: Struct,
    /// When the session began (`sessionStartTime()`).
    created: DateTime,
    last_used: Instant,
    timeout: Duration,
    /// A later request joined it (it is not evicted at the cap).
    returned: bool,
}

impl Entry {
    fn expired(&self, now: Instant) -> bool {
        now.duration_since(self.last_used) > self.timeout
    }
}

type Key = (String, String);

/// All sessions of all applications of one server.
pub struct Sessions {
    store: Mutex<Store>,
    /// Most sessions held at once.
    max: usize,
    /// The client scopes (`client.rs`), found by the same `CFID` cookie.
    pub(crate) clients: crate::client::Clients,
}

#[derive(Default)]
struct Store {
    /// Keyed by (lower-cased application name, id).
    map: HashMap<Key, Entry>,
    /// Sessions in creation order, candidates for eviction at the cap while they have not
    /// returned (stale keys are skipped when popped).
    fresh: VecDeque<Key>,
    /// Evicted sessions waiting for `sweep` to hand them to `onSessionEnd`.
    evicted: Vec<(String, Struct)>,
    /// Whether the "store is full" warning was printed since the store last had room.
    warned: bool,
}

impl Store {
    /// Make room for one more session by evicting the oldest session that never returned.
    fn make_room(&mut self, max: usize) -> bool {
        while self.map.len() >= max {
            let Some(key) = self.fresh.pop_front() else {
                return false;
            };
            if self.map.get(&key).is_some_and(|e| !e.returned) {
                if let Some(e) = self.map.remove(&key) {
                    // Held for `onSessionEnd` until the next sweep; under a flood, past a
                    // bound, evicted sessions end without it (memory stays bounded).
                    if self.evicted.len() < MAX_EVICTED_PENDING {
                        self.evicted.push((e.app, e.scope));
                    }
                }
            }
        }
        // Keys of sessions that ended otherwise would pile up in `fresh`.
        if self.fresh.len() > 2 * max.max(16) {
            let map = &self.map;
            self.fresh
                .retain(|k| map.get(k).is_some_and(|e| !e.returned));
        }
        true
    }
}

/// Evicted sessions kept for `onSessionEnd` between two sweeps.
const MAX_EVICTED_PENDING: usize = 10_000;

/// The default most sessions a server holds (about 1.2 KB each when empty).
pub const DEFAULT_MAX_SESSIONS: usize = 100_000;

impl Default for Sessions {
    fn default() -> Sessions {
        Sessions::new(DEFAULT_MAX_SESSIONS)
    }
}

/// A session joined or created for a request.
pub struct Session {
    pub id: String,
    pub scope: Struct,
    pub created: DateTime,
    /// Created by this request: `onSessionStart` runs and the cookie is set.
    pub is_new: bool,
    /// Held by the store (false only for a new session refused at the cap: no cookie is sent).
    pub stored: bool,
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
pub(crate) fn request_cfid(req: &rime_request::RequestContext) -> Option<String> {
    req.scopes
        .cookie
        .get("CFID")
        .and_then(|v| v.to_str().ok().map(|s| s.into_owned()))
}

/// Give a new session its `CFID`/`CFTOKEN` cookies (and the request's cookie scope the same).
pub(crate) fn send_session_cookies(
    req: &mut rime_request::RequestContext,
    cookie: &crate::SessionCookie,
    id: &str,
) {
    for (name, value) in [("CFID", id), ("CFTOKEN", "0")] {
        req.response.cookies.push(cookie.header(name, value, false));
        req.scopes.cookie.set_str(name, Value::from(value));
    }
}

impl Sessions {
    pub fn new(max: usize) -> Sessions {
        Sessions {
            store: Mutex::default(),
            max: max.max(1),
            clients: crate::client::Clients::default(),
        }
    }

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
        let mut store = self.store.lock();
        let stored = store.make_room(self.max);
        if stored {
            store.warned = false;
            let key = (key_app, id.clone());
            store.fresh.push_back(key.clone());
            store.map.insert(
                key,
                Entry {
                    app: app.to_string(),
                    scope: scope.clone(),
                    created,
                    last_used: now,
                    timeout,
                    returned: false,
                },
            );
        } else if !store.warned {
            store.warned = true;
            eprintln!(
                "rime: the session store is full ({} sessions, all in use): new sessions are not \
                 kept until some end",
                self.max
            );
        }
        Ok(Session {
            id,
            scope,
            created,
            is_new: true,
            stored,
        })
    }

    /// End a session now; returns its scope (for `onSessionEnd`).
    pub fn remove(&self, app: &str, id: &str) -> Option<Struct> {
        self.store
            .lock()
            .map
            .remove(&(app.to_lowercase(), id.to_string()))
            .map(|e| e.scope)
    }

    /// Move a session's data to a fresh id (the old id stops working). Returns the new id.
    pub fn rotate(&self, app: &str, id: &str) -> Result<Option<String>, rand::Error> {
        let key_app = app.to_lowercase();
        let new = new_id()?;
        let mut store = self.store.lock();
        let Some(mut entry) = store.map.remove(&(key_app.clone(), id.to_string())) else {
            return Ok(None);
        };
        entry.last_used = Instant::now();
        entry.returned = true;
        set_id(&entry.scope, app, &new);
        store.map.insert((key_app, new.clone()), entry);
        Ok(Some(new))
    }

    /// The live session `id` of `app`, without creating one.
    pub fn existing(&self, app: &str, id: Option<&str>, timeout: Duration) -> Option<Session> {
        let id = id.filter(|id| plausible_id(id))?;
        self.join(&app.to_lowercase(), id, timeout, Instant::now())
    }

    fn join(&self, app: &str, id: &str, timeout: Duration, now: Instant) -> Option<Session> {
        let mut store = self.store.lock();
        let key = (app.to_string(), id.to_string());
        let entry = store.map.get_mut(&key)?;
        if entry.expired(now) {
            store.map.remove(&key);
            return None;
        }
        entry.last_used = now;
        entry.returned = true;
        // The application may have changed its timeout since the session began.
        entry.timeout = timeout;
        Some(Session {
            id: id.to_string(),
            scope: entry.scope.clone(),
            created: entry.created,
            is_new: false,
            stored: true,
        })
    }

    /// Drop expired sessions; returns each one's application name and scope, and those of the
    /// sessions evicted at the cap since the last sweep.
    pub fn sweep(&self) -> Vec<(String, Struct)> {
        let now = Instant::now();
        let mut store = self.store.lock();
        let expired: Vec<Key> = store
            .map
            .iter()
            .filter(|(_, e)| e.expired(now))
            .map(|(k, _)| k.clone())
            .collect();
        let mut ended = std::mem::take(&mut store.evicted);
        ended.extend(
            expired
                .into_iter()
                .filter_map(|k| store.map.remove(&k))
                .map(|e| (e.app, e.scope)),
        );
        ended
    }

    pub fn len(&self) -> usize {
        self.store.lock().map.len()
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

    #[test]
    fn at_the_cap_sessions_that_never_returned_make_room() -> Result<(), rand::Error> {
        let s = Sessions::new(3);
        let t = Duration::from_secs(60);
        let user = s.join_or_create("app", None, t)?;
        s.join_or_create("app", Some(&user.id), t)?;
        let bot1 = s.join_or_create("app", None, t)?;
        let _bot2 = s.join_or_create("app", None, t)?;
        // Full: the oldest one-request session goes, the returning user stays.
        let bot3 = s.join_or_create("app", None, t)?;
        assert!(bot3.stored && s.len() == 3);
        assert!(s.existing("app", Some(&bot1.id), t).is_none());
        assert!(s.existing("app", Some(&user.id), t).is_some());
        let ended = s.sweep();
        assert_eq!(ended.len(), 1);
        assert!(ended[0].1.ptr_eq(&bot1.scope));
        Ok(())
    }

    #[test]
    fn sessions_waiting_for_their_end_event_are_bounded() -> Result<(), rand::Error> {
        let s = Sessions::new(1);
        let t = Duration::from_secs(60);
        for _ in 0..MAX_EVICTED_PENDING + 50 {
            s.join_or_create("app", None, t)?;
        }
        assert_eq!(s.len(), 1);
        assert_eq!(s.sweep().len(), MAX_EVICTED_PENDING);
        Ok(())
    }

    #[test]
    fn when_every_session_is_in_use_new_ones_are_not_kept() -> Result<(), rand::Error> {
        let s = Sessions::new(2);
        let t = Duration::from_secs(60);
        let ids: Vec<String> = (0..2)
            .map(|_| s.join_or_create("app", None, t).map(|x| x.id))
            .collect::<Result<_, _>>()?;
        for id in &ids {
            assert!(!s.join_or_create("app", Some(id), t)?.is_new);
        }
        let extra = s.join_or_create("app", None, t)?;
        assert!(extra.is_new && !extra.stored);
        assert_eq!(s.len(), 2);
        for id in &ids {
            assert!(s.existing("app", Some(id), t).is_some());
        }
        Ok(())
    }
}
