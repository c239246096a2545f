//! Datasource definitions: every struct shape Lucee accepts, parsed into one comparable value.
//!
//! - `{ type: "sqlite", database: "path" }` (relative paths resolve against the application);
//! - `{ type: "postgresql", host, port, database, username, password }`;
//! - `{ class: "org.postgresql.Driver", connectionString: "jdbc:postgresql://host:port/db", username, password }`;
//! - `{ class: "org.sqlite.JDBC", connectionString: "jdbc:sqlite:path" }`;
//! - `{ type: "mysql", host, port, database, username, password }`, `jdbc:mysql://` and
//!   `jdbc:mariadb://` URLs, the `com.mysql.*` / `org.mariadb.*` driver classes (Lucee's
//!   `dbdriver: "MySQL"`);
//! - libpq URLs (`postgresql://user:pass@host:port/db`) as `connectionString`;
//! - Lucee's `dsn` templates with `{host}`, `{port}`, `{database}` placeholders;
//! - `connectionLimit` (-1: unlimited, capped), `connectionTimeout` (idle minutes), `timezone`,
//!   `custom` (extra connection parameters), and Rime's `waitTimeout` (seconds to wait for a
//!   free connection).

use crate::error::database_error;
use rime_runtime::{CfResult, Struct, Value};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A parsed datasource definition. Compared and hashed by value: the registry keeps one pool per
/// distinct definition.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DatasourceConfig {
    pub name: String,
    pub target: Target,
    /// Most connections open at once.
    pub connection_limit: usize,
    /// How long `connection()` waits for a free connection before failing.
    pub wait_timeout: Duration,
    /// Idle connections older than this are closed (None: kept).
    pub idle_timeout: Option<Duration>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// `path: None` is a private in-memory database (one connection, so every query sees it).
    Sqlite {
        path: Option<PathBuf>,
    },
    Postgres(ServerTarget),
    /// MySQL or MariaDB.
    Mysql(ServerTarget),
}

/// A database server reached over the network (PostgreSQL, MySQL).
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct ServerTarget {
    /// Host names, IP addresses, or Unix socket directories (starting with `/`).
    pub hosts: Vec<String>,
    pub port: u16,
    pub database: String,
    pub username: String,
    pub password: String,
    /// Session time zone; None: the process's local zone (as the JDBC driver sends the JVM's).
    pub timezone: Option<String>,
    /// Seconds to wait for the server when connecting.
    pub connect_timeout: u64,
    /// Other connection parameters (`sslmode`, `application_name`, `options`, ...).
    pub params: Vec<(String, String)>,
}

impl fmt::Debug for ServerTarget {
    /// Like the derived form, without the password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ServerTarget")
            .field("hosts", &self.hosts)
            .field("port", &self.port)
            .field("database", &self.database)
            .field("username", &self.username)
            .field("password", &"***")
            .field("timezone", &self.timezone)
            .field("params", &self.params)
            .finish()
    }
}

impl DatasourceConfig {
    /// `"sqlite"`, `"postgresql"` or `"mysql"`.
    pub fn kind(&self) -> &'static str {
        match self.target {
            Target::Sqlite { .. } => "sqlite",
            Target::Postgres(_) => "postgresql",
            Target::Mysql(_) => "mysql",
        }
    }

    /// Whether its calls are local work (SQLite: the CPU and the disk) rather than waits on a
    /// server. The engine runs them inline on the request's thread: handing the server's
    /// thread off for each call cost a SQLite page (bench/webroot/fortunes.cfm) a quarter of
    /// its throughput and a thread per request in flight, and a long call is handed off by
    /// the page's time slice once it returns.
    pub fn is_local(&self) -> bool {
        matches!(self.target, Target::Sqlite { .. })
    }

    /// A SQLite datasource on a file (or in memory with `None`), with default limits.
    pub fn sqlite(name: &str, path: Option<PathBuf>) -> DatasourceConfig {
        let memory = path.is_none();
        DatasourceConfig {
            name: name.to_string(),
            target: Target::Sqlite { path },
            connection_limit: if memory { 1 } else { DEFAULT_SQLITE_LIMIT },
            wait_timeout: DEFAULT_WAIT,
            idle_timeout: if memory { None } else { Some(DEFAULT_IDLE) },
        }
    }
}

