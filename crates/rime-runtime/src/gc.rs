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
//! for each node of the set (its containers, and the functions, captured-scope lists and
//! queries they hold), the references found inside the set are subtracted from its reference
//! count; a node with references left over is held from outside (a VM's stack or frames,
//! another thread, a container outside the set), and so is everything it reaches. What is left
//! are the candidates.
//!
//! **Threads.** Other threads may read and write the same values (application and session
//! scopes, `cfthread`), and no request waits for a collection: the pass over the set takes each
//! container's read lock only while it lists that container's references (`try_read`: a
//! container locked for writing is held from outside this time). Its result is therefore no
//! snapshot, only candidates. Before emptying them, the collection takes the candidates' write
//! locks (`try_write`) and counts the references among them again from what they hold then; a
//! candidate with a count beyond those is held from outside after all, with what it reaches.
//! Under those locks no reference to a candidate can appear but through one held from outside,
//! so what is left is garbage whatever the pass saw. A request then waits at most for one
//! container's listing, and the write locks are held over garbage only.
//!
//! **When.** `collect_young` at the end of each request (the engine); when a thread's young
//! list reaches `YOUNG_LIMIT` while a request runs (the VM, at its periodic deadline check),
//! `collect_young_by_pressure`, which backs off while it finds no garbage; `collect_old` when the
//! old list has doubled since its last collection, on a thread of its own (`rime-gc`) that a
//! request end wakes. Values a Java-style native object holds (a `ConcurrentLinkedQueue`'s
//! items) are treated as held from outside (never collected through it): its contents have no
//! lock the collector could hold.

use crate::function::{CapturedScope, Function, ScopeRef};
use crate::query::Query;
use crate::value::{Array, ArrayCell, Struct, StructCell, StructData, Value};
use parking_lot::{Mutex, RwLock, RwLockWriteGuard};
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

/// Ask the collector thread (started on first use) for an old collection, so that its time
/// (the whole old list) is no request's: requests go on while it runs (module docs).
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
    }
}

/// A node of the set: a container (registered) or what a container holds that may be part of a
/// cycle (a function, a closure's captured scopes, a query's cells).
enum Node {
    Struct(Struct),
    Array(Array),
    Func(Arc<Function>),
    Captured(Arc<[CapturedScope]>),
    Query(Arc<RwLock<Query>>),
}

impl Node {
    fn strong(&self) -> usize {
        match self {
            Node::Struct(s) => Arc::strong_count(&s.0),
            Node::Array(a) => Arc::strong_count(&a.0),
            Node::Func(f) => Arc::strong_count(f),
            Node::Captured(c) => Arc::strong_count(c),
            Node::Query(q) => Arc::strong_count(q),
        }
    }
}

