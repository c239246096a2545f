//! Cache functions (`cachePut`, `cacheGet`...) and the in-memory cache.
//!
//! Rime has one object cache per process, named `default`, which behaves like Lucee's RAM cache:
//!
//! - ids are trimmed and upper-cased (`cachePut("abc", 1)` lists as `ABC`), so they are
//!   case-insensitive;
//! - values are stored by reference: `cacheGet` returns the very array or struct that was put;
//! - an entry may carry a time span (it expires that long after it was last written) and an
//!   idle time (it expires when not read for that long), both as day fractions, the way
//!   `createTimeSpan` returns them; zero or a negative value means no limit;
//! - putting an id that is already cached replaces the value but, as in Lucee, keeps the entry's
//!   time span and idle time;
//! - entries count their hits (a new entry starts at 1, each read or write adds one) and the
//!   cache counts hits and misses of `cacheGet`, reported by `cacheGetMetadata`.
//!
//! Expired entries are dropped when they are next looked at. The cache holds at most
//! `MAX_ENTRIES` entries: when it is full, expired entries are dropped first, then the oldest
//! tenth.
//!
//! Other caches are the application's (`this.caches`, reached through `AppCtx::cache`): more
//! in-memory ones (`MemoryCache`) or Redis (rime-cache); naming a cache nobody declared is an
//! error.

use indexmap::IndexMap;
use parking_lot::Mutex;
use rime_runtime::cache::wildcard_match;
use rime_runtime::{
    def, opt, req, Args, Array, BuiltinDef, Cache, CacheMetadata, CfResult, CfmlError, Ctx,
    DateTime, Key, Struct, Value,
};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "cachePut",
        &[
            req("id"),
            req("value"),
            opt("timeSpan"),
            opt("idleTime"),
            opt("cacheName"),
        ],
        cache_put,
    ),
    def(
        "cacheGet",
        &[req("id"), opt("throwWhenNotExist"), opt("cacheName")],
        cache_get,
    ),
    def(
        "cacheDelete",
        &[req("id"), opt("throwOnError"), opt("cacheName")],
        cache_delete,
    ),
    def(
        "cacheRemove",
        &[req("ids"), opt("throwOnError"), opt("cacheName")],
        cache_remove,
    ),
    def(
        "cacheClear",
        &[opt("filterOrTags"), opt("cacheName")],
        cache_clear,
    ),
    def("cacheRemoveAll", &[opt("cacheName")], cache_remove_all),
    def("cacheGetProperties", &[opt("region")], cache_get_properties),
    def("cacheCount", &[opt("cacheName")], cache_count),
    def(
        "cacheKeyExists",
        &[req("key"), opt("cacheName")],
        cache_key_exists,
    ),
    def(
        "cacheIdExists",
        &[req("id"), opt("cacheName")],
        cache_key_exists,
    ),
    def(
        "cacheGetAll",
        &[opt("filter"), opt("cacheName")],
        cache_get_all,
    ),
    def(
        "cacheGetAllIds",
        &[opt("filter"), opt("cacheName")],
        cache_get_all_ids,
    ),
    def(
        "cacheGetMetadata",
        &[req("id"), opt("cacheName")],
        cache_get_metadata,
    ),
    def(
        "cacheGetDefaultCacheName",
        &[req("type")],
        cache_get_default_cache_name,
    ),
];

/// The name of the one cache.
const DEFAULT_NAME: &str = "default";

/// The most entries the cache holds.
const MAX_ENTRIES: usize = 100_000;

/// The cache types Lucee knows; only `object` has a cache in Rime.
const CACHE_TYPES: &[&str] = &[
    "object",
    "template",
    "query",
    "resource",
    "function",
    "include",
    "http",
    "file",
    "webservice",
];

// ---------------------------------------------------------------------------------------------
// The store
// ---------------------------------------------------------------------------------------------

