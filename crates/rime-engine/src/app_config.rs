//! An application's settings as requests see them: building `AppPaths` (the `AppHandle` a VM
//! carries, defined in `rime-request`) over a shared `AppConfig` (mappings, custom tag paths,
//! datasources, caches), which is reused while the settings it is built from stay the same; and `Derived`, everything read from an
//! Application.cfc's `this`, computed once per compiled file when its pseudo-constructor only
//! stores constants (`constant_settings`).

use crate::{db, normalize, AppSettings, Engine, DEFAULT_APPLICATION_TIMEOUT};
use rime_bytecode::{FuncProto, Op, ScopeId};
use rime_request::AppHandle;
pub(crate) use rime_request::{AppConfig, AppPaths};
use rime_runtime::{CfResult, CfmlError, Struct, Value};
use rime_vm::Vm;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The settings `AppConfig` is built from.
const CONFIG_SETTINGS: [&str; 7] = [
    "mappings",
    "customTagPaths",
    "datasources",
    "datasource",
    "caches",
    "cache",
    "sessionStorage",
];

/// A text that is equal for equal `CONFIG_SETTINGS` values, or None when one holds something
/// other than simple values, arrays and structs (then nothing is reused).
fn config_fingerprint(this: &Struct) -> Option<String> {
    fn add(v: &Value, out: &mut String) -> Option<()> {
        match v {
            Value::Struct(s) => {
                out.push('{');
                for (k, v) in s.entries() {
                    out.push_str(&k.as_str().to_ascii_lowercase());
                    out.push('\u{1}');
                    add(&v, out)?;
                }
                out.push('}');
            }
            Value::Array(a) => {
                out.push('[');
                for v in a.to_vec() {
                    add(&v, out)?;
                }
                out.push(']');
            }
            Value::Null => out.push('\u{2}'),
            v if v.is_simple() => {
                out.push('"');
                out.push_str(&v.to_str().ok()?);
                out.push('\u{3}');
            }
            _ => return None,
        }
        Some(())
    }
    let mut out = String::new();
    for k in CONFIG_SETTINGS {
        if let Some(v) = this.get(k) {
            out.push_str(k);
            out.push('=');
            add(&v, &mut out)?;
        }
        out.push(';');
    }
    Some(out)
}

/// What a request's application settings (`this` of Application.cfc over the server's) give.
pub(crate) struct Derived {
    pub(crate) settings: Arc<AppSettings>,
    pub(crate) config: Arc<AppConfig>,
    /// `this.applicationTimeout`.
    pub(crate) app_timeout: Duration,
    /// For a file no request can tell instances of apart (`shared_instance`): one instance's
    /// `this` and effective settings, which the requests after `onApplicationStart` share
    /// instead of running the pseudo-constructor each. Nothing calls a method of it.
    pub(crate) instance: Option<(Struct, Struct)>,
    /// With a shared instance: the `AppPaths` its requests carry (the same for each while the
    /// application runs; rebuilt when it restarts).
    pub(crate) paths: parking_lot::Mutex<Option<Arc<AppPaths>>>,
}

/// The compiled application file last seen, and what its settings give when they are constants.
pub(crate) type DerivedEntry = (Arc<FuncProto>, Option<Arc<Derived>>);