const DEFAULT_SQLITE_LIMIT: usize = 10;
const DEFAULT_SERVER_LIMIT: usize = 20;
/// What `connectionLimit: -1` ("unlimited" in Lucee) becomes.
const UNLIMITED_CAP: usize = 100;
const DEFAULT_WAIT: Duration = Duration::from_secs(30);
/// Lucee's default `connectionTimeout`: one minute idle.
const DEFAULT_IDLE: Duration = Duration::from_secs(60);

fn get_str(s: &Struct, keys: &[&str]) -> CfResult<Option<String>> {
    for k in keys {
        if let Some(v) = s.get(k) {
            if v.is_null() {
                continue;
            }
            let t = v.to_str()?.trim().to_string();
            if !t.is_empty() {
                return Ok(Some(t));
            }
        }
    }
    Ok(None)
}

fn get_num(name: &str, s: &Struct, key: &str) -> CfResult<Option<f64>> {
    match s.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Str(t)) if t.trim().is_empty() => Ok(None),
        Some(v) => v.to_num().map(Some).map_err(|_| {
            database_error(format!(
                "datasource [{name}]: [{key}] must be a number, got [{}]",
                v.to_str().map(|c| c.into_owned()).unwrap_or_default()
            ))
        }),
    }
}

#[derive(PartialEq, Clone, Copy)]
enum Kind {
    Sqlite,
    Postgres,
    Mysql,
}

