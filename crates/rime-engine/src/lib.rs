//! The engine: turns files into cached compiled templates, runs them on a VM with the request
//! scopes, and renders errors. `rime run`, the REPL, the test runners and the server all go
//! through here.

mod app_config;
mod bound;
mod caches;
pub mod cfconfig;
mod client;
mod db;
mod internal_request;
pub mod page;
mod render;
pub mod repl;
pub mod rest;
pub mod scheduler;
mod server_scope;
mod session;
mod session_redis;
mod templates;

pub use caches::SessionStorage;
pub use session::{Sessions, DEFAULT_MAX_SESSIONS};

pub use render::render_error;
/// The sampling profiler (`rime serve --profile`).
pub use rime_vm::profile;
pub use templates::{begin_request, TemplateCache};

use app_config::{app_paths, AppPaths, Derived};
use foldhash::HashMap;
use parking_lot::Mutex;
use rime_bytecode::FuncProto;
use rime_request::{AppHandle, RequestScopes};
use rime_runtime::Key;
use rime_runtime::{CfResult, CfmlError, Struct, Value};
use rime_vm::{Host, Vm};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use templates::{AppFile, EXISTS_CACHE_MAX};

/// Stack size of the thread a request runs on: deep CFML recursion must hit the VM's depth limit
/// long before the native stack ends.
pub const REQUEST_STACK_BYTES: usize = 512 * 1024 * 1024;

/// The outcome of running a template.
pub struct RunResult {
    pub output: String,
    pub error: Option<Box<CfmlError>>,
}

/// Engine settings.
#[derive(Clone, Debug, Default)]
pub struct EngineConfig {
    /// A request running longer than this ends with a `requestTimeout` error.
    pub request_timeout: Option<Duration>,
    /// How to run a blocking section (database calls) on the caller's thread: the server passes
    /// `tokio::task::block_in_place`; `None` runs it directly.
    pub block_in_place: Option<fn(&mut dyn FnMut())>,
    /// Called when a page has run for a time slice on a server thread (`Host::hand_off`): the
    /// server moves its other work off the thread; `None` when pages have threads of their own.
    pub hand_off: Option<fn()>,
    /// Production mode: compiled templates, application files and component locations are
    /// cached for the life of the process; files are never checked for changes.
    pub production: bool,
    /// Server-wide defaults for what an `Application.cfc` may set (`.cfconfig.json`), shaped
    /// like its `this` scope; the application's own settings win.
    pub settings: Struct,
    /// Bytes a request may allocate beyond what its thread held when it began (see
    /// `rime_runtime::memory`; only counted when the binary's allocator reports).
    pub request_memory: Option<u64>,
    /// Most sessions held at once (None: `DEFAULT_MAX_SESSIONS`; see `Sessions`).
    pub max_sessions: Option<usize>,
}

pub struct Engine {
    /// The root that absolute include paths (`/inc/x.cfm`) resolve against.
    pub root: PathBuf,
    pub config: EngineConfig,
    cache: TemplateCache,
    /// Applications by name.
    applications: Mutex<HashMap<String, Arc<AppState>>>,
    /// The `server` scope, shared by every request of the process.
    server: Struct,
    /// The server-wide settings as an `AppHandle`, built on first use.
    server_app: std::sync::OnceLock<AppHandle>,
    /// Scanned REST folders and parsed `restPath`s.
    rest: rest::RestCache,
    /// The stores behind the caches applications declare.
    caches: caches::CacheRegistry,
    /// The folders file functions may touch, when the file sandbox is on; built on first use.
    sandbox: std::sync::OnceLock<Option<Arc<[PathBuf]>>>,
    /// The sessions of every application (`page`: joined or created per request).
    sessions: Arc<Sessions>,
    /// The components' static scopes.
    statics: rime_vm::ComponentStatics,
    /// Files never served whatever their name (`is_private_file`).
    private_files: db::PrivateFiles,
    /// Datasources defined in place, by the name derived from their definition.
    inline_datasources: parking_lot::RwLock<HashMap<String, rime_db::DatasourceConfig>>,
    /// `<cfschedule>`'s tasks; the server starts their timer (`Engine::start_scheduler`).
    scheduler: Arc<scheduler::Scheduler>,
}

/// One running application: its scope and whether `onApplicationStart` has run.
pub struct AppState {
    pub scope: Struct,
    /// When the application started (`applicationStartTime()`).
    started_at: rime_runtime::DateTime,
    started: Mutex<bool>,
    life: Mutex<AppLife>,
}

/// When an application ends, and which `Application.cfc` handles its end events.
struct AppLife {
    /// The `Application.cfc` of the last request (None for the unnamed application).
    app_path: Option<PathBuf>,
    /// `this.applicationTimeout` (Lucee's default: one day).
    timeout: Duration,
    last_used: Instant,
}

/// Lucee's default `applicationTimeout`.
const DEFAULT_APPLICATION_TIMEOUT: Duration = Duration::from_secs(24 * 60 * 60);

/// Settings an `Application.cfc` declares in `this`.
#[derive(Clone, Debug)]
pub struct AppSettings {
    pub name: String,
    pub session_management: bool,
    pub session_timeout: Duration,
    pub request_timeout: Option<Duration>,
    pub set_client_cookies: bool,
    /// `this.clientManagement` and `this.clientTimeout` (`client.rs`).
    pub client_management: bool,
    pub client_timeout: Duration,
    /// `this.locale` and `this.timezone`, as `setLocale`/`setTimeZone` name them: every
    /// request of the application starts with them.
    pub locale: Option<String>,
    pub time_zone: Option<String>,
}

/// `getApplicationSettings()`: Lucee's defaults for what an `Application.cfc` may set, overlaid
/// with the simple and struct/array values of its `this` scope (functions left out).
fn application_settings(this: &Struct, name: &str) -> Struct {
    let s = rime_stdlib::system::default_application_settings(name);
    // `defaultDatasource` is Lucee's alias of `datasource`.
    if let Some(ds) = this.get("datasource").filter(|v| v.is_simple()) {
        s.set_str("defaultDatasource", ds);
    }
    for (k, v) in this.entries() {
        if !matches!(v, Value::Func(_) | Value::Null) {
            // A copy: the settings may belong to an instance requests share (one too deep to
            // copy is shared as it is).
            let copy = v.deep_copy().unwrap_or_else(|_| v.clone());
            s.set(k, copy);
        }
    }
    s
}