/// Whether the pseudo-constructor of a component (its body outside functions) sets the same
/// `this` settings on every request: it only stores constants, literals and arithmetic on them,
/// the values it stored itself and results of builtins marked `constant` into `this` and `variables`,
/// reads no other scope (an unscoped read may reach `url` or `form`), calls no user code and
/// extends nothing. Most Application.cfc files are this; Lucee still runs the body per request,
/// and so does Rime (its output and its functions are the request's), but what the settings
/// give is then computed once per compiled file instead of on each request.
pub(crate) fn constant_settings(proto: &FuncProto) -> bool {
    let extends = proto.component.as_ref().is_some_and(|c| {
        c.static_init.is_some()
            || c.attrs
                .iter()
                .any(|(k, _)| k.as_str().eq_ignore_ascii_case("extends"))
    });
    !extends
        && proto.code.iter().all(|op| match op {
            Op::CallBuiltin { id, .. } => {
                rime_stdlib::registry().get(*id).is_some_and(|d| d.constant)
            }
            Op::LoadScope(scope) => matches!(scope, ScopeId::This | ScopeId::Variables),
            Op::Const(_)
            | Op::Null
            | Op::True
            | Op::False
            | Op::Pop
            | Op::Dup
            | Op::Swap
            | Op::Dup2
            | Op::LoadSlot(_)
            | Op::LoadSlotOrNull(_)
            | Op::StoreSlot(_)
            | Op::SetSlot(_)
            | Op::StoreName(_)
            | Op::GetMember(_)
            | Op::GetMemberForWrite(_)
            | Op::SetMember(_)
            | Op::GetIndex
            | Op::GetIndexForWrite
            | Op::SetIndex
            | Op::MakeArray(_)
            | Op::MakeStruct { .. }
            | Op::DefineFunction(_)
            | Op::Add
            | Op::Sub
            | Op::Mul
            | Op::Div
            | Op::Concat
            | Op::ArithConst { .. }
            | Op::ArithSlot { .. }
            | Op::ArithSlotConst { .. }
            | Op::ArithSlotSlot { .. }
            | Op::ArithToSlot { .. }
            | Op::ArithSlotConstToSlot { .. }
            | Op::Neg
            | Op::Not
            | Op::Text(_)
            | Op::TextOutsideOutput(_)
            | Op::EnterOutput
            | Op::LeaveOutput
            | Op::Return => true,
            _ => false,
        })
}

/// Request events: a file that defines one gets a new instance on every request (Lucee).
const REQUEST_EVENTS: [&str; 7] = [
    "onRequestStart",
    "onRequest",
    "onRequestEnd",
    "onSessionStart",
    "onError",
    "onMissingTemplate",
    "onCFCRequest",
];

/// Whether every request may share one instance of this application component (its body being
/// `constant_settings`): the body writes no output and the component defines no request event,
/// so nothing a request runs can see which instance it got. Lucee builds one per request; a
/// shared one is indistinguishable and spares each request the pseudo-constructor.
fn shared_instance(proto: &FuncProto) -> bool {
    let quiet = !proto
        .code
        .iter()
        .any(|op| matches!(op, Op::Text(_) | Op::TextOutsideOutput(_)));
    let events = proto.functions.iter().any(|f| {
        REQUEST_EVENTS
            .iter()
            .any(|e| f.name.eq_ignore_ascii_case(e))
    });
    quiet && !events
}

/// The application settings of a VM's `AppHandle` (the server's defaults when there is none).
pub(crate) fn app_paths(app: &AppHandle) -> &AppPaths {
    static NONE: std::sync::OnceLock<AppPaths> = std::sync::OnceLock::new();
    app.as_deref()
        .unwrap_or_else(|| NONE.get_or_init(AppPaths::default))
}

/// A request-level setting of the application (`this.locale`, `this.timezone`) as the builtin
/// that sets it (`setLocale`, `setTimeZone`) validates and names it: the name it leaves in the
/// VM's `field`, which keeps the request's own value.
fn request_setting(
    vm: &mut Vm,
    value: Option<Value>,
    builtin: &str,
    field: fn(&mut Vm) -> &mut Option<String>,
) -> CfResult<Option<String>> {
    let Some(v) = value.filter(|v| !v.to_str().is_ok_and(|s| s.trim().is_empty())) else {
        return Ok(None);
    };
    let registry = rime_stdlib::registry();
    let def = registry
        .lookup(builtin)
        .and_then(|id| registry.get(id))
        .ok_or_else(|| CfmlError::application(format!("{builtin} is not available")))?;
    let own = field(vm).take();
    let r = vm.call_builtin_value(def, vec![v]);
    let named = std::mem::replace(field(vm), own);
    r.map(|_| named)
}

impl Engine {
    /// What the effective settings of the application at `app_path` give: read from them, or,
    /// when its pseudo-constructor sets constants (`constant_settings`), what the first request
    /// to run this compiled file read.
    pub(crate) fn derived_settings(
        &self,
        vm: &mut Vm,
        proto: &Arc<FuncProto>,
        effective: &Struct,
        app_path: &Path,
    ) -> CfResult<Arc<Derived>> {
        // The verdict of `constant_settings` is kept with the compiled file (a recompiled file
        // is a new prototype): settings are reused for a constant file, and a dynamic one is
        // not scanned again.
        let known = match self.cache.derived.read().get(app_path.as_os_str()) {
            Some((p, d)) if Arc::ptr_eq(p, proto) => Some(d.clone()),
            _ => None,
        };
        if let Some(Some(d)) = known {
            return Ok(d);
        }
        let mut d = self.derive_settings(vm, effective, app_path)?;
        if known.is_none() {
            let constant = constant_settings(proto);
            if constant && shared_instance(proto) {
                // A fresh instance: the request's own may yet run `onApplicationStart`.
                let this = Struct::new();
                vm.run_component(proto.clone(), Struct::new(), this.clone())?;
                let effective = self.effective_settings(&this);
                d.instance = Some((this, effective));
            }
            let d = Arc::new(d);
            let keep = constant.then(|| d.clone());
            let mut cache = self.cache.derived.write();
            if cache.len() >= 1000 {
                cache.clear();
            }
            cache.insert(app_path.as_os_str().to_owned(), (proto.clone(), keep));
            drop(cache);
            self.bindings_changed();
            return Ok(d);
        }
        Ok(Arc::new(d))
    }

