//! The PostgreSQL driver (the synchronous `postgres` client).
//!
//! - Callers write `?`; it becomes `$1..$n` outside literals, identifiers and comments.
//! - Parameters are declared with the PostgreSQL type their `cf_sql_*` type names (string types
//!   stay unspecified so the server infers them, e.g. a `varchar` param compared to an integer
//!   column) and are sent in text format, which the server parses for whatever type it inferred.
//! - Results arrive in binary format and are decoded here for every common type.
//! - Prepared statements are cached per connection; a plan made stale by DDL is re-prepared once.
//! - `QueryOptions.timeout` sets `statement_timeout` around the one statement.
//! - Sessions use the process's time zone (as the JDBC driver sends the JVM's), so naive CFML
//!   dates read and write consistently against `timestamptz` columns.

use crate::config::{DatasourceConfig, ServerTarget, Target};
use crate::error::{count_mismatch, database_error, db_error, DbFailure};
use crate::params::{bind, time_text, timestamp_text, Bound};
use crate::pool::{Manage, PooledDatasource};
use crate::sql::{first_keyword, has_multiple_statements, to_postgres_placeholders, Dialect};
use crate::{int_value, Connection, ExecResult, Isolation, QueryOptions, SqlParam, SqlType};
use bytes::BytesMut;
use chrono::{Duration as ChronoDuration, Local, NaiveDate, NaiveDateTime, NaiveTime, TimeZone};
use postgres::fallible_iterator::FallibleIterator;
use postgres::types::{to_sql_checked, FromSql, IsNull, Kind, ToSql, Type};
use postgres::{Client, NoTls, SimpleQueryMessage, Statement};
use rime_runtime::query::Column;
use rime_runtime::{Array, CfResult, DateTime, Key, Query, Value};
use std::collections::HashMap;
use std::error::Error as StdError;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

type BoxError = Box<dyn StdError + Sync + Send>;

/// Prepared statements kept per connection before the cache is emptied.
const STATEMENT_CACHE: usize = 256;

/// A pooled PostgreSQL datasource.
pub(crate) fn datasource(config: DatasourceConfig) -> CfResult<PooledDatasource<PgManager>> {
    let Target::Postgres(t) = &config.target else {
        return Err(database_error("not a PostgreSQL datasource"));
    };
    let manager = PgManager {
        name: config.name.clone(),
        where_: format!("{}:{}/{}", t.hosts.join(","), t.port, t.database),
        pg: client_config(t),
    };
    Ok(PooledDatasource::new("postgresql", config, manager))
}

/// The process's IANA time zone name, when it can be found.
fn local_zone_name() -> Option<&'static str> {
    static ZONE: OnceLock<Option<String>> = OnceLock::new();
    ZONE.get_or_init(|| {
        let from_path = |p: &str| p.find("zoneinfo/").map(|i| p[i + 9..].to_string());
        if let Ok(tz) = std::env::var("TZ") {
            let t = tz.trim().trim_start_matches(':');
            if !t.is_empty() {
                return if t.starts_with('/') {
                    from_path(t)
                } else {
                    Some(t.to_string())
                };
            }
        }
        if let Ok(s) = std::fs::read_to_string("/etc/timezone") {
            let s = s.trim();
            if !s.is_empty() && !s.contains(char::is_whitespace) {
                return Some(s.to_string());
            }
        }
        std::fs::read_link("/etc/localtime")
            .ok()
            .and_then(|p| from_path(&p.to_string_lossy()))
    })
    .as_deref()
}

/// A value inside PostgreSQL's `options` startup parameter: spaces and backslashes escaped.
fn option_value(v: &str) -> String {
    v.replace('\\', "\\\\").replace(' ', "\\ ")
}