struct Entry {
    value: Value,
    /// Expires this long after the last write.
    live: Option<Duration>,
    /// Expires when not read or written for this long.
    idle: Option<Duration>,
    written_at: Instant,
    read_at: Instant,
    created: DateTime,
    last_written: DateTime,
    last_read: DateTime,
    hits: u64,
}

impl Entry {
    fn valid(&self, now: Instant) -> bool {
        let fresh = |since: Instant, span: Option<Duration>| {
            span.is_none_or(|d| now.saturating_duration_since(since) <= d)
        };
        fresh(self.written_at, self.live) && fresh(self.read_at, self.idle)
    }
}

/// A cache: entries by normalized id, oldest first, with the hit and miss counts of reads.
struct Store {
    entries: IndexMap<String, Entry>,
    hits: u64,
    misses: u64,
    capacity: usize,
}

impl Store {
    fn new(capacity: usize) -> Store {
        Store {
            entries: IndexMap::new(),
            hits: 0,
            misses: 0,
            capacity: capacity.max(1),
        }
    }

    fn purge(&mut self, now: Instant) {
        self.entries.retain(|_, e| e.valid(now));
    }

    /// The valid entry for `id`, dropping it when it has expired.
    fn live_entry(&mut self, id: &str, now: Instant) -> Option<&mut Entry> {
        if self.entries.get(id).is_some_and(|e| !e.valid(now)) {
            self.entries.shift_remove(id);
        }
        self.entries.get_mut(id)
    }

    fn put(
        &mut self,
        id: String,
        value: Value,
        live: Option<Duration>,
        idle: Option<Duration>,
        now: Instant,
    ) {
        let stamp = DateTime::now();
        if let Some(e) = self.live_entry(&id, now) {
            e.value = value;
            e.written_at = now;
            e.read_at = now;
            e.last_written = stamp;
            e.last_read = stamp;
            e.hits += 1;
            return;
        }
        if self.entries.len() >= self.capacity {
            self.purge(now);
        }
        if self.entries.len() >= self.capacity {
            let n = (self.capacity / 10).max(1).min(self.entries.len());
            self.entries.drain(..n);
        }
        self.entries.insert(
            id,
            Entry {
                value,
                live,
                idle,
                written_at: now,
                read_at: now,
                created: stamp,
                last_written: stamp,
                last_read: stamp,
                hits: 1,
            },
        );
    }

    /// Read an entry: a hit (counted on the entry and the cache) or a miss.
    fn read(&mut self, id: &str, now: Instant) -> Option<&mut Entry> {
        let found = self.live_entry(id, now).is_some();
        if !found {
            self.misses += 1;
            return None;
        }
        self.hits += 1;
        let e = self.entries.get_mut(id)?;
        e.read_at = now;
        e.last_read = DateTime::now();
        e.hits += 1;
        Some(e)
    }

    fn get(&mut self, id: &str, now: Instant) -> Option<Value> {
        self.read(id, now).map(|e| e.value.clone())
    }

    fn metadata(&mut self, id: &str, now: Instant) -> Option<CacheMetadata> {
        let (created, hits, idle, live, last_read, last_written) = {
            let e = self.read(id, now)?;
            (
                e.created,
                e.hits,
                e.idle,
                e.live,
                e.last_read,
                e.last_written,
            )
        };
        Some(CacheMetadata {
            cache_hits: self.hits,
            cache_misses: self.misses,
            created,
            hits,
            idle,
            live,
            last_read,
            last_written,
        })
    }

    fn contains(&mut self, id: &str, now: Instant) -> bool {
        self.live_entry(id, now).is_some()
    }

    /// Remove an entry; false when there was none (or it had expired), as Lucee reports it.
    fn remove(&mut self, id: &str, now: Instant) -> bool {
        self.entries.shift_remove(id).is_some_and(|e| e.valid(now))
    }

    /// The valid ids matching `filter` (all without one), oldest first.
    fn ids(&mut self, filter: Option<&str>, now: Instant) -> Vec<String> {
        self.purge(now);
        self.entries
            .keys()
            .filter(|k| filter.is_none_or(|f| wildcard_match(f, k)))
            .cloned()
            .collect()
    }