/// Parse a datasource definition struct in every shape Lucee accepts.
pub fn config_from_struct(name: &str, s: &Struct, base_dir: &Path) -> CfResult<DatasourceConfig> {
    let ty = get_str(s, &["type", "dbdriver", "driver"])?;
    let class = get_str(s, &["class"])?;
    let conn_str = get_str(s, &["connectionString", "url", "dsn"])?;
    let conn_str = conn_str.map(|c| fill_dsn_template(&c, s));

    let kind = if let Some(t) = &ty {
        match t.to_ascii_lowercase().as_str() {
            "sqlite" | "sqlite3" => Kind::Sqlite,
            "postgresql" | "postgres" | "postgre" | "pgsql" | "pg" => Kind::Postgres,
            "mysql" | "mariadb" => Kind::Mysql,
            other => {
                return Err(database_error(format!(
                    "datasource [{name}]: type [{other}] is not supported; Rime supports [sqlite, postgresql, mysql]"
                )))
            }
        }
    } else if let Some(k) = conn_str.as_deref().and_then(kind_from_url) {
        k
    } else if let Some(c) = &class {
        let l = c.to_ascii_lowercase();
        if l.contains("postgres") {
            Kind::Postgres
        } else if l.contains("sqlite") {
            Kind::Sqlite
        } else if l.contains("mysql") || l.contains("mariadb") {
            Kind::Mysql
        } else {
            return Err(database_error(format!(
                "datasource [{name}]: driver class [{c}] is not supported; Rime supports [org.sqlite.JDBC, org.postgresql.Driver, com.mysql.cj.jdbc.Driver, org.mariadb.jdbc.Driver]"
            )));
        }
    } else {
        return Err(database_error(format!(
            "datasource [{name}]: cannot tell the database type; set [type] (sqlite, postgresql, mysql), or [class] and [connectionString]"
        )));
    };

    let limit = match get_num(name, s, "connectionLimit")? {
        Some(n) if n <= 0.0 => UNLIMITED_CAP,
        Some(n) => (n as usize).clamp(1, 10_000),
        None => match kind {
            Kind::Sqlite => DEFAULT_SQLITE_LIMIT,
            Kind::Postgres | Kind::Mysql => DEFAULT_SERVER_LIMIT,
        },
    };
    let idle = match get_num(name, s, "connectionTimeout")? {
        Some(m) if m <= 0.0 => None,
        Some(m) => Some(Duration::from_secs_f64((m * 60.0).min(1e7))),
        None => Some(DEFAULT_IDLE),
    };
    let wait = match get_num(name, s, "waitTimeout")? {
        Some(sec) if sec > 0.0 => Duration::from_secs_f64(sec.min(1e6)),
        _ => DEFAULT_WAIT,
    };

    match kind {
        Kind::Sqlite => {
            let raw = match conn_str.as_deref() {
                Some(c) if c.to_ascii_lowercase().starts_with("jdbc:sqlite:") => {
                    Some(c["jdbc:sqlite:".len()..].to_string())
                }
                Some(c) if c.to_ascii_lowercase().starts_with("sqlite:") => {
                    Some(c["sqlite:".len()..].trim_start_matches("//").to_string())
                }
                _ => None,
            };
            let raw = match raw {
                Some(r) => Some(r),
                None => get_str(s, &["database", "path", "file"])?,
            };
            let path = sqlite_path(raw.as_deref(), base_dir);
            let mut c = DatasourceConfig::sqlite(name, path);
            if c.target != (Target::Sqlite { path: None }) {
                c.connection_limit = limit;
                c.idle_timeout = idle;
            }
            c.wait_timeout = wait;
            Ok(c)
        }
        Kind::Postgres | Kind::Mysql => {
            let mut t = ServerTarget {
                port: if kind == Kind::Mysql { 3306 } else { 5432 },
                connect_timeout: 10,
                ..ServerTarget::default()
            };
            if let Some(c) = &conn_str {
                parse_server_url(name, kind, c, &mut t)?;
            }
            if let Some(h) = get_str(s, &["host", "server"])? {
                t.hosts = h.split(',').map(|x| x.trim().to_string()).collect();
            }
            if let Some(p) = get_num(name, s, "port")? {
                t.port = port_number(name, p)?;
            }
            if let Some(d) = get_str(s, &["database", "dbname"])? {
                t.database = d;
            }
            if let Some(u) = get_str(s, &["username", "user"])? {
                t.username = u;
            }
            if let Some(p) = s.get("password") {
                let p = p.to_str()?.into_owned();
                if !p.is_empty() {
                    t.password = p;
                }
            }
            if t.password.starts_with("encrypted:") {
                return Err(database_error(format!(
                    "datasource [{name}]: passwords encrypted by the Lucee administrator are not supported; give the plain password"
                )));
            }
            if let Some(tz) = get_str(s, &["timezone"])? {
                t.timezone = Some(tz);
            }
            if let Some(Value::Struct(custom)) = s.get("custom") {
                for (k, v) in custom.entries() {
                    apply_param(name, kind, &mut t, k.as_str(), &v.to_str()?)?;
                }
            } else if let Some(Value::Str(custom)) = s.get("custom") {
                // Lucee's admin writes `custom` as a query string (`useUnicode=true&...`).
                for pair in custom.split('&').filter(|p| !p.is_empty()) {
                    let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
                    apply_param(name, kind, &mut t, &percent_decode(k), &percent_decode(v))?;
                }
            }
            if t.hosts.is_empty() {
                t.hosts.push("localhost".into());
            }
            if t.username.is_empty() {
                t.username = if kind == Kind::Mysql {
                    "root"
                } else {
                    "postgres"
                }
                .into();
            }
            if t.database.is_empty() && kind == Kind::Postgres {
                t.database = t.username.clone();
            }
            Ok(DatasourceConfig {
                name: name.to_string(),
                target: if kind == Kind::Mysql {
                    Target::Mysql(t)
                } else {
                    Target::Postgres(t)
                },
                connection_limit: limit,
                wait_timeout: wait,
                idle_timeout: idle,
            })
        }
    }
}