/// The file sandbox of the server settings (`fileSandbox: true` in `.cfconfig.json`): the web
/// root, the temporary directory and `fileSandboxAllow`, as canonical paths. None when off.
fn file_sandbox(settings: &Struct, root: &Path) -> Option<Arc<[PathBuf]>> {
    let on = settings
        .get("fileSandbox")
        .and_then(|v| v.to_bool().ok())
        .unwrap_or(false);
    if !on {
        return None;
    }
    let mut dirs = vec![root.to_path_buf(), std::env::temp_dir()];
    match settings.get("fileSandboxAllow") {
        Some(Value::Array(a)) => {
            for v in a.to_vec() {
                if let Ok(s) = v.to_str() {
                    dirs.push(PathBuf::from(s.as_ref()));
                }
            }
        }
        Some(v) if v.is_simple() => {
            if let Ok(s) = v.to_str() {
                dirs.extend(
                    s.split(',')
                        .filter(|d| !d.trim().is_empty())
                        .map(|d| PathBuf::from(d.trim())),
                );
            }
        }
        _ => {}
    }
    // A folder that does not exist allows nothing (it can't be resolved to compare against).
    Some(dirs.iter().filter_map(|d| d.canonicalize().ok()).collect())
}

/// `this.sessionCookie` (Lucee's struct): the attributes of the `CFID`/`CFTOKEN` cookies.
/// Defaults: HttpOnly, SameSite=Lax, not Secure (set `secure: true` behind HTTPS).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionCookie {
    pub http_only: bool,
    pub secure: bool,
    /// `Strict`, `Lax` or `None`; empty to send no SameSite attribute.
    pub same_site: String,
    pub domain: Option<String>,
    pub path: String,
}

impl Default for SessionCookie {
    fn default() -> Self {
        SessionCookie {
            http_only: true,
            secure: false,
            same_site: "Lax".to_string(),
            domain: None,
            path: "/".to_string(),
        }
    }
}

impl SessionCookie {
    /// The `Set-Cookie` value for `name=value`; `expire` deletes the cookie.
    pub fn header(&self, name: &str, value: &str, expire: bool) -> String {
        let mut h = format!("{name}={value}; Path={}", self.path);
        if let Some(d) = &self.domain {
            h.push_str("; Domain=");
            h.push_str(d);
        }
        if expire {
            h.push_str("; Max-Age=0");
        }
        if self.http_only {
            h.push_str("; HttpOnly");
        }
        if self.secure {
            h.push_str("; Secure");
        }
        if !self.same_site.is_empty() {
            h.push_str("; SameSite=");
            h.push_str(&self.same_site);
        }
        h
    }
}

/// Read `this.sessionCookie`; values that could inject into the header are refused (left at
/// their defaults).
fn session_cookie(settings: &Struct) -> SessionCookie {
    let mut c = SessionCookie::default();
    let Some(Value::Struct(s)) = settings.get("sessionCookie") else {
        return c;
    };
    let flag = |k: &str| s.get(k).and_then(|v| v.to_bool().ok());
    let safe = |k: &str| {
        s.get_text(k)
            .ok()
            .flatten()
            .map(|v| v.trim().to_string())
            .filter(|v| {
                !v.is_empty()
                    && v.bytes()
                        .all(|b| b.is_ascii_graphic() && b != b';' && b != b',')
            })
    };
    if let Some(b) = flag("httpOnly") {
        c.http_only = b;
    }
    if let Some(b) = flag("secure") {
        c.secure = b;
    }
    if let Some(v) = s.get_text("sameSite").ok().flatten() {
        c.same_site = match v.trim().to_ascii_lowercase().as_str() {
            "strict" => "Strict".to_string(),
            "none" => "None".to_string(),
            "" => String::new(),
            _ => "Lax".to_string(),
        };
    }
    c.domain = safe("domain");
    if let Some(p) = safe("path") {
        c.path = p;
    }
    c
}

impl Engine {
    /// The session cookie attributes of the request's application.
    pub fn session_cookie(&self, app: &AppHandle) -> SessionCookie {
        app_paths(app)
            .settings
            .as_ref()
            .map(|(effective, _)| session_cookie(effective))
            .unwrap_or_default()
    }
}

/// The application a request runs in: the Application.cfc instance (`this`) and its settings.
pub struct AppContext {
    pub this: Struct,
    /// Shared by the requests of an application whose settings are constants.
    pub settings: Arc<AppSettings>,
    pub path: Arc<Path>,
    /// A shared instance (`app_config::shared_instance`) defines no request event, so the
    /// lifecycle need not look for them.
    pub shared: bool,
}

/// What binding a request to an application sets on its VM: the deadline of the application's
/// `requestTimeout`, its paths and its scope. Returns when the request began.
fn attach_application(
    vm: &mut Vm,
    settings: &AppSettings,
    paths: Arc<AppPaths>,
    state: &AppState,
) -> Instant {
    let now = vm.started.unwrap_or_else(Instant::now);
    if let Some(t) = settings.request_timeout {
        vm.deadline = Some(now + t);
    }
    if settings.locale.is_some() {
        vm.req.locale.clone_from(&settings.locale);
    }
    if settings.time_zone.is_some() {
        vm.req.time_zone.clone_from(&settings.time_zone);
    }
    vm.req.app = Some(paths);
    vm.attach_application_scope(&state.scope);
    now
}

/// The components Lucee has built in (`new http()`), written in CFML and compiled once; a
/// component of the application's own with the name wins (this is asked after the files).
type Builtin = CfResult<(arcstr::ArcStr, arcstr::ArcStr, Arc<FuncProto>)>;

fn builtin_component(rel: &str) -> Option<Builtin> {
    // (the path it is found by, without `org/lucee/cfml/`; its full name; the source)
    const BUILTINS: [(&str, &str, &str); 2] = [
        (
            "http",
            "org.lucee.cfml.Http",
            include_str!("builtin/http.cfc"),
        ),
        (
            "cfide/orm/IEventHandler",
            "CFIDE.orm.IEventHandler",
            include_str!("builtin/IEventHandler.cfc"),
        ),
    ];
    static COMPILED: std::sync::OnceLock<Vec<CfResult<Arc<FuncProto>>>> =
        std::sync::OnceLock::new();
    let short = rel.strip_prefix("org/lucee/cfml/").unwrap_or(rel);
    let i = BUILTINS
        .iter()
        .position(|(name, _, _)| name.eq_ignore_ascii_case(short))?;
    let compiled = COMPILED.get_or_init(|| {
        BUILTINS
            .iter()
            .map(|(name, _, src)| rime_compiler::compile(&format!("rime:builtin/{name}.cfc"), src))
            .collect()
    });
    let (name, full, _) = BUILTINS[i];
    Some(compiled.get(i)?.clone().map(|proto| {
        (
            arcstr::ArcStr::from(format!("rime:builtin/{name}.cfc")),
            arcstr::ArcStr::from(full),
            proto,
        )
    }))
}

