//! The ORM session of one request: the entities it has loaded or been given to save, each
//! with the column values it had when last read or written (what a flush compares against).
//! The ORM itself (mapping, queries, flushes) is in `rime-stdlib/src/orm/`; this is the data
//! the request keeps between its calls (`DataCtx::orm_session`).

use crate::value::{Struct, Value};
use parking_lot::Mutex;
use std::sync::Arc;

/// Where an entity stands in its session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryState {
    /// Given to `entitySave`, not written yet.
    New,
    /// Read from or written to the database; a flush writes what changed.
    Managed,
    /// Given to `entityDelete`, not deleted yet.
    Deleted,
}

/// One entity a session holds.
#[derive(Clone, Debug)]
pub struct OrmEntry {
    /// The entity name as the model spells it.
    pub entity: String,
    /// The primary key as text (empty while a new entity has none).
    pub id: String,
    /// The instance (its `this`).
    pub obj: Struct,
    /// The values of its mapped columns and relations when last read or written.
    pub snapshot: Vec<Value>,
    pub state: EntryState,
}

/// A request's ORM session.
#[derive(Debug, Default)]
pub struct OrmSession {
    pub entries: Vec<OrmEntry>,
    /// `ormCloseSession()` was called: the next ORM call opens a new session.
    pub closed: bool,
    /// Which application mapping the request uses (the ORM's cache key), found by its first ORM
    /// call so later ones need not read the application's settings again.
    pub model_key: Option<String>,
}

/// The session as the request holds it: shared with the builtins that lock it briefly (never
/// across a call back into CFML, which may use the ORM itself).
pub type SharedOrmSession = Arc<Mutex<OrmSession>>;

impl OrmSession {
    /// The entry holding this instance.
    pub fn position_of(&self, obj: &Struct) -> Option<usize> {
        self.entries.iter().position(|e| e.obj.ptr_eq(obj))
    }
    /// The entry of entity `entity` with primary key `id`.
    pub fn find(&self, entity: &str, id: &str) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| !id.is_empty() && e.id == id && e.entity.eq_ignore_ascii_case(entity))
    }
}
