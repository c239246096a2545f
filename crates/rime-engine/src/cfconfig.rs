//! `.cfconfig.json` (the CFConfig format CommandBox uses): server-wide defaults for what an
//! `Application.cfc` may set. Read once at start into a struct shaped like an `Application.cfc`'s
//! `this` scope (`datasources`, `mappings`, `customTagPaths`, `requestTimeout`,
//! `sessionManagement`, `sessionTimeout`, `applicationTimeout`, `caches`, `sessionStorage`); settings in `Application.cfc`
//! win over it, as in Lucee. `mailServers` (for `<cfmail>`) is kept as an array of structs;
//! `executeEnabled` (may `<cfexecute>` run programs) counts only here, never in an application.
//!
//! String values may use `${VAR}` / `${VAR:default}` (environment variables), and an environment
//! variable `cfconfig_<setting>` overrides a top-level setting (`cfconfig_requestTimeout`).

use rime_runtime::{Array, Key, Struct, Value};
use serde_json::Value as Json;
use std::path::{Path, PathBuf};

/// Where the file is: `CFConfigFile` in the environment, then `server_json_choice` (server.json's
/// `cfconfigfile`), then `.cfconfig.json` in the webroot.
pub fn locate(webroot: &Path, server_json_choice: Option<&Path>) -> Option<PathBuf> {
    if let Ok(p) = std::env::var("CFConfigFile") {
        if !p.trim().is_empty() {
            return Some(PathBuf::from(p.trim()));
        }
    }
    if let Some(p) = server_json_choice {
        return Some(p.to_path_buf());
    }
    let p = webroot.join(".cfconfig.json");
    p.is_file().then_some(p)
}

/// Expand `${VAR}` and `${VAR:default}` from the environment (an unset variable without a
/// default becomes empty).
fn expand(text: &str, env: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find('}') else {
            out.push_str(&rest[start..]);
            return out;
        };
        let inner = &after[..end];
        let (name, default) = match inner.split_once(':') {
            Some((n, d)) => (n, Some(d)),
            None => (inner, None),
        };
        out.push_str(
            &env(name.trim())
                .or(default.map(str::to_string))
                .unwrap_or_default(),
        );
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

fn to_value(j: &Json, env: &dyn Fn(&str) -> Option<String>) -> Value {
    match j {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => Value::Num(n.as_f64().unwrap_or(0.0)),
        Json::String(s) => Value::from(expand(s, env)),
        Json::Array(a) => Value::Array(Array::from_vec(
            a.iter().map(|x| to_value(x, env)).collect(),
        )),
        Json::Object(o) => {
            let s = Struct::with_flags(true);
            for (k, v) in o {
                s.set(Key::new(k.as_str()), to_value(v, env));
            }
            Value::Struct(s)
        }
    }
}

/// A CFConfig timespan: `"d,h,m,s"` becomes a day fraction (as `createTimeSpan`); a number
/// stays a number of seconds.
fn timespan(v: &Value) -> Value {
    if let Value::Str(s) = v {
        let parts: Vec<f64> = s
            .split(',')
            .map(|p| p.trim().parse::<f64>().unwrap_or(0.0))
            .collect();
        if parts.len() == 4 {
            let secs = parts[0] * 86400.0 + parts[1] * 3600.0 + parts[2] * 60.0 + parts[3];
            return Value::Num(secs / 86400.0);
        }
    }
    v.clone()
}

/// A path from the file, absolute against the file's folder. The folder may be given relative
/// (`rime serve site`): the result is made absolute against the current directory now, or a
/// later join onto the application's folder would drop a leading `..` into the webroot
/// (#24: `../data/app.db` created `site/data/app.db`, served with the site).
fn absolute(p: &str, base: &Path) -> String {
    let path = Path::new(p);
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        base.join(path)
    };
    std::path::absolute(&joined)
        .unwrap_or(joined)
        .to_string_lossy()
        .into_owned()
}