/// Lexically normalise a path (`a/./b/../c` -> `a/c`) without touching the file system.
fn normalize(p: PathBuf) -> PathBuf {
    // Most paths are normal already (an include or custom tag resolves one per call): no `.`,
    // `..` or empty segment after the root. Those are given back as they are.
    let plain = !p
        .as_os_str()
        .as_encoded_bytes()
        .split(|&b| b == b'/')
        .enumerate()
        .any(|(i, seg)| (seg.is_empty() && i > 0) || seg == b"." || seg == b"..");
    if plain {
        return p;
    }
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other.as_os_str()),
        }
    }
    out
}

impl Engine {
    pub fn new(root: impl Into<PathBuf>) -> Arc<Engine> {
        Engine::with_config(root, EngineConfig::default())
    }

    pub fn with_config(root: impl Into<PathBuf>, config: EngineConfig) -> Arc<Engine> {
        let sessions = Arc::new(Sessions::new(
            config.max_sessions.unwrap_or(DEFAULT_MAX_SESSIONS),
        ));
        let root: PathBuf = root.into();
        let engine = Arc::new(Engine {
            sessions,
            root: root.clone(),
            config,
            cache: TemplateCache::default(),
            applications: Mutex::new(HashMap::default()),
            server: server_scope::server_scope(&root),
            server_app: std::sync::OnceLock::new(),
            rest: rest::RestCache::default(),
            caches: caches::CacheRegistry::default(),
            statics: rime_vm::ComponentStatics::default(),
            sandbox: std::sync::OnceLock::new(),
            private_files: db::PrivateFiles::default(),
            inline_datasources: parking_lot::RwLock::new(HashMap::default()),
            scheduler: Arc::default(),
        });
        // The server-wide datasources are known (and their files private) before any request.
        engine.server_app();
        // The scheduled tasks the server settings declare.
        engine.scheduler.configure(&engine.config.settings);
        engine
    }

    /// The sessions of every application; the server sweeps expired ones.
    pub fn sessions(&self) -> &Arc<Sessions> {
        &self.sessions
    }

    /// A VM for one request, with fresh request scopes and the configured deadline.
    pub fn new_vm(self: &Arc<Self>) -> Vm {
        self.new_vm_with(RequestScopes::default())
    }

    /// `new_vm` for a request whose scopes the caller built (the server's HTTP requests).
    pub fn new_vm_with(self: &Arc<Self>, scopes: RequestScopes) -> Vm {
        begin_request();
        rime_runtime::memory::begin_request(self.config.request_memory);
        let mut vm = Vm::new(rime_vm::host_for(self), scopes);
        let now = Instant::now();
        vm.started = Some(now);
        vm.deadline = self.config.request_timeout.map(|t| now + t);
        if self.config.hand_off.is_some() {
            vm.next_hand_off = Some(now + rime_vm::HAND_OFF_SLICE);
        }
        // Pages outside any Application.cfc still see the server's datasources and mappings.
        vm.req.app = self.server_app();
        vm
    }

    /// The settings of a page outside any application: the server-wide ones.
    fn server_app(&self) -> AppHandle {
        self.server_app
            .get_or_init(|| {
                if self.config.settings.is_empty() {
                    return None;
                }
                let settings = self.effective_settings(&Struct::new());
                match self.app_config(&settings, &self.root.join("Application.cfc")) {
                    Ok(config) => Some(Arc::new(AppPaths::new(config))),
                    Err(e) => {
                        eprintln!("rime: server settings: {}", e.message);
                        None
                    }
                }
            })
            .clone()
    }

    /// An application's settings over the server-wide ones: `this` wins, and its `mappings` and
    /// `datasources` add to (and override by name) the server's.
    fn effective_settings(&self, this: &Struct) -> Struct {
        // Without server-wide settings (the common case) the application's own are the answer.
        if self.config.settings.is_empty() {
            return this.clone();
        }
        let out = self.config.settings.copy();
        for (k, v) in this.entries() {
            let merged = match (out.get(k.as_str()), &v) {
                (Some(Value::Struct(base)), Value::Struct(own))
                    if ["mappings", "datasources", "caches"]
                        .iter()
                        .any(|m| k.as_str().eq_ignore_ascii_case(m)) =>
                {
                    let m = base.copy();
                    for (kk, vv) in own.entries() {
                        m.set(kk, vv);
                    }
                    Value::Struct(m)
                }
                _ => v,
            };
            out.set(k, merged);
        }
        out
    }

    /// Run the template at `path` as a request: the `Application.cfc` found from its folder up
    /// to the root runs first (settings, `onApplicationStart` once per application name,
    /// `onRequestStart`, `onRequest`, `onRequestEnd`), on a thread with a large stack.
    /// It is the server's pipeline (`Engine::handle`: sessions, `onError`,
    /// `onMissingTemplate`), without HTTP: the request has no URL, form or cookie data.
    pub fn run_file(self: &Arc<Self>, path: &Path) -> RunResult {
        let engine = self.clone();
        let path = path.to_path_buf();
        self.on_request_thread(move || {
            let web_path: Arc<str> = engine.web_path(&path).into();
            let kind = if engine.file_exists(&path) {
                page::PageKind::Page
            } else {
                page::PageKind::Missing
            };
            let r = engine.handle(page::PageInput {
                page: page::Page {
                    file: path.as_path().into(),
                    web_path: web_path.clone(),
                    kind,
                    compiled: None,
                },
                scopes: RequestScopes::default(),
                flush: None,
            });
            let error = match r.outcome {
                page::Outcome::Done => None,
                page::Outcome::Error(e) => Some(e),
                page::Outcome::NotFound => Some(CfmlError::new(
                    "missinginclude",
                    format!("Page [{web_path}] [{}] not found", path.display()),
                )),
            };
            RunResult {
                output: r.body,
                error,
            }
        })
    }

    /// The nearest `Application.cfc` from the page's folder up to the root.
    pub fn find_application(&self, page: &Path) -> Option<Arc<Path>> {
        self.find_app_file(page).filter(|f| f.cfc).map(|f| f.path)
    }

