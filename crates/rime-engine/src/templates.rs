//! Compiled templates and file checks: the template cache all threads share, each production
//! worker's own copy of what it fetched from it, and the request numbers by which development
//! checks a file at most once per request.

use crate::app_config::{self, AppConfig};
use crate::Engine;
use foldhash::HashMap;
use parking_lot::Mutex;
use rime_bytecode::FuncProto;
use rime_runtime::thread_copies::{OwnerId, ThreadCopies};
use rime_runtime::{CfResult, CfmlError};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

struct Cached {
    mtime: Option<SystemTime>,
    proto: Arc<FuncProto>,
    /// The request (see `current_request`) that last checked the file.
    checked_in: u64,
}

thread_local! {
    /// The request running on this thread (0: none known). A VM runs a request on one thread
    /// from start to end, so this lets file checks happen once per request.
    static REQUEST: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The numbers this thread may give requests: the next, and the end of its block.
    static NUMBERS: std::cell::Cell<(u64, u64)> = const { std::cell::Cell::new((0, 0)) };
}

/// How many request numbers a thread takes from the shared counter at a time: numbering a
/// request then writes to memory no other worker touches.
const NUMBER_BLOCK: u64 = 1024;

/// Number the request starting on this thread (the template cache checks a file once per
/// request in development). Numbers are unique across threads, not in order.
pub fn begin_request() {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let (mut next, mut end) = NUMBERS.with(std::cell::Cell::get);
    if next == end {
        next = NEXT.fetch_add(NUMBER_BLOCK, std::sync::atomic::Ordering::Relaxed);
        end = next + NUMBER_BLOCK;
    }
    NUMBERS.with(|n| n.set((next + 1, end)));
    REQUEST.with(|r| r.set(next));
}

pub(crate) fn current_request() -> u64 {
    REQUEST.with(|r| r.get())
}

/// Most paths the existence cache keeps before it starts afresh (include paths may come from
/// request data, so it must not grow without bound).
pub(crate) const EXISTS_CACHE_MAX: usize = 10_000;

/// A map keyed by path, hashing the path's bytes (with foldhash): several are consulted on every
/// request, and a `PathBuf` key hashes component by component. The paths here are already
/// normalised.
pub(crate) type PathMap<V> = HashMap<std::ffi::OsString, V>;

/// The application file a page runs under.
#[derive(Clone)]
pub(crate) struct AppFile {
    pub(crate) path: Arc<Path>,
    /// An `Application.cfc` (else a legacy `Application.cfm`).
    pub(crate) cfc: bool,
}

/// Compiled templates by path, recompiled when the file's modification time changes.
#[derive(Default)]
pub struct TemplateCache {
    entries: Mutex<PathMap<Cached>>,
    /// Whether a file exists, by path, and the request that checked (see `Engine::file_exists`).
    pub(crate) exists: Mutex<PathMap<(bool, u64)>>,
    /// Production only: the application file (`Application.cfc`/`.cfm`) of each page.
    pub(crate) app_files: parking_lot::RwLock<PathMap<Option<AppFile>>>,
    /// The last `AppConfig` of each application file, with the fingerprint of its settings.
    pub(crate) app_configs: parking_lot::RwLock<PathMap<(String, Arc<AppConfig>)>>,
    /// Per application file, the compiled file last seen and, when its pseudo-constructor sets
    /// constants, what its settings give (None: they are read on every request).
    pub(crate) derived: parking_lot::RwLock<PathMap<app_config::DerivedEntry>>,
    /// Production only: where a component name resolved to, by calling folder and mappings.
    pub(crate) components: Mutex<HashMap<String, (arcstr::ArcStr, arcstr::ArcStr)>>,
    /// Moves when what a thread remembers of an application binding may have changed (see
    /// `bound`).
    pub(crate) generation: std::sync::atomic::AtomicU64,
    /// Moves when the compiled templates are cleared (`pagePoolClear`): the threads' copies of
    /// them (`NEAR_TEMPLATES`) are dropped then.
    page_generation: std::sync::atomic::AtomicU64,
    /// Tells this cache apart in the threads' copies (`NEAR_TEMPLATES`, `bound`).
    pub(crate) id: OwnerId,
}

impl TemplateCache {
    /// Empty a cache (`pagePoolClear`, `componentCacheClear`...). The threads' copies of compiled
    /// templates go too: the generation moves, and a thread that sees it drop its copies.
    pub(crate) fn clear(&self, which: rime_runtime::EngineCache) {
        use rime_runtime::EngineCache as C;
        let all = which == C::All;
        if all || which == C::Pages {
            self.entries.lock().clear();
            self.derived.write().clear();
            self.app_configs.write().clear();
        }
        if all || which == C::Components {
            self.components.lock().clear();
        }
        if all || which == C::CustomTags || which == C::Pages {
            self.exists.lock().clear();
        }
        if all || which == C::ApplicationPaths {
            self.app_files.write().clear();
        }
        self.generation
            .fetch_add(1, std::sync::atomic::Ordering::AcqRel);
        self.page_generation
            .fetch_add(1, std::sync::atomic::Ordering::AcqRel);
    }

