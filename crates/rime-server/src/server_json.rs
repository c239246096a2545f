//! CommandBox's `server.json`: the `web` settings Rime honours (host, port, webroot, welcome
//! files, rewrites, aliases, error pages, compression, blocked paths, access log), `profile`,
//! and `app.restMappings` (the URL prefixes of REST services).
//! Command-line flags override what the file says; the caller applies them afterwards.

use crate::Config;
use serde_json::Value as Json;
use std::path::{Path, PathBuf};

/// What a `server.json` asks for.
#[derive(Debug, Default)]
pub struct ServerJson {
    /// The file's folder: relative paths in it resolve against this.
    pub dir: PathBuf,
    pub host: Option<String>,
    pub port: Option<u16>,
    pub webroot: Option<PathBuf>,
    /// `profile`: `production` or `development` (None: CommandBox's default, production unless
    /// bound to the loopback interface).
    pub production: Option<bool>,
    welcome_files: Option<Vec<String>>,
    rewrites: Option<bool>,
    aliases: Vec<(String, PathBuf)>,
    error_pages: Vec<(u16, String)>,
    gzip: Option<bool>,
    block_sensitive: Option<bool>,
    /// `web.accessLogEnable`.
    pub access_log: Option<bool>,
    /// `cfconfigfile`: the `.cfconfig.json` to read, relative to this file's folder.
    pub cfconfig: Option<PathBuf>,
    /// `app.restMappings`: the REST servlet's URL patterns (`/rest/*,/api/*`) as prefixes.
    rest_prefixes: Option<Vec<String>>,
    /// This file and the files it names (`cfconfigfile`, `web.ssl.certFile`, `keyFile`,
    /// `web.rewrites.config`...): never served, whatever their names.
    pub named_files: Vec<PathBuf>,
    /// The settings the file turns on that Rime does not implement (`web.ssl.enable`…), as
    /// dotted paths, for a warning at start.
    pub ignored: Vec<String>,
}

/// The settings `load` reads (a prefix covers what is under it), and CommandBox's settings for
/// its own desktop tooling, which change nothing about serving.
const HONOURED: &[&str] = &[
    "name",
    "profile",
    "cfconfigfile",
    "app.restMappings",
    "web.host",
    "web.webroot",
    "web.http.port",
    "web.welcomeFiles",
    "web.rewrites.enable",
    "web.gzipEnable",
    "web.blockSensitivePaths",
    "web.accessLogEnable",
    "web.aliases",
    "web.errorPages",
    "openBrowser",
    "openBrowserURL",
    "trayEnable",
    "trayIcon",
    "dockEnable",
];

/// Every setting in `v` (dotted paths of its leaves) that asks for something — not `false`,
/// empty or null: a feature left off needs no warning — and that Rime does not read.
fn unsupported(v: &Json, path: &str, out: &mut Vec<String>) {
    // `h` itself or a setting under it (`web.aliases./docs`).
    let covers = |h: &&str| {
        path.get(..h.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(h))
            && matches!(path.as_bytes().get(h.len()), None | Some(b'.'))
    };
    if HONOURED.iter().any(covers) {
        return;
    }
    match v {
        Json::Object(m) => {
            for (k, x) in m {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                unsupported(x, &p, out);
            }
        }
        Json::Null | Json::Bool(false) => {}
        Json::String(t) if t.trim().is_empty() || flag(v) == Some(false) => {}
        Json::Array(a) if a.is_empty() => {}
        _ => out.push(path.to_string()),
    }
}

/// The string settings that name files: a key ending in `file` (`certFile`, `keyFile`,
/// `cfconfigfile`; `welcomeFiles` names pages to serve, not private files) or a rewrite
/// configuration.
fn named_files(v: &Json, key: &str, dir: &Path, out: &mut Vec<PathBuf>) {
    match v {
        Json::Object(m) => {
            for (k, x) in m {
                named_files(x, k, dir, out);
            }
        }
        Json::String(f) if !f.trim().is_empty() => {
            let k = key.to_ascii_lowercase();
            if k.ends_with("file") || k == "config" {
                out.push(dir.join(f.trim()));
            }
        }
        _ => {}
    }
}