    /// The nearest legacy `Application.cfm`, when no `Application.cfc` is nearer (in one folder
    /// the `.cfc` wins, as in Lucee).
    pub fn legacy_application(&self, page: &Path) -> Option<Arc<Path>> {
        self.find_app_file(page).filter(|f| !f.cfc).map(|f| f.path)
    }

    fn find_app_file(&self, page: &Path) -> Option<AppFile> {
        let search = || {
            self.search_app_file(page).map(|p| AppFile {
                cfc: p.extension().is_some_and(|e| e == "cfc"),
                path: p.into(),
            })
        };
        if !self.config.production {
            return search();
        }
        // By page rather than by folder: no parsing of the path on the way.
        if let Some(found) = self.cache.app_files.read().get(page.as_os_str()) {
            return found.clone();
        }
        let found = search();
        let mut files = self.cache.app_files.write();
        // Missing pages are looked up too: a client must not grow this without bound.
        if files.len() >= EXISTS_CACHE_MAX {
            files.clear();
        }
        files.insert(page.as_os_str().to_owned(), found.clone());
        found
    }

    fn search_app_file(&self, page: &Path) -> Option<PathBuf> {
        let mut dir = page.parent();
        while let Some(d) = dir {
            for name in ["Application.cfc", "Application.cfm"] {
                let candidate = d.join(name);
                if self.file_exists(&candidate) {
                    return Some(candidate);
                }
            }
            if d == self.root || !d.starts_with(&self.root) {
                break;
            }
            dir = d.parent();
        }
        None
    }

    /// A page under a legacy `Application.cfm`: that file runs first and the page after it, in
    /// one `variables` scope, then `OnRequestEnd.cfm` from the same folder when there is one.
    /// `<cfapplication>` inside it binds the application (and session) scopes; until then the
    /// page runs in the unnamed application.
    pub fn run_legacy(self: &Arc<Self>, vm: &mut Vm, app_file: &Path, page: &Path) -> CfResult<()> {
        vm.req.scopes.application = Some(self.app_state("").scope.clone());
        let variables = Struct::new();
        let mut run = || -> CfResult<()> {
            vm.run_template(self.template(app_file)?, variables.clone())?;
            vm.run_template(self.template(page)?, variables.clone())?;
            if let Some(end) = app_file
                .parent()
                .map(|d| d.join("OnRequestEnd.cfm"))
                .filter(|p| p.is_file())
            {
                vm.run_template(self.template(&end)?, variables.clone())?;
            }
            Ok(())
        };
        run()
    }

    /// The page's path as a web path (`/sub/page.cfm`), as `targetPage` receives it.
    pub fn web_path(&self, page: &Path) -> String {
        // A byte prefix test first: `Path::strip_prefix` walks components, a cost per request.
        let (p, root) = (page.to_string_lossy(), self.root.to_string_lossy());
        let root = root.trim_end_matches(['/', '\\']);
        match p.strip_prefix(root) {
            Some(rel) if rel.starts_with(['/', '\\']) => rel.replace('\\', "/"),
            _ => match page.strip_prefix(&self.root) {
                Ok(rel) => format!("/{}", rel.to_string_lossy().replace('\\', "/")),
                Err(_) => page.to_string_lossy().to_string(),
            },
        }
    }

    /// Find and run the page's `Application.cfc` pseudo-constructor, apply its settings, bind the
    /// application scope and run `onApplicationStart` once per application name (concurrent first
    /// requests wait for it). `None` when there is no Application.cfc.
    pub fn load_application(
        self: &Arc<Self>,
        vm: &mut Vm,
        page: &Path,
    ) -> CfResult<Option<AppContext>> {
        let generation = self
            .cache
            .generation
            .load(std::sync::atomic::Ordering::Acquire);
        if self.config.production {
            if let Some(app) = self.bind_remembered(vm, page) {
                return Ok(Some(app));
            }
        }
        let Some(app_path) = self.find_application(page) else {
            return Ok(None);
        };
        let app_proto = self.template(&app_path)?;
        // An instance no request event can observe is shared once the application started.
        if let Some(d) = self.known_derived(&app_proto, &app_path) {
            if let Some((this, _)) = &d.instance {
                let state = self.app_state(&d.settings.name);
                if *state.started.lock() {
                    self.bind_application(vm, &app_path, None, &d, &state);
                    if self.config.production {
                        self.remember_binding(generation, page, &app_path, &d, &state, vm);
                    }
                    return Ok(Some(AppContext {
                        this: this.clone(),
                        settings: d.settings.clone(),
                        path: app_path,
                        shared: true,
                    }));
                }
            }
        }
        let this = Struct::new();
        vm.run_component(app_proto.clone(), Struct::new(), this.clone())?;
        let effective = self.effective_settings(&this);
        let derived = self.derived_settings(vm, &app_proto, &effective, &app_path)?;
        let state = self.app_state(&derived.settings.name);
        self.bind_application(vm, &app_path, Some(effective), &derived, &state);
        {
            // Held while onApplicationStart runs, so concurrent first requests wait for it.
            let mut started = state.started.lock();
            if !*started {
                if let Some(f) = this.get("onApplicationStart") {
                    let ok = vm.call_method(&f, Vec::new(), &this)?;
                    if matches!(ok, Value::Bool(false)) {
                        return Err(CfmlError::application(
                            "onApplicationStart returned false: the application did not start",
                        ));
                    }
                }
                *started = true;
            }
        }
        Ok(Some(AppContext {
            this,
            settings: derived.settings.clone(),
            path: app_path,
            shared: false,
        }))
    }

    /// Give the request its application: the settings' timeout, paths and scope, and mark the
    /// application used. `effective`: the request's own instance's settings, or None for the
    /// shared instance's (`Derived::instance`), whose paths are then the same for every request
    /// until the application restarts.
    fn bind_application(
        &self,
        vm: &mut Vm,
        app_path: &Path,
        effective: Option<Struct>,
        derived: &Derived,
        state: &AppState,
    ) {
        let settings = &derived.settings;
        let build = |effective: Struct| {
            let mut paths = AppPaths::new(derived.config.clone());
            paths.settings = Some((effective, settings.name.clone()));
            paths.started = Some(state.started_at);
            paths.app_path = Some(app_path.to_path_buf());
            Arc::new(paths)
        };
        let paths = match effective {
            Some(own) => build(own),
            None => {
                let mut kept = derived.paths.lock();
                match &*kept {
                    Some(p) if p.started == Some(state.started_at) => p.clone(),
                    _ => {
                        let shared = derived.instance.as_ref().map(|(_, e)| e.clone());
                        let p = build(shared.unwrap_or_default());
                        *kept = Some(p.clone());
                        p
                    }
                }
            }
        };
        let now = attach_application(vm, settings, paths, state);
        {
            let mut life = state.life.lock();
            if life.app_path.as_deref() != Some(app_path) {
                life.app_path = Some(app_path.to_path_buf());
            }
            life.timeout = derived.app_timeout;
            life.last_used = now;
        }
    }