fn client_config(t: &ServerTarget) -> postgres::Config {
    let mut c = postgres::Config::new();
    for h in &t.hosts {
        c.host(h);
    }
    c.port(t.port);
    c.user(&t.username);
    if !t.password.is_empty() {
        c.password(&t.password);
    }
    c.dbname(&t.database);
    c.connect_timeout(Duration::from_secs(t.connect_timeout.max(1)));
    c.keepalives(true);
    c.keepalives_idle(Duration::from_secs(60));
    c.application_name("rime");
    c.ssl_mode(postgres::config::SslMode::Disable);
    let mut options: Vec<String> = Vec::new();
    let tz = t
        .timezone
        .clone()
        .or_else(|| local_zone_name().map(String::from));
    if let Some(tz) = tz {
        options.push(format!("-c TimeZone={}", option_value(&tz)));
    }
    for (k, v) in &t.params {
        match k.as_str() {
            "search_path" => options.push(format!("-c search_path={}", option_value(v))),
            "application_name" => {
                c.application_name(v);
            }
            "options" => options.push(v.clone()),
            "sslmode" => {
                use postgres::config::SslMode;
                // No TLS connector is linked in: `require` fails at connect with a clear
                // message rather than silently connecting in the clear.
                c.ssl_mode(match v.to_ascii_lowercase().as_str() {
                    "require" | "verify-ca" | "verify-full" => SslMode::Require,
                    _ => SslMode::Disable,
                });
            }
            _ => {}
        }
    }
    if !options.is_empty() {
        c.options(&options.join(" "));
    }
    c
}

pub(crate) struct PgManager {
    name: String,
    where_: String,
    pg: postgres::Config,
}

impl Manage for PgManager {
    type Conn = PgConn;

    fn connect(&self) -> CfResult<PgConn> {
        match self.pg.connect(NoTls) {
            Ok(client) => Ok(PgConn {
                client,
                name: self.name.clone(),
                cache: HashMap::new(),
                in_tx: false,
                tx_failure: None,
            }),
            Err(e) => {
                let mut f = pg_failure(&e);
                f.message = format!(
                    "could not connect to datasource [{}] (PostgreSQL at {}): {}",
                    self.name, self.where_, f.message
                );
                if f.sql_state.is_empty() {
                    f.sql_state = "08001".into();
                }
                Err(db_error(&self.name, "", f))
            }
        }
    }

    fn is_valid(&self, conn: &mut PgConn) -> bool {
        !conn.client.is_closed()
    }

    fn recycle(&self, conn: &mut PgConn) -> bool {
        if conn.client.is_closed() {
            return false;
        }
        if conn.in_tx {
            conn.in_tx = false;
            conn.tx_failure = None;
            return conn.client.batch_execute("ROLLBACK").is_ok();
        }
        true
    }
}

pub(crate) struct PgConn {
    client: Client,
    name: String,
    cache: HashMap<(String, Vec<u32>), Statement>,
    in_tx: bool,
    /// The message of the statement that aborted the open transaction (PostgreSQL then rejects
    /// everything until a rollback, and turns COMMIT into ROLLBACK).
    tx_failure: Option<String>,
}

/// The type a parameter is declared with; `None` lets the server infer it.
fn declared_type(t: SqlType) -> Option<Type> {
    Some(match t {
        SqlType::Integer => Type::INT4,
        SqlType::BigInt => Type::INT8,
        SqlType::SmallInt | SqlType::TinyInt => Type::INT2,
        SqlType::Numeric | SqlType::Decimal | SqlType::Money | SqlType::Money4 => Type::NUMERIC,
        SqlType::Double | SqlType::Float => Type::FLOAT8,
        SqlType::Real => Type::FLOAT4,
        SqlType::Bit | SqlType::Boolean => Type::BOOL,
        SqlType::Date => Type::DATE,
        SqlType::Time => Type::TIME,
        SqlType::Timestamp => Type::TIMESTAMP,
        SqlType::Binary | SqlType::VarBinary | SqlType::LongVarBinary | SqlType::Blob => {
            Type::BYTEA
        }
        _ => return None,
    })
}

/// "Unspecified" (OID 0) in a Parse message: the server infers the parameter's type.
fn unspecified() -> Type {
    Type::new("unspecified".into(), 0, Kind::Pseudo, "pg_catalog".into())
}

/// Statements whose prepared form is worth keeping.
fn cacheable(sql: &str) -> bool {
    matches!(
        first_keyword(sql).as_str(),
        "SELECT" | "INSERT" | "UPDATE" | "DELETE" | "WITH" | "VALUES"
    )
}

impl PgConn {
    fn prepare(&mut self, psql: &str, types: &[Type]) -> Result<Statement, postgres::Error> {
        if !cacheable(psql) {
            return self.client.prepare_typed(psql, types);
        }
        let key = (psql.to_string(), types.iter().map(|t| t.oid()).collect());
        if let Some(s) = self.cache.get(&key) {
            return Ok(s.clone());
        }
        let s = self.client.prepare_typed(psql, types)?;
        if self.cache.len() >= STATEMENT_CACHE {
            self.cache.clear();
        }
        self.cache.insert(key, s.clone());
        Ok(s)
    }

