//! `<cflock>`: named and scope locks shared by every request of the process.
//!
//! A lock is a process-wide `RwLock` looked up by name (`scope="application"` locks the current
//! application's scope, `session` the session's). Exclusive locks take it for writing, readonly
//! ones for reading, each waiting at most `timeout` seconds. Guards are owned (`arc_lock`), so the
//! VM keeps them while the body runs and drops them at the end, on an error, or when the frame
//! that took them returns.

use crate::run::Frame;
use crate::Vm;
use parking_lot::lock_api::{ArcRwLockReadGuard, ArcRwLockWriteGuard};
use parking_lot::{Mutex, RawRwLock, RwLock};
use rime_runtime::{CfResult, CfmlError, Struct};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// A lock the VM holds.
pub(crate) struct Held {
    name: String,
    #[allow(dead_code)] // held for its Drop
    guard: Guard,
}

enum Guard {
    Read(#[allow(dead_code)] ArcRwLockReadGuard<RawRwLock, ()>),
    Write(#[allow(dead_code)] ArcRwLockWriteGuard<RawRwLock, ()>),
    /// The request already holds this lock (locks are re-entrant within a request).
    Again,
}

/// The lock for a name, created on first use.
fn named(name: &str) -> Arc<RwLock<()>> {
    static TABLE: OnceLock<Mutex<HashMap<String, Arc<RwLock<()>>>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| Mutex::new(HashMap::new()));
    table
        .lock()
        .entry(name.to_ascii_lowercase())
        .or_insert_with(|| Arc::new(RwLock::new(())))
        .clone()
}

impl Vm {
    pub(crate) fn lock_enter(&mut self, f: &Frame, attrs: &Struct) -> CfResult<()> {
        let name = match (attrs.get_text("name")?, attrs.get_text("scope")?) {
            (Some(n), _) => format!("name:{n}"),
            (None, Some(scope)) => {
                // Scope locks are per application (or per session) instance.
                let id = match scope.to_ascii_lowercase().as_str() {
                    "application" => self
                        .req
                        .scopes
                        .application
                        .as_ref()
                        .map(|s| Arc::as_ptr(&s.0) as usize),
                    "session" => self
                        .req
                        .scopes
                        .session
                        .as_ref()
                        .map(|s| Arc::as_ptr(&s.0) as usize),
                    "server" | "request" => Some(Arc::as_ptr(&self.host.server_scope().0) as usize),
                    other => {
                        return Err(CfmlError::new(
                            "lock",
                            format!("invalid lock scope [{other}]"),
                        ))
                    }
                };
                format!("scope:{scope}:{}", id.unwrap_or(0))
            }
            (None, None) => {
                return Err(CfmlError::new(
                    "lock",
                    "cflock needs a [name] or a [scope] attribute",
                ))
            }
        };
        let timeout = match attrs.get("timeout") {
            Some(v) if !v.is_null() => v.to_num()?,
            _ => 30.0,
        };
        let timeout = Duration::from_secs_f64(timeout.clamp(0.0, 3600.0));
        let readonly = attrs
            .get_text("type")?
            .is_some_and(|t| t.eq_ignore_ascii_case("readonly"));
        if self.locks.iter().any(|(_, h)| h.name == name) {
            self.locks.push((
                f.id,
                Held {
                    name,
                    guard: Guard::Again,
                },
            ));
            return Ok(());
        }
        let lock = named(&name);
        let take = |wait: Duration| {
            if readonly {
                lock.try_read_arc_for(wait).map(Guard::Read)
            } else {
                lock.try_write_arc_for(wait).map(Guard::Write)
            }
        };
        // Free: taken at once. Held: wait off the server's threads.
        let mut guard = take(Duration::ZERO);
        if guard.is_none() && !timeout.is_zero() {
            self.host.blocking(&mut || guard = take(timeout));
        }
        match guard {
            Some(guard) => {
                self.locks.push((f.id, Held { name, guard }));
                Ok(())
            }
            None => Err(CfmlError::new(
                "lock",
                format!(
                    "a timeout occurred while trying to get the lock [{}] ({}s)",
                    name.split_once(':').map(|(_, n)| n).unwrap_or(&name),
                    timeout.as_secs_f64()
                ),
            )),
        }
    }

    pub(crate) fn lock_exit(&mut self) {
        self.locks.pop();
    }

    /// Release the locks a finished frame still holds (a `return` inside `<cflock>`).
    pub(crate) fn release_frame_locks(&mut self, frame_id: u64) {
        while self.locks.last().is_some_and(|(id, _)| *id == frame_id) {
            self.locks.pop();
        }
    }
}