    /// A remote method call on a component URL (`/api/Users.cfc?method=list&id=3`): create the
    /// component (without `init`, as Lucee), check the method is `access="remote"`, call it
    /// with the url and form fields as named arguments, and write the result: JSON by default
    /// (`returnFormat=json`), or the plain string form (`returnFormat=plain`).
    /// Lucee's default wire format is WDDX; Rime answers JSON, which is what clients use.
    pub fn invoke_remote(self: &Arc<Self>, vm: &mut Vm, file: &Path) -> CfResult<()> {
        let field = |k: &str| {
            vm.req
                .scopes
                .url
                .get(k)
                .or_else(|| vm.req.scopes.form.get(k))
                .filter(|v| v.is_simple())
        };
        // Refusals are plain answers (400/403), not error pages that would describe the
        // component.
        let refuse = |vm: &mut Vm, status: u16, msg: &str| {
            vm.req.response.status = status;
            vm.req
                .response
                .set_header("Content-Type", "text/plain; charset=UTF-8");
            vm.write_output(msg);
        };
        let Some(method) = field("method") else {
            refuse(vm, 400, "a method parameter is required");
            return Ok(());
        };
        let method = method.to_str()?.into_owned();
        let format = field("returnFormat")
            .map(|v| v.to_str().map(|s| s.to_ascii_lowercase()))
            .transpose()?;
        let dotted = self
            .dotted_name(&vm.req.app, file)
            .ok_or_else(|| CfmlError::application("the component is outside the web root"))?;
        let from = self.root.join("index.cfm");
        let obj = vm.create_component(
            &dotted,
            &from.to_string_lossy(),
            Vec::new(),
            None,
            false,
            &[],
        )?;
        let Value::Struct(this) = &obj else {
            return Err(CfmlError::application("not a component"));
        };
        let Some(f @ Value::Func(_)) = this.get(&method) else {
            refuse(vm, 403, "no such remote method");
            return Ok(());
        };
        let (remote, fn_format) = match &f {
            Value::Func(func) => (
                func.proto
                    .access
                    .as_deref()
                    .is_some_and(|a| a.eq_ignore_ascii_case("remote")),
                func.proto
                    .attrs
                    .iter()
                    .find(|(k, _)| k.as_str().eq_ignore_ascii_case("returnFormat"))
                    .map(|(_, c)| match c {
                        rime_bytecode::Const::Str(s) => s.to_ascii_lowercase(),
                        rime_bytecode::Const::Num(n) => n.to_string(),
                    }),
            ),
            _ => (false, None),
        };
        if !remote {
            refuse(vm, 403, "no such remote method");
            return Ok(());
        }
        let args = Struct::with_flags(true);
        for scope in [&vm.req.scopes.url, &vm.req.scopes.form] {
            for (k, v) in scope.entries() {
                let name = k.as_str();
                if !name.eq_ignore_ascii_case("method")
                    && !name.eq_ignore_ascii_case("returnFormat")
                    && !name.eq_ignore_ascii_case("fieldnames")
                {
                    args.set(k, v);
                }
            }
        }
        let entries = args.entries();
        let names: Vec<Option<Key>> = entries.iter().map(|(k, _)| Some(k.clone())).collect();
        let values: Vec<Value> = entries.into_iter().map(|(_, v)| v).collect();
        let result = vm.call_method_named(&f, values, &names, this)?;
        let format = format.or(fn_format).unwrap_or_else(|| "json".to_string());
        let body = if format == "plain" {
            vm.req
                .response
                .set_header("Content-Type", "text/plain; charset=UTF-8");
            result.to_str()?.into_owned()
        } else {
            vm.req
                .response
                .set_header("Content-Type", "application/json; charset=UTF-8");
            let def = rime_stdlib::registry()
                .lookup("serializeJSON")
                .and_then(|id| rime_stdlib::registry().get(id))
                .ok_or_else(|| CfmlError::application("serializeJSON is not available"))?;
            vm.call_builtin_value(def, vec![result])?
                .to_str()?
                .into_owned()
        };
        vm.write_output(&body);
        Ok(())
    }

    /// The state of the application `name`, created on first use.
    pub fn app_state(&self, name: &str) -> Arc<AppState> {
        let mut apps = self.applications.lock();
        if let Some(state) = apps.get(name) {
            return state.clone();
        }
        self.bindings_changed();
        apps.entry(name.to_string())
            .or_insert_with(|| {
                let scope = Struct::new();
                scope.set(Key::new("applicationName"), Value::from(name));
                Arc::new(AppState {
                    scope,
                    started_at: rime_runtime::DateTime::now(),
                    started: Mutex::new(false),
                    life: Mutex::new(AppLife {
                        app_path: None,
                        timeout: DEFAULT_APPLICATION_TIMEOUT,
                        last_used: Instant::now(),
                    }),
                })
            })
            .clone()
    }

    /// End the application `name` now (`applicationStop()`, or its timeout passed): the next
    /// request starts it afresh, and `onApplicationEnd(applicationScope)` runs on this thread.
    pub fn end_application(self: &Arc<Self>, name: &str) {
        let Some(state) = self.applications.lock().remove(name) else {
            return;
        };
        self.bindings_changed();
        let scope = Value::Struct(state.scope.clone());
        self.app_event(&state, "onApplicationEnd", vec![scope]);
    }

    /// `onSessionEnd(sessionScope, applicationScope)` for a session of the application `name`
    /// that expired or was invalidated, on this thread.
    pub fn end_session(self: &Arc<Self>, name: &str, session: Struct) {
        let Some(state) = self.applications.lock().get(name).cloned() else {
            return;
        };
        let app = Value::Struct(state.scope.clone());
        self.app_event(&state, "onSessionEnd", vec![Value::Struct(session), app]);
    }