    /// Remove the valid entries matching `filter` (all without one); returns how many.
    fn clear(&mut self, filter: Option<&str>, now: Instant) -> usize {
        self.purge(now);
        let before = self.entries.len();
        match filter {
            None => self.entries.clear(),
            Some(f) => self.entries.retain(|k, _| !wildcard_match(f, k)),
        }
        before - self.entries.len()
    }
}

/// A named in-memory cache: the process-wide `default`, or one an application declares with
/// `type: "ram"`.
pub struct MemoryCache {
    store: Mutex<Store>,
}

impl MemoryCache {
    pub fn new() -> MemoryCache {
        MemoryCache {
            store: Mutex::new(Store::new(MAX_ENTRIES)),
        }
    }
}

impl Default for MemoryCache {
    fn default() -> Self {
        MemoryCache::new()
    }
}

impl Cache for MemoryCache {
    fn put(
        &self,
        id: &str,
        value: &Value,
        live: Option<Duration>,
        idle: Option<Duration>,
    ) -> CfResult<()> {
        self.store
            .lock()
            .put(id.to_string(), value.clone(), live, idle, Instant::now());
        Ok(())
    }
    fn get(&self, id: &str) -> CfResult<Option<Value>> {
        Ok(self.store.lock().get(id, Instant::now()))
    }
    fn remove(&self, id: &str) -> CfResult<bool> {
        Ok(self.store.lock().remove(id, Instant::now()))
    }
    fn contains(&self, id: &str) -> CfResult<bool> {
        Ok(self.store.lock().contains(id, Instant::now()))
    }
    fn ids(&self, filter: Option<&str>) -> CfResult<Vec<String>> {
        Ok(self.store.lock().ids(filter, Instant::now()))
    }
    fn entries(&self, filter: Option<&str>) -> CfResult<Vec<(String, Value)>> {
        let mut s = self.store.lock();
        let ids = s.ids(filter, Instant::now());
        Ok(ids
            .into_iter()
            .filter_map(|id| {
                let v = s.entries.get(&id)?.value.clone();
                Some((id, v))
            })
            .collect())
    }
    fn clear(&self, filter: Option<&str>) -> CfResult<usize> {
        Ok(self.store.lock().clear(filter, Instant::now()))
    }
    fn stats(&self) -> CfResult<rime_runtime::cache::CacheStats> {
        let mut s = self.store.lock();
        s.purge(Instant::now());
        Ok(rime_runtime::cache::CacheStats {
            hits: s.hits,
            misses: s.misses,
            size: s.entries.len(),
        })
    }

    fn metadata(&self, id: &str) -> CfResult<Option<CacheMetadata>> {
        Ok(self.store.lock().metadata(id, Instant::now()))
    }
}

fn default_cache() -> Arc<dyn Cache> {
    static DEFAULT: OnceLock<Arc<MemoryCache>> = OnceLock::new();
    DEFAULT.get_or_init(|| Arc::new(MemoryCache::new())).clone()
}

/// The cache `name`: one the application declares, else the process-wide `default` (also for
/// an empty name when the application names no default object cache).
fn cache_named(ctx: &mut dyn Ctx, name: &str) -> CfResult<Arc<dyn Cache>> {
    let name = name.trim();
    if let Some(c) = ctx.cache(name)? {
        return Ok(c);
    }
    if name.is_empty() || name.eq_ignore_ascii_case(DEFAULT_NAME) {
        Ok(default_cache())
    } else {
        Err(no_such_cache(name))
    }
}

fn no_such_cache(name: &str) -> Box<CfmlError> {
    CfmlError::application(format!(
        "there is no cache defined with name [{name}], available caches are [{DEFAULT_NAME}]"
    ))
}

/// The cache named by argument `i`: the default one when it is missing or empty.
fn cache_arg(ctx: &mut dyn Ctx, args: &Args, i: usize) -> CfResult<Arc<dyn Cache>> {
    let name = args.str_or(i, "")?;
    cache_named(ctx, &name)
}

