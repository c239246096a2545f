//! An application's settings as requests see them: `AppPaths` (the `AppHandle` a VM carries)
//! over a shared `AppConfig` (mappings, custom tag paths, datasources, caches), which is reused
//! while the settings it is built from stay the same.

use crate::{caches, db, normalize, Engine};
use rime_runtime::{CfResult, Struct, Value};
use rime_vm::AppHandle;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The settings of one application that resolution depends on, handed to the VM as its
/// `AppHandle` so concurrent requests of different applications never mix them.
#[derive(Default)]
pub struct AppPaths {
    /// What the resolution settings give, shared by the requests that declare the same ones.
    pub(crate) config: Arc<AppConfig>,
    /// The effective settings (`this` over the server's) and the application name, from which
    /// `getApplicationSettings()` is built when a page asks for it.
    pub(crate) settings: Option<(Struct, String)>,
    /// `applicationStartTime()`.
    pub(crate) started: Option<rime_runtime::DateTime>,
}

impl std::ops::Deref for AppPaths {
    type Target = AppConfig;
    fn deref(&self) -> &AppConfig {
        &self.config
    }
}

impl AppPaths {
    pub(crate) fn new(config: Arc<AppConfig>) -> AppPaths {
        AppPaths {
            config,
            settings: None,
            started: None,
        }
    }
}

/// What an application's mappings, custom tag paths, datasources and caches resolve to.
#[derive(Default)]
pub struct AppConfig {
    /// `this.mappings`: virtual prefix (`/lib`) -> directory, longest prefix first.
    pub(crate) mappings: Vec<(String, PathBuf)>,
    /// `this.customTagPaths`.
    pub(crate) custom_tag_paths: Vec<PathBuf>,
    /// `this.datasources` / `this.datasource`.
    pub(crate) datasources: db::Datasources,
    /// `this.caches` and the default object/query caches and session storage.
    pub(crate) caches: caches::AppCaches,
}

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

/// The application settings behind a VM's `AppHandle` (defaults when there is none).
pub(crate) fn app_paths(app: &AppHandle) -> &AppPaths {
    static NONE: std::sync::OnceLock<AppPaths> = std::sync::OnceLock::new();
    app.as_ref()
        .and_then(|a| a.downcast_ref::<AppPaths>())
        .unwrap_or_else(|| NONE.get_or_init(AppPaths::default))
}

impl Engine {
    /// The `AppConfig` for these settings of the application at `app_path`: the one built for
    /// the previous request when the settings it reads are the same (most applications set them
    /// as constants), else a new one.
    pub(crate) fn app_config(&self, this: &Struct, app_path: &Path) -> CfResult<Arc<AppConfig>> {
        let Some(print) = config_fingerprint(this) else {
            return Ok(Arc::new(self.build_app_config(this, app_path)?));
        };
        if let Some((p, c)) = self.cache.app_configs.read().get(app_path.as_os_str()) {
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
        cache.insert(app_path.as_os_str().to_owned(), (print, config.clone()));
        Ok(config)
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
                mappings.push((prefix, normalize(&dir)));
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
                tag_paths.push(normalize(&if d.is_absolute() { d } else { base.join(d) }));
            }
        }
        Ok(AppConfig {
            mappings,
            custom_tag_paths: tag_paths,
            datasources: db::read_datasources(this, base)?,
            caches: self.read_caches(this)?,
        })
    }
}