    /// What `derived_settings` kept for this compiled application file, if it is constant.
    pub(crate) fn known_derived(
        &self,
        proto: &Arc<FuncProto>,
        app_path: &Path,
    ) -> Option<Arc<Derived>> {
        match self.cache.derived.read().get(app_path.as_os_str()) {
            Some((p, Some(d))) if Arc::ptr_eq(p, proto) => Some(d.clone()),
            _ => None,
        }
    }

    fn derive_settings(
        &self,
        vm: &mut Vm,
        effective: &Struct,
        app_path: &Path,
    ) -> CfResult<Derived> {
        let setting = |k: &str| effective.get(k).filter(|v| v.is_simple());
        let locale = request_setting(vm, setting("locale"), "setLocale", |vm| &mut vm.req.locale)?;
        let time_zone = request_setting(vm, setting("timezone"), "setTimeZone", |vm| {
            &mut vm.req.time_zone
        })?;
        let seconds = |k: &str| -> CfResult<Option<Duration>> {
            setting(k).map_or(Ok(None), |v| rime_runtime::value::timeout_setting(&v))
        };
        let settings = AppSettings {
            name: match setting("name") {
                Some(v) => v.to_str()?.into_owned(),
                None => String::new(),
            },
            session_management: match setting("sessionManagement") {
                Some(v) => v.to_bool()?,
                None => false,
            },
            session_timeout: seconds("sessionTimeout")?.unwrap_or(Duration::from_secs(20 * 60)),
            request_timeout: seconds("requestTimeout")?,
            set_client_cookies: match setting("setClientCookies") {
                Some(v) => v.to_bool()?,
                None => true,
            },
            client_management: match setting("clientManagement") {
                Some(v) => v.to_bool()?,
                None => false,
            },
            client_timeout: seconds("clientTimeout")?
                .unwrap_or(rime_request::DEFAULT_CLIENT_TIMEOUT),
            locale,
            time_zone,
        };
        Ok(Derived {
            settings: Arc::new(settings),
            config: self.app_config(effective, app_path)?,
            app_timeout: seconds("applicationTimeout")?.unwrap_or(DEFAULT_APPLICATION_TIMEOUT),
            instance: None,
            paths: parking_lot::Mutex::new(None),
        })
    }

    /// The `AppConfig` for these settings of the application at `app_path`: the one built for
    /// the previous request when the settings it reads are the same (most applications set them
    /// as constants), else a new one.
    pub(crate) fn app_config(&self, this: &Struct, app_path: &Path) -> CfResult<Arc<AppConfig>> {
        self.app_config_keyed(this, app_path, app_path.as_os_str())
    }

    /// `app_config` kept under `key` (an update's settings have their own entry, so they do not
    /// displace the declared ones requests start from).
    fn app_config_keyed(
        &self,
        this: &Struct,
        app_path: &Path,
        key: &std::ffi::OsStr,
    ) -> CfResult<Arc<AppConfig>> {
        let Some(print) = config_fingerprint(this) else {
            return Ok(Arc::new(self.build_app_config(this, app_path)?));
        };
        if let Some((p, c)) = self.cache.app_configs.read().get(key) {
            if *p == print {
                return Ok(c.clone());
            }
        }
        let config = Arc::new(self.build_app_config(this, app_path)?);
        let mut cache = self.cache.app_configs.write();
        // Application files are few; a bound keeps generated ones from growing the map.
        if cache.len() >= 1000 {
            cache.clear();
        }
        cache.insert(key.to_owned(), (print, config.clone()));
        Ok(config)
    }