    /// What a cache holds: the compiled templates' paths, or component names with the files
    /// they resolved to.
    pub(crate) fn entries_of(&self, which: rime_runtime::EngineCache) -> Vec<(String, String)> {
        use rime_runtime::EngineCache as C;
        let mut out: Vec<(String, String)> = match which {
            C::Pages => self
                .entries
                .lock()
                .keys()
                .map(|k| (k.to_string_lossy().into_owned(), String::new()))
                .collect(),
            C::Components => self
                .components
                .lock()
                .iter()
                .map(|(k, (path, _))| (k.clone(), path.to_string()))
                .collect(),
            _ => Vec::new(),
        };
        out.sort();
        out
    }
}

thread_local! {
    /// The (cache, generation) whose template copies `NEAR_TEMPLATES` holds: when the
    /// generation moves (`pagePoolClear`), this thread's copies are dropped.
    static NEAR_GENERATION: std::cell::Cell<(u64, u64)> = const { std::cell::Cell::new((u64::MAX, 0)) };
    /// Production only: the compiled templates this thread fetched. The shared map's lock,
    /// taken on every request by every worker, would move its cache line between cores.
    static NEAR_TEMPLATES: RefCell<ThreadCopies<std::ffi::OsString, Arc<FuncProto>>> =
        const { RefCell::new(ThreadCopies::new()) };
}

impl Engine {
    /// Whether `path` is a file: checked once per request in development (so a loop of 10,000
    /// custom tag calls costs one `stat` per file), once for the process in production.
    pub(crate) fn file_exists(&self, path: &Path) -> bool {
        let req = current_request();
        let fresh = |at: u64| self.config.production || (req != 0 && at == req);
        if let Some((ok, at)) = self.cache.exists.lock().get(path.as_os_str()) {
            if fresh(*at) {
                return *ok;
            }
        }
        let ok = path.is_file();
        let mut map = self.cache.exists.lock();
        if map.len() >= EXISTS_CACHE_MAX {
            map.clear();
        }
        map.insert(path.as_os_str().to_owned(), (ok, req));
        ok
    }

    /// The compiled template at `path`, from the cache unless the file changed (checked once per
    /// request in development, never in production).
    pub fn template(&self, path: &Path) -> CfResult<Arc<FuncProto>> {
        if self.config.production {
            let id = &self.cache.id;
            let current = (
                id.get(),
                self.cache
                    .page_generation
                    .load(std::sync::atomic::Ordering::Acquire),
            );
            if NEAR_GENERATION.try_with(|g| g.replace(current)) != Ok(current) {
                let _ = NEAR_TEMPLATES.try_with(|n| n.borrow_mut().forget(id));
            }
            let near = NEAR_TEMPLATES.try_with(|n| n.borrow().get(id, path.as_os_str()).cloned());
            if let Ok(Some(p)) = near {
                return Ok(p);
            }
            let shared = self.shared_template(path)?;
            // A page gets a copy of its own: every request counts a reference to its page, and
            // on the shared copy that count would move between cores. Components stay shared:
            // their code's address is their static scope's version (`Vm::static_scope`).
            let is_page = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("cfm"));
            let p = if is_page {
                Arc::new(shared.thread_copy())
            } else {
                shared
            };
            let _ = NEAR_TEMPLATES.try_with(|n| {
                let key = path.as_os_str().to_owned();
                n.borrow_mut().insert(id, key, p.clone(), EXISTS_CACHE_MAX);
            });
            return Ok(p);
        }
        self.shared_template(path)
    }

    /// `template` from the cache all threads share.
    fn shared_template(&self, path: &Path) -> CfResult<Arc<FuncProto>> {
        let req = current_request();
        if let Some(c) = self.cache.entries.lock().get(path.as_os_str()) {
            if self.config.production || (req != 0 && c.checked_in == req) {
                return Ok(c.proto.clone());
            }
        }
        let mtime = std::fs::metadata(path).and_then(|m| m.modified()).ok();
        if let Some(c) = self.cache.entries.lock().get_mut(path.as_os_str()) {
            if c.mtime == mtime {
                c.checked_in = req;
                return Ok(c.proto.clone());
            }
        }
        let text = std::fs::read_to_string(path).map_err(|e| {
            let mut err = CfmlError::new(
                "missinginclude",
                format!("Page [{}] not found", path.display()),
            );
            err.detail = e.to_string();
            err
        })?;
        let proto = rime_compiler::compile(&path.to_string_lossy(), &text)?;
        if self.config.production {
            // Kept for the life of the process: its strings may as well be static.
            proto.make_strings_static();
        }
        self.cache.entries.lock().insert(
            path.as_os_str().to_owned(),
            Cached {
                mtime,
                proto: proto.clone(),
                checked_in: req,
            },
        );
        Ok(proto)
    }
}

/// The file `path` names when its folders and name match in any case (`models/user.cfc` for
/// `Models/User.cfc`), as component names resolve on Lucee whatever the file system: each part
/// missing as written is looked for among its folder's entries. Only asked after the path as
/// written was not found.
pub(crate) fn file_in_any_case(path: &Path) -> Option<PathBuf> {
    let mut at = PathBuf::new();
    for part in path.components() {
        let next = at.join(part);
        if next.exists() {
            at = next;
            continue;
        }
        let want = part.as_os_str().to_str()?;
        let entry = std::fs::read_dir(if at.as_os_str().is_empty() {
            Path::new(".")
        } else {
            &at
        })
        .ok()?
        .filter_map(Result::ok)
        .find(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n.eq_ignore_ascii_case(want))
        })?;
        at.push(entry.file_name());
    }
    at.is_file().then_some(at)
}