    fn forget(&mut self, psql: &str, types: &[Type]) {
        let key = (psql.to_string(), types.iter().map(|t| t.oid()).collect());
        self.cache.remove(&key);
    }

    fn run(
        &mut self,
        sql: &str,
        psql: &str,
        types: &[Type],
        bound: &[Bound],
        max_rows: Option<usize>,
    ) -> Result<ExecResult, postgres::Error> {
        let stmt = self.prepare(psql, types)?;
        let args: Vec<PgArg<'_>> = bound.iter().map(PgArg).collect();
        let mut out = ExecResult::default();
        if stmt.columns().is_empty() {
            let refs: Vec<&(dyn ToSql + Sync)> =
                args.iter().map(|a| a as &(dyn ToSql + Sync)).collect();
            let n = self.client.execute(&stmt, &refs)? as usize;
            out.affected_rows = n;
            out.record_count = n;
            return Ok(out);
        }
        let cols: Vec<(String, &'static str)> = stmt
            .columns()
            .iter()
            .map(|c| (c.name().to_string(), type_name(c.type_())))
            .collect();
        let mut values: Vec<Vec<Value>> = vec![Vec::new(); cols.len()];
        let limit = max_rows.unwrap_or(usize::MAX);
        let mut n = 0;
        let mut it = self
            .client
            .query_raw(&stmt, args.iter().map(|a| a as &dyn ToSql))?;
        while n < limit {
            let Some(row) = it.next()? else { break };
            for (i, col) in values.iter_mut().enumerate() {
                let Cell(v) = row.try_get::<usize, Cell>(i)?;
                col.push(v);
            }
            n += 1;
        }
        let complete = n < limit;
        let affected = if complete { it.rows_affected() } else { None };
        drop(it);
        out.query = Query {
            columns: cols
                .into_iter()
                .zip(values)
                .map(|((name, ty), values)| Column {
                    name: Key::new(&name),
                    type_name: ty.to_string(),
                    values,
                })
                .collect(),
            rows: n,
            current_row: 1,
            index: None,
        };
        out.record_count = n;
        out.returns_rows = true;
        let keyword = first_keyword(sql);
        if matches!(keyword.as_str(), "INSERT" | "UPDATE" | "DELETE") {
            out.affected_rows = affected.map_or(n, |a| a as usize);
        }
        if keyword == "INSERT" {
            out.generated_key = out.query.get(0, 1).cloned();
        }
        Ok(out)
    }

    /// Several statements without parameters go through the simple query protocol (the
    /// extended one takes one statement); values then arrive as text.
    fn run_simple(
        &mut self,
        sql: &str,
        max_rows: Option<usize>,
    ) -> Result<ExecResult, postgres::Error> {
        let msgs = self.client.simple_query(sql)?;
        let limit = max_rows.unwrap_or(usize::MAX);
        let mut last = ExecResult::default();
        let mut last_rows: Option<ExecResult> = None;
        let mut cur: Option<(Vec<String>, Vec<Vec<Value>>, usize)> = None;
        for m in msgs {
            match m {
                SimpleQueryMessage::RowDescription(cols) => {
                    let names: Vec<String> = cols.iter().map(|c| c.name().to_string()).collect();
                    let n = names.len();
                    cur = Some((names, vec![Vec::new(); n], 0));
                }
                SimpleQueryMessage::Row(r) => {
                    if let Some((_, vals, rows)) = cur.as_mut() {
                        if *rows < limit {
                            for (i, col) in vals.iter_mut().enumerate() {
                                col.push(match r.get(i) {
                                    Some(s) => Value::from(s),
                                    None => Value::Str(arcstr::ArcStr::new()),
                                });
                            }
                            *rows += 1;
                        }
                    }
                }
                SimpleQueryMessage::CommandComplete(n) => match cur.take() {
                    Some((names, vals, rows)) => {
                        let q = Query {
                            columns: names
                                .into_iter()
                                .zip(vals)
                                .map(|(name, values)| Column {
                                    name: Key::new(&name),
                                    type_name: "varchar".into(),
                                    values,
                                })
                                .collect(),
                            rows,
                            current_row: 1,
                            index: None,
                        };
                        last_rows = Some(ExecResult {
                            query: q,
                            record_count: rows,
                            returns_rows: true,
                            ..ExecResult::default()
                        });
                    }
                    None => {
                        last = ExecResult {
                            record_count: n as usize,
                            affected_rows: n as usize,
                            ..ExecResult::default()
                        };
                    }
                },
                _ => {}
            }
        }
        Ok(last_rows.unwrap_or(last))
    }

    fn control(&mut self, sql: &str) -> CfResult<()> {
        self.client
            .batch_execute(sql)
            .map_err(|e| db_error(&self.name, sql, pg_failure(&e)))
    }

    fn statement(
        &mut self,
        sql: &str,
        psql: &str,
        types: &[Type],
        bound: &[Bound],
        opts: &QueryOptions,
        simple: bool,
    ) -> Result<ExecResult, postgres::Error> {
        if simple {
            return self.run_simple(sql, opts.max_rows);
        }
        match self.run(sql, psql, types, bound, opts.max_rows) {
            // DDL changed what a cached statement returns: prepare it afresh, once (outside a
            // transaction only: inside one the error has already aborted it).
            Err(e) if !self.in_tx && is_stale_plan(&e) => {
                self.forget(psql, types);
                self.run(sql, psql, types, bound, opts.max_rows)
            }
            other => other,
        }
    }
}

fn is_stale_plan(e: &postgres::Error) -> bool {
    e.as_db_error().is_some_and(|d| {
        d.message()
            .contains("cached plan must not change result type")
    })
}

impl Connection for PgConn {
    fn execute(
        &mut self,
        sql: &str,
        params: &[SqlParam],
        opts: &QueryOptions,
    ) -> CfResult<ExecResult> {
        let start = Instant::now();
        let bound = params.iter().map(bind).collect::<CfResult<Vec<_>>>()?;
        let (psql, count) = to_postgres_placeholders(sql);
        if count != bound.len() {
            return Err(db_error(
                &self.name,
                sql,
                count_mismatch(count, bound.len(), 0),
            ));
        }
        let simple = count == 0 && has_multiple_statements(sql, Dialect::Postgres);
        let types: Vec<Type> = params
            .iter()
            .map(|p| declared_type(p.sql_type).unwrap_or_else(unspecified))
            .collect();
        // `timeout=0` means no timeout, as in Lucee.
        let timeout = opts.timeout.filter(|t| !t.is_zero());
        if let Some(t) = timeout {
            let ms = t.as_millis().clamp(1, i32::MAX as u128);
            self.control(&format!("SET statement_timeout = {ms}"))?;
        }
        let r = self.statement(sql, &psql, &types, &bound, opts, simple);
        if timeout.is_some() {
            // Fails only inside an aborted transaction, whose rollback undoes the SET anyway.
            let _ = self.client.batch_execute("RESET statement_timeout");
        }
        match r {
            Ok(mut out) => {
                out.execution_time_ms = start.elapsed().as_secs_f64() * 1000.0;
                Ok(out)
            }
            Err(e) => {
                let f = pg_failure(&e);
                if self.in_tx && e.as_db_error().is_some() && self.tx_failure.is_none() {
                    self.tx_failure = Some(f.message.clone());
                }
                Err(db_error(&self.name, sql, f))
            }
        }
    }

