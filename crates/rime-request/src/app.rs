//! The application a request runs in, as the engine resolved it: mappings, custom tag paths,
//! datasources, caches and the effective settings (`AppPaths` over a shared `AppConfig`).
//!
//! The engine builds these from `Application.cfc` and `.cfconfig.json` and reads them back in
//! its `Host` calls; the VM only carries the handle (`AppHandle`) from call to call and into
//! the threads a request starts. They are plain data here, below the VM, so that the handle is
//! typed: no layer reads a type back from a type-erased value.

use rime_cache::{CacheDef, RedisCache};
use rime_db::DatasourceConfig;
use rime_runtime::{Cache, CfResult, DateTime, Struct};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

/// The settings of one application that resolution depends on. Concurrent requests of different
/// applications each carry their own, so they never mix them.
#[derive(Default)]
pub struct AppPaths {
    /// What the resolution settings give, shared by the requests that declare the same ones.
    pub config: Arc<AppConfig>,
    /// The effective settings (`this` over the server's) and the application name, from which
    /// `getApplicationSettings()` is built when a page asks for it.
    pub settings: Option<(Struct, String)>,
    /// `applicationStartTime()`.
    pub started: Option<DateTime>,
    /// The Application.cfc the settings come from (relative paths of an update resolve
    /// against its folder).
    pub app_path: Option<PathBuf>,
}

impl std::ops::Deref for AppPaths {
    type Target = AppConfig;
    fn deref(&self) -> &AppConfig {
        &self.config
    }
}

impl AppPaths {
    pub fn new(config: Arc<AppConfig>) -> AppPaths {
        AppPaths {
            config,
            settings: None,
            started: None,
            app_path: None,
        }
    }

    /// The same paths in an allocation of one thread's own (a shared one's reference count
    /// would be written by every request on every core).
    pub fn thread_copy(&self) -> AppPaths {
        AppPaths {
            config: self.config.clone(),
            settings: self.settings.clone(),
            started: self.started,
            app_path: self.app_path.clone(),
        }
    }
}

/// What an application's mappings, custom tag paths, datasources and caches resolve to.
#[derive(Default)]
pub struct AppConfig {
    /// `this.mappings`: virtual prefix (`/lib`) -> directory, longest prefix first.
    pub mappings: Vec<(String, PathBuf)>,
    /// `this.customTagPaths`.
    pub custom_tag_paths: Vec<PathBuf>,
    /// `this.datasources` / `this.datasource`.
    pub datasources: Datasources,
    /// `this.caches` and the default object/query caches and session storage.
    pub caches: AppCaches,
}

/// The datasources an application declared, by lower-cased name, and its default.
#[derive(Default)]
pub struct Datasources {
    /// A definition that can't be used (an unsupported type) is kept as its error: it fails
    /// only the queries that name it, never every page of the application.
    pub by_name: HashMap<String, CfResult<DatasourceConfig>>,
    pub default: Option<String>,
}

/// The caches of one application.
#[derive(Default)]
pub struct AppCaches {
    /// By lower-cased name.
    pub by_name: HashMap<String, (CacheStore, CacheDef)>,
    /// The default object and query caches, lower-cased names.
    pub object: Option<String>,
    pub query: Option<String>,
    /// `this.sessionStorage` when it names a cache.
    pub session_storage: Option<String>,
}

/// A store, kept concrete for Redis so session storage can reach its own operations.
#[derive(Clone)]
pub enum CacheStore {
    Memory(Arc<dyn Cache>),
    Redis(Arc<RedisCache>),
}

impl CacheStore {
    pub fn cache(&self) -> Arc<dyn Cache> {
        match self {
            CacheStore::Memory(m) => m.clone(),
            CacheStore::Redis(r) => r.clone(),
        }
    }
}
