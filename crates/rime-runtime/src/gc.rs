//! The cycle collector. Values are reference-counted; what reference counting cannot free is a
//! group of containers that refer to each other and to which nothing else refers (a parent and
//! its children that point back, a struct stored in itself, a closure stored in the scope it
//! captured). This module finds such groups and empties them, which lets reference counting
//! free them.
//!
//! **What is tracked.** Every struct and array is registered, weakly, when it is created, in its
//! thread's *young* list; containers that survive a collection move to the process's *old* list.
//! Functions and their captured-scope lists are not registered: a collection reaches them from
//! the containers that hold them (every cycle runs through a struct or an array, since a
//! function refers only to structs).
//!
//! **How a collection decides** (trial deletion over a set of containers, as CPython's `gc`):
//! for each node of the set (its containers, and the functions and captured-scope lists they
//! hold), the references found inside the set are subtracted from its reference count; a node
//! with references left over is held from outside (a VM's stack or frames, another thread, a
//! container outside the set), and so is everything it reaches. What is left is garbage: its
//! containers are emptied.
//!
//! **Threads.** Other threads may read and write the same values (application and session
//! scopes, `cfthread`). While a collection counts, it holds a read lock on every container of
//! the set (taken with `try_read`: a container locked for writing aborts the collection, to be
//! retried later, so a collection never waits and never deadlocks), so no reference inside the
//! set moves; reference counts are read before and after the count and a node whose count
//! changed is treated as held from outside. Before emptying the garbage it takes the write
//! locks and checks the counts again (a weak reference may have been upgraded meanwhile).
//!
//! **When.** `collect_young` at the end of each request (the engine) and when a thread's young
//! list reaches `YOUNG_LIMIT` (the VM, at its periodic deadline check); `collect_old` when the
//! old list has doubled since its last collection. Values a query cell or a Java-style native
//! object holds are treated as held from outside (never collected through them).

use crate::function::{CapturedScope, Function, ScopeRef};
use crate::value::{Array, ArrayCell, Struct, StructCell, StructData, Value};
use parking_lot::{Mutex, RwLockReadGuard, RwLockWriteGuard};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Weak};

/// A young list this long makes the next safe point of the thread's VM collect it.
pub const YOUNG_LIMIT: usize = 10_000;

/// An old list smaller than this is never collected by size alone.
const OLD_MIN: usize = 10_000;

/// A registered container.
enum Tracked {
    Struct(Weak<StructCell>),
    Array(Weak<ArrayCell>),
}

/// A thread's young containers: created since its last collection. When the thread ends they
/// join the old list (untracked, a cycle among them could never be collected).
struct Young(Vec<Tracked>);

impl Drop for Young {
    fn drop(&mut self) {
        let left = std::mem::take(&mut self.0);
        if !left.is_empty() {
            OLD_LEN.fetch_add(left.len(), Ordering::Relaxed);
            OLD.lock().extend(left);
        }
    }
}

thread_local! {
    static YOUNG: RefCell<Young> = const { RefCell::new(Young(Vec::new())) };
}

/// The containers that survived a collection, of every thread.
static OLD: Mutex<Vec<Tracked>> = Mutex::new(Vec::new());
/// The length of `OLD`, readable without its lock (every request end asks `old_due`).
static OLD_LEN: AtomicUsize = AtomicUsize::new(0);
/// How many containers the last old collection kept (the list may grow to twice as many).
static OLD_KEPT: AtomicUsize = AtomicUsize::new(0);
/// An old collection is running (one at a time).
static OLD_RUNNING: AtomicBool = AtomicBool::new(false);

#[inline]
pub(crate) fn track_struct(cell: &Arc<StructCell>) {
    let w = Tracked::Struct(Arc::downgrade(cell));
    // When the thread is ending its list is gone: the container goes untracked.
    let _ = YOUNG.try_with(|y| y.borrow_mut().0.push(w));
}

#[inline]
pub(crate) fn track_array(cell: &Arc<ArrayCell>) {
    let w = Tracked::Array(Arc::downgrade(cell));
    let _ = YOUNG.try_with(|y| y.borrow_mut().0.push(w));
}

/// How many containers this thread created since its last collection.
#[inline]
pub fn young_len() -> usize {
    YOUNG.try_with(|y| y.borrow().0.len()).unwrap_or(0)
}

