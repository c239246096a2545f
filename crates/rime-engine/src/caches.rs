//! The caches applications declare (`this.caches`, Lucee's `this.cache.connections` and
//! `this.cache.<name>`, `.cfconfig.json`'s `caches`), the default object and query caches
//! (`this.cache.object`, `this.cache.query`, a definition's `default`) and the session storage
//! (`this.sessionStorage`).
//!
//! `Application.cfc` runs on every request, so its definitions are read every time; the stores
//! behind them live in the engine's registry, one per definition, so connection pools and
//! in-memory entries outlive the request.

use crate::{app_paths, Engine};
use parking_lot::Mutex;
use rime_cache::{Backend, RedisCache};
use rime_request::{AppCaches, AppHandle, CacheStore as Store};
use rime_runtime::{Cache, CfResult, CfmlError, Struct, Value};
use rime_stdlib::cache::MemoryCache;
use std::collections::HashMap;
use std::sync::Arc;

/// Every store any application declared, by lower-cased name and backend.
#[derive(Default)]
pub(crate) struct CacheRegistry {
    stores: Mutex<HashMap<(String, Backend), Store>>,
}

/// Where an application keeps its sessions when not in this process.
pub struct SessionStorage {
    pub cache: Arc<RedisCache>,
    /// Keep sessions in this process while the store is down, instead of failing requests.
    pub fallback: bool,
}

fn text(v: Option<Value>) -> CfResult<Option<String>> {
    match v {
        Some(v) if v.is_simple() => {
            let s = v.to_str()?.trim().to_ascii_lowercase();
            Ok((!s.is_empty()).then_some(s))
        }
        _ => Ok(None),
    }
}

impl Engine {
    /// Read the cache settings of `this` (the effective settings of an application).
    pub(crate) fn read_caches(&self, this: &Struct) -> CfResult<AppCaches> {
        let mut defs: Vec<(String, Struct)> = Vec::new();
        let mut add_all = |v: Option<Value>| {
            if let Some(Value::Struct(all)) = v {
                for (k, d) in all.entries() {
                    if let Value::Struct(d) = d {
                        defs.push((k.as_str().to_string(), d));
                    }
                }
            }
        };
        add_all(this.get("caches"));
        let cache = match this.get("cache") {
            Some(Value::Struct(c)) => Some(c),
            _ => None,
        };
        if let Some(c) = &cache {
            add_all(c.get("connections"));
            // Lucee's shortcut: `this.cache.name = {...}` beside `this.cache.object = "name"`.
            for (k, d) in c.entries() {
                if let (Value::Struct(d), false) =
                    (d, k.as_str().eq_ignore_ascii_case("connections"))
                {
                    defs.push((k.as_str().to_string(), d));
                }
            }
        }
        let mut out = AppCaches::default();
        if defs.is_empty() && text(this.get("sessionStorage"))?.is_none() {
            return Ok(out);
        }
        for (name, d) in defs {
            let def = rime_cache::config::parse(&name, &d)?;
            let store = self.store(&name, &def.backend)?;
            let key = name.to_ascii_lowercase();
            for kind in &def.default_for {
                match kind.as_str() {
                    "object" => out.object = Some(key.clone()),
                    "query" => out.query = Some(key.clone()),
                    _ => {}
                }
            }
            out.by_name.insert(key, (store, def));
        }
        if let Some(c) = &cache {
            if let Some(n) = text(c.get("object"))? {
                out.object = Some(n);
            }
            if let Some(n) = text(c.get("query"))? {
                out.query = Some(n);
            }
        }
        for name in [&out.object, &out.query].into_iter().flatten() {
            if !out.by_name.contains_key(name) && name != "default" {
                return Err(CfmlError::application(format!(
                    "this.cache names the cache [{name}] as a default, but no cache of that name \
                     is defined"
                )));
            }
        }
        if let Some(s) = text(this.get("sessionStorage"))? {
            if s != "memory" {
                match out.by_name.get(&s) {
                    Some((_, def)) if matches!(def.backend, Backend::Redis(_)) => {
                        if !def.storage {
                            return Err(CfmlError::application(format!(
                                "the cache [{s}] can't hold sessions: set storage: true in its \
                                 definition"
                            )));
                        }
                        out.session_storage = Some(s);
                    }
                    Some(_) => {} // an in-memory cache: sessions stay in this process
                    None => {
                        return Err(CfmlError::application(format!(
                            "this.sessionStorage names the cache [{s}], which is not defined \
                             (define it in this.caches with storage: true)"
                        )))
                    }
                }
            }
        }
        Ok(out)
    }

    /// The store for a definition: the one already made for it, or a new one.
    fn store(&self, name: &str, backend: &Backend) -> CfResult<Store> {
        let key = (name.to_ascii_lowercase(), backend.clone());
        let mut stores = self.caches.stores.lock();
        if let Some(s) = stores.get(&key) {
            return Ok(s.clone());
        }
        let store = match backend {
            Backend::Memory => Store::Memory(Arc::new(MemoryCache::new()) as Arc<dyn Cache>),
            Backend::Redis(cfg) => Store::Redis(Arc::new(RedisCache::new(name, cfg.clone())?)),
        };
        stores.insert(key, store.clone());
        Ok(store)
    }

    /// `Host::cache`: the application's cache `name`, or its default object cache for "".
    pub(crate) fn app_cache(&self, app: &AppHandle, name: &str) -> Option<Arc<dyn Cache>> {
        let caches = &app_paths(app).caches;
        let key = if name.is_empty() {
            caches.object.clone()?
        } else {
            name.to_ascii_lowercase()
        };
        caches.by_name.get(&key).map(|(c, _)| c.cache())
    }

    /// The application's default query cache (for `cachedWithin`), when it declares one.
    pub(crate) fn query_cache(&self, app: &AppHandle) -> Option<Arc<dyn Cache>> {
        let caches = &app_paths(app).caches;
        let name = caches.query.as_ref()?;
        caches.by_name.get(name).map(|(c, _)| c.cache())
    }

    /// Where the request's application keeps its sessions, when that is Redis.
    pub fn session_storage(&self, app: &AppHandle) -> Option<SessionStorage> {
        let caches = &app_paths(app).caches;
        let (store, def) = caches.by_name.get(caches.session_storage.as_ref()?)?;
        match store {
            Store::Redis(cache) => Some(SessionStorage {
                cache: cache.clone(),
                fallback: def.session_fallback,
            }),
            Store::Memory(_) => None,
        }
    }
}