/// Read `path` into the settings struct, with `env` for `${...}` and `cfconfig_*` lookups.
pub fn load(path: &Path, env: &dyn Fn(&str) -> Option<String>) -> Result<Struct, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let json: Json = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not valid JSON: {e}", path.display()))?;
    let Value::Struct(raw) = to_value(&json, env) else {
        return Err(format!(
            "{}: the top level must be an object",
            path.display()
        ));
    };
    let base = path.parent().unwrap_or(Path::new("."));
    let out = Struct::with_flags(true);
    for key in [
        "requestTimeout",
        "sessionTimeout",
        "applicationTimeout",
        "sessionManagement",
        "setClientCookies",
        "executeEnabled",
    ] {
        let overridden = env(&format!("cfconfig_{key}")).map(Value::from);
        if let Some(v) = overridden.or_else(|| raw.get(key)).filter(|v| !v.is_null()) {
            let v = if key.ends_with("Timeout") {
                timespan(&v)
            } else {
                v
            };
            out.set(Key::new(key), v);
        }
    }
    if let Some(Value::Struct(ds)) = raw.get("datasources") {
        let all = Struct::with_flags(true);
        for (name, def) in ds.entries() {
            let Value::Struct(def) = def else { continue };
            let def = def.copy();
            // A SQLite file named relative to the config file lives beside it.
            let sqlite = ["type", "dbdriver", "driver"].iter().any(|k| {
                def.get(k)
                    .and_then(|v| v.to_str().ok().map(|s| s.to_ascii_lowercase()))
                    .is_some_and(|t| t.starts_with("sqlite"))
            });
            if let (true, Some(Value::Str(db))) = (sqlite, def.get("database")) {
                if db.as_str() != ":memory:" {
                    def.set_str("database", Value::from(absolute(&db, base)));
                }
            }
            all.set(name, Value::Struct(def));
        }
        out.set_str("datasources", Value::Struct(all));
    }
    // Cache connections (`{"caches": {"sessions": {"type": "redis", ...}}}`), the defaults
    // (`cacheDefaultObject`, `cacheDefaultQuery`) and `sessionStorage`, as an Application.cfc
    // would set them.
    if let Some(Value::Struct(c)) = raw.get("caches") {
        out.set_str("caches", Value::Struct(c.copy()));
    }
    let cache = Struct::with_flags(true);
    for (from, to) in [
        ("cacheDefaultObject", "object"),
        ("cacheDefaultQuery", "query"),
    ] {
        if let Some(v) = raw.get(from).filter(|v| v.is_simple()) {
            cache.set_str(to, v);
        }
    }
    if !cache.is_empty() {
        out.set_str("cache", Value::Struct(cache));
    }
    if let Some(v) = raw.get("sessionStorage").filter(|v| v.is_simple()) {
        out.set_str("sessionStorage", v);
    }
    // Lucee's regional settings: every request starts with them, as with `this.locale` and
    // `this.timezone` (an Application.cfc's own win).
    for key in ["locale", "timezone"] {
        if let Some(v) = raw
            .get(key)
            .filter(|v| v.is_simple() && v.to_str().is_ok_and(|s| !s.trim().is_empty()))
        {
            out.set_str(key, v);
        }
    }
    // The file sandbox: file functions and tags may only touch the web root, the temporary
    // directory and these folders (relative to this file).
    if let Some(v) = raw.get("fileSandbox").filter(|v| v.is_simple()) {
        out.set_str("fileSandbox", v);
    }
    if let Some(Value::Array(a)) = raw.get("fileSandboxAllow") {
        let dirs: Vec<Value> = a
            .to_vec()
            .iter()
            .filter_map(|v| v.to_str().ok().map(|s| Value::from(absolute(&s, base))))
            .collect();
        out.set_str("fileSandboxAllow", Value::Array(Array::from_vec(dirs)));
    }
    if let Some(Value::Struct(c)) = raw.get("sessionCookie") {
        out.set_str("sessionCookie", Value::Struct(c.copy()));
    }
    // `mailServers`: [{smtp|host, port, username, password, ssl, tls}], as Application.cfc's.
    match raw.get("mailServers") {
        Some(Value::Array(list)) => out.set_str("mailServers", Value::Array(list)),
        Some(Value::Struct(one)) => out.set_str(
            "mailServers",
            Value::Array(Array::from_vec(vec![Value::Struct(one)])),
        ),
        _ => {}
    }
    if let Some(d) = raw.get("datasource").filter(|v| v.is_simple()) {
        out.set_str("datasource", d);
    }
    // CFConfig writes mappings as `CFMappings`: {"/lib": {"PHYSICAL": "path"}} or a plain path.
    if let Some(Value::Struct(m)) = raw.get("CFMappings").or_else(|| raw.get("mappings")) {
        let mappings = Struct::with_flags(true);
        for (prefix, target) in m.entries() {
            let physical = match &target {
                Value::Struct(t) => t
                    .get("physical")
                    .and_then(|v| v.to_str().ok().map(|s| s.into_owned())),
                v if v.is_simple() => v.to_str().ok().map(|s| s.into_owned()),
                _ => None,
            };
            if let Some(p) = physical.filter(|p| !p.trim().is_empty()) {
                mappings.set(prefix, Value::from(absolute(&p, base)));
            }
        }
        out.set_str("mappings", Value::Struct(mappings));
    }
    // REST mappings, as CFConfig writes them ({"/api": {"physical": "rest", "default": false}})
    // or as a list of {virtual, physical, default}; the server takes them out of the settings.
    if let Some(m) = raw.get("restMappings") {
        let entries: Vec<(String, Value)> = match m {
            Value::Struct(m) => m
                .entries()
                .into_iter()
                .map(|(k, v)| (k.as_str().to_string(), v))
                .collect(),
            Value::Array(a) => a
                .to_vec()
                .into_iter()
                .map(|v| {
                    let name = match &v {
                        Value::Struct(s) => s.get_text("virtual").ok().flatten(),
                        _ => None,
                    };
                    (name.unwrap_or_default(), v)
                })
                .collect(),
            _ => Vec::new(),
        };
        let list = Array::new();
        for (virtual_path, target) in entries {
            let (physical, default) = match &target {
                Value::Struct(t) => (
                    t.get_text("physical").ok().flatten(),
                    t.get("default").and_then(|d| d.to_bool().ok()),
                ),
                v if v.is_simple() => (v.to_str().ok().map(|s| s.into_owned()), None),
                _ => (None, None),
            };
            let Some(physical) = physical.filter(|p| !p.trim().is_empty()) else {
                continue;
            };
            let m = Struct::with_flags(true);
            m.set_str("virtual", Value::from(virtual_path));
            m.set_str("physical", Value::from(absolute(&physical, base)));
            m.set_str("default", Value::Bool(default.unwrap_or(false)));
            list.push(Value::Struct(m));
        }
        out.set_str("restMappings", Value::Array(list));
    }
    if let Some(paths) = raw.get("customTagPaths") {
        let list: Vec<Value> = match paths {
            Value::Array(a) => a.to_vec(),
            v if v.is_simple() => v
                .to_str()
                .map(|s| s.split(',').map(|p| Value::from(p.trim())).collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        let dirs: Vec<Value> = list
            .iter()
            .filter_map(|v| match v {
                Value::Struct(t) => t.get("physical"),
                v if v.is_simple() => Some(v.clone()),
                _ => None,
            })
            .filter_map(|v| v.to_str().ok().map(|s| Value::from(absolute(&s, base))))
            .collect();
        out.set_str("customTagPaths", Value::Array(Array::from_vec(dirs)));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn paths_relative_to_a_relative_folder_become_absolute() {
        let p = absolute("../data/app.db", Path::new("site"));
        assert!(Path::new(&p).is_absolute(), "{p}");
        assert!(p.ends_with("site/../data/app.db"), "{p}");
    }

    use super::*;

    #[test]
    fn variables_expand_with_defaults() {
        let env = |n: &str| (n == "DB_HOST").then(|| "db.local".to_string());
        assert_eq!(expand("${DB_HOST}:${DB_PORT:5432}", &env), "db.local:5432");
        assert_eq!(expand("${MISSING}x", &env), "x");
        assert_eq!(expand("plain ${unterminated", &env), "plain ${unterminated");
    }

    #[test]
    fn reads_caches_and_session_storage() -> Result<(), String> {
        let dir = std::env::temp_dir().join(format!("rime-cfconfig-c-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let file = dir.join(".cfconfig.json");
        std::fs::write(
            &file,
            r#"{"caches": {"sessions": {"type": "redis", "host": "${REDIS_HOST:127.0.0.1}",
                                        "storage": true}},
                "cacheDefaultObject": "sessions", "sessionStorage": "sessions"}"#,
        )
        .map_err(|e| e.to_string())?;
        let env = |n: &str| (n == "REDIS_HOST").then(|| "cache.local".to_string());
        let s = load(&file, &env)?;
        let host = match s.get("caches") {
            Some(Value::Struct(c)) => match c.get("sessions") {
                Some(Value::Struct(d)) => d.get_text("host").ok().flatten(),
                _ => None,
            },
            _ => None,
        };
        assert_eq!(host.as_deref(), Some("cache.local"));
        let object = match s.get("cache") {
            Some(Value::Struct(c)) => c.get_text("object").ok().flatten(),
            _ => None,
        };
        assert_eq!(object.as_deref(), Some("sessions"));
        assert_eq!(
            s.get_text("sessionStorage").ok().flatten().as_deref(),
            Some("sessions")
        );
        Ok(())
    }

    #[test]
    fn rest_mappings_as_a_struct_or_a_list() -> Result<(), String> {
        let dir = std::env::temp_dir().join(format!("rime-cfconfig-rest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let file = dir.join(".cfconfig.json");
        let shapes = [
            r#"{"restMappings": {"/api": {"physical": "rest", "default": true}, "/x": {}}}"#,
            r#"{"restMappings": [{"virtual": "/api", "physical": "rest", "default": true}]}"#,
        ];
        for text in shapes {
            std::fs::write(&file, text).map_err(|e| e.to_string())?;
            let s = load(&file, &|_| None)?;
            let Some(Value::Array(list)) = s.get("restMappings") else {
                return Err(format!("no restMappings from {text}"));
            };
            let list = list.to_vec();
            let [Value::Struct(m)] = list.as_slice() else {
                return Err(format!("one mapping expected from {text}"));
            };
            let text_of = |k: &str| m.get_text(k).ok().flatten();
            assert_eq!(text_of("virtual").as_deref(), Some("/api"));
            assert_eq!(
                text_of("physical"),
                Some(dir.join("rest").to_string_lossy().into_owned())
            );
            assert!(matches!(m.get("default"), Some(Value::Bool(true))));
        }
        let _ = std::fs::remove_dir_all(&dir);
        Ok(())
    }

    #[test]
    fn reads_settings_datasources_and_mappings() -> Result<(), String> {
        let dir = std::env::temp_dir().join(format!("rime-cfconfig-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let file = dir.join(".cfconfig.json");
        std::fs::write(
            &file,
            r#"{"requestTimeout": "0,0,1,30", "sessionManagement": true,
                "datasources": {"app": {"dbdriver": "SQLite", "database": "data/app.db"},
                                "pg": {"dbdriver": "PostgreSQL", "host": "${PGHOST:localhost}", "password": "${PGPASS}"}},
                "CFMappings": {"/lib": {"PHYSICAL": "lib"}},
                "customTagPaths": [{"physical": "tags"}]}"#,
        )
        .map_err(|e| e.to_string())?;
        let env = |n: &str| match n {
            "PGPASS" => Some("s3cret".to_string()),
            "cfconfig_sessionTimeout" => Some("0,0,30,0".to_string()),
            _ => None,
        };
        let s = load(&file, &env)?;
        let num = |k: &str| s.get(k).and_then(|v| v.to_num().ok()).unwrap_or(-1.0);
        assert!((num("requestTimeout") * 86400.0 - 90.0).abs() < 1e-6);
        assert!((num("sessionTimeout") * 1440.0 - 30.0).abs() < 1e-6);
        let Some(Value::Struct(ds)) = s.get("datasources") else {
            return Err("no datasources".into());
        };
        let Some(Value::Struct(app)) = ds.get("app") else {
            return Err("no app datasource".into());
        };
        assert_eq!(
            app.get_text("database").ok().flatten(),
            Some(dir.join("data/app.db").to_string_lossy().into_owned())
        );
        let Some(Value::Struct(pg)) = ds.get("pg") else {
            return Err("no pg datasource".into());
        };
        assert_eq!(
            pg.get_text("host").ok().flatten().as_deref(),
            Some("localhost")
        );
        assert_eq!(
            pg.get_text("password").ok().flatten().as_deref(),
            Some("s3cret")
        );
        let Some(Value::Struct(m)) = s.get("mappings") else {
            return Err("no mappings".into());
        };
        assert_eq!(
            m.get_text("/lib").ok().flatten(),
            Some(dir.join("lib").to_string_lossy().into_owned())
        );
        let _ = std::fs::remove_dir_all(&dir);
        Ok(())
    }

    #[test]
    fn reads_mail_servers_and_the_execute_switch() -> Result<(), String> {
        let dir = std::env::temp_dir().join(format!("rime-cfconfig-mail-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let file = dir.join(".cfconfig.json");
        std::fs::write(
            &file,
            r#"{"mailServers": {"smtp": "smtp.example.com", "port": 587, "password": "${SMTP_PW}", "tls": true},
                "executeEnabled": false}"#,
        )
        .map_err(|e| e.to_string())?;
        let env = |n: &str| match n {
            "SMTP_PW" => Some("pw".to_string()),
            "cfconfig_executeEnabled" => Some("true".to_string()),
            _ => None,
        };
        let s = load(&file, &env)?;
        let _ = std::fs::remove_dir_all(&dir);
        let Some(Value::Array(servers)) = s.get("mailServers") else {
            return Err("no mailServers".into());
        };
        let Some(Value::Struct(first)) = servers.to_vec().into_iter().next() else {
            return Err("no server".into());
        };
        assert_eq!(
            first.get_text("smtp").ok().flatten().as_deref(),
            Some("smtp.example.com")
        );
        assert_eq!(
            first.get_text("password").ok().flatten().as_deref(),
            Some("pw")
        );
        assert!(s
            .get("executeEnabled")
            .is_some_and(|v| v.to_bool().unwrap_or(false)));
        Ok(())
    }
}
