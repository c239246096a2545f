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
//! the set (taken with `try_read`, so a collection never waits and never deadlocks: a container
//! locked for writing stays out of the set, held from outside this time), so no reference
//! inside the set moves; reference counts are read before and after the count, and a node
//! whose count changed is treated as held from outside. Before emptying the garbage it takes
//! the write locks and checks the counts again (a weak reference may have been upgraded
//! meanwhile).
//!
//! **When.** `collect_young` at the end of each request (the engine); when a thread's young
//! list reaches `YOUNG_LIMIT` while a request runs (the VM, at its periodic deadline check),
//! `collect_young_by_pressure`, which backs off while it finds no garbage; `collect_old` when the
//! old list has doubled since its last collection, on a thread of its own (`rime-gc`) that a
//! request end wakes, so its pause is no request's. Values a query cell or a Java-style native
//! object holds are treated as held from outside (never collected through them).

use crate::function::{CapturedScope, Function, ScopeRef};
use crate::value::{Array, ArrayCell, Struct, StructCell, StructData, Value};
use parking_lot::{Mutex, RwLockReadGuard, RwLockWriteGuard};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Weak};

/// A young list this long makes the next safe point of the thread's VM collect it.
pub const YOUNG_LIMIT: usize = 50_000;

/// An old list smaller than this is never collected by size alone.
const OLD_MIN: usize = 10_000;

/// A registered container.
enum Tracked {
    Struct(Weak<StructCell>),
    Array(Weak<ArrayCell>),
}

/// A thread's young containers: created since its last collection. When the thread ends they
/// join the old list (untracked, a cycle among them could never be collected).
/// `skip` and `backoff` steer collections by pressure (`collect_young_by_pressure`).
struct Young(Vec<Tracked>, Backoff);

/// How many collections by pressure only promote (`skip`), and how many the next quiet one
/// makes skip (`next`: doubles while they find no garbage).
#[derive(Clone, Copy)]
struct Backoff {
    skip: u32,
    next: u32,
}

impl Backoff {
    /// After a request ends, or a scan that found garbage: the next collection scans.
    const FRESH: Backoff = Backoff { skip: 0, next: 2 };
}

/// The most collections by pressure in a row that only promote.
const MAX_SKIP: u32 = 64;

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
    static YOUNG: RefCell<Young> =
        const { RefCell::new(Young(Vec::new(), Backoff::FRESH)) };
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

/// A collection for a thread whose young list reached `YOUNG_LIMIT` while a request runs. A
/// long request that builds data it keeps (a big result, a cache) would otherwise be scanned
/// again and again for nothing: after a scan that finds (almost) no garbage the next ones only
/// move the young containers to the old list, unscanned, 1, 2, 4... up to `MAX_SKIP` times in a
/// row; a scan that finds garbage scans every time again. What is moved unscanned is scanned
/// with the old list (at a request end, when it has doubled).
pub fn collect_young_by_pressure() -> Stats {
    let skip = YOUNG
        .try_with(|y| {
            let mut y = y.borrow_mut();
            let b = &mut y.1;
            let skip = b.skip > 0;
            if skip {
                b.skip -= 1;
            }
            skip
        })
        .unwrap_or(false);
    if skip {
        return promote_young();
    }
    let stats = collect_young();
    let _ = YOUNG.try_with(|y| {
        let b = &mut y.borrow_mut().1;
        if stats.garbage * 100 < stats.scanned {
            b.skip = b.next;
            b.next = (b.next * 2).min(MAX_SKIP);
        } else {
            *b = Backoff::FRESH;
        }
    });
    stats
}

/// Move this thread's live young containers to the old list without scanning them.
fn promote_young() -> Stats {
    let young = YOUNG
        .try_with(|y| std::mem::take(&mut y.borrow_mut().0))
        .unwrap_or_default();
    let mut stats = Stats::default();
    let kept: Vec<Tracked> = young
        .into_iter()
        .filter(|t| {
            let alive = match t {
                Tracked::Struct(w) => w.strong_count() > 0,
                Tracked::Array(w) => w.strong_count() > 0,
            };
            stats.freed += usize::from(!alive);
            alive
        })
        .collect();
    stats.scanned = kept.len();
    OLD_LEN.fetch_add(kept.len(), Ordering::Relaxed);
    OLD.lock().extend(kept);
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
    // Cleared however this ends (a panic here must not stop old collections for good).
    struct Running;
    impl Drop for Running {
        fn drop(&mut self) {
            OLD_RUNNING.store(false, Ordering::Release);
        }
    }
    let _running = Running;
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
    Some(stats)
}

/// The end of a request on this thread: collect its young containers, and the old list when
/// it is due.
pub fn request_end() {
    collect_young();
    let _ = YOUNG.try_with(|y| y.borrow_mut().1 = Backoff::FRESH);
    if old_due() {
        wake_old_collector();
    }
}

/// Set when an old collection is wanted; the collector thread waits on `OLD_WANTED_CV`.
static OLD_WANTED: Mutex<bool> = Mutex::new(false);
static OLD_WANTED_CV: parking_lot::Condvar = parking_lot::Condvar::new();