    /// `<cfapplication action="update" mappings=… customTagPaths=… datasources=…>`: the
    /// request's settings with the given ones over them. ColdBox registers each module's
    /// mapping this way on every request, as Lucee rebuilds the application context per request.
    pub(crate) fn updated_app(&self, app: &AppHandle, changes: &Struct) -> CfResult<AppHandle> {
        let old = app_paths(app);
        let (effective, name) = match &old.settings {
            Some((s, n)) => (s.copy(), n.clone()),
            None => (Struct::with_flags(true), String::new()),
        };
        for (k, v) in changes.entries() {
            if !matches!(k.as_str().to_ascii_lowercase().as_str(), "action" | "name") {
                effective.set(k, v);
            }
        }
        let app_path = old
            .app_path
            .clone()
            .unwrap_or_else(|| self.root.join("Application.cfc"));
        let mut key = app_path.as_os_str().to_owned();
        key.push("\u{0}update");
        let config = self.app_config_keyed(&effective, &app_path, &key)?;
        let mut paths = AppPaths::new(config);
        paths.settings = Some((effective, name));
        paths.started = old.started;
        paths.app_path = Some(app_path);
        Ok(Some(Arc::new(paths)))
    }

    /// Read `this.mappings`, `this.customTagPaths` (relative directories resolve against the
    /// Application.cfc folder), the datasources and the caches.
    fn build_app_config(&self, this: &Struct, app_path: &Path) -> CfResult<AppConfig> {
        let base = app_path.parent().unwrap_or(&self.root);
        let mut mappings = Vec::new();
        if let Some(Value::Struct(m)) = this.get("mappings") {
            for (k, v) in m.entries() {
                let dir = PathBuf::from(v.to_str()?.as_ref());
                let dir = if dir.is_absolute() {
                    dir
                } else {
                    base.join(dir)
                };
                let prefix = format!("/{}", k.as_str().trim_matches('/'));
                mappings.push((prefix, normalize(dir)));
            }
        }
        // Longest prefix first, so `/a/b` wins over `/a`.
        mappings.sort_by_key(|m| std::cmp::Reverse(m.0.len()));
        let mut tag_paths = Vec::new();
        let dirs: Vec<Value> = match this.get("customTagPaths") {
            Some(Value::Array(a)) => a.to_vec(),
            Some(v) if v.is_simple() => v
                .to_str()?
                .split(',')
                .map(|p| Value::from(p.trim()))
                .collect(),
            _ => Vec::new(),
        };
        for d in dirs {
            let d = PathBuf::from(d.to_str()?.as_ref());
            if !d.as_os_str().is_empty() {
                tag_paths.push(normalize(if d.is_absolute() { d } else { base.join(d) }));
            }
        }
        let datasources = db::read_datasources(this, base)?;
        self.keep_databases_private(&datasources);
        Ok(AppConfig {
            mappings,
            custom_tag_paths: tag_paths,
            datasources,
            caches: self.read_caches(this)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::constant_settings;

    fn constant(src: &str) -> bool {
        match rime_compiler::compile("Application.cfc", src) {
            Ok(proto) => constant_settings(&proto),
            Err(e) => panic!("{}", e.message),
        }
    }

    #[test]
    fn constant_pseudo_constructors() {
        assert!(constant(
            "component { this.name = 'a' & 'b'; this.sessionManagement = true; \
             this.sessionTimeout = createTimeSpan(0, 0, 30, 0); \
             this.mappings['/lib'] = getDirectoryFromPath(getCurrentTemplatePath()) & 'lib'; \
             this.datasources = { main: { type: 'sqlite', database: 'x.db' } }; \
             variables.n = -1; x = [1, 2]; \
             function onRequestStart(t) { request.x = url.y; return true; } }"
        ));
        assert!(constant(
            "<cfcomponent>\n<cfset this.name = hash(getCurrentTemplatePath())>\n</cfcomponent>"
        ));
    }

    #[test]
    fn settings_that_may_change() {
        for src in [
            "component { this.name = url.app; }",
            "component { this.name = cgi.server_name; }",
            "component { this.name = name; }",
            "component { this.mappings['/x'] = expandPath('./x'); }",
            "component { this.name = now(); }",
            "component { this.name = f(); function f() { return 'x'; } }",
            "component extends='Base' { this.name = 'a'; }",
            "component { if (true) { this.name = 'a'; } }",
        ] {
            assert!(!constant(src), "{src}");
        }
    }
}