/// `cacheGetProperties([region])`: one struct per cache: the default object cache (`object`, or
/// an empty region), the default query cache (`query`, or an empty region, when the application
/// declares one), or the cache of that name, with its read counts and size as Lucee's cache
/// information names them (`hit_count`, `miss_count`, `size`).
fn cache_get_properties(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let region = args.str_or(0, "")?.trim().to_ascii_lowercase();
    let mut caches: Vec<(String, Arc<dyn Cache>)> = Vec::new();
    // The default query cache the application names (`this.cache.query`).
    let query_cache = ctx
        .application_settings()
        .and_then(|s| s.get("cache"))
        .and_then(|c| {
            c.as_struct()
                .and_then(|c| c.get_text("query").ok().flatten())
        });
    match region.as_str() {
        "" | "object" => {
            caches.push(("object".into(), cache_named(ctx, "")?));
            if let (true, Some(q)) = (region.is_empty(), &query_cache) {
                caches.push(("query".into(), cache_named(ctx, q)?));
            }
        }
        "query" => {
            let q = cache_named(ctx, query_cache.as_deref().unwrap_or(""))?;
            caches.push(("query".into(), q));
        }
        name => caches.push((name.to_string(), cache_named(ctx, name)?)),
    }
    let out = Array::new();
    for (kind, cache) in caches {
        let st = cache.stats()?;
        let s = Struct::with_flags(true);
        s.set_str("objectType", Value::from(kind));
        s.set_str("hit_count", Value::Num(st.hits as f64));
        s.set_str("miss_count", Value::Num(st.misses as f64));
        s.set_str("size", Value::Num(st.size as f64));
        out.push(Value::Struct(s));
    }
    Ok(Value::Array(out))
}

/// Lucee's cache id: trimmed and upper-cased.
fn normalize_id(id: &str) -> String {
    id.to_uppercase().trim().to_string()
}

fn id_arg(args: &Args, i: usize) -> CfResult<String> {
    let v = args.val(i)?;
    if !v.is_simple() {
        return Err(CfmlError::expression(format!(
            "Can't cast Complex Object Type {} to String (the cache id of [{}])",
            v.type_name(),
            args.fname
        )));
    }
    Ok(v.to_str()?.into_owned())
}

/// A time span argument in days (`createTimeSpan` returns day fractions); none when missing,
/// zero or negative, and none when too long to matter.
fn span_arg(args: &Args, i: usize) -> CfResult<Option<Duration>> {
    let Some(v) = args.get(i) else {
        return Ok(None);
    };
    let days = v.to_num().map_err(|_| {
        CfmlError::expression(format!(
            "Can't cast [{}] to a time span (argument {} of [{}]); use createTimeSpan() or a \
             number of days",
            v.to_str().unwrap_or_default(),
            i + 1,
            args.fname
        ))
    })?;
    let ms = (days * 86_400_000.0).round();
    if ms.is_nan() || ms < 1.0 {
        return Ok(None);
    }
    Ok(Duration::try_from_secs_f64(ms / 1000.0).ok())
}

/// The filter of `cacheGetAll`/`cacheGetAllIds`/`cacheClear`: none when empty or `*`.
fn filter_of(s: &str) -> Option<&str> {
    (!s.is_empty() && s != "*").then_some(s)
}

fn no_entry(id: &str) -> Box<CfmlError> {
    CfmlError::application(format!("there is no valid cache entry with key [{id}]"))
}

// ---------------------------------------------------------------------------------------------
// Functions
// ---------------------------------------------------------------------------------------------

fn cache_put(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let id = normalize_id(&id_arg(args, 0)?);
    let value = args.val(1)?;
    let live = span_arg(args, 2)?;
    let idle = span_arg(args, 3)?;
    cache_arg(ctx, args, 4)?.put(&id, value, live, idle)?;
    Ok(Value::from(""))
}