/// Ask the collector thread (started on first use) for an old collection. Its pause (the whole
/// old list: ~4 ms per 10 MB of live containers) is then no request's: requests go on while it
/// runs, which the collector's locking allows (module docs).
fn wake_old_collector() {
    static STARTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let started = *STARTED.get_or_init(|| {
        std::thread::Builder::new()
            .name("rime-gc".into())
            .spawn(|| loop {
                {
                    let mut wanted = OLD_WANTED.lock();
                    while !*wanted {
                        OLD_WANTED_CV.wait(&mut wanted);
                    }
                    *wanted = false;
                }
                // A bug in a collection must not end the collector thread.
                let _ = std::panic::catch_unwind(|| {
                    collect_old();
                });
            })
            .is_ok()
    });
    if !started {
        // No thread could be started: the request's thread collects.
        collect_old();
        return;
    }
    *OLD_WANTED.lock() = true;
    OLD_WANTED_CV.notify_one();
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

/// Tells one collection's marks on containers from another's (`GcMark`).
static NEXT_EPOCH: AtomicU64 = AtomicU64::new(1);

/// Where a container sits in a collection's set: the collection (its epoch) and the index.
/// Sets of collections running at once are disjoint (each thread's young containers are its
/// own; the old list is collected by one thread at a time), so only the collection whose set
/// holds a container writes its mark; a mark of another epoch means "outside this set".
#[derive(Debug, Default)]
pub(crate) struct GcMark {
    epoch: AtomicU64,
    index: AtomicU32,
}

impl GcMark {
    fn set(&self, epoch: u64, index: u32) {
        self.index.store(index, Ordering::Relaxed);
        self.epoch.store(epoch, Ordering::Relaxed);
    }
    fn index_in(&self, epoch: u64) -> Option<u32> {
        (self.epoch.load(Ordering::Relaxed) == epoch).then(|| self.index.load(Ordering::Relaxed))
    }
}

/// Run a collection over `set`; returns what it did and the registrations of the containers it
/// kept (still alive and not garbage, or all of them when it gave up).
fn collect(set: Vec<Tracked>) -> (Stats, Vec<Tracked>) {
    let mut stats = Stats::default();
    // The live containers, each with one handle of ours (subtracted from its count), and
    // their registrations (kept as they are for the survivors).
    let mut containers: Vec<Node> = Vec::with_capacity(set.len());
    let mut regs: Vec<Tracked> = Vec::with_capacity(set.len());
    for t in set {
        let node = match &t {
            Tracked::Struct(w) => w.upgrade().map(|c| Node::Struct(Struct(c))),
            Tracked::Array(w) => w.upgrade().map(|c| Node::Array(Array(c))),
        };
        match node {
            Some(n) => {
                containers.push(n);
                regs.push(t);
            }
            None => stats.freed += 1,
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
            return (stats, regs);
        }
    };
    if garbage.iter().any(|g| *g) {
        match empty_garbage(&containers, &garbage) {
            Some(n) => stats.garbage = n,
            None => {
                stats.aborted = true;
                return (stats, regs);
            }
        }
    }
    let kept = regs
        .into_iter()
        .zip(&garbage)
        .filter(|(_, g)| !**g)
        .map(|(t, _)| t)
        .collect();
    (stats, kept)
}

/// The index of a struct or array in this collection's set.
fn container_index(v: &Value, epoch: u64) -> Option<u32> {
    match v {
        Value::Struct(s) => s.0.gc_mark().index_in(epoch),
        Value::Array(a) => a.0.gc_mark().index_in(epoch),
        _ => None,
    }
}

/// Whether a value may be a reference that a cycle runs through.
fn refers(v: &Value) -> bool {
    matches!(v, Value::Struct(_) | Value::Array(_) | Value::Func(_))
}

/// Which of `containers` are garbage, or None when the collection must give up.
fn find_garbage(containers: &[Node]) -> Option<Vec<bool>> {
    let epoch = NEXT_EPOCH.fetch_add(1, Ordering::Relaxed);
    // Freeze the references inside the set: a read lock on every container that holds any.
    // One that holds none (a list of numbers, a struct of strings) is no part of a cycle: it
    // stays out of the set (what holds it may still be garbage; it then goes with it). So does
    // one another thread is writing: it counts as held from outside this time, and what it
    // refers to with it (its references are not subtracted).
    let mut guards: Vec<Guard<'_>> = Vec::with_capacity(containers.len());
    // The set's containers, by index into `containers`.
    let mut members: Vec<u32> = Vec::with_capacity(containers.len());
    for (i, c) in containers.iter().enumerate() {
        let at = members.len() as u32;
        let g = match c {
            Node::Struct(s) => {
                let Some(g) = s.0.data_lock().try_read() else {
                    continue;
                };
                if g.vars.is_none() && !g.map.values().any(refers) {
                    continue;
                }
                s.0.gc_mark().set(epoch, at);
                Guard::Struct(g)
            }
            Node::Array(a) => {
                let Some(g) = a.0.data_lock().try_read() else {
                    continue;
                };
                if !g.iter().any(refers) {
                    continue;
                }
                a.0.gc_mark().set(epoch, at);
                Guard::Array(g)
            }
            _ => continue,
        };
        members.push(i as u32);
        guards.push(g);
    }
    let n = members.len();
    let node = |j: usize| &containers[members[j] as usize];
    let before: Vec<usize> = (0..n).map(|j| node(j).strong()).collect();
    // Functions and captured-scope lists found in the containers join the set after them,
    // found by address.
    let mut extra: Vec<Node> = Vec::new();
    let mut extra_index: HashMap<usize, u32, foldhash::fast::RandomState> = HashMap::default();
    // The edges, node by node (`start[i]..start[i + 1]` in `to`), and the references to each
    // node found inside the set.
    let mut start: Vec<u32> = Vec::with_capacity(n + 1);
    let mut to: Vec<u32> = Vec::new();
    let mut inside: Vec<usize> = vec![0; n];
    // A function or captured list: its index, joining the set when first seen.
    let mut join = |node: Node, key: usize, extra: &mut Vec<Node>, inside: &mut Vec<usize>| {
        *extra_index.entry(key).or_insert_with(|| {
            extra.push(node);
            inside.push(0);
            (n + extra.len() - 1) as u32
        })
    };
    let mut i = 0;
    // Nodes are visited in order; `extra` grows as functions are found.
    while i < n + extra.len() {
        start.push(to.len() as u32);
        if let Some(g) = guards.get(i) {
            let mut value =
                |v: &Value, to: &mut Vec<u32>, extra: &mut Vec<Node>, inside: &mut Vec<usize>| {
                    if let Some(c) = container_index(v, epoch) {
                        to.push(c);
                    } else if let Value::Func(f) = v {
                        let key = Arc::as_ptr(f) as *const u8 as usize;
                        to.push(join(Node::Func(f.clone()), key, extra, inside));
                    }
                };
            match g {
                Guard::Struct(g) => {
                    for v in g.map.values() {
                        value(v, &mut to, &mut extra, &mut inside);
                    }
                    if let Some(vars) = &g.vars {
                        to.extend(vars.0.gc_mark().index_in(epoch));
                    }
                }
                Guard::Array(g) => {
                    for v in g.iter() {
                        value(v, &mut to, &mut extra, &mut inside);
                    }
                }
            }
        } else {
            let mut structs: Vec<&Struct> = Vec::new();
            let mut captured = None;
            match extra.get(i - n) {
                Some(Node::Func(f)) => {
                    if let Some(ScopeRef::Strong(s)) = &f.variables {
                        structs.push(s);
                    }
                    structs.extend(f.super_.as_ref());
                    structs.extend(f.static_.as_ref());
                    structs.extend(f.this.as_ref());
                    captured = f.captured.clone();
                    for s in structs.drain(..) {
                        to.extend(s.0.gc_mark().index_in(epoch));
                    }
                }
                Some(Node::Captured(c)) => {
                    for scope in c.iter() {
                        to.extend(scope.local.0.gc_mark().index_in(epoch));
                        to.extend(scope.arguments.0.gc_mark().index_in(epoch));
                    }
                }
                _ => {}
            }
            if let Some(c) = captured {
                let key = Arc::as_ptr(&c) as *const u8 as usize;
                let at = join(Node::Captured(c), key, &mut extra, &mut inside);
                to.push(at);
            }
        }
        for &c in &to[start[i] as usize..] {
            if let Some(k) = inside.get_mut(c as usize) {
                *k += 1;
            }
        }
        i += 1;
    }
    start.push(to.len() as u32);
    // The functions' counts, now that the walk's temporary handles are gone (ours in `extra`
    // remains: one each).
    let extra_before: Vec<usize> = extra.iter().map(|n| n.strong().saturating_sub(1)).collect();
    // The counts again, still under the locks, without our own handle on each node.
    let total = n + extra.len();
    let mut live = vec![false; total];
    let mut queue: Vec<u32> = Vec::new();
    for i in 0..total {
        let (b, now) = if i < n {
            (
                before[i].saturating_sub(1),
                node(i).strong().saturating_sub(1),
            )
        } else {
            let j = i - n;
            (extra_before[j], extra[j].strong().saturating_sub(1))
        };
        // Held from outside, or touched by another thread while we counted.
        if b != now || now > inside[i] {
            live[i] = true;
            queue.push(i as u32);
        }
    }
    drop(guards);
    while let Some(x) = queue.pop() {
        let (a, b) = (start[x as usize] as usize, start[x as usize + 1] as usize);
        for &c in &to[a..b] {
            if let Some(l) = live.get_mut(c as usize) {
                if !*l {
                    *l = true;
                    queue.push(c);
                }
            }
        }
    }
    drop(extra);
    let mut garbage = vec![false; containers.len()];
    for j in 0..n {
        if !live[j] {
            // A garbage container's count must be what it was while counting.
            if node(j).strong() != before[j] {
                return None;
            }
            garbage[members[j] as usize] = true;
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