/// A list given as a JSON array or a comma-separated string.
fn list(v: &Json) -> Option<Vec<String>> {
    match v {
        Json::Array(a) => Some(
            a.iter()
                .filter_map(|x| x.as_str().map(|s| s.trim().to_string()))
                .filter(|s| !s.is_empty())
                .collect(),
        ),
        Json::String(s) => Some(
            s.split(',')
                .map(|x| x.trim().to_string())
                .filter(|x| !x.is_empty())
                .collect(),
        ),
        _ => None,
    }
}

/// A boolean given as JSON `true`/`false` or the strings CFML accepts.
fn flag(v: &Json) -> Option<bool> {
    match v {
        Json::Bool(b) => Some(*b),
        Json::String(s) => rime_runtime::value::parse_bool_word(s),
        _ => None,
    }
}

/// Whether `host` is a loopback address: a server bound anywhere else is reachable by others,
/// so it runs in production mode unless told otherwise (CommandBox's rule).
pub fn is_loopback(host: &str) -> bool {
    let h = host.trim_start_matches('[').trim_end_matches(']');
    h.eq_ignore_ascii_case("localhost")
        || h.parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

impl ServerJson {
    /// Read and check `path`. Errors name the file and what is wrong.
    pub fn load(path: &Path) -> Result<ServerJson, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let json: Json = serde_json::from_str(&text)
            .map_err(|e| format!("{}: not valid JSON: {e}", path.display()))?;
        let dir = path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."));
        let web = &json["web"];
        let mut s = ServerJson {
            dir: dir.clone(),
            host: web["host"].as_str().map(str::to_string),
            webroot: web["webroot"].as_str().map(|w| dir.join(w)),
            welcome_files: list(&web["welcomeFiles"]),
            rewrites: flag(&web["rewrites"]["enable"]),
            gzip: flag(&web["gzipEnable"]),
            block_sensitive: flag(&web["blockSensitivePaths"]),
            access_log: flag(&web["accessLogEnable"]),
            cfconfig: json["cfconfigfile"].as_str().map(|f| dir.join(f)),
            rest_prefixes: list(&json["app"]["restMappings"]).map(|l| {
                l.iter()
                    .map(|p| format!("/{}", p.trim_end_matches('*').trim_matches('/')))
                    .filter(|p| p != "/")
                    .collect()
            }),
            ..ServerJson::default()
        };
        s.port = match &web["http"]["port"] {
            Json::Null => None,
            Json::Number(n) => n.as_u64().and_then(|p| u16::try_from(p).ok()),
            Json::String(p) => p.trim().parse::<u16>().ok(),
            _ => None,
        };
        if !web["http"]["port"].is_null() && s.port.is_none() {
            return Err(format!(
                "{}: web.http.port must be a port number",
                path.display()
            ));
        }
        s.production = match json["profile"].as_str().map(str::trim) {
            Some(p) if p.eq_ignore_ascii_case("production") => Some(true),
            Some(p) if p.eq_ignore_ascii_case("development") => Some(false),
            Some("") | None => None,
            Some(other) => {
                return Err(format!(
                    "{}: profile must be \"production\" or \"development\", not \"{other}\"",
                    path.display()
                ))
            }
        };
        if let Some(aliases) = web["aliases"].as_object() {
            for (prefix, dir) in aliases {
                if let Some(d) = dir.as_str() {
                    s.aliases.push((prefix.clone(), PathBuf::from(d)));
                }
            }
        }
        if let Some(pages) = web["errorPages"].as_object() {
            for (code, page) in pages {
                let Some(page) = page.as_str() else { continue };
                let code = if code.eq_ignore_ascii_case("default") {
                    0
                } else {
                    code.trim().parse::<u16>().map_err(|_| {
                        format!(
                            "{}: web.errorPages keys are status codes or \"default\", not \"{code}\"",
                            path.display()
                        )
                    })?
                };
                let page = format!("/{}", page.trim_start_matches('/'));
                s.error_pages.push((code, page));
            }
        }
        unsupported(&json, "", &mut s.ignored);
        s.ignored.sort();
        s.named_files.push(path.to_path_buf());
        named_files(&json, "", &dir, &mut s.named_files);
        Ok(s)
    }

    /// Whether the server runs in production: the `profile`, else production unless `host` is
    /// the loopback interface (CommandBox's rule).
    pub fn is_production(&self, host: &str) -> bool {
        self.production.unwrap_or(!is_loopback(host))
    }

    /// Put the file's `web` settings into `config` (before command-line flags are applied).
    pub fn apply(&self, config: &mut Config) {
        if let Some(w) = &self.welcome_files {
            config.resolve.welcome_files = w.clone();
        }
        if let Some(b) = self.block_sensitive {
            config.resolve.block_sensitive = b;
        }
        if let Some(r) = self.rewrites {
            config.rewrites = r;
        }
        if let Some(g) = self.gzip {
            config.gzip = g;
        }
        if let Some(a) = self.access_log {
            config.quiet = !a;
        }
        if let Some(p) = &self.rest_prefixes {
            config.rest_prefixes = p.clone();
        }
        config.aliases = self.aliases.clone();
        config.error_pages = self.error_pages.clone();
        config
            .private_files
            .extend(self.named_files.iter().cloned());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_commandbox_settings() -> Result<(), String> {
        let dir = std::env::temp_dir().join(format!("rime-server-json-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let file = dir.join("server.json");
        std::fs::write(
            &file,
            r#"{"web": {"host": "0.0.0.0", "http": {"port": "8123"}, "webroot": "public",
                "welcomeFiles": "home.cfm, index.cfm", "rewrites": {"enable": true},
                "aliases": {"/docs": "../docs"}, "errorPages": {"404": "missing.html", "default": "/oops.html"},
                "gzipEnable": false, "accessLogEnable": true},
                "app": {"restMappings": "/rest/*, /api/*"}}"#,
        )
        .map_err(|e| e.to_string())?;
        let s = ServerJson::load(&file)?;
        assert_eq!(s.port, Some(8123));
        assert_eq!(s.webroot, Some(dir.join("public")));
        assert!(s.is_production("0.0.0.0") && !s.is_production("127.0.0.1"));
        let mut c = Config::new(&dir);
        s.apply(&mut c);
        assert_eq!(c.resolve.welcome_files, ["home.cfm", "index.cfm"]);
        assert!(c.rewrites && !c.gzip && !c.quiet);
        assert_eq!(c.rest_prefixes, ["/rest", "/api"]);
        assert_eq!(
            c.error_pages,
            [
                (404, "/missing.html".to_string()),
                (0, "/oops.html".to_string())
            ]
        );
        assert!(s.ignored.is_empty(), "{:?}", s.ignored);
        std::fs::write(&file, r#"{"profile": "staging"}"#).map_err(|e| e.to_string())?;
        assert!(ServerJson::load(&file).is_err());
        // What Rime does not implement is named, unless the file leaves it off.
        std::fs::write(
            &file,
            r#"{"name": "site", "web": {"http": {"port": 8080}, "ssl": {"enable": true, "port": 443},
                "http2": {"enable": false}, "rewrites": {"enable": true, "config": "urlrewrite.xml"}},
                "jvm": {"heapSize": "512"}, "openBrowser": true}"#,
        )
        .map_err(|e| e.to_string())?;
        let s = ServerJson::load(&file)?;
        assert_eq!(
            s.ignored,
            [
                "jvm.heapSize",
                "web.rewrites.config",
                "web.ssl.enable",
                "web.ssl.port"
            ]
        );
        // The files it names are private, whatever their names; the welcome files are not.
        std::fs::write(
            &file,
            r#"{"cfconfigfile": "conf/settings.json", "web": {"welcomeFiles": "home.cfm",
                "ssl": {"certFile": "certs/site.crt", "keyFile": "certs/site.key"},
                "rewrites": {"config": "urlrewrite.xml"}}}"#,
        )
        .map_err(|e| e.to_string())?;
        let s = ServerJson::load(&file)?;
        let names: Vec<_> = s
            .named_files
            .iter()
            .map(|f| f.strip_prefix(&dir).unwrap_or(f))
            .collect();
        for f in [
            "server.json",
            "conf/settings.json",
            "certs/site.crt",
            "certs/site.key",
            "urlrewrite.xml",
        ] {
            assert!(names.contains(&Path::new(f)), "{f} in {names:?}");
        }
        assert!(!names.contains(&Path::new("home.cfm")));
        let _ = std::fs::remove_dir_all(&dir);
        Ok(())
    }
}