fn kind_from_url(c: &str) -> Option<Kind> {
    let l = c.to_ascii_lowercase();
    if l.starts_with("jdbc:postgresql:")
        || l.starts_with("postgresql://")
        || l.starts_with("postgres://")
    {
        Some(Kind::Postgres)
    } else if l.starts_with("jdbc:sqlite:") || l.starts_with("sqlite:") {
        Some(Kind::Sqlite)
    } else if ["jdbc:mysql:", "jdbc:mariadb:", "mysql://", "mariadb://"]
        .iter()
        .any(|p| l.starts_with(p))
    {
        Some(Kind::Mysql)
    } else {
        None
    }
}

/// Lucee's `dsn` templates: `jdbc:postgresql://{host}:{port}/{database}`.
fn fill_dsn_template(c: &str, s: &Struct) -> String {
    if !c.contains('{') {
        return c.to_string();
    }
    let mut out = c.to_string();
    for key in ["host", "port", "database"] {
        let val = s
            .get(key)
            .and_then(|v| v.to_str().ok().map(|x| x.into_owned()))
            .unwrap_or_default();
        out = replace_ci(&out, &format!("{{{key}}}"), &val);
    }
    out
}

fn replace_ci(s: &str, pat: &str, with: &str) -> String {
    let lower = s.to_ascii_lowercase();
    let p = pat.to_ascii_lowercase();
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    for (i, _) in lower.match_indices(&p) {
        out.push_str(&s[last..i]);
        out.push_str(with);
        last = i + p.len();
    }
    out.push_str(&s[last..]);
    out
}

fn sqlite_path(raw: Option<&str>, base_dir: &Path) -> Option<PathBuf> {
    let r = raw?.trim();
    // sqlite-jdbc accepts `?key=value` options after the path; Rime sets its own pragmas.
    let r = r.split('?').next().unwrap_or("").trim();
    let r = r.strip_prefix("file:").unwrap_or(r);
    if r.is_empty() || r == ":memory:" || r.eq_ignore_ascii_case("memory") {
        return None;
    }
    let p = PathBuf::from(r);
    Some(if p.is_absolute() { p } else { base_dir.join(p) })
}

/// A port written as text (in a URL or a connection parameter).
fn port_text(name: &str, p: &str) -> CfResult<u16> {
    match p.trim().parse::<f64>() {
        Ok(n) => port_number(name, n),
        Err(_) => Err(database_error(format!(
            "datasource [{name}]: port [{p}] is not a valid port number"
        ))),
    }
}

fn port_number(name: &str, p: f64) -> CfResult<u16> {
    if p.fract() == 0.0 && (1.0..=65535.0).contains(&p) {
        Ok(p as u16)
    } else {
        Err(database_error(format!(
            "datasource [{name}]: port [{p}] is not a valid port number"
        )))
    }
}