/// `cacheGet(id, throwWhenNotExist, cacheName)`; for compatibility with other engines the second
/// argument may also name the cache (`cacheGet(id, "default")`), as Lucee allows.
fn cache_get(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let id = normalize_id(&id_arg(args, 0)?);
    let (throw, cache) = match args.get(1) {
        None => (false, cache_arg(ctx, args, 2)?),
        Some(v) => match v.to_bool() {
            Ok(b) => (b, cache_arg(ctx, args, 2)?),
            Err(_) => {
                let name = v.to_str().unwrap_or_default();
                let name = name.trim();
                match cache_named(ctx, name) {
                    Ok(c) if args.get(2).is_none() && !name.is_empty() => (false, c),
                    _ => {
                        return Err(CfmlError::expression(format!(
                            "Invalid argument 2 (throwWhenNotExist) of function [cacheGet]: \
                             [{name}] is neither a boolean value nor the name of a cache"
                        )))
                    }
                }
            }
        },
    };
    match cache.get(&id)? {
        Some(v) => Ok(v),
        None if throw => Err(no_entry(&id)),
        None => Ok(Value::Null),
    }
}

fn cache_delete(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let raw = id_arg(args, 0)?;
    let throw = args.bool_or(1, false)?;
    let removed = cache_arg(ctx, args, 2)?.remove(&normalize_id(&raw))?;
    if !removed && throw {
        return Err(CfmlError::application(format!(
            "can not remove the element with the following id [{raw}]"
        )));
    }
    Ok(Value::Null)
}

/// `cacheRemove(ids)`: an array of ids or a comma-separated list of them.
fn cache_remove(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let ids: Vec<String> = match args.val(0)? {
        Value::Array(a) => {
            let mut out = Vec::new();
            for v in a.to_vec() {
                if !v.is_simple() {
                    return Err(CfmlError::expression(format!(
                        "Can't cast Complex Object Type {} to String (a cache id in the array \
                         passed to cacheRemove)",
                        v.type_name()
                    )));
                }
                out.push(v.to_str()?.into_owned());
            }
            out
        }
        v if v.is_simple() => v.to_str()?.split(',').map(str::to_string).collect(),
        v => {
            return Err(CfmlError::expression(format!(
                "Argument 1 of [cacheRemove] must be a list or an array of ids, got {}",
                v.type_name()
            )))
        }
    };
    let throw = args.bool_or(1, false)?;
    let cache = cache_arg(ctx, args, 2)?;
    let mut missing = Vec::new();
    for id in ids {
        let id = normalize_id(&id);
        if !cache.remove(&id)? {
            missing.push(id);
        }
    }
    if throw && !missing.is_empty() {
        return Err(CfmlError::application(format!(
            "can not remove the elements with the following id(s) [{}]",
            missing.join(",")
        )));
    }
    Ok(Value::Null)
}

/// `cacheClear(filter)`: removes the entries whose id matches the wildcard filter (all without
/// one) and returns how many. Lucee also takes query tags (an array, or a struct with `tags`);
/// those select cached queries, which this object cache never holds, so nothing is removed.
fn cache_clear(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let cache = cache_arg(ctx, args, 1)?;
    let filter = match args.get(0) {
        None => String::new(),
        Some(Value::Array(_)) => return Ok(Value::from(0usize)),
        Some(Value::Struct(s)) => {
            return match s.get("tags") {
                Some(Value::Array(_)) => Ok(Value::from(0usize)),
                _ => Err(CfmlError::expression(
                    "if you pass the tags of cacheClear within a struct, that struct needs a key \
                     [tags] holding the tags in an array",
                )),
            };
        }
        Some(v) if v.is_simple() => v.to_str()?.into_owned(),
        Some(v) => {
            return Err(CfmlError::expression(format!(
                "Argument 1 of [cacheClear] must be a filter string or an array of tags, got {}",
                v.type_name()
            )))
        }
    };
    Ok(Value::from(cache.clear(filter_of(&filter))?))
}

fn cache_remove_all(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(cache_arg(ctx, args, 0)?.clear(None)?))
}

