//! `.cfconfig.json` (the CFConfig format CommandBox uses): server-wide defaults for what an
//! `Application.cfc` may set. Read once at start into a struct shaped like an `Application.cfc`'s
//! `this` scope (`datasources`, `mappings`, `customTagPaths`, `requestTimeout`,
//! `sessionManagement`, `sessionTimeout`, `applicationTimeout`); settings in `Application.cfc`
//! win over it, as in Lucee.
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

/// A path from the file, absolute against the file's folder.
fn absolute(p: &str, base: &Path) -> String {
    let path = Path::new(p);
    if path.is_absolute() {
        p.to_string()
    } else {
        base.join(path).to_string_lossy().into_owned()
    }
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
    use super::*;

    #[test]
    fn variables_expand_with_defaults() {
        let env = |n: &str| (n == "DB_HOST").then(|| "db.local".to_string());
        assert_eq!(expand("${DB_HOST}:${DB_PORT:5432}", &env), "db.local:5432");
        assert_eq!(expand("${MISSING}x", &env), "x");
        assert_eq!(expand("plain ${unterminated", &env), "plain ${unterminated");
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
}