/// `jdbc:postgresql://host1:5432,host2/db?user=u&password=p&sslmode=...`,
/// `jdbc:postgresql:db`, a libpq URL `postgresql://user:pass@host:port/db?...`, or the MySQL
/// forms `jdbc:mysql://host:3306/db?...`, `mysql://user:pass@host/db`.
fn parse_server_url(name: &str, kind: Kind, c: &str, t: &mut ServerTarget) -> CfResult<()> {
    let lower = c.to_ascii_lowercase();
    let rest = if lower.starts_with("jdbc:postgresql:") && kind == Kind::Postgres {
        &c["jdbc:postgresql:".len()..]
    } else if let Some(i) = lower.find("://") {
        &c[i + 1..]
    } else {
        let what = if kind == Kind::Mysql {
            "MySQL"
        } else {
            "PostgreSQL"
        };
        return Err(database_error(format!(
            "datasource [{name}]: [{c}] is not a {what} connection string"
        )));
    };
    let (main, query) = match rest.split_once('?') {
        Some((m, q)) => (m, Some(q)),
        None => (rest, None),
    };
    if let Some(after) = main.strip_prefix("//") {
        let (authority, path) = match after.split_once('/') {
            Some((a, p)) => (a, p),
            None => (after, ""),
        };
        let hosts_part = match authority.rsplit_once('@') {
            Some((userinfo, h)) => {
                let (u, p) = match userinfo.split_once(':') {
                    Some((u, p)) => (u, Some(p)),
                    None => (userinfo, None),
                };
                t.username = percent_decode(u);
                if let Some(p) = p {
                    t.password = percent_decode(p);
                }
                h
            }
            None => authority,
        };
        let mut hosts = Vec::new();
        for h in hosts_part.split(',').filter(|h| !h.is_empty()) {
            // `[::1]:5432` or `host:5432`.
            let (host, port) = if let Some(r) = h.strip_prefix('[') {
                match r.split_once(']') {
                    Some((h6, p)) => (h6.to_string(), p.strip_prefix(':')),
                    None => (r.to_string(), None),
                }
            } else {
                match h.rsplit_once(':') {
                    Some((hh, p)) => (hh.to_string(), Some(p)),
                    None => (h.to_string(), None),
                }
            };
            if let Some(p) = port.filter(|p| !p.is_empty()) {
                t.port = port_text(name, p)?;
            }
            hosts.push(percent_decode(&host));
        }
        if !hosts.is_empty() {
            t.hosts = hosts;
        }
        if !path.is_empty() {
            t.database = percent_decode(path);
        }
    } else if !main.is_empty() {
        t.database = percent_decode(main);
    }
    if let Some(q) = query {
        for pair in q.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            apply_param(name, kind, t, &percent_decode(k), &percent_decode(v))?;
        }
    }
    Ok(())
}

/// One connection parameter, in its JDBC or libpq spelling.
fn apply_param(name: &str, kind: Kind, t: &mut ServerTarget, k: &str, v: &str) -> CfResult<()> {
    let k = k.trim();
    if kind == Kind::Mysql {
        return apply_mysql_param(name, t, k, v);
    }
    match k.to_ascii_lowercase().as_str() {
        "user" | "username" => t.username = v.to_string(),
        "password" => t.password = v.to_string(),
        "host" => t.hosts = v.split(',').map(|x| x.trim().to_string()).collect(),
        "port" => t.port = port_text(name, v)?,
        "dbname" | "database" => t.database = v.to_string(),
        "connecttimeout" | "connect_timeout" | "logintimeout" => {
            if let Ok(n) = v.trim().parse::<u64>() {
                if n > 0 {
                    t.connect_timeout = n;
                }
            }
        }
        "timezone" => t.timezone = Some(v.to_string()),
        "currentschema" => t.params.push(("search_path".to_string(), v.to_string())),
        "applicationname" | "application_name" => t
            .params
            .push(("application_name".to_string(), v.to_string())),
        "sslmode" | "options" => t.params.push((k.to_ascii_lowercase(), v.to_string())),
        "ssl" if v.eq_ignore_ascii_case("true") => t
            .params
            .push(("sslmode".to_string(), "require".to_string())),
        // JDBC tuning switches with no meaning for this client.
        _ => {}
    }
    Ok(())
}