    /// End the applications that have had no request for longer than their timeout.
    pub fn sweep_applications(self: &Arc<Self>) {
        let now = Instant::now();
        let expired: Vec<String> = self
            .applications
            .lock()
            .iter()
            .filter(|(_, s)| {
                let life = s.life.lock();
                now.duration_since(life.last_used) > life.timeout
            })
            .map(|(n, _)| n.clone())
            .collect();
        for name in expired {
            self.end_application(&name);
        }
    }

    /// Run an end event on a fresh instance of the application's `Application.cfc` (as Lucee
    /// does), with its application scope bound. Failures go to the error log: no request is
    /// there to show them to.
    fn app_event(self: &Arc<Self>, state: &AppState, method: &str, args: Vec<Value>) {
        let Some(app_path) = state.life.lock().app_path.clone() else {
            return;
        };
        let mut vm = self.new_vm();
        vm.req.scopes.application = Some(state.scope.clone());
        let run = |vm: &mut Vm| -> CfResult<()> {
            let this = Struct::new();
            vm.run_component(self.template(&app_path)?, Struct::new(), this.clone())?;
            vm.req.app = Some(Arc::new(AppPaths::new(self.app_config(&this, &app_path)?)));
            if let Some(f) = this.get(method) {
                vm.req.event = if method == "onSessionEnd" {
                    "onSessionEnd"
                } else {
                    "onApplicationEnd"
                };
                vm.call_method(&f, args, &this)?;
            }
            Ok(())
        };
        if let Err(e) = run(&mut vm) {
            if !e.abort {
                eprintln!(
                    "rime: {method} of {} failed: {}: {}",
                    app_path.display(),
                    e.type_,
                    e.message
                );
            }
        }
    }

    /// The request part of the lifecycle: `onSessionStart` (when `new_session`),
    /// `onRequestStart` (false ends the request), `onRequest` or the page itself, `onRequestEnd`.
    /// `compiled`: the page's template when the caller already fetched it this request.
    pub fn run_lifecycle(
        self: &Arc<Self>,
        vm: &mut Vm,
        app: &AppContext,
        page: &Path,
        compiled: Option<Arc<FuncProto>>,
        new_session: bool,
    ) -> CfResult<Value> {
        // The event names, hashed once for every request.
        static EVENTS: std::sync::LazyLock<[Key; 4]> = std::sync::LazyLock::new(|| {
            [
                "onSessionStart",
                "onRequestStart",
                "onRequest",
                "onRequestEnd",
            ]
            .map(Key::new)
        });
        let [session_start, request_start, request, request_end] = &*EVENTS;
        let this = &app.this;
        let handler = |k: &Key| {
            if app.shared {
                None
            } else {
                this.get_ref(k.as_ref())
            }
        };
        // The page's web path, built only when a handler takes it.
        let target = || Value::from(self.web_path(page));
        if new_session {
            if let Some(f) = handler(session_start) {
                vm.req.event = "onSessionStart";
                vm.call_method(&f, Vec::new(), this)?;
            }
        }
        if let Some(f) = handler(request_start) {
            vm.req.event = "onRequestStart";
            let ok = vm.call_method(&f, vec![target()], this)?;
            if matches!(ok, Value::Bool(false)) {
                return Ok(Value::Null);
            }
        }
        vm.req.event = "onRequest";
        match handler(request) {
            Some(f) => {
                vm.call_method(&f, vec![target()], this)?;
            }
            None => {
                let proto = match compiled {
                    Some(p) => p,
                    None => self.template(page)?,
                };
                vm.run_template(proto, Struct::new())?;
            }
        }
        if let Some(f) = handler(request_end) {
            vm.req.event = "onRequestEnd";
            vm.call_method(&f, vec![target()], this)?;
        }
        Ok(Value::Null)
    }

    /// Resolve a root-relative path (`/x/y.cfm`) through the mappings, then the root.
    fn resolve_absolute(&self, app: &AppHandle, path: &str) -> PathBuf {
        let p = path.replace('\\', "/");
        for (prefix, dir) in app_paths(app).mappings.iter() {
            let head = p.get(..prefix.len());
            let rest = p.get(prefix.len()..).unwrap_or("");
            if head.is_some_and(|h| h.eq_ignore_ascii_case(prefix))
                && (rest.is_empty() || rest.starts_with('/'))
            {
                return dir.join(rest.trim_start_matches('/'));
            }
        }
        self.root.join(p.trim_start_matches('/'))
    }

    /// Run source text as a template (REPL, tests).
    pub fn run_source(self: &Arc<Self>, name: &str, text: &str) -> RunResult {
        let engine = self.clone();
        let name = name.to_string();
        let text = text.to_string();
        self.on_request_thread(move || {
            let mut vm = engine.new_vm();
            let r = rime_compiler::compile(&name, &text)
                .and_then(|proto| vm.run_template(proto, Struct::new()));
            finish(vm, r)
        })
    }

    /// Run scheduled tasks when they are due from now on (`rime serve`); `base_url` is the
    /// server's own address, for task URLs written as a path.
    pub fn start_scheduler(&self, base_url: Option<String>) {
        self.scheduler.start(base_url);
    }

    /// Run `job` on a thread with `REQUEST_STACK_BYTES` of stack; a panic becomes an error.
    pub fn on_request_thread(&self, job: impl FnOnce() -> RunResult + Send + 'static) -> RunResult {
        let handle = std::thread::Builder::new()
            .name("rime-request".into())
            .stack_size(REQUEST_STACK_BYTES)
            .spawn(move || std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)));
        let joined = match handle {
            Ok(h) => h.join(),
            Err(e) => {
                return RunResult {
                    output: String::new(),
                    error: Some(CfmlError::application(format!(
                        "could not start the request thread: {e}"
                    ))),
                }
            }
        };
        match joined {
            Ok(Ok(r)) => r,
            Ok(Err(p)) | Err(p) => RunResult {
                output: String::new(),
                error: Some(CfmlError::new(
                    "internal",
                    format!(
                        "internal error: {}",
                        rime_runtime::error::panic_message(&*p)
                    ),
                )),
            },
        }
    }
}

/// The `server` scope. Frameworks branch on `server.coldfusion.productName` and `server.lucee`;
/// Rime reports the Lucee dialect it follows, and itself under `server.rime`.
fn finish(mut vm: Vm, r: CfResult<Value>) -> RunResult {
    let output = vm.take_output();
    match r {
        Ok(_) => RunResult {
            output,
            error: None,
        },
        Err(e) if e.abort => RunResult {
            output,
            error: None,
        },
        Err(e) => RunResult {
            output,
            error: Some(e),
        },
    }
}