    fn begin(&mut self, isolation: Option<&str>) -> CfResult<()> {
        let iso = isolation.map(Isolation::parse).transpose()?;
        if self.in_tx {
            return Err(database_error(format!(
                "a transaction is already open on this connection to datasource [{}]; nest with a savepoint",
                self.name
            )));
        }
        let sql = match iso {
            Some(i) => format!("BEGIN ISOLATION LEVEL {}", i.sql()),
            None => "BEGIN".to_string(),
        };
        self.control(&sql)?;
        self.in_tx = true;
        self.tx_failure = None;
        Ok(())
    }

    fn commit(&mut self) -> CfResult<()> {
        if !self.in_tx {
            return Ok(());
        }
        self.in_tx = false;
        if let Some(cause) = self.tx_failure.take() {
            // PostgreSQL would answer COMMIT with ROLLBACK silently; say so, as pgjdbc does.
            self.control("ROLLBACK")?;
            return Err(db_error(
                &self.name,
                "COMMIT",
                DbFailure {
                    message: format!(
                        "The database returned ROLLBACK, so the transaction cannot be committed. Transaction failure cause is <<{cause}>>"
                    ),
                    sql_state: "40P00".into(),
                    native_code: 0,
                },
            ));
        }
        self.control("COMMIT")
    }

