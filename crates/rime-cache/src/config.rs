//! Cache definitions as applications write them: `this.caches.name = {...}`, Lucee's
//! `this.cache.connections.name = {class, storage, custom: {...}, default}` and the short
//! `{type: "redis", host, port, password, database, prefix, storage: true}`.

use rime_runtime::{CfResult, CfmlError, Struct, Value};
use std::time::Duration;

/// Where a Redis cache lives and how its keys are named.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RedisConfig {
    pub host: String,
    pub port: u16,
    pub username: Option<String>,
    pub password: Option<String>,
    pub database: i64,
    /// Put before every key, so several caches (and applications) can share a server.
    pub prefix: String,
    /// For connecting, and for each command's reply.
    pub timeout: Duration,
}

/// What kind of store a definition asks for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    /// In this process (Lucee's RAM cache; also what EHCache definitions get).
    Memory,
    Redis(RedisConfig),
}

/// One cache definition.
#[derive(Clone, Debug)]
pub struct CacheDef {
    pub backend: Backend,
    /// May hold sessions (`this.sessionStorage = name`).
    pub storage: bool,
    /// The kinds it is the default cache for (`default: "object"`), lower-cased.
    pub default_for: Vec<String>,
    /// When the store is down, keep sessions in this process instead of failing the request.
    pub session_fallback: bool,
}

const DEFAULT_TIMEOUT: Duration = Duration::from_secs(2);

/// Read the definition of the cache `name`.
pub fn parse(name: &str, def: &Struct) -> CfResult<CacheDef> {
    // Driver settings sit at the top level (short form) or under `custom` (Lucee's form).
    let custom = match def.get("custom") {
        Some(Value::Struct(c)) => Some(c),
        _ => None,
    };
    let get = |k: &str| -> Option<Value> {
        def.get(k)
            .or_else(|| custom.as_ref().and_then(|c| c.get(k)))
            .filter(|v| v.is_simple() && !v.is_null())
    };
    let text = |k: &str| -> CfResult<Option<String>> {
        match get(k) {
            Some(v) => Ok(Some(v.to_str()?.trim().to_string())),
            None => Ok(None),
        }
    };
    let flag = |k: &str| -> CfResult<bool> {
        match get(k) {
            Some(v) => v.to_bool(),
            None => Ok(false),
        }
    };
    let kind = text("type")?
        .or(text("class")?)
        .unwrap_or_default()
        .to_ascii_lowercase();
    let backend = if kind.contains("redis") {
        let port = match get("port") {
            Some(v) => {
                let n = v.to_num()?;
                if !(1.0..=65535.0).contains(&n) || n.fract() != 0.0 {
                    return Err(CfmlError::application(format!(
                        "cache [{name}]: port [{n}] is not a port number"
                    )));
                }
                n as u16
            }
            None => 6379,
        };
        let database = match get("database").or_else(|| get("db")) {
            Some(v) => v.to_num()? as i64,
            None => 0,
        };
        let timeout = match get("timeout").or_else(|| get("connectionTimeout")) {
            // Milliseconds, as Lucee's cache drivers take them.
            Some(v) => Duration::from_millis(v.to_num()?.clamp(1.0, 600_000.0) as u64),
            None => DEFAULT_TIMEOUT,
        };
        let nonempty = |s: Option<String>| s.filter(|s| !s.is_empty());
        Backend::Redis(RedisConfig {
            host: nonempty(text("host")?.or(text("server")?))
                .unwrap_or_else(|| "127.0.0.1".to_string()),
            port,
            username: nonempty(text("username")?),
            password: nonempty(text("password")?),
            database,
            prefix: text("prefix")?
                .or(text("keyPrefix")?)
                .or(text("namespace")?)
                .unwrap_or_else(|| format!("rime:{}:", name.to_ascii_lowercase())),
            timeout,
        })
    } else if kind.is_empty()
        || kind == "ram"
        || kind == "memory"
        || kind.contains("ramcache")
        || kind.contains("ehcache")
    {
        Backend::Memory
    } else {
        return Err(CfmlError::application(format!(
            "cache [{name}]: Rime has no cache driver [{kind}]; use type \"redis\" or \"ram\""
        )));
    };
    let default_for = text("default")?
        .map(|d| {
            d.split(',')
                .map(|s| s.trim().to_ascii_lowercase())
                .filter(|s| !s.is_empty())
                .collect()
        })
        .unwrap_or_default();
    Ok(CacheDef {
        backend,
        storage: flag("storage")?,
        default_for,
        session_fallback: flag("sessionFallback")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def(pairs: &[(&str, Value)]) -> Struct {
        let s = Struct::new();
        for (k, v) in pairs {
            s.set_str(k, v.clone());
        }
        s
    }

    #[test]
    fn short_and_lucee_forms() -> CfResult<()> {
        let short = def(&[
            ("type", Value::from("redis")),
            ("host", Value::from("10.0.0.5")),
            ("port", Value::Num(6380.0)),
            ("storage", Value::Bool(true)),
        ]);
        let d = parse("Sessions", &short)?;
        assert!(d.storage);
        let Backend::Redis(r) = d.backend else {
            return Err(CfmlError::application("not redis"));
        };
        assert_eq!((r.host.as_str(), r.port), ("10.0.0.5", 6380));
        assert_eq!(r.prefix, "rime:sessions:");
        let custom = def(&[
            ("password", Value::from("s3cret")),
            ("database", Value::Num(2.0)),
        ]);
        let lucee = def(&[
            (
                "class",
                Value::from("lucee.extension.io.cache.redis.RedisCache"),
            ),
            ("custom", Value::Struct(custom)),
            ("default", Value::from("object")),
        ]);
        let d = parse("c", &lucee)?;
        assert_eq!(d.default_for, vec!["object".to_string()]);
        let Backend::Redis(r) = d.backend else {
            return Err(CfmlError::application("not redis"));
        };
        assert_eq!((r.password.as_deref(), r.database), (Some("s3cret"), 2));
        Ok(())
    }

    #[test]
    fn ram_and_unknown_drivers() -> CfResult<()> {
        let ram = def(&[("class", Value::from("lucee.runtime.cache.ram.RamCache"))]);
        assert_eq!(parse("r", &ram)?.backend, Backend::Memory);
        let bad = def(&[("type", Value::from("memcached"))]);
        assert!(parse("m", &bad).is_err());
        let port = def(&[
            ("type", Value::from("redis")),
            ("port", Value::Num(70000.0)),
        ]);
        assert!(parse("p", &port).is_err());
        Ok(())
    }
}