impl Host for Engine {
    fn server_scope(&self) -> &Struct {
        &self.server
    }

    fn blocking(&self, f: &mut dyn FnMut()) {
        match self.config.block_in_place {
            Some(run) => run(f),
            None => f(),
        }
    }

    fn hand_off(&self) {
        if let Some(hand_off) = self.config.hand_off {
            hand_off()
        }
    }

    fn application_settings(&self, app: &AppHandle) -> Option<Struct> {
        let (effective, name) = app_paths(app).settings.as_ref()?;
        Some(application_settings(effective, name))
    }

    fn clear_cache(&self, which: rime_runtime::EngineCache) -> bool {
        self.cache.clear(which);
        true
    }

    fn cache_entries(&self, which: rime_runtime::EngineCache) -> Vec<(String, String)> {
        self.cache.entries_of(which)
    }

    fn update_application(&self, app: &AppHandle, changes: &Struct) -> CfResult<AppHandle> {
        self.updated_app(app, changes)
    }

    fn application_start_time(&self, app: &AppHandle) -> Option<rime_runtime::DateTime> {
        app_paths(app).started
    }

    fn file_sandbox(&self) -> Option<Arc<[PathBuf]>> {
        self.sandbox
            .get_or_init(|| file_sandbox(&self.config.settings, &self.root))
            .clone()
    }

    fn cache(&self, app: &AppHandle, name: &str) -> Option<Arc<dyn rime_runtime::Cache>> {
        self.app_cache(app, name)
    }

    fn query_cache(&self, app: &AppHandle) -> Option<Arc<dyn rime_runtime::Cache>> {
        Engine::query_cache(self, app)
    }

    fn production(&self) -> bool {
        self.config.production
    }

    fn component_statics(&self) -> &rime_vm::ComponentStatics {
        &self.statics
    }

    fn rest_application(&self, dir: &str, mapping: Option<(&str, bool)>) -> CfResult<()> {
        self.set_rest_app(dir, mapping)
    }

    fn schedule(&self, attrs: &Struct) -> CfResult<Option<Value>> {
        self.scheduler.action(attrs)
    }

    fn internal_request(
        self: Arc<Self>,
        request: rime_runtime::InternalRequest,
        from: &str,
        throw_on_error: bool,
    ) -> CfResult<Struct> {
        Engine::internal_request(self, request, from, throw_on_error)
    }

    fn mail_servers(&self, app: &AppHandle) -> Option<Value> {
        // An application's effective settings already hold the server's under its own.
        let own = app_paths(app)
            .settings
            .as_ref()
            .and_then(|(s, _)| s.get("mailServers"));
        own.or_else(|| self.config.settings.get("mailServers"))
            .filter(|v| !v.is_null())
    }

    fn execute_enabled(&self) -> bool {
        // A server decision (`.cfconfig.json` or the environment), never an application's.
        let env = std::env::var("RIME_ALLOW_EXECUTE")
            .is_ok_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes"));
        env || self
            .config
            .settings
            .get("executeEnabled")
            .is_some_and(|v| v.to_bool().unwrap_or(false))
    }

    fn application_scope(&self, name: &str, timeout: Option<Duration>) -> Struct {
        let state = self.app_state(name);
        let mut life = state.life.lock();
        life.timeout = timeout.unwrap_or(DEFAULT_APPLICATION_TIMEOUT);
        life.last_used = Instant::now();
        drop(life);
        state.scope.clone()
    }

    fn include(&self, app: &AppHandle, path: &str, from: &str) -> CfResult<Arc<FuncProto>> {
        let full = normalize(self.resolve(app, path, from));
        if !self.file_exists(&full) {
            return Err(CfmlError::new(
                "missinginclude",
                format!("Page [{path}] [{}] not found", full.display()),
            ));
        }
        self.template(&full)
    }

    fn resolve_component(
        &self,
        app: &AppHandle,
        name: &str,
        from: &str,
    ) -> CfResult<(arcstr::ArcStr, arcstr::ArcStr, Arc<FuncProto>)> {
        let rel = name
            .trim()
            .trim_start_matches('/')
            .replace(['.', '\\'], "/");
        if rel.is_empty() || rel.split('/').any(|seg| seg.is_empty() || seg == "..") {
            return Err(CfmlError::application(format!(
                "invalid component name [{name}]"
            )));
        }
        // Production: the calling folder, the name and the mappings decide the file for good.
        let cache_key = self.config.production.then(|| {
            let dir = Path::new(from).parent().unwrap_or(Path::new(""));
            let mut k = String::with_capacity(from.len() + rel.len() + 1);
            k.push_str(&dir.to_string_lossy());
            k.push('\0');
            k.push_str(&rel);
            for (prefix, dir) in app_paths(app).mappings.iter() {
                k.push('\0');
                k.push_str(prefix);
                k.push('=');
                k.push_str(&dir.to_string_lossy());
            }
            k
        });
        if let Some(key) = &cache_key {
            let hit = self.cache.components.lock().get(key).cloned();
            if let Some((path, full)) = hit {
                let proto = self.template(Path::new(path.as_str()))?;
                return Ok((path, full, proto));
            }
        }
        let file = format!("{rel}.cfc");
        let mut candidates = Vec::new();
        if let Some(dir) = Path::new(from).parent() {
            candidates.push(dir.join(&file));
        }
        candidates.push(self.root.join(&file));
        // A mapping named like the first segment: `lib.util.X` with mapping `/lib`.
        for (prefix, dir) in app_paths(app).mappings.iter() {
            let p = prefix.trim_start_matches('/');
            let head = rel.get(..p.len());
            let rest = rel.get(p.len()..).unwrap_or("");
            if !p.is_empty()
                && head.is_some_and(|h| h.eq_ignore_ascii_case(p))
                && rest.len() > 1
                && rest.starts_with('/')
            {
                candidates.push(dir.join(format!("{}.cfc", &rest[1..])));
            }
        }
        let candidates: Vec<PathBuf> = candidates.into_iter().map(normalize).collect();
        // As written first; then, as Lucee finds them on any file system, in any case
        // (`new models.user()` for `Models/User.cfc`).
        let exact = candidates.iter().position(|c| self.file_exists(c));
        let found = exact.map(|i| candidates[i].clone()).or_else(|| {
            candidates
                .iter()
                .find_map(|c| templates::file_in_any_case(c))
        });
        if let Some(c) = found {
            let proto = self.template(&c)?;
            // Named by the path it was asked for, as Lucee names a component after the page
            // source it was loaded through (one file reached through two mappings has two
            // names): from the root or through a mapping, that path; beside a caller under the
            // root, the caller's folder from the root, then that path; otherwise (in another
            // case, or beside a caller outside the root) by its place under the first mapping
            // or the root that holds it.
            let asked = rel.replace('/', ".");
            let full = match exact {
                Some(i) if i > 0 || Path::new(from).parent().is_none() => asked,
                // `c` is the caller's folder joined with `rel`: its place under the root.
                Some(_) => dotted_under("", &self.root, &c)
                    .or_else(|| self.dotted_name(app, &c))
                    .unwrap_or(asked),
                None => self.dotted_name(app, &c).unwrap_or(asked),
            };
            let path = arcstr::ArcStr::from(c.to_string_lossy().as_ref());
            let full = arcstr::ArcStr::from(full);
            if let Some(key) = cache_key {
                let mut cache = self.cache.components.lock();
                // Names may come from request data: a bound keeps the map from growing.
                if cache.len() >= EXISTS_CACHE_MAX {
                    cache.clear();
                }
                cache.insert(key, (path.clone(), full.clone()));
            }
            return Ok((path, full, proto));
        }
        if let Some(found) = builtin_component(&rel) {
            return found;
        }
        let tried: Vec<String> = candidates.iter().map(|c| c.display().to_string()).collect();
        Err(CfmlError::application(format!(
            "invalid component definition, can't find component [{name}]"
        ))
        .with_detail(format!("searched: {}", tried.join(", "))))
    }

