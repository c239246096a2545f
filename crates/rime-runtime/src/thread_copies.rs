//! Per-thread copies of what shared caches hold. A server worker reads the copy it made
//! instead of the shared map: that map's lock, and the reference counts of its values, would
//! otherwise be written by every worker on every request, and each such write moves a cache
//! line from one core to another.

use std::borrow::Borrow;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};

/// Names one shared cache among those whose copies a thread keeps (a process may create
/// several, one after another: each server or engine its own).
#[derive(Debug)]
pub struct OwnerId(u64);

impl Default for OwnerId {
    fn default() -> OwnerId {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        OwnerId(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

impl OwnerId {
    pub fn get(&self) -> u64 {
        self.0
    }
}

/// One thread's copies, by owner. Keep it in a `thread_local!`.
pub struct ThreadCopies<K, V> {
    maps: Vec<(u64, foldhash::HashMap<K, V>)>,
}

impl<K, V> ThreadCopies<K, V> {
    pub const fn new() -> ThreadCopies<K, V> {
        ThreadCopies { maps: Vec::new() }
    }
}

impl<K, V> Default for ThreadCopies<K, V> {
    fn default() -> ThreadCopies<K, V> {
        ThreadCopies::new()
    }
}

impl<K: Hash + Eq, V> ThreadCopies<K, V> {
    /// This thread's copy of `owner`'s entry for `key`.
    pub fn get<Q>(&self, owner: &OwnerId, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let (_, m) = self.maps.iter().find(|(id, _)| *id == owner.0)?;
        m.get(key)
    }

    /// Drop this thread's copies of `owner`'s entries.
    pub fn forget(&mut self, owner: &OwnerId) {
        self.maps.retain(|(id, _)| *id != owner.0);
    }

    /// Keep a copy of `owner`'s entry; an owner's copies start afresh once they number `max`.
    pub fn insert(&mut self, owner: &OwnerId, key: K, value: V, max: usize) {
        let i = match self.maps.iter().position(|(id, _)| *id == owner.0) {
            Some(i) => i,
            None => {
                self.maps.push((owner.0, foldhash::HashMap::default()));
                self.maps.len() - 1
            }
        };
        let m = &mut self.maps[i].1;
        if m.len() >= max {
            m.clear();
        }
        m.insert(key, value);
    }
}