fn cache_count(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(cache_arg(ctx, args, 0)?.ids(None)?.len()))
}

fn cache_key_exists(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let id = normalize_id(&id_arg(args, 0)?);
    Ok(Value::Bool(cache_arg(ctx, args, 1)?.contains(&id)?))
}

fn cache_get_all(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let filter = args.str_or(0, "")?.into_owned();
    let out = Struct::new();
    for (id, v) in cache_arg(ctx, args, 1)?.entries(filter_of(&filter))? {
        out.set(Key::new(id.as_str()), v);
    }
    Ok(Value::Struct(out))
}

fn cache_get_all_ids(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let filter = args.str_or(0, "")?.into_owned();
    let ids = cache_arg(ctx, args, 1)?.ids(filter_of(&filter))?;
    Ok(Value::Array(Array::from_vec(
        ids.into_iter().map(Value::from).collect(),
    )))
}

fn millis(d: Option<Duration>) -> Value {
    Value::Num(d.map_or(0.0, |d| d.as_millis() as f64))
}

/// `cacheGetMetadata(id)`: the hit counts of the cache and of the entry, its dates and its time
/// span and idle time in milliseconds (0: none). Like any read, it counts as a hit.
fn cache_get_metadata(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let id = normalize_id(&id_arg(args, 0)?);
    let m = cache_arg(ctx, args, 1)?
        .metadata(&id)?
        .ok_or_else(|| no_entry(&id))?;
    let custom = Struct::new();
    custom.set_str("hit_count", Value::Num(m.cache_hits as f64));
    custom.set_str("miss_count", Value::Num(m.cache_misses as f64));
    let out = Struct::new();
    out.set_str("cache_hitcount", Value::Num(m.cache_hits as f64));
    out.set_str("cache_misscount", Value::Num(m.cache_misses as f64));
    out.set_str("cache_custom", Value::Struct(custom));
    out.set_str("createdtime", Value::Date(m.created));
    out.set_str("hitcount", Value::Num(m.hits as f64));
    out.set_str("idletime", millis(m.idle));
    out.set_str("lasthit", Value::Date(m.last_read));
    out.set_str("lastupdated", Value::Date(m.last_written));
    out.set_str("timespan", millis(m.live));
    Ok(Value::Struct(out))
}