    fn rollback(&mut self, savepoint: Option<&str>) -> CfResult<()> {
        match savepoint {
            Some(sp) => {
                let sql = format!("ROLLBACK TO SAVEPOINT {}", crate::quote_ident(sp, '"')?);
                self.control(&sql)?;
                self.tx_failure = None;
                Ok(())
            }
            None if !self.in_tx => Ok(()),
            None => {
                self.in_tx = false;
                self.tx_failure = None;
                self.control("ROLLBACK")
            }
        }
    }

    fn savepoint(&mut self, name: &str) -> CfResult<()> {
        let sql = format!("SAVEPOINT {}", crate::quote_ident(name, '"')?);
        self.control(&sql)
    }

    fn in_transaction(&self) -> bool {
        self.in_tx
    }
}

/// The message pgjdbc would give: `ERROR: ...` plus detail, hint and position lines.
fn pg_failure(e: &postgres::Error) -> DbFailure {
    if let Some(db) = e.as_db_error() {
        let mut m = format!("{}: {}", db.severity(), db.message());
        if let Some(d) = db.detail() {
            m.push_str(&format!("\n  Detail: {d}"));
        }
        if let Some(h) = db.hint() {
            m.push_str(&format!("\n  Hint: {h}"));
        }
        if let Some(postgres::error::ErrorPosition::Original(p)) = db.position() {
            m.push_str(&format!("\n  Position: {p}"));
        }
        return DbFailure {
            message: m,
            sql_state: db.code().code().to_string(),
            native_code: 0,
        };
    }
    // Connection-level failures: the error and its causes in one line.
    let mut m = e.to_string();
    let mut src = e.source();
    while let Some(s) = src {
        let t = s.to_string();
        if !m.contains(&t) {
            m.push_str(": ");
            m.push_str(&t);
        }
        src = s.source();
    }
    DbFailure {
        message: m,
        sql_state: if e.is_closed() {
            "08006".into()
        } else {
            String::new()
        },
        native_code: 0,
    }
}

/// A bound parameter sent in text format.
#[derive(Debug)]
struct PgArg<'a>(&'a Bound);

impl ToSql for PgArg<'_> {
    fn to_sql(&self, _ty: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError> {
        let text = match self.0 {
            Bound::Null => return Ok(IsNull::Yes),
            Bound::Int(i) => i.to_string(),
            Bound::Float(f) => {
                if f.is_nan() {
                    "NaN".into()
                } else if f.is_infinite() {
                    if *f > 0.0 { "Infinity" } else { "-Infinity" }.into()
                } else {
                    format!("{f}")
                }
            }
            Bound::Decimal(d) => d.clone(),
            Bound::Bool(b) => if *b { "t" } else { "f" }.into(),
            Bound::Text(s) | Bound::ArrayLiteral(s) => {
                out.extend_from_slice(s.as_bytes());
                return Ok(IsNull::No);
            }
            Bound::Date(d) => d.format("%Y-%m-%d").to_string(),
            Bound::Time(t) => time_text(t),
            Bound::Timestamp(t) => timestamp_text(t),
            Bound::Bytes(b) => {
                let mut s = String::with_capacity(2 + b.len() * 2);
                s.push_str("\\x");
                for byte in b {
                    s.push_str(&format!("{byte:02x}"));
                }
                s
            }
        };
        out.extend_from_slice(text.as_bytes());
        Ok(IsNull::No)
    }

    fn accepts(_ty: &Type) -> bool {
        true
    }

    fn encode_format(&self, _ty: &Type) -> postgres::types::Format {
        postgres::types::Format::Text
    }

    to_sql_checked!();
}

/// One result cell decoded from PostgreSQL's binary format into a CFML value.
struct Cell(Value);

impl<'a> FromSql<'a> for Cell {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Cell, BoxError> {
        decode(ty, raw).map(Cell)
    }
    fn from_sql_null(_ty: &Type) -> Result<Cell, BoxError> {
        Ok(Cell(Value::Str(arcstr::ArcStr::new())))
    }
    fn accepts(_ty: &Type) -> bool {
        true
    }
}

fn short(what: &str) -> BoxError {
    format!("malformed {what} value from the server").into()
}

fn be<const N: usize>(raw: &[u8], at: usize, what: &str) -> Result<[u8; N], BoxError> {
    raw.get(at..at + N)
        .and_then(|s| s.try_into().ok())
        .ok_or_else(|| short(what))
}

