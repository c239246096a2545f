//! A cache on a Redis server: the object cache functions and session storage.
//!
//! Keys: `<prefix>c:<ID>` for object entries, `<prefix>s:<application>:<session id>` for
//! sessions. An object entry is `{"v": value, "c": created ms, "w": written ms, "t": time span
//! ms, "i": idle ms}` (serial.rs for the value); Redis expires it (`PX`) when its time span or
//! idle time ends, and a read moves the expiry on when the entry has an idle time. A session is
//! `{"c": "<created>", "s": <scope>}` with a TTL of the session timeout, renewed by each request.
//!
//! Connections are pooled. One that fails is dropped, and a command that failed on a pooled
//! connection (Redis restarted since) is tried once more on a new one, so Rime recovers from a
//! Redis restart without a restart of its own. Redis being down is a CFML error for the request.

use crate::config::RedisConfig;
use crate::serial::{self, DATE_FORMAT};
use chrono::NaiveDateTime;
use parking_lot::Mutex;
use rime_runtime::cache::wildcard_match;
use rime_runtime::{Cache, CacheMetadata, CfResult, CfmlError, DateTime, Struct, Value};
use serde_json::{json, Value as Json};
use std::time::Duration;

/// Idle connections kept for reuse.
const MAX_IDLE: usize = 16;
/// Keys asked for per `SCAN` step and deleted per `DEL`.
const BATCH: usize = 500;

pub struct RedisCache {
    name: String,
    config: RedisConfig,
    client: redis::Client,
    idle: Mutex<Vec<redis::Connection>>,
}

/// A session read from Redis.
pub struct StoredSession {
    pub scope: Struct,
    pub created: DateTime,
    /// The scope as it was stored, to tell at the end of the request whether it changed.
    pub stored: Vec<u8>,
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

fn ms(d: Option<Duration>) -> Json {
    d.map_or(Json::Null, |d| json!(d.as_millis() as u64))
}

fn duration(j: Option<&Json>) -> Option<Duration> {
    j.and_then(Json::as_u64).map(Duration::from_millis)
}

fn date_of_ms(ms: i64) -> DateTime {
    // Stored in UTC; shown in the server's local time like every other date.
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|d| DateTime::new(d.with_timezone(&chrono::Local).naive_local()))
        .unwrap_or_else(DateTime::now)
}

