//! Per worker thread, in production: each page's binding to a shared `Application.cfc`
//! instance (`app_config::shared_instance`), remembered after the first request.
//!
//! Such a binding is the same on every request: the same application file, settings, paths,
//! instance and scope. Finding it takes seven locks and as many reference counts on objects that
//! every worker shares, and on a multi-core server each of those writes moves a cache line from
//! one core to another: two workers then spend more time waiting for those lines than running
//! the page. So a thread keeps the binding per page, with its own copies of the immutable parts
//! (settings, paths, the file's path), and checks it against the engine's generation
//! (`TemplateCache::generation`), which moves whenever an application is created or ends or an
//! application file's settings are derived anew. A page so bound touches two shared counters
//! (the instance and the application scope), and the application's last use at most once a
//! second.

use crate::app_config::{AppPaths, Derived};
use crate::{attach_application, AppContext, AppSettings, AppState, Engine};
use rime_runtime::Struct;
use rime_vm::Vm;
use std::cell::{Cell, RefCell};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often a thread records that a bound application is still in use (its timeout is counted
/// from the last use).
const TOUCH_EVERY: Duration = Duration::from_secs(1);

/// Pages a thread remembers before it starts afresh.
const MAX_PAGES: usize = 1000;

struct Bound {
    app_path: Arc<Path>,
    this: Struct,
    settings: Arc<AppSettings>,
    paths: Arc<AppPaths>,
    state: Arc<AppState>,
    touched: Cell<Instant>,
}

/// A thread's bindings, all of one engine (`TemplateCache::id`: a process may run several) and
/// as of one generation: when either changes they all go (which also lets go of an ended
/// application's scope).
#[derive(Default)]
struct Bindings {
    engine: u64,
    generation: u64,
    pages: foldhash::HashMap<std::ffi::OsString, Bound>,
}

thread_local! {
    static BOUND: RefCell<Bindings> = RefCell::default();
}

impl Engine {
    /// Bind `vm` to the application this thread remembers for `page`, if the memory is current.
    pub(crate) fn bind_remembered(&self, vm: &mut Vm, page: &Path) -> Option<AppContext> {
        let generation = self.cache.generation.load(Ordering::Acquire);
        BOUND
            .try_with(|b| {
                let mut b = b.borrow_mut();
                if (b.engine, b.generation) != (self.cache.id.get(), generation) {
                    b.pages.clear();
                    (b.engine, b.generation) = (self.cache.id.get(), generation);
                    return None;
                }
                let e = b.pages.get(page.as_os_str())?;
                let now = attach_application(vm, &e.settings, e.paths.clone(), &e.state);
                if now.duration_since(e.touched.get()) >= TOUCH_EVERY {
                    e.touched.set(now);
                    e.state.life.lock().last_used = now;
                }
                Some(AppContext {
                    this: e.this.clone(),
                    settings: e.settings.clone(),
                    path: e.app_path.clone(),
                    shared: true,
                })
            })
            .ok()
            .flatten()
    }

    /// Remember how `page` was bound to a shared instance (`derived.instance`), as of
    /// `generation` (read before the binding was looked up, so a change since makes it stale).
    pub(crate) fn remember_binding(
        &self,
        generation: u64,
        page: &Path,
        app_path: &Path,
        derived: &Derived,
        state: &Arc<AppState>,
        vm: &Vm,
    ) {
        let (Some((this, _)), Some(_)) = (&derived.instance, &vm.req.app) else {
            return;
        };
        let paths = crate::app_config::app_paths(&vm.req.app);
        let bound = Bound {
            app_path: Arc::from(app_path),
            this: this.clone(),
            settings: Arc::new((*derived.settings).clone()),
            paths: Arc::new(paths.thread_copy()),
            state: state.clone(),
            touched: Cell::new(vm.started.unwrap_or_else(Instant::now)),
        };
        let _ = BOUND.try_with(|b| {
            let mut b = b.borrow_mut();
            if (b.engine, b.generation) != (self.cache.id.get(), generation)
                || b.pages.len() >= MAX_PAGES
            {
                b.pages.clear();
                (b.engine, b.generation) = (self.cache.id.get(), generation);
            }
            b.pages.insert(page.as_os_str().to_owned(), bound);
        });
    }

    /// Make every thread's remembered bindings stale.
    pub(crate) fn bindings_changed(&self) {
        self.cache.generation.fetch_add(1, Ordering::AcqRel);
    }
}