fn i16_at(raw: &[u8], at: usize, what: &str) -> Result<i16, BoxError> {
    Ok(i16::from_be_bytes(be::<2>(raw, at, what)?))
}
fn i32_at(raw: &[u8], at: usize, what: &str) -> Result<i32, BoxError> {
    Ok(i32::from_be_bytes(be::<4>(raw, at, what)?))
}
fn i64_at(raw: &[u8], at: usize, what: &str) -> Result<i64, BoxError> {
    Ok(i64::from_be_bytes(be::<8>(raw, at, what)?))
}

fn text(raw: &[u8]) -> Value {
    Value::from(String::from_utf8_lossy(raw).into_owned())
}

fn pg_epoch() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2000, 1, 1)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .unwrap_or_default()
}

/// Microseconds since 2000-01-01, truncated to CFML's millisecond precision.
fn pg_timestamp(us: i64) -> Option<NaiveDateTime> {
    pg_epoch().checked_add_signed(ChronoDuration::milliseconds(us.div_euclid(1000)))
}

fn time_of_day(us: i64) -> Value {
    let ms = us.div_euclid(1000);
    let t = NaiveTime::from_num_seconds_from_midnight_opt(
        (ms / 1000).clamp(0, 86_399) as u32,
        ((ms % 1000) * 1_000_000) as u32,
    )
    .unwrap_or_default();
    match NaiveDate::from_ymd_opt(1899, 12, 30) {
        Some(d) => Value::Date(DateTime::new(d.and_time(t))),
        None => Value::from(time_text(&t)),
    }
}

fn decode(ty: &Type, raw: &[u8]) -> Result<Value, BoxError> {
    Ok(match ty.oid() {
        16 => Value::Bool(raw.first().is_some_and(|b| *b != 0)),
        21 => Value::Num(f64::from(i16_at(raw, 0, "int2")?)),
        23 => Value::Num(f64::from(i32_at(raw, 0, "int4")?)),
        20 => int_value(i64_at(raw, 0, "int8")?),
        26 => Value::Num(f64::from(u32::from_be_bytes(be::<4>(raw, 0, "oid")?))),
        700 => Value::Num(f64::from(f32::from_be_bytes(be::<4>(raw, 0, "float4")?))),
        701 => Value::Num(f64::from_be_bytes(be::<8>(raw, 0, "float8")?)),
        1700 => {
            let s = numeric_text(raw)?;
            match s.parse::<f64>() {
                Ok(n) if n.is_finite() => Value::Num(n),
                _ => Value::from(s),
            }
        }
        // money: an int8 count of cents (for the usual two-decimal locales).
        790 => Value::Num(i64_at(raw, 0, "money")? as f64 / 100.0),
        17 => Value::Binary(Arc::new(raw.to_vec())),
        18 => Value::from(String::from_utf8_lossy(raw).into_owned()),
        3802 => text(raw.get(1..).unwrap_or(&[])),
        1082 => {
            let days = i32_at(raw, 0, "date")?;
            match days {
                i32::MAX => Value::from("infinity"),
                i32::MIN => Value::from("-infinity"),
                d => match pg_epoch().checked_add_signed(ChronoDuration::days(i64::from(d))) {
                    Some(t) => Value::Date(DateTime::new(t)),
                    None => Value::from(d.to_string()),
                },
            }
        }
        1083 | 1266 => time_of_day(i64_at(raw, 0, "time")?),
        1114 | 1184 => {
            let us = i64_at(raw, 0, "timestamp")?;
            match us {
                i64::MAX => Value::from("infinity"),
                i64::MIN => Value::from("-infinity"),
                _ => match pg_timestamp(us) {
                    // timestamptz arrives in UTC: show it in the server's (process's) zone.
                    Some(t) if ty.oid() == 1184 => {
                        Value::Date(DateTime::new(Local.from_utc_datetime(&t).naive_local()))
                    }
                    Some(t) => Value::Date(DateTime::new(t)),
                    None => Value::from(us.to_string()),
                },
            }
        }
        1186 => Value::from(interval_text(raw)?),
        2950 => {
            let b = be::<16>(raw, 0, "uuid")?;
            let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
            Value::from(format!(
                "{}-{}-{}-{}-{}",
                &h[0..8],
                &h[8..12],
                &h[12..16],
                &h[16..20],
                &h[20..32]
            ))
        }
        869 | 650 => Value::from(inet_text(raw)?),
        829 => Value::from(
            raw.iter()
                .map(|x| format!("{x:02x}"))
                .collect::<Vec<_>>()
                .join(":"),
        ),
        _ => match ty.kind() {
            Kind::Array(elem) => decode_array(elem, raw)?,
            Kind::Domain(base) => decode(base, raw)?,
            _ => match std::str::from_utf8(raw) {
                // text, varchar, bpchar, name, json, xml, enums, citext...: all UTF-8 text.
                Ok(s) => Value::from(s),
                Err(_) => Value::Binary(Arc::new(raw.to_vec())),
            },
        },
    })
}