/// What a collection did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Registered containers that were already freed (their registration is dropped).
    pub freed: usize,
    /// Live containers examined.
    pub scanned: usize,
    /// Containers found to be garbage and emptied.
    pub garbage: usize,
    /// The collection gave up (a container was locked, or a count changed under it): its
    /// containers stay registered for the next one.
    pub aborted: bool,
}

/// Collect this thread's young containers; the survivors move to the old list.
pub fn collect_young() -> Stats {
    let young = YOUNG
        .try_with(|y| std::mem::take(&mut y.borrow_mut().0))
        .unwrap_or_default();
    if young.is_empty() {
        return Stats::default();
    }
    let (stats, kept) = collect(young);
    if !kept.is_empty() {
        OLD_LEN.fetch_add(kept.len(), Ordering::Relaxed);
        OLD.lock().extend(kept);
    }
    stats
}

/// Whether the old list has grown enough since its last collection to collect it.
pub fn old_due() -> bool {
    let kept = OLD_KEPT.load(Ordering::Relaxed);
    OLD_LEN.load(Ordering::Relaxed) > (2 * kept).max(OLD_MIN)
}

/// Collect the old list together with this thread's young containers (cycles may run through
/// both). Returns None when another thread's old collection is running.
pub fn collect_old() -> Option<Stats> {
    if OLD_RUNNING.swap(true, Ordering::Acquire) {
        return None;
    }
    let mut set = {
        let mut old = OLD.lock();
        OLD_LEN.fetch_sub(old.len(), Ordering::Relaxed);
        std::mem::take(&mut *old)
    };
    let _ = YOUNG.try_with(|y| set.append(&mut y.borrow_mut().0));
    let (stats, kept) = collect(set);
    OLD_KEPT.store(kept.len(), Ordering::Relaxed);
    OLD_LEN.fetch_add(kept.len(), Ordering::Relaxed);
    OLD.lock().extend(kept);
    OLD_RUNNING.store(false, Ordering::Release);
    Some(stats)
}

/// The end of a request on this thread: collect its young containers, and the old list when
/// it is due.
pub fn request_end() {
    collect_young();
    if old_due() {
        collect_old();
    }
}

/// Collect everything this thread can: its young list and the old list.
pub fn collect_all() -> Stats {
    let young = collect_young();
    let old = collect_old().unwrap_or_default();
    Stats {
        freed: young.freed + old.freed,
        scanned: young.scanned + old.scanned,
        garbage: young.garbage + old.garbage,
        aborted: young.aborted || old.aborted,
    }
}

/// A node of the set: a container (registered) or what a container holds that may be part of a
/// cycle (a function, a closure's captured scopes).
enum Node {
    Struct(Struct),
    Array(Array),
    Func(Arc<Function>),
    Captured(Arc<[CapturedScope]>),
}

impl Node {
    fn strong(&self) -> usize {
        match self {
            Node::Struct(s) => Arc::strong_count(&s.0),
            Node::Array(a) => Arc::strong_count(&a.0),
            Node::Func(f) => Arc::strong_count(f),
            Node::Captured(c) => Arc::strong_count(c),
        }
    }
}