fn cache_get_default_cache_name(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let ty = args.str(0)?;
    let t = ty.trim().to_ascii_lowercase();
    if t == "object" {
        return Ok(Value::from(DEFAULT_NAME));
    }
    if CACHE_TYPES.contains(&t.as_str()) {
        return Err(CfmlError::expression(format!(
            "there is no default cache defined for type [{ty}]"
        )));
    }
    Err(CfmlError::expression(format!(
        "invalid type definition [{ty}], valid types are [{}]",
        CACHE_TYPES.join(", ")
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::array::test_support::*;
    use crate::array::values_equal;

    fn same(a: &Value, b: &Value) -> bool {
        values_equal(a, b, true)
    }

    fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn put_get_and_case_insensitive_ids() {
        let mut s = Store::new(10);
        let t0 = Instant::now();
        s.put(normalize_id(" abc "), st("v"), None, None, t0);
        assert_eq!(s.ids(None, t0), vec!["ABC".to_string()]);
        assert!(s
            .get(&normalize_id("Abc"), t0)
            .is_some_and(|v| same(&v, &st("v"))));
        assert!(s.get("NOPE", t0).is_none());
        assert_eq!((s.hits, s.misses), (1, 1));
    }

    #[test]
    fn expiry_by_time_span_and_idle_time() {
        let mut s = Store::new(10);
        let t0 = Instant::now();
        s.put("LIVE".into(), n(1.0), Some(secs(10)), None, t0);
        s.put("IDLE".into(), n(2.0), None, Some(secs(5)), t0);
        // Reads keep an idle entry alive but not one with a time span.
        assert!(s.get("LIVE", t0 + secs(4)).is_some());
        assert!(s.get("IDLE", t0 + secs(4)).is_some());
        assert!(s.get("IDLE", t0 + secs(8)).is_some());
        assert!(s.contains("LIVE", t0 + secs(10)));
        assert!(!s.contains("LIVE", t0 + secs(11)));
        assert!(!s.contains("IDLE", t0 + secs(14)));
        assert!(s.ids(None, t0 + secs(14)).is_empty());
    }

    #[test]
    fn rewrite_keeps_the_timings_and_counts_hits() {
        let mut s = Store::new(10);
        let t0 = Instant::now();
        s.put("K".into(), n(1.0), Some(secs(10)), None, t0);
        // A second put replaces the value, restarts the time span, keeps its length.
        s.put("K".into(), n(2.0), None, None, t0 + secs(8));
        let m = s.metadata("K", t0 + secs(17));
        assert!(m.is_some_and(|m| m.hits == 3 && m.live == Some(secs(10))));
        assert!(!s.contains("K", t0 + secs(19)));
        // An expired id is put afresh, with the new timings.
        s.put("K".into(), n(3.0), None, None, t0 + secs(20));
        assert!(s.contains("K", t0 + secs(1000)));
    }

    #[test]
    fn removal_and_filters() {
        let mut s = Store::new(10);
        let t0 = Instant::now();
        for id in ["USER_1", "USER_2", "ITEM_1"] {
            s.put(id.into(), n(1.0), None, None, t0);
        }
        assert_eq!(s.ids(Some("user_*"), t0).len(), 2);
        assert_eq!(s.ids(Some("?TEM_?"), t0), vec!["ITEM_1".to_string()]);
        assert!(s.remove("USER_1", t0));
        assert!(!s.remove("USER_1", t0));
        assert_eq!(s.clear(Some("*_1"), t0), 1);
        assert_eq!(s.clear(None, t0), 1);
    }

    #[test]
    fn bounded_size_drops_the_oldest() {
        let mut s = Store::new(20);
        let t0 = Instant::now();
        for i in 0..25 {
            s.put(format!("K{i}"), n(i as f64), None, None, t0);
        }
        assert!(s.entries.len() <= 20);
        assert!(!s.contains("K0", t0));
        assert!(s.contains("K24", t0));
    }

    #[test]
    fn functions_through_the_registry() {
        // Unit tests share the process-wide cache: these ids are unique to this test.
        assert_eq!(s("cachePut", vec![st("unit_test_a"), n(42.0)]), "");
        assert_eq!(s("cacheGet", vec![st("UNIT_TEST_A")]), "42");
        assert_eq!(s("cacheKeyExists", vec![st("unit_test_a")]), "true");
        assert_eq!(
            s("cacheIdExists", vec![st("unit_test_a"), st("default")]),
            "true"
        );
        assert_eq!(s("cacheGet", vec![st("unit_test_a"), st("default")]), "42");
        assert_eq!(s("cacheGet", vec![st("unit_test_a"), st("other")]), "ERR");
        assert_eq!(
            s(
                "cachePut",
                vec![st("x"), n(1.0), n(0.0), n(0.0), st("nope")]
            ),
            "ERR"
        );
        assert_eq!(
            s("cacheGet", vec![st("unit_test_missing"), Value::Bool(true)]),
            "ERR"
        );
        assert_eq!(
            s("cacheDelete", vec![st("unit_test_a"), Value::Bool(true)]),
            ""
        );
        assert_eq!(
            s("cacheDelete", vec![st("unit_test_a"), Value::Bool(true)]),
            "ERR"
        );
        assert_eq!(
            s("cachePut", vec![st("unit_test_b"), n(1.0), st("soon")]),
            "ERR"
        );
        assert_eq!(s("cacheGetDefaultCacheName", vec![st("Object")]), "default");
        assert_eq!(s("cacheGetDefaultCacheName", vec![st("query")]), "ERR");
        assert_eq!(s("cacheGetDefaultCacheName", vec![st("bogus")]), "ERR");
    }
}