/// NUMERIC's binary form: base-10000 digits with a weight, a sign and a display scale.
fn numeric_text(raw: &[u8]) -> Result<String, BoxError> {
    let ndigits = i16_at(raw, 0, "numeric")?.max(0) as usize;
    let weight = i16_at(raw, 2, "numeric")? as i64;
    let sign = u16::from_be_bytes(be::<2>(raw, 4, "numeric")?);
    let dscale = i16_at(raw, 6, "numeric")?.max(0) as usize;
    match sign {
        0xC000 => return Ok("NaN".into()),
        0xD000 => return Ok("Infinity".into()),
        0xF000 => return Ok("-Infinity".into()),
        _ => {}
    }
    let mut digits = Vec::with_capacity(ndigits);
    for i in 0..ndigits {
        digits.push(i16_at(raw, 8 + 2 * i, "numeric")?);
    }
    let digit = |i: i64| -> i16 {
        if i < 0 {
            0
        } else {
            digits.get(i as usize).copied().unwrap_or(0)
        }
    };
    let mut s = String::new();
    if sign == 0x4000 {
        s.push('-');
    }
    if weight < 0 {
        s.push('0');
    } else {
        for i in 0..=weight {
            if i == 0 {
                s.push_str(&digit(i).to_string());
            } else {
                s.push_str(&format!("{:04}", digit(i)));
            }
        }
    }
    if dscale > 0 {
        s.push('.');
        let mut frac = String::new();
        let mut i = weight + 1;
        while frac.len() < dscale {
            frac.push_str(&format!("{:04}", digit(i)));
            i += 1;
        }
        frac.truncate(dscale);
        s.push_str(&frac);
    }
    Ok(s)
}

/// An interval in PostgreSQL's default output style (`1 year 2 mons 3 days 04:05:06`).
fn interval_text(raw: &[u8]) -> Result<String, BoxError> {
    let us = i64_at(raw, 0, "interval")?;
    let days = i32_at(raw, 8, "interval")?;
    let months = i32_at(raw, 12, "interval")?;
    let mut parts: Vec<String> = Vec::new();
    let (y, mo) = (months / 12, months % 12);
    let plural =
        |n: i32, one: &str, many: &str| format!("{n} {}", if n.abs() == 1 { one } else { many });
    if y != 0 {
        parts.push(plural(y, "year", "years"));
    }
    if mo != 0 {
        parts.push(plural(mo, "mon", "mons"));
    }
    if days != 0 {
        parts.push(plural(days, "day", "days"));
    }
    if us != 0 || parts.is_empty() {
        let neg = us < 0;
        let a = us.unsigned_abs();
        let (h, m, s, frac) = (
            a / 3_600_000_000,
            (a / 60_000_000) % 60,
            (a / 1_000_000) % 60,
            a % 1_000_000,
        );
        let mut t = format!("{}{h:02}:{m:02}:{s:02}", if neg { "-" } else { "" });
        if frac != 0 {
            let f = format!("{frac:06}");
            t.push('.');
            t.push_str(f.trim_end_matches('0'));
        }
        parts.push(t);
    }
    Ok(parts.join(" "))
}

fn inet_text(raw: &[u8]) -> Result<String, BoxError> {
    let family = *raw.first().ok_or_else(|| short("inet"))?;
    let bits = *raw.get(1).ok_or_else(|| short("inet"))?;
    let is_cidr = raw.get(2).is_some_and(|b| *b != 0);
    let addr = raw.get(4..).ok_or_else(|| short("inet"))?;
    let (s, max) = if family == 3 {
        let b: [u8; 16] = addr.try_into().map_err(|_| short("inet"))?;
        (std::net::Ipv6Addr::from(b).to_string(), 128)
    } else {
        let b: [u8; 4] = addr.try_into().map_err(|_| short("inet"))?;
        (std::net::Ipv4Addr::from(b).to_string(), 32)
    };
    Ok(if is_cidr || bits != max {
        format!("{s}/{bits}")
    } else {
        s
    })
}