/// One Connector/J (or MariaDB Connector/J) parameter; its tuning switches (`useUnicode`,
/// `autoReconnect`, `useSSL`...) have no meaning for this client.
fn apply_mysql_param(name: &str, t: &mut ServerTarget, k: &str, v: &str) -> CfResult<()> {
    match k.to_ascii_lowercase().as_str() {
        "user" | "username" => t.username = v.to_string(),
        "password" => t.password = v.to_string(),
        "port" => t.port = port_text(name, v)?,
        // Connector/J counts milliseconds.
        "connecttimeout" => {
            if let Ok(ms) = v.trim().parse::<u64>() {
                if ms > 0 {
                    t.connect_timeout = ms.div_ceil(1000);
                }
            }
        }
        "servertimezone" | "connectiontimezone" => t.timezone = Some(v.to_string()),
        _ => {}
    }
    Ok(())
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            let hex = std::str::from_utf8(&b[i + 1..i + 3])
                .ok()
                .and_then(|h| u8::from_str_radix(h, 16).ok());
            if let Some(x) = hex {
                out.push(x);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rime_runtime::Key;

    fn st(pairs: &[(&str, Value)]) -> Struct {
        let s = Struct::new();
        for (k, v) in pairs {
            s.set(Key::new(*k), v.clone());
        }
        s
    }

    fn pg(c: &DatasourceConfig) -> Option<&ServerTarget> {
        match &c.target {
            Target::Postgres(t) => Some(t),
            _ => None,
        }
    }

    #[test]
    fn sqlite_shapes() {
        let base = Path::new("/app");
        let a = config_from_struct(
            "a",
            &st(&[
                ("type", "sqlite".into()),
                ("database", "data/app.db".into()),
            ]),
            base,
        );
        assert_eq!(
            a.ok().map(|c| c.target),
            Some(Target::Sqlite {
                path: Some(PathBuf::from("/app/data/app.db"))
            })
        );
        let b = config_from_struct(
            "b",
            &st(&[
                ("class", "org.sqlite.JDBC".into()),
                (
                    "connectionString",
                    "jdbc:sqlite:/var/db/x.sqlite?journal_mode=WAL".into(),
                ),
            ]),
            base,
        );
        assert_eq!(
            b.ok().map(|c| c.target),
            Some(Target::Sqlite {
                path: Some(PathBuf::from("/var/db/x.sqlite"))
            })
        );
        let m = config_from_struct(
            "m",
            &st(&[("type", "sqlite".into()), ("database", ":memory:".into())]),
            base,
        );
        let m = m.ok();
        assert_eq!(m.as_ref().map(|c| c.connection_limit), Some(1));
        assert_eq!(m.map(|c| c.target), Some(Target::Sqlite { path: None }));
    }

    #[test]
    fn postgres_short_form() {
        let c = config_from_struct(
            "p",
            &st(&[
                ("type", "postgresql".into()),
                ("host", "db.local".into()),
                ("port", Value::Num(6543.0)),
                ("database", "shop".into()),
                ("username", "app".into()),
                ("password", "s3cret".into()),
                ("connectionLimit", Value::Num(5.0)),
            ]),
            Path::new("/"),
        );
        let c = c.ok();
        let t = c.as_ref().and_then(pg);
        assert_eq!(
            t.map(|t| t.hosts.clone()),
            Some(vec!["db.local".to_string()])
        );
        assert_eq!(t.map(|t| t.port), Some(6543));
        assert_eq!(t.map(|t| t.database.as_str()), Some("shop"));
        assert_eq!(t.map(|t| t.password.as_str()), Some("s3cret"));
        assert_eq!(c.as_ref().map(|c| c.connection_limit), Some(5));
        assert!(!format!("{:?}", c).contains("s3cret"));
    }

    #[test]
    fn postgres_jdbc_and_libpq_urls() {
        let c = config_from_struct(
            "p",
            &st(&[
                ("class", "org.postgresql.Driver".into()),
                (
                    "connectionString",
                    "jdbc:postgresql://pg1:5433/orders?user=u1&password=p%40ss&currentSchema=app"
                        .into(),
                ),
            ]),
            Path::new("/"),
        )
        .ok();
        let t = c.as_ref().and_then(pg);
        assert_eq!(t.map(|t| t.hosts.clone()), Some(vec!["pg1".to_string()]));
        assert_eq!(t.map(|t| t.port), Some(5433));
        assert_eq!(t.map(|t| t.database.as_str()), Some("orders"));
        assert_eq!(t.map(|t| t.username.as_str()), Some("u1"));
        assert_eq!(t.map(|t| t.password.as_str()), Some("p@ss"));
        assert_eq!(
            t.map(|t| t.params.clone()),
            Some(vec![("search_path".to_string(), "app".to_string())])
        );

        let c = config_from_struct(
            "p",
            &st(&[(
                "connectionString",
                "postgresql://me:pw@[::1]:5999/db1".into(),
            )]),
            Path::new("/"),
        )
        .ok();
        let t = c.as_ref().and_then(pg);
        assert_eq!(t.map(|t| t.hosts.clone()), Some(vec!["::1".to_string()]));
        assert_eq!(t.map(|t| (t.port, t.username.as_str())), Some((5999, "me")));

        let c = config_from_struct(
            "p",
            &st(&[
                ("type", "postgresql".into()),
                ("dsn", "jdbc:postgresql://{host}:{port}/{database}".into()),
                ("host", "h".into()),
                ("port", "7000".into()),
                ("database", "d".into()),
            ]),
            Path::new("/"),
        )
        .ok();
        let t = c.as_ref().and_then(pg);
        assert_eq!(t.map(|t| (t.port, t.database.as_str())), Some((7000, "d")));
    }

    #[test]
    fn mysql_shapes() {
        // ColdBox's `.cfconfig.json`: Lucee's `dbdriver`, a `dsn` template and `custom` as a
        // query string.
        let c = config_from_struct(
            "coolblog",
            &st(&[
                ("class", "com.mysql.cj.jdbc.Driver".into()),
                ("dbdriver", "MySQL".into()),
                ("dsn", "jdbc:mysql://{host}:{port}/{database}".into()),
                (
                    "custom",
                    "useUnicode=true&serverTimezone=UTC&connectTimeout=2500".into(),
                ),
                ("host", "127.0.0.1".into()),
                ("port", "3307".into()),
                ("database", "coolblog".into()),
                ("username", "root".into()),
                ("password", "mysql".into()),
            ]),
            Path::new("/"),
        )
        .ok();
        let t = match c.as_ref().map(|c| &c.target) {
            Some(Target::Mysql(t)) => Some(t),
            _ => None,
        };
        assert_eq!(c.as_ref().map(|c| c.kind()), Some("mysql"));
        assert_eq!(
            t.map(|t| (t.hosts.clone(), t.port, t.database.as_str())),
            Some((vec!["127.0.0.1".to_string()], 3307, "coolblog"))
        );
        assert_eq!(t.and_then(|t| t.timezone.as_deref()), Some("UTC"));
        assert_eq!(t.map(|t| t.connect_timeout), Some(3));
        let c = config_from_struct(
            "m",
            &st(&[("connectionString", "mysql://app:pw@db:3310/shop".into())]),
            Path::new("/"),
        )
        .ok();
        assert!(matches!(
            c.map(|c| c.target),
            Some(Target::Mysql(ServerTarget { port: 3310, ref username, ref database, .. }))
                if username == "app" && database == "shop"
        ));
    }

    #[test]
    fn errors_are_clear() {
        let e = config_from_struct("x", &st(&[("type", "oracle".into())]), Path::new("/"))
            .err()
            .map(|e| e.message)
            .unwrap_or_default();
        assert!(e.contains("type [oracle] is not supported"), "{e}");
        let e = config_from_struct("x", &st(&[]), Path::new("/"))
            .err()
            .map(|e| e.message)
            .unwrap_or_default();
        assert!(e.contains("cannot tell the database type"), "{e}");
        let e = config_from_struct(
            "x",
            &st(&[("type", "postgresql".into()), ("port", "abc".into())]),
            Path::new("/"),
        );
        assert!(e.is_err());
    }

    #[test]
    fn configs_compare_by_value() {
        let mk = || {
            config_from_struct(
                "a",
                &st(&[("type", "sqlite".into()), ("database", "x.db".into())]),
                Path::new("/srv"),
            )
            .ok()
        };
        assert_eq!(mk(), mk());
    }

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("a%20b%"), "a b%");
        assert_eq!(percent_decode("%4"), "%4");
        assert_eq!(percent_decode("%zz"), "%zz");
    }
}