/// A reference a node holds that a cycle may run through.
enum Edge<'a> {
    /// A struct or an array: in the set when its mark is the collection's.
    Container(&'a GcMark),
    Func(&'a Arc<Function>),
    Captured(&'a Arc<[CapturedScope]>),
    Query(&'a Arc<RwLock<Query>>),
}

fn value_edge<'a>(v: &'a Value, out: &mut impl FnMut(Edge<'a>)) {
    match v {
        Value::Struct(s) => out(Edge::Container(s.0.gc_mark())),
        Value::Array(a) => out(Edge::Container(a.0.gc_mark())),
        Value::Func(f) => out(Edge::Func(f)),
        Value::Query(q) => out(Edge::Query(q)),
        _ => {}
    }
}

fn struct_edges<'a>(g: &'a StructData, out: &mut impl FnMut(Edge<'a>)) {
    for v in g.map.values() {
        value_edge(v, out);
    }
    if let Some(vars) = &g.vars {
        out(Edge::Container(vars.0.gc_mark()));
    }
}

fn array_edges<'a>(g: &'a [Value], out: &mut impl FnMut(Edge<'a>)) {
    for v in g {
        value_edge(v, out);
    }
}

fn query_edges<'a>(q: &'a Query, out: &mut impl FnMut(Edge<'a>)) {
    for c in &q.columns {
        for v in &c.values {
            value_edge(v, out);
        }
    }
}

/// What a function refers to: its scopes (a weak `variables` is no reference) and the list of
/// scopes it captured. Functions and captured lists never change, so they need no lock.
fn func_edges<'a>(f: &'a Function, out: &mut impl FnMut(Edge<'a>)) {
    if let Some(ScopeRef::Strong(s)) = &f.variables {
        out(Edge::Container(s.0.gc_mark()));
    }
    for s in [&f.super_, &f.static_, &f.this].into_iter().flatten() {
        out(Edge::Container(s.0.gc_mark()));
    }
    if let Some(c) = &f.captured {
        out(Edge::Captured(c));
    }
}

fn captured_edges<'a>(c: &'a [CapturedScope], out: &mut impl FnMut(Edge<'a>)) {
    for scope in c {
        out(Edge::Container(scope.local.0.gc_mark()));
        out(Edge::Container(scope.arguments.0.gc_mark()));
    }
}

/// The address by which a function, captured list or query is found in the set.
fn address(e: &Edge<'_>) -> usize {
    match e {
        Edge::Container(m) => *m as *const GcMark as usize,
        Edge::Func(f) => Arc::as_ptr(f) as *const u8 as usize,
        Edge::Captured(c) => Arc::as_ptr(c) as *const u8 as usize,
        Edge::Query(q) => Arc::as_ptr(q) as *const u8 as usize,
    }
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
    let mut graph = Graph::scan(containers);
    let candidates = graph.candidates();
    let garbage = if candidates.iter().any(|g| *g) {
        let (n, garbage) = graph.empty_garbage(candidates);
        stats.garbage = n;
        garbage
    } else {
        candidates
    };
    let kept = regs
        .into_iter()
        .zip(&garbage)
        .filter(|(_, g)| !**g)
        .map(|(t, _)| t)
        .collect();
    (stats, kept)
}

/// The references among a collection's nodes, as found by one pass over them.
///
/// The pass takes each container's read lock only while it lists that container's references,
/// so no request waits on the collector for longer than that (a collection of the whole old
/// list takes milliseconds). What it finds is therefore no snapshot, only a list of candidates:
/// `empty_garbage` proves each of them garbage under the candidates' write locks before it
/// empties any.
struct Graph {
    /// The containers (`0..n`), then the functions, captured lists and queries they hold
    /// (joined as they are found), each with one handle of ours.
    nodes: Vec<Node>,
    /// How many of `nodes` are containers.
    n: usize,
    /// The non-containers by address.
    by_address: HashMap<usize, u32, foldhash::fast::RandomState>,
    /// Node `i`'s references are `to[start[i]..start[i + 1]]`.
    start: Vec<u32>,
    to: Vec<u32>,
    /// The references to each node found inside the set.
    inside: Vec<usize>,
    /// Held from outside: a count beyond the references inside, a count that moved during the
    /// pass, or a container another thread was writing.
    held: Vec<bool>,
}

impl Graph {
    fn scan(containers: Vec<Node>) -> Graph {
        let epoch = NEXT_EPOCH.fetch_add(1, Ordering::Relaxed);
        let n = containers.len();
        for (i, c) in containers.iter().enumerate() {
            match c {
                Node::Struct(s) => s.0.gc_mark().set(epoch, i as u32),
                Node::Array(a) => a.0.gc_mark().set(epoch, i as u32),
                _ => {}
            }
        }
        let mut g = Graph {
            nodes: containers,
            n,
            by_address: HashMap::default(),
            start: Vec::with_capacity(n + 1),
            to: Vec::new(),
            inside: vec![0; n],
            held: vec![false; n],
        };
        let mut before: Vec<usize> = Vec::with_capacity(n);
        // One node's references, resolved (reused from node to node).
        let mut found: Vec<Resolved> = Vec::new();
        let mut i = 0;
        // Nodes are visited in order; the list grows as functions and queries are found.
        while i < g.nodes.len() {
            g.start.push(g.to.len() as u32);
            // Our own handle is not a reference.
            before.push(g.nodes[i].strong().saturating_sub(1));
            let Graph {
                nodes,
                by_address,
                to,
                inside,
                held,
                ..
            } = &mut g;
            let mut edge = |e: Edge<'_>| found.push(resolve(e, epoch, by_address));
            let readable = match &nodes[i] {
                Node::Struct(s) => {
                    s.0.data_lock()
                        .try_read()
                        .map(|d| struct_edges(&d, &mut edge))
                }
                Node::Array(a) => {
                    a.0.data_lock()
                        .try_read()
                        .map(|d| array_edges(&d, &mut edge))
                }
                Node::Query(q) => q.try_read().map(|d| query_edges(&d, &mut edge)),
                Node::Func(f) => {
                    func_edges(f, &mut edge);
                    Some(())
                }
                Node::Captured(c) => {
                    captured_edges(c, &mut edge);
                    Some(())
                }
            };
            if readable.is_none() {
                // Another thread is writing it: held from outside this time.
                held[i] = true;
            }
            for r in found.drain(..) {
                let at = match r {
                    Resolved::Member(at) => at,
                    // Found twice in this node: the first one joined.
                    Resolved::New(_, key) if by_address.contains_key(&key) => by_address[&key],
                    Resolved::New(node, key) => {
                        let at = nodes.len() as u32;
                        nodes.push(node);
                        inside.push(0);
                        held.push(false);
                        by_address.insert(key, at);
                        at
                    }
                    Resolved::Outside => continue,
                };
                to.push(at);
                inside[at as usize] += 1;
            }
            i += 1;
        }
        g.start.push(g.to.len() as u32);
        for (i, b) in before.into_iter().enumerate() {
            let now = g.nodes[i].strong().saturating_sub(1);
            if b != now || now > g.inside[i] {
                g.held[i] = true;
            }
        }
        g
    }

    /// The nodes not reached from one held from outside.
    fn candidates(&self) -> Vec<bool> {
        let mut live = self.held.clone();
        let mut queue: Vec<u32> = (0..live.len() as u32)
            .filter(|&i| live[i as usize])
            .collect();
        while let Some(x) = queue.pop() {
            for &c in self.edges(x as usize) {
                if !live[c as usize] {
                    live[c as usize] = true;
                    queue.push(c);
                }
            }
        }
        live.iter().map(|l| !l).collect()
    }

    fn edges(&self, i: usize) -> &[u32] {
        &self.to[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// Prove the candidates garbage and empty them: under the write lock of each candidate
    /// container and query (taken without waiting), the references among the candidates are
    /// counted again from what they hold now, and a candidate whose count is more than that is
    /// held from outside, as is everything it reaches. With the locks held, no reference to a
    /// candidate can appear except through one held from outside, so what is left is garbage
    /// whatever happened during the pass. Returns how many containers were emptied and which
    /// (by index).
    fn empty_garbage(&mut self, mut cand: Vec<bool>) -> (usize, Vec<bool>) {
        let epoch = NEXT_EPOCH.fetch_add(1, Ordering::Relaxed);
        let total = self.nodes.len();
        let mut structs: Vec<(usize, RwLockWriteGuard<'_, StructData>)> = Vec::new();
        let mut arrays: Vec<(usize, RwLockWriteGuard<'_, Vec<Value>>)> = Vec::new();
        let mut queries: Vec<(usize, RwLockWriteGuard<'_, Query>)> = Vec::new();
        // A candidate another thread is using is held from outside; so is what it refers to,
        // which it then does not count below.
        for (i, node) in self.nodes.iter().enumerate() {
            if !cand[i] {
                continue;
            }
            let locked = match node {
                Node::Struct(s) => s.0.data_lock().try_write().map(|g| {
                    s.0.gc_mark().set(epoch, i as u32);
                    structs.push((i, g));
                }),
                Node::Array(a) => a.0.data_lock().try_write().map(|g| {
                    a.0.gc_mark().set(epoch, i as u32);
                    arrays.push((i, g));
                }),
                Node::Query(q) => q.try_write().map(|g| queries.push((i, g))),
                Node::Func(_) | Node::Captured(_) => Some(()),
            };
            cand[i] = locked.is_some();
        }
        // The references among the candidates, from what they hold now.
        let mut inside = vec![0usize; total];
        let mut edges: Vec<(u32, u32)> = Vec::new();
        {
            let by_address = &self.by_address;
            let mut count = |from: usize, e: Edge<'_>| {
                let at = match &e {
                    Edge::Container(m) => m.index_in(epoch),
                    _ => by_address.get(&address(&e)).copied(),
                };
                if let Some(at) = at.filter(|&at| cand[at as usize]) {
                    inside[at as usize] += 1;
                    edges.push((from as u32, at));
                }
            };
            for (i, d) in &structs {
                struct_edges(d, &mut |e| count(*i, e));
            }
            for (i, d) in &arrays {
                array_edges(d, &mut |e| count(*i, e));
            }
            for (i, d) in &queries {
                query_edges(d, &mut |e| count(*i, e));
            }
            for (i, node) in self.nodes.iter().enumerate().filter(|(i, _)| cand[*i]) {
                match node {
                    Node::Func(f) => func_edges(f, &mut |e| count(i, e)),
                    Node::Captured(c) => captured_edges(c, &mut |e| count(i, e)),
                    _ => {}
                }
            }
        }
        // Held from outside, and what it reaches.
        let mut queue: Vec<u32> = (0..total as u32)
            .filter(|&i| {
                cand[i as usize]
                    && self.nodes[i as usize].strong().saturating_sub(1) > inside[i as usize]
            })
            .collect();
        if !queue.is_empty() {
            edges.sort_unstable();
            for &x in &queue {
                cand[x as usize] = false;
            }
            while let Some(x) = queue.pop() {
                let from = edges.partition_point(|&(f, _)| f < x);
                for &(f, t) in &edges[from..] {
                    if f != x {
                        break;
                    }
                    if cand[t as usize] {
                        cand[t as usize] = false;
                        queue.push(t);
                    }
                }
            }
        }
        // Taken out under the locks, dropped after them: dropping runs other containers' drops.
        let mut contents: Vec<Value> = Vec::new();
        let mut emptied = 0;
        for (i, g) in &mut structs {
            if cand[*i] {
                if let Node::Struct(s) = &self.nodes[*i] {
                    // A change readers that remember the version must see.
                    s.bump_version();
                }
                contents.extend(std::mem::take(&mut g.map).into_values());
                contents.extend(g.vars.take().map(Value::Struct));
                emptied += 1;
            }
        }
        for (i, g) in &mut arrays {
            if cand[*i] {
                contents.append(g);
                emptied += 1;
            }
        }
        for (i, g) in &mut queries {
            if cand[*i] {
                for c in &mut g.columns {
                    for v in &mut c.values {
                        if matches!(
                            v,
                            Value::Struct(_) | Value::Array(_) | Value::Func(_) | Value::Query(_)
                        ) {
                            contents.push(std::mem::replace(v, Value::Null));
                        }
                    }
                }
            }
        }
        drop((structs, arrays, queries));
        drop(contents);
        cand.truncate(self.n);
        (emptied, cand)
    }
}

/// Where a reference found by the pass leads.
enum Resolved {
    /// A node of the set, by index.
    Member(u32),
    /// A function, captured list or query seen for the first time: it joins the set.
    New(Node, usize),
    /// A container outside the set.
    Outside,
}

fn resolve(
    e: Edge<'_>,
    epoch: u64,
    by_address: &HashMap<usize, u32, foldhash::fast::RandomState>,
) -> Resolved {
    if let Edge::Container(m) = e {
        return m
            .index_in(epoch)
            .map_or(Resolved::Outside, Resolved::Member);
    }
    let key = address(&e);
    if let Some(&at) = by_address.get(&key) {
        return Resolved::Member(at);
    }
    Resolved::New(
        match e {
            Edge::Func(f) => Node::Func(f.clone()),
            Edge::Captured(c) => Node::Captured(c.clone()),
            Edge::Query(q) => Node::Query(q.clone()),
            Edge::Container(_) => return Resolved::Outside,
        },
        key,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Key;

    fn node(s: &Struct) -> Node {
        Node::Struct(s.clone())
    }

    /// What the pass found may be stale by the time the candidates are emptied: a reference
    /// taken out of a cycle since is found by the check under the locks, whatever the
    /// candidates say.
    #[test]
    fn only_what_is_proven_garbage_is_emptied() {
        let rec = Struct::new();
        rec.set(Key::new("me"), Value::Struct(rec.clone()));
        let child = Struct::new();
        child.set(Key::new("n"), Value::Num(1.0));
        rec.set(Key::new("child"), Value::Struct(child.clone()));
        let mut g = Graph::scan(vec![node(&rec), node(&child)]);
        // Since the pass: the child was taken out (this test holds it), the record let go of
        // it, and nothing outside holds the record.
        rec.remove("child");
        let weak = rec.downgrade();
        drop(rec);
        let (emptied, garbage) = g.empty_garbage(vec![true; 2]);
        assert_eq!((emptied, garbage), (1, vec![true, false]));
        assert_eq!(child.get("n").and_then(|v| v.to_num().ok()), Some(1.0));
        drop(g);
        assert!(weak.upgrade().is_none(), "the record was garbage");

        // A candidate held from outside keeps what it reaches.
        let a = Struct::new();
        let b = Struct::new();
        a.set(Key::new("b"), Value::Struct(b.clone()));
        b.set(Key::new("a"), Value::Struct(a.clone()));
        let mut g = Graph::scan(vec![node(&a), node(&b)]);
        drop(b);
        let (emptied, _) = g.empty_garbage(vec![true; 2]);
        assert_eq!(emptied, 0);
        assert!(matches!(a.get("b"), Some(Value::Struct(b)) if b.get("a").is_some()));
        a.clear();
    }
}