/// Arrays become CFML arrays (nested for several dimensions); NULL elements stay null.
fn decode_array(elem: &Type, raw: &[u8]) -> Result<Value, BoxError> {
    let ndim = i32_at(raw, 0, "array")?.max(0) as usize;
    if ndim == 0 {
        return Ok(Value::Array(Array::new()));
    }
    if ndim > 6 {
        return Err(short("array"));
    }
    let mut dims = Vec::with_capacity(ndim);
    for d in 0..ndim {
        dims.push(i32_at(raw, 12 + 8 * d, "array")?.max(0) as usize);
    }
    let mut at = 12 + 8 * ndim;
    let total: usize = dims.iter().product();
    let mut flat = Vec::with_capacity(total.min(1 << 20));
    for _ in 0..total {
        let len = i32_at(raw, at, "array")?;
        at += 4;
        if len < 0 {
            flat.push(Value::Null);
            continue;
        }
        let len = len as usize;
        let bytes = raw.get(at..at + len).ok_or_else(|| short("array"))?;
        at += len;
        flat.push(decode(elem, bytes)?);
    }
    Ok(nest(&flat, &dims))
}

fn nest(flat: &[Value], dims: &[usize]) -> Value {
    match dims {
        [] | [_] => Value::Array(Array::from_vec(flat.to_vec())),
        [n, rest @ ..] => {
            let size: usize = rest.iter().product();
            let mut out = Vec::with_capacity(*n);
            for i in 0..*n {
                let part = flat.get(i * size..(i + 1) * size).unwrap_or(&[]);
                out.push(nest(part, rest));
            }
            Value::Array(Array::from_vec(out))
        }
    }
}

/// The CFML column type name for a PostgreSQL type.
fn type_name(ty: &Type) -> &'static str {
    match ty.oid() {
        16 => "boolean",
        21 => "smallint",
        23 | 26 => "integer",
        20 => "bigint",
        700 => "real",
        701 => "double",
        1700 => "numeric",
        790 => "money",
        17 => "binary",
        1042 | 18 => "char",
        1082 => "date",
        1083 | 1266 => "time",
        1114 | 1184 => "timestamp",
        _ => match ty.kind() {
            Kind::Array(_) => "array",
            Kind::Domain(base) => type_name(base),
            _ => "varchar",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numeric(ndigits: i16, weight: i16, sign: u16, dscale: i16, digits: &[i16]) -> Vec<u8> {
        let mut v = Vec::new();
        v.extend_from_slice(&ndigits.to_be_bytes());
        v.extend_from_slice(&weight.to_be_bytes());
        v.extend_from_slice(&sign.to_be_bytes());
        v.extend_from_slice(&dscale.to_be_bytes());
        for d in digits {
            v.extend_from_slice(&d.to_be_bytes());
        }
        v
    }

    #[test]
    fn numeric_binary() {
        // 12345.678 = [1, 2345, 6780], weight 1, dscale 3
        assert_eq!(
            numeric_text(&numeric(3, 1, 0, 3, &[1, 2345, 6780]))
                .ok()
                .as_deref(),
            Some("12345.678")
        );
        // -0.05 = [500], weight -1, dscale 2
        assert_eq!(
            numeric_text(&numeric(1, -1, 0x4000, 2, &[500]))
                .ok()
                .as_deref(),
            Some("-0.05")
        );
        // 10000 = [1], weight 1
        assert_eq!(
            numeric_text(&numeric(1, 1, 0, 0, &[1])).ok().as_deref(),
            Some("10000")
        );
        assert!(numeric_text(&[0, 1]).is_err());
    }

    #[test]
    fn intervals() {
        let mut v = Vec::new();
        v.extend_from_slice(&(4 * 3_600_000_000i64 + 5 * 60_000_000 + 6_000_000).to_be_bytes());
        v.extend_from_slice(&3i32.to_be_bytes());
        v.extend_from_slice(&14i32.to_be_bytes());
        assert_eq!(
            interval_text(&v).ok().as_deref(),
            Some("1 year 2 mons 3 days 04:05:06")
        );
    }

    #[test]
    fn malformed_values_are_errors_not_panics() {
        for oid_ty in [
            Type::INT4,
            Type::INT8,
            Type::DATE,
            Type::UUID,
            Type::INET,
            Type::INT4_ARRAY,
        ] {
            assert!(decode(&oid_ty, &[1]).is_err());
        }
    }

    #[test]
    fn option_values_escape_spaces() {
        assert_eq!(option_value("a b\\c"), "a\\ b\\\\c");
    }
}