/// Percent-encode a URL user-info part (passwords may hold `@`, `:` or `/`).
fn encode_userinfo(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

impl RedisCache {
    /// A cache on the server `config` names. No connection is made until it is used.
    pub fn new(name: &str, config: RedisConfig) -> CfResult<RedisCache> {
        let auth = match (&config.username, &config.password) {
            (Some(u), Some(p)) => format!("{}:{}@", encode_userinfo(u), encode_userinfo(p)),
            (None, Some(p)) => format!(":{}@", encode_userinfo(p)),
            (Some(u), None) => format!("{}@", encode_userinfo(u)),
            (None, None) => String::new(),
        };
        let host = if config.host.contains(':') {
            format!("[{}]", config.host)
        } else {
            config.host.clone()
        };
        let url = format!("redis://{auth}{host}:{}/{}", config.port, config.database);
        let client = redis::Client::open(url.as_str()).map_err(|e| {
            CfmlError::application(format!("cache [{name}]: invalid Redis settings: {e}"))
        })?;
        Ok(RedisCache {
            name: name.to_string(),
            config,
            client,
            idle: Mutex::new(Vec::new()),
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    fn error(&self, e: &redis::RedisError) -> Box<CfmlError> {
        CfmlError::application(format!(
            "cache [{}]: the Redis server at {}:{} failed: {e}",
            self.name, self.config.host, self.config.port
        ))
    }

    fn connect(&self) -> CfResult<redis::Connection> {
        let t = self.config.timeout;
        let conn = self
            .client
            .get_connection_with_timeout(t)
            .map_err(|e| self.error(&e))?;
        conn.set_read_timeout(Some(t)).map_err(|e| self.error(&e))?;
        conn.set_write_timeout(Some(t))
            .map_err(|e| self.error(&e))?;
        Ok(conn)
    }

    /// Run `f` on a pooled connection (or a new one); see the module doc for the retry.
    fn run<T>(&self, f: impl Fn(&mut redis::Connection) -> redis::RedisResult<T>) -> CfResult<T> {
        let pooled = self.idle.lock().pop();
        let was_pooled = pooled.is_some();
        let mut conn = match pooled {
            Some(c) => c,
            None => self.connect()?,
        };
        let result = match f(&mut conn) {
            Err(e) if was_pooled && (e.is_io_error() || e.is_connection_dropped()) => {
                conn = self.connect()?;
                f(&mut conn)
            }
            other => other,
        };
        match result {
            Ok(v) => {
                let mut idle = self.idle.lock();
                if idle.len() < MAX_IDLE {
                    idle.push(conn);
                }
                Ok(v)
            }
            Err(e) => Err(self.error(&e)),
        }
    }

    fn entry_key(&self, id: &str) -> String {
        format!("{}c:{id}", self.config.prefix)
    }

    fn session_key(&self, app: &str, id: &str) -> String {
        format!("{}s:{}:{id}", self.config.prefix, app.to_lowercase())
    }

    /// The ids of the object entries, sorted (Redis hands them out in no order).
    fn all_ids(&self) -> CfResult<Vec<String>> {
        // SCAN's pattern treats `*?[]\` specially: escape them in the prefix.
        let mut pattern = String::new();
        for c in format!("{}c:", self.config.prefix).chars() {
            if "*?[]\\".contains(c) {
                pattern.push('\\');
            }
            pattern.push(c);
        }
        pattern.push('*');
        let skip = self.config.prefix.len() + 2;
        let mut keys: Vec<String> = self.run(|c| {
            let mut out = Vec::new();
            let mut cursor: u64 = 0;
            loop {
                let (next, batch): (u64, Vec<String>) = redis::cmd("SCAN")
                    .arg(cursor)
                    .arg("MATCH")
                    .arg(&pattern)
                    .arg("COUNT")
                    .arg(BATCH)
                    .query(c)?;
                out.extend(batch);
                if next == 0 {
                    return Ok(out);
                }
                cursor = next;
            }
        })?;
        keys.sort();
        keys.dedup();
        Ok(keys
            .into_iter()
            .filter_map(|k| k.get(skip..).map(str::to_string))
            .collect())
    }

    fn matching_ids(&self, filter: Option<&str>) -> CfResult<Vec<String>> {
        let mut ids = self.all_ids()?;
        if let Some(f) = filter {
            ids.retain(|id| wildcard_match(f, id));
        }
        Ok(ids)
    }

    /// The JSON stored under `key` (`what` names it in the error when it isn't Rime's).
    fn get_json(&self, key: &str, what: &str) -> CfResult<Option<Json>> {
        let raw: Option<Vec<u8>> = self.run(|c| redis::cmd("GET").arg(key).query(c))?;
        let Some(raw) = raw else {
            return Ok(None);
        };
        serde_json::from_slice(&raw).map(Some).map_err(|_| {
            CfmlError::application(format!(
                "cache [{}]: {what} was not written by Rime",
                self.name
            ))
        })
    }

    fn read_entry(&self, id: &str) -> CfResult<Option<Json>> {
        let key = self.entry_key(id);
        let Some(entry) = self.get_json(&key, &format!("the entry [{id}]"))? else {
            return Ok(None);
        };
        // A read moves an idle time on, but never past the end of the time span.
        if let Some(idle) = duration(entry.get("i")) {
            let mut ttl = idle;
            if let Some(live) = duration(entry.get("t")) {
                let written = entry.get("w").and_then(Json::as_i64).unwrap_or(0);
                let age = Duration::from_millis((now_ms() - written).max(0) as u64);
                ttl = ttl.min(live.saturating_sub(age));
            }
            let px = ttl.as_millis().max(1) as u64;
            self.run(|c| redis::cmd("PEXPIRE").arg(&key).arg(px).query::<i64>(c))?;
        }
        Ok(Some(entry))
    }

    // --- sessions ----------------------------------------------------------------------------

    /// The stored session `id` of `app`, if Redis still has it.
    pub fn session_load(&self, app: &str, id: &str) -> CfResult<Option<StoredSession>> {
        let key = self.session_key(app, id);
        let Some(record) = self.get_json(&key, &format!("the session [{id}]"))? else {
            return Ok(None);
        };
        let created = record
            .get("c")
            .and_then(Json::as_str)
            .and_then(|d| NaiveDateTime::parse_from_str(d, DATE_FORMAT).ok())
            .map(DateTime::new)
            .unwrap_or_else(DateTime::now);
        let body = record.get("s").cloned().unwrap_or(Json::Null);
        let Value::Struct(scope) = serial::from_json(&body)? else {
            return Ok(None);
        };
        Ok(Some(StoredSession {
            scope,
            created,
            stored: body.to_string().into_bytes(),
        }))
    }

    fn session_record(scope: &Struct, created: DateTime) -> CfResult<(String, Vec<u8>)> {
        let body = serial::to_json(&Value::Struct(scope.clone()), "session")?;
        let record = json!({ "c": created.ndt().format(DATE_FORMAT).to_string(), "s": body });
        Ok((record.to_string(), body.to_string().into_bytes()))
    }

    /// Store a new session; false if the id was taken (it never is: ids are random).
    pub fn session_create(
        &self,
        app: &str,
        id: &str,
        scope: &Struct,
        created: DateTime,
        ttl: Duration,
    ) -> CfResult<bool> {
        let (record, _) = Self::session_record(scope, created)?;
        let key = self.session_key(app, id);
        let px = ttl.as_millis().max(1) as u64;
        let done: Option<String> = self.run(|c| {
            redis::cmd("SET")
                .arg(&key)
                .arg(&record)
                .arg("NX")
                .arg("PX")
                .arg(px)
                .query(c)
        })?;
        Ok(done.is_some())
    }

    /// End of a request: write the scope back when it changed from `stored`, otherwise only
    /// renew the session's time to live. A session ended meanwhile (by another instance) stays
    /// ended.
    pub fn session_save(
        &self,
        app: &str,
        id: &str,
        scope: &Struct,
        created: DateTime,
        ttl: Duration,
        stored: &[u8],
    ) -> CfResult<()> {
        let key = self.session_key(app, id);
        let px = ttl.as_millis().max(1) as u64;
        let (record, body) = Self::session_record(scope, created)?;
        if body == stored {
            self.run(|c| redis::cmd("PEXPIRE").arg(&key).arg(px).query::<i64>(c))?;
        } else {
            self.run(|c| {
                redis::cmd("SET")
                    .arg(&key)
                    .arg(&record)
                    .arg("XX")
                    .arg("PX")
                    .arg(px)
                    .query::<Option<String>>(c)
            })?;
        }
        Ok(())
    }

    pub fn session_delete(&self, app: &str, id: &str) -> CfResult<()> {
        let key = self.session_key(app, id);
        self.run(|c| redis::cmd("DEL").arg(&key).query::<i64>(c))?;
        Ok(())
    }

    /// Move a session to a new id (`sessionRotate`); false when it no longer exists.
    pub fn session_rename(&self, app: &str, old: &str, new: &str) -> CfResult<bool> {
        let (from, to) = (self.session_key(app, old), self.session_key(app, new));
        let moved: CfResult<i64> =
            self.run(|c| redis::cmd("RENAMENX").arg(&from).arg(&to).query(c));
        match moved {
            Ok(n) => Ok(n == 1),
            // "no such key": the session ended meanwhile.
            Err(e) if e.message.contains("no such key") => Ok(false),
            Err(e) => Err(e),
        }
    }
}

impl Cache for RedisCache {
    fn put(
        &self,
        id: &str,
        value: &Value,
        live: Option<Duration>,
        idle: Option<Duration>,
    ) -> CfResult<()> {
        let v = serial::to_json(value, &format!("cache entry [{id}]"))?;
        let now = now_ms();
        let entry = json!({ "v": v, "c": now, "w": now, "t": ms(live), "i": ms(idle) });
        let text = entry.to_string();
        let key = self.entry_key(id);
        let expiry = match (live, idle) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.run(|c| {
            let mut cmd = redis::cmd("SET");
            cmd.arg(&key).arg(&text);
            if let Some(d) = expiry {
                cmd.arg("PX").arg(d.as_millis().max(1) as u64);
            }
            cmd.query::<()>(c)
        })
    }

    fn get(&self, id: &str) -> CfResult<Option<Value>> {
        match self.read_entry(id)? {
            Some(e) => Ok(Some(serial::from_json(e.get("v").unwrap_or(&Json::Null))?)),
            None => Ok(None),
        }
    }

    fn remove(&self, id: &str) -> CfResult<bool> {
        let key = self.entry_key(id);
        let n: i64 = self.run(|c| redis::cmd("DEL").arg(&key).query(c))?;
        Ok(n > 0)
    }

    fn contains(&self, id: &str) -> CfResult<bool> {
        let key = self.entry_key(id);
        let n: i64 = self.run(|c| redis::cmd("EXISTS").arg(&key).query(c))?;
        Ok(n > 0)
    }

    fn ids(&self, filter: Option<&str>) -> CfResult<Vec<String>> {
        self.matching_ids(filter)
    }

    fn entries(&self, filter: Option<&str>) -> CfResult<Vec<(String, Value)>> {
        let mut out = Vec::new();
        for id in self.matching_ids(filter)? {
            // An entry may expire between the scan and the read.
            if let Some(v) = self.get(&id)? {
                out.push((id, v));
            }
        }
        Ok(out)
    }

    fn clear(&self, filter: Option<&str>) -> CfResult<usize> {
        let keys: Vec<String> = self
            .matching_ids(filter)?
            .iter()
            .map(|id| self.entry_key(id))
            .collect();
        let mut removed = 0;
        for chunk in keys.chunks(BATCH) {
            let n: i64 = self.run(|c| redis::cmd("DEL").arg(chunk).query(c))?;
            removed += n.max(0) as usize;
        }
        Ok(removed)
    }

    /// Redis keeps no hit counts; the dates and timings come from the entry itself.
    fn metadata(&self, id: &str) -> CfResult<Option<CacheMetadata>> {
        let Some(e) = self.read_entry(id)? else {
            return Ok(None);
        };
        let at = |k: &str| date_of_ms(e.get(k).and_then(Json::as_i64).unwrap_or(0));
        Ok(Some(CacheMetadata {
            cache_hits: 0,
            cache_misses: 0,
            created: at("c"),
            hits: 0,
            idle: duration(e.get("i")),
            live: duration(e.get("t")),
            last_read: DateTime::now(),
            last_written: at("w"),
        }))
    }
}