    fn inline_datasource(&self, _app: &AppHandle, def: &Struct) -> CfResult<String> {
        self.host_inline_datasource(def)
    }

    fn datasource_kind(&self, app: &AppHandle, datasource: Option<&str>) -> CfResult<String> {
        let cfg = self.datasource_config(&app_paths(app).datasources, datasource)?;
        Ok(cfg.kind().to_string())
    }

    fn execute_query(
        &self,
        app: &AppHandle,
        tx: &mut rime_request::TxState,
        datasource: Option<&str>,
        sql: &str,
        params: Vec<rime_runtime::QueryParam>,
        options: &rime_vm::QueryOptions,
    ) -> CfResult<(Value, Struct)> {
        self.host_execute_query(app_paths(app), tx, datasource, sql, params, options)
    }

    fn transaction(
        &self,
        app: &AppHandle,
        tx: &mut rime_request::TxState,
        action: &str,
        attrs: &Struct,
    ) -> CfResult<()> {
        self.host_transaction(app_paths(app), tx, action, attrs)
    }

    fn resolve_custom_tag(
        &self,
        app: &AppHandle,
        name: &str,
        from: &str,
    ) -> CfResult<Arc<FuncProto>> {
        let rel = name.trim().replace('.', "/");
        if rel.is_empty() || rel.split('/').any(|seg| seg.is_empty() || seg == "..") {
            return Err(CfmlError::application(format!(
                "invalid custom tag name [{name}]"
            )));
        }
        let file = format!("{rel}.cfm");
        let mut candidates = Vec::new();
        if let Some(dir) = Path::new(from).parent() {
            candidates.push(dir.join(&file));
        }
        for d in app_paths(app).custom_tag_paths.iter() {
            candidates.push(d.join(&file));
        }
        candidates.push(self.root.join("customtags").join(&file));
        let mut tried = Vec::new();
        for c in candidates {
            let c = normalize(c);
            if self.file_exists(&c) {
                return self.template(&c);
            }
            tried.push(c.display().to_string());
        }
        Err(
            CfmlError::application(format!("custom tag [{name}] not found"))
                .with_detail(format!("searched: {}", tried.join(", "))),
        )
    }

    fn expand_path(&self, app: &AppHandle, path: &str, from: &str) -> String {
        let mut out = normalize(self.resolve(app, path, from))
            .to_string_lossy()
            .to_string();
        // A folder asked for with a trailing slash keeps it (`expandPath("/")` ends in `/`).
        if (path.ends_with('/') || path.ends_with('\\') || path.is_empty()) && !out.ends_with('/') {
            out.push('/');
        }
        out
    }
}

impl Engine {
    /// The dotted name of a component file relative to a mapping or the root
    /// (`/root/models/User.cfc` -> `models.User`).
    pub fn dotted_name(&self, app: &AppHandle, file: &Path) -> Option<String> {
        app_paths(app)
            .mappings
            .iter()
            .find_map(|(p, d)| dotted_under(&p.trim_matches('/').replace('/', "."), d, file))
            .or_else(|| dotted_under("", &self.root, file))
    }

    /// A template path relative to the template `from`, or root/mapping-relative with a `/`.
    fn resolve(&self, app: &AppHandle, path: &str, from: &str) -> PathBuf {
        if path.starts_with('/') || path.starts_with('\\') {
            return self.resolve_absolute(app, path);
        }
        // `from` names a file: its folder is everything before the last separator (a byte
        // search; `Path::parent` and `join` parse components, a cost per include or tag call).
        match from.rfind('/') {
            Some(i) => {
                let mut full = String::with_capacity(i + 1 + path.len());
                full.push_str(&from[..i]);
                full.push('/');
                full.push_str(path);
                PathBuf::from(full)
            }
            None => PathBuf::from(path),
        }
    }
}

/// The dotted name of `file` under `dir`, after `prefix` (`models.User` for
/// `dir/models/User.cfc`); None when the file is not under `dir`.
fn dotted_under(prefix: &str, dir: &Path, file: &Path) -> Option<String> {
    let no_ext = file.with_extension("");
    let rel = no_ext.strip_prefix(dir).ok()?;
    let mut name = prefix.to_string();
    for c in rel.components() {
        if !name.is_empty() {
            name.push('.');
        }
        name.push_str(&c.as_os_str().to_string_lossy());
    }
    Some(name)
}

#[cfg(test)]
mod tests {
    use super::normalize;
    use std::path::{Path, PathBuf};

    #[test]
    fn normalize_paths() {
        for (p, want) in [
            ("/a/b/c.cfm", "/a/b/c.cfm"),
            ("/a/./b/../c.cfm", "/a/c.cfm"),
            ("/a//b/", "/a/b"),
            ("./a/b", "a/b"),
            ("a/../../b", "b"),
            ("/a/b/", "/a/b"),
            ("", ""),
            ("a.b/c..d/.e", "a.b/c..d/.e"),
        ] {
            assert_eq!(normalize(PathBuf::from(p)), Path::new(want), "{p}");
        }
    }
}