/// A read guard on a container of the set.
enum Guard<'a> {
    Struct(RwLockReadGuard<'a, StructData>),
    Array(RwLockReadGuard<'a, Vec<Value>>),
}

/// A write guard on a garbage container.
enum WriteGuard<'a> {
    Struct(&'a Struct, RwLockWriteGuard<'a, StructData>),
    Array(RwLockWriteGuard<'a, Vec<Value>>),
}

/// What a container holds that may be a node of the set.
enum Child {
    Container(usize),
    Func(Arc<Function>),
    Captured(Arc<[CapturedScope]>),
}

fn child(v: &Value) -> Option<Child> {
    match v {
        Value::Struct(s) => Some(Child::Container(struct_key(s))),
        Value::Array(a) => Some(Child::Container(array_key(a))),
        Value::Func(f) => Some(Child::Func(f.clone())),
        _ => None,
    }
}

fn struct_key(s: &Struct) -> usize {
    Arc::as_ptr(&s.0) as *const u8 as usize
}

fn array_key(a: &Array) -> usize {
    Arc::as_ptr(&a.0) as *const u8 as usize
}

/// Run a collection over `set`; returns what it did and the registrations of the containers it
/// kept (still alive and not garbage, or all of them when it gave up).
fn collect(set: Vec<Tracked>) -> (Stats, Vec<Tracked>) {
    let mut stats = Stats::default();
    // The live containers, each with one handle of ours (subtracted from its count).
    let mut containers: Vec<Node> = Vec::with_capacity(set.len());
    for t in set {
        match t {
            Tracked::Struct(w) => match w.upgrade() {
                Some(c) => containers.push(Node::Struct(Struct(c))),
                None => stats.freed += 1,
            },
            Tracked::Array(w) => match w.upgrade() {
                Some(c) => containers.push(Node::Array(Array(c))),
                None => stats.freed += 1,
            },
        }
    }
    stats.scanned = containers.len();
    if containers.is_empty() {
        return (stats, Vec::new());
    }
    let garbage = match find_garbage(&containers) {
        Some(g) => g,
        None => {
            stats.aborted = true;
            return (stats, register(&containers, |_| true));
        }
    };
    if garbage.iter().any(|g| *g) {
        match empty_garbage(&containers, &garbage) {
            Some(n) => stats.garbage = n,
            None => {
                stats.aborted = true;
                return (stats, register(&containers, |_| true));
            }
        }
    }
    let kept = register(&containers, |i| !garbage[i]);
    (stats, kept)
}

/// Registrations for the containers `keep` selects.
fn register(containers: &[Node], keep: impl Fn(usize) -> bool) -> Vec<Tracked> {
    containers
        .iter()
        .enumerate()
        .filter(|(i, _)| keep(*i))
        .filter_map(|(_, n)| match n {
            Node::Struct(s) => Some(Tracked::Struct(Arc::downgrade(&s.0))),
            Node::Array(a) => Some(Tracked::Array(Arc::downgrade(&a.0))),
            _ => None,
        })
        .collect()
}

/// Which of `containers` are garbage, or None when the collection must give up.
fn find_garbage(containers: &[Node]) -> Option<Vec<bool>> {
    let mut index: HashMap<usize, u32, foldhash::fast::RandomState> =
        HashMap::with_capacity_and_hasher(containers.len(), Default::default());
    for (i, n) in containers.iter().enumerate() {
        let key = match n {
            Node::Struct(s) => struct_key(s),
            Node::Array(a) => array_key(a),
            _ => continue,
        };
        index.insert(key, i as u32);
    }
    // Freeze the references inside the set: a read lock on every container.
    let mut guards: Vec<Guard<'_>> = Vec::with_capacity(containers.len());
    for n in containers {
        let g = match n {
            Node::Struct(s) => Guard::Struct(s.0.data_lock().try_read()?),
            Node::Array(a) => Guard::Array(a.0.data_lock().try_read()?),
            _ => continue,
        };
        guards.push(g);
    }
    let before: Vec<usize> = containers.iter().map(Node::strong).collect();
    // Functions and captured-scope lists found in the containers join the set (after them).
    let mut extra: Vec<Node> = Vec::new();
    // Edges by node, and references found inside the set, by node.
    let mut edges: Vec<Vec<u32>> = vec![Vec::new(); containers.len()];
    let mut inside: Vec<usize> = vec![0; containers.len()];
    let mut i = 0;
    // Nodes are visited in order; `extra` grows as functions are found.
    while i < containers.len() + extra.len() {
        let mut found: Vec<Child> = Vec::new();
        if i < containers.len() {
            match guards.get(i) {
                Some(Guard::Struct(g)) => {
                    for v in g.map.values() {
                        found.extend(child(v));
                    }
                    if let Some(vars) = &g.vars {
                        found.push(Child::Container(struct_key(vars)));
                    }
                }
                Some(Guard::Array(g)) => found.extend(g.iter().filter_map(child)),
                None => {}
            }
        } else {
            match extra.get(i - containers.len()) {
                Some(Node::Func(f)) => {
                    let vars = match &f.variables {
                        Some(ScopeRef::Strong(s)) => Some(s),
                        _ => None,
                    };
                    for s in [vars, f.super_.as_ref(), f.static_.as_ref()]
                        .into_iter()
                        .flatten()
                    {
                        found.push(Child::Container(struct_key(s)));
                    }
                    if let Some(c) = &f.captured {
                        found.push(Child::Captured(c.clone()));
                    }
                }
                Some(Node::Captured(c)) => {
                    for scope in c.iter() {
                        found.push(Child::Container(struct_key(&scope.local)));
                        found.push(Child::Container(struct_key(&scope.arguments)));
                    }
                }
                _ => {}
            }
        }
        for c in found {
            let (key, node) = match c {
                Child::Container(key) => (key, None),
                Child::Func(f) => (Arc::as_ptr(&f) as *const u8 as usize, Some(Node::Func(f))),
                Child::Captured(c) => (
                    Arc::as_ptr(&c) as *const u8 as usize,
                    Some(Node::Captured(c)),
                ),
            };
            let to = match (index.get(&key), node) {
                (Some(&at), _) => at,
                // A container outside the set: not followed.
                (None, None) => continue,
                // A function or captured list seen for the first time joins the set.
                (None, Some(node)) => {
                    let at = (containers.len() + extra.len()) as u32;
                    index.insert(key, at);
                    extra.push(node);
                    edges.push(Vec::new());
                    inside.push(0);
                    at
                }
            };
            if let Some(e) = edges.get_mut(i) {
                e.push(to);
            }
            if let Some(n) = inside.get_mut(to as usize) {
                *n += 1;
            }
        }
        i += 1;
    }
    // The functions' counts, now that the walk's temporary handles are gone (ours in `extra`
    // remains: one each).
    let extra_before: Vec<usize> = extra.iter().map(|n| n.strong().saturating_sub(1)).collect();
    // The counts again, still under the locks, without our own handle on each node.
    let total = containers.len() + extra.len();
    let mut live = vec![false; total];
    let mut queue: Vec<u32> = Vec::new();
    for i in 0..total {
        let (b, now) = if i < containers.len() {
            (
                before[i].saturating_sub(1),
                containers[i].strong().saturating_sub(1),
            )
        } else {
            let j = i - containers.len();
            (extra_before[j], extra[j].strong().saturating_sub(1))
        };
        // Held from outside, or touched by another thread while we counted.
        if b != now || now > inside[i] {
            live[i] = true;
            queue.push(i as u32);
        }
    }
    drop(guards);
    while let Some(n) = queue.pop() {
        for &c in &edges[n as usize] {
            if let Some(l) = live.get_mut(c as usize) {
                if !*l {
                    *l = true;
                    queue.push(c);
                }
            }
        }
    }
    drop(extra);
    let counts_now: Vec<usize> = containers.iter().map(Node::strong).collect();
    let mut garbage = vec![false; containers.len()];
    for i in 0..containers.len() {
        garbage[i] = !live[i];
        // A garbage container's count must be what it was while counting.
        if garbage[i] && counts_now[i] != before[i] {
            return None;
        }
    }
    Some(garbage)
}

/// Empty the garbage containers (under their write locks, each count checked once more: a weak
/// reference upgraded since would make one live again); how many, or None to give up.
fn empty_garbage(containers: &[Node], garbage: &[bool]) -> Option<usize> {
    let before: Vec<usize> = containers.iter().map(Node::strong).collect();
    let mut guards: Vec<WriteGuard<'_>> = Vec::new();
    for (n, _) in containers.iter().zip(garbage).filter(|(_, g)| **g) {
        guards.push(match n {
            Node::Struct(s) => WriteGuard::Struct(s, s.0.data_lock().try_write()?),
            Node::Array(a) => WriteGuard::Array(a.0.data_lock().try_write()?),
            _ => continue,
        });
    }
    if containers
        .iter()
        .zip(&before)
        .zip(garbage)
        .any(|((n, b), g)| *g && n.strong() != *b)
    {
        return None;
    }
    // Taken out under the locks, dropped after them: dropping runs other containers' drops.
    let mut contents: Vec<Value> = Vec::new();
    let n = guards.len();
    for g in &mut guards {
        match g {
            WriteGuard::Struct(s, g) => {
                // A change readers that remember the version must see.
                s.bump_version();
                contents.extend(std::mem::take(&mut g.map).into_values());
                contents.extend(g.vars.take().map(Value::Struct));
            }
            WriteGuard::Array(g) => contents.append(g),
        }
    }
    drop(guards);
    drop(contents);
    Some(n)
}
