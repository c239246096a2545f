//! The SQLite driver (bundled SQLite through rusqlite).
//!
//! Connections are opened with a busy timeout (writers queue instead of failing), foreign keys
//! on, and — for file databases — WAL journaling so readers never block the writer. Statements
//! are prepared through rusqlite's per-connection statement cache. A SQL string holding several
//! statements runs them in order, each taking its share of the parameters. Timeouts use a
//! progress handler that interrupts the statement at its deadline.

use crate::config::{DatasourceConfig, Target};
use crate::error::{count_mismatch, database_error, db_error, DbFailure};
use crate::params::{bind, time_text, timestamp_text, Bound};
use crate::pool::{Manage, PooledDatasource};
use crate::sql::{count_placeholders, first_keyword, has_multiple_statements, Dialect};
use crate::{int_value, Connection, ExecResult, Isolation, QueryOptions, SqlParam};
use rime_runtime::query::Column;
use rime_runtime::{CfResult, DateTime, Key, Query, Value};
use rusqlite::fallible_iterator::FallibleIterator;
use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::{Batch, OpenFlags, Statement, ToSql};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a statement waits for another connection's write lock before `SQLITE_BUSY`.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// A pooled SQLite datasource.
pub(crate) fn datasource(config: DatasourceConfig) -> CfResult<PooledDatasource<SqliteManager>> {
    let Target::Sqlite { path } = &config.target else {
        return Err(database_error("not a SQLite datasource"));
    };
    let manager = SqliteManager {
        name: config.name.clone(),
        path: path.clone(),
    };
    Ok(PooledDatasource::new("sqlite", config, manager))
}

pub(crate) struct SqliteManager {
    name: String,
    path: Option<PathBuf>,
}

impl Manage for SqliteManager {
    type Conn = SqliteConn;

    fn connect(&self) -> CfResult<SqliteConn> {
        let fail = |e: rusqlite::Error| {
            let mut f = failure(&e, None);
            f.message = format!(
                "could not open SQLite datasource [{}]{}: {}",
                self.name,
                self.path
                    .as_ref()
                    .map(|p| format!(" at [{}]", p.display()))
                    .unwrap_or_default(),
                f.message
            );
            db_error(&self.name, "", f)
        };
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_URI
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = match &self.path {
            Some(p) => {
                // An embedded database lives under the application: create its folder on first
                // use so a fresh checkout works without setup.
                if let Some(dir) = p.parent() {
                    if !dir.as_os_str().is_empty() && !dir.exists() {
                        std::fs::create_dir_all(dir).map_err(|e| {
                            database_error(format!(
                                "could not create the folder of SQLite datasource [{}] at [{}]: {e}",
                                self.name,
                                dir.display()
                            ))
                        })?;
                    }
                }
                rusqlite::Connection::open_with_flags(p, flags).map_err(fail)?
            }
            None => rusqlite::Connection::open_in_memory_with_flags(flags).map_err(fail)?,
        };
        conn.busy_timeout(BUSY_TIMEOUT).map_err(fail)?;
        conn.set_prepared_statement_cache_capacity(64);
        conn.execute_batch("PRAGMA foreign_keys = ON")
            .map_err(fail)?;
        if self.path.is_some() {
            conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get::<_, String>(0))
                .map_err(fail)?;
            // With WAL, NORMAL is durable against application crashes and much faster.
            conn.execute_batch("PRAGMA synchronous = NORMAL")
                .map_err(fail)?;
        }
        Ok(SqliteConn {
            conn,
            name: self.name.clone(),
        })
    }

    fn is_valid(&self, _conn: &mut SqliteConn) -> bool {
        true
    }

    fn recycle(&self, c: &mut SqliteConn) -> bool {
        if c.conn.is_autocommit() {
            return true;
        }
        c.conn.execute_batch("ROLLBACK").is_ok()
    }
}

pub(crate) struct SqliteConn {
    conn: rusqlite::Connection,
    name: String,
}

enum RunErr {
    Sqlite(rusqlite::Error),
    Count { expected: usize, given: usize },
}

impl From<rusqlite::Error> for RunErr {
    fn from(e: rusqlite::Error) -> RunErr {
        RunErr::Sqlite(e)
    }
}

impl SqliteConn {
    /// Interrupt the running statement at the deadline; lock waits are capped by it too.
    fn arm_timeout(&mut self, t: Duration) {
        let deadline = Instant::now() + t;
        let _ = self
            .conn
            .progress_handler(1000, Some(move || Instant::now() >= deadline));
        let _ = self.conn.busy_timeout(t.min(BUSY_TIMEOUT));
    }

    fn disarm_timeout(&mut self) {
        let _ = self.conn.progress_handler(0, None::<fn() -> bool>);
        let _ = self.conn.busy_timeout(BUSY_TIMEOUT);
    }

    fn control(&mut self, sql: &str) -> CfResult<()> {
        self.conn
            .execute_batch(sql)
            .map_err(|e| db_error(&self.name, sql, failure(&e, None)))
    }
}

impl Connection for SqliteConn {
    fn execute(
        &mut self,
        sql: &str,
        params: &[SqlParam],
        opts: &QueryOptions,
    ) -> CfResult<ExecResult> {
        let start = Instant::now();
        let bound = params.iter().map(bind).collect::<CfResult<Vec<_>>>()?;
        // `timeout=0` means no timeout, as in Lucee.
        let timeout = opts.timeout.filter(|t| !t.is_zero());
        if let Some(t) = timeout {
            self.arm_timeout(t);
        }
        let r = run(&self.conn, sql, &bound, opts.max_rows);
        if timeout.is_some() {
            self.disarm_timeout();
        }
        let mut out = r.map_err(|e| match e {
            RunErr::Sqlite(e) => db_error(&self.name, sql, failure(&e, timeout)),
            RunErr::Count { expected, given } => {
                db_error(&self.name, sql, count_mismatch(expected, given, 25))
            }
        })?;
        out.execution_time_ms = start.elapsed().as_secs_f64() * 1000.0;
        Ok(out)
    }

    fn begin(&mut self, isolation: Option<&str>) -> CfResult<()> {
        // SQLite transactions are always serializable; the name is still checked.
        if let Some(i) = isolation {
            Isolation::parse(i)?;
        }
        if !self.conn.is_autocommit() {
            return Err(database_error(format!(
                "a transaction is already open on this connection to datasource [{}]; nest with a savepoint",
                self.name
            )));
        }
        // IMMEDIATE takes the write lock up front: a deferred transaction that reads and then
        // writes can fail with SQLITE_BUSY when another writer got in between, which the busy
        // timeout cannot resolve.
        self.control("BEGIN IMMEDIATE")
    }

    fn commit(&mut self) -> CfResult<()> {
        if self.conn.is_autocommit() {
            return Ok(());
        }
        self.control("COMMIT")
    }

    fn rollback(&mut self, savepoint: Option<&str>) -> CfResult<()> {
        match savepoint {
            Some(sp) => {
                let sql = format!("ROLLBACK TO SAVEPOINT {}", crate::quote_ident(sp, '"')?);
                self.control(&sql)
            }
            None if self.conn.is_autocommit() => Ok(()),
            None => self.control("ROLLBACK"),
        }
    }

    fn savepoint(&mut self, name: &str) -> CfResult<()> {
        let sql = format!("SAVEPOINT {}", crate::quote_ident(name, '"')?);
        self.control(&sql)
    }

    fn in_transaction(&self) -> bool {
        !self.conn.is_autocommit()
    }
}

fn run(
    conn: &rusqlite::Connection,
    sql: &str,
    bound: &[Bound],
    max_rows: Option<usize>,
) -> Result<ExecResult, RunErr> {
    // Decided by our own lexer: rusqlite detects a second statement by preparing it, which
    // fails when it uses a table the first one creates.
    if has_multiple_statements(sql, Dialect::Sqlite) {
        return run_batch(conn, sql, bound, max_rows);
    }
    let is_insert = matches!(first_keyword(sql).as_str(), "INSERT" | "REPLACE");
    let mut stmt = conn.prepare_cached(sql)?;
    let expected = stmt.parameter_count();
    if expected != bound.len() {
        return Err(RunErr::Count {
            expected,
            given: bound.len(),
        });
    }
    run_stmt(conn, &mut stmt, bound, max_rows, is_insert)
}

/// Several statements in one string: each takes its share of the parameters in order; the
/// result is that of the last statement returning rows (else of the last statement).
fn run_batch(
    conn: &rusqlite::Connection,
    sql: &str,
    bound: &[Bound],
    max_rows: Option<usize>,
) -> Result<ExecResult, RunErr> {
    // Count first, so a mismatch fails before any statement has run. (A statement can only be
    // prepared once the ones before it ran, so the lexer counts.)
    let total = count_placeholders(sql, Dialect::Sqlite);
    if total != bound.len() {
        return Err(RunErr::Count {
            expected: total,
            given: bound.len(),
        });
    }
    let mut batch = Batch::new(conn, sql);
    let mut used = 0;
    let mut last: Option<ExecResult> = None;
    let mut last_rows: Option<ExecResult> = None;
    while let Some(mut stmt) = batch.next()? {
        let n = stmt.parameter_count();
        // Numbered or named placeholders (`?2`, `:x`) can disagree with the lexer's count.
        let Some(mine) = bound.get(used..used + n) else {
            return Err(RunErr::Count {
                expected: used + n,
                given: bound.len(),
            });
        };
        used += n;
        // The statement's own text is not at hand here: an INSERT shows as a new rowid.
        let rowid_before = conn.last_insert_rowid();
        let mut r = run_stmt(conn, &mut stmt, mine, max_rows, false)?;
        let rowid = conn.last_insert_rowid();
        if rowid != rowid_before {
            r.generated_key = Some(int_value(rowid));
        }
        if r.returns_rows {
            last_rows = Some(r);
        } else {
            last = Some(r);
        }
    }
    Ok(last_rows.or(last).unwrap_or_default())
}

/// Binds through rusqlite without copying text or blobs.
struct SqliteBound<'a>(&'a Bound);

impl ToSql for SqliteBound<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        use rusqlite::types::Value as V;
        Ok(match self.0 {
            Bound::Null => ToSqlOutput::Owned(V::Null),
            Bound::Int(i) => ToSqlOutput::Owned(V::Integer(*i)),
            Bound::Float(f) => ToSqlOutput::Owned(V::Real(*f)),
            Bound::Decimal(d) => match d.parse::<i64>() {
                Ok(i) => ToSqlOutput::Owned(V::Integer(i)),
                Err(_) => match d.parse::<f64>() {
                    Ok(f) => ToSqlOutput::Owned(V::Real(f)),
                    Err(_) => ToSqlOutput::Borrowed(ValueRef::Text(d.as_bytes())),
                },
            },
            Bound::Bool(b) => ToSqlOutput::Owned(V::Integer(i64::from(*b))),
            Bound::Text(s) | Bound::ArrayLiteral(s) => {
                ToSqlOutput::Borrowed(ValueRef::Text(s.as_bytes()))
            }
            Bound::Date(d) => ToSqlOutput::Owned(V::Text(d.format("%Y-%m-%d").to_string())),
            Bound::Time(t) => ToSqlOutput::Owned(V::Text(time_text(t))),
            Bound::Timestamp(t) => ToSqlOutput::Owned(V::Text(timestamp_text(t))),
            Bound::Bytes(b) => ToSqlOutput::Borrowed(ValueRef::Blob(b)),
        })
    }
}

/// How a declared column type changes the reading of SQLite's dynamically typed cells.
#[derive(Clone, Copy, PartialEq)]
enum Decl {
    Bool,
    Date,
    Time,
    Timestamp,
    Plain,
}

fn decl_kind(decl: &str) -> Decl {
    let u = decl.to_ascii_uppercase();
    if u.contains("BOOL") || u == "BIT" {
        Decl::Bool
    } else if u.contains("DATETIME") || u.contains("TIMESTAMP") {
        Decl::Timestamp
    } else if u.starts_with("DATE") {
        Decl::Date
    } else if u.starts_with("TIME") {
        Decl::Time
    } else {
        Decl::Plain
    }
}

/// The CFML column type name for a declared SQLite type (`VARCHAR(255)` -> `varchar`), following
/// SQLite's affinity rules for anything unusual.
fn type_name_for_decl(decl: &str) -> &'static str {
    let u = decl.to_ascii_uppercase();
    let base = u.split('(').next().unwrap_or("").trim();
    match base {
        "BIGINT" | "INT8" => "bigint",
        "SMALLINT" | "INT2" => "smallint",
        "TINYINT" => "tinyint",
        "BOOLEAN" | "BOOL" => "boolean",
        "BIT" => "bit",
        "CHAR" | "NCHAR" | "CHARACTER" => "char",
        "CLOB" | "NCLOB" => "clob",
        "BLOB" => "blob",
        "BINARY" | "VARBINARY" => "binary",
        "REAL" => "real",
        "FLOAT" => "float",
        "DOUBLE" | "DOUBLE PRECISION" => "double",
        "DECIMAL" => "decimal",
        "NUMERIC" | "NUMBER" => "numeric",
        "MONEY" => "money",
        "DATE" => "date",
        "TIME" => "time",
        "DATETIME" | "TIMESTAMP" => "timestamp",
        _ if base.contains("INT") => "integer",
        _ if base.contains("CHAR") || base.contains("CLOB") || base.contains("TEXT") => "varchar",
        _ if base.contains("REAL") || base.contains("FLOA") || base.contains("DOUB") => "double",
        _ if base.is_empty() => "other",
        _ => "numeric",
    }
}

fn cell(v: ValueRef<'_>, decl: Decl) -> Value {
    match v {
        ValueRef::Null => Value::Str(arcstr::ArcStr::new()),
        ValueRef::Integer(i) if decl == Decl::Bool => Value::Bool(i != 0),
        ValueRef::Integer(i) => int_value(i),
        ValueRef::Real(f) => Value::Num(f),
        ValueRef::Text(t) => {
            // Valid UTF-8 (nearly always) is checked by the fast validator and copied once.
            let s = match std::str::from_utf8(t) {
                Ok(s) => std::borrow::Cow::Borrowed(s),
                Err(_) => String::from_utf8_lossy(t),
            };
            let date = match decl {
                Decl::Date | Decl::Timestamp => DateTime::parse(&s),
                Decl::Time => DateTime::parse(&format!("1899-12-30 {}", s.trim())),
                Decl::Bool => {
                    return match rime_runtime::value::parse_bool_word(&s) {
                        Some(b) => Value::Bool(b),
                        None => Value::from(&*s),
                    }
                }
                Decl::Plain => None,
            };
            match date {
                Some(d) => Value::Date(d),
                None => Value::from(&*s),
            }
        }
        ValueRef::Blob(b) => Value::Binary(Arc::new(b.to_vec())),
    }
}

fn run_stmt(
    conn: &rusqlite::Connection,
    stmt: &mut Statement<'_>,
    bound: &[Bound],
    max_rows: Option<usize>,
    is_insert: bool,
) -> Result<ExecResult, RunErr> {
    for (i, b) in bound.iter().enumerate() {
        stmt.raw_bind_parameter(i + 1, SqliteBound(b))?;
    }
    let ncols = stmt.column_count();
    let mut out = ExecResult::default();
    if ncols == 0 {
        let n = stmt.raw_execute()?;
        out.affected_rows = n;
        out.record_count = n;
    } else {
        let mut names: Vec<String> = Vec::with_capacity(ncols);
        for i in 0..ncols {
            names.push(stmt.column_name(i)?.to_string());
        }
        let decls: Vec<Option<String>> = stmt
            .columns()
            .map(|c| c.decl_type().map(str::to_string))
            .collect();
        let kinds: Vec<Decl> = decls
            .iter()
            .map(|d| d.as_deref().map_or(Decl::Plain, decl_kind))
            .collect();
        let mut values: Vec<Vec<Value>> = vec![Vec::new(); ncols];
        // For expression columns (no declared type): the storage class of the first non-null.
        let mut seen: Vec<Option<&'static str>> = vec![None; ncols];
        let limit = max_rows.unwrap_or(usize::MAX);
        let mut rows = stmt.raw_query();
        let mut n = 0;
        while n < limit {
            let Some(row) = rows.next()? else { break };
            for (i, col) in values.iter_mut().enumerate() {
                let v = row.get_ref(i)?;
                if seen[i].is_none() {
                    seen[i] = match v {
                        ValueRef::Null => None,
                        ValueRef::Integer(_) => Some("integer"),
                        ValueRef::Real(_) => Some("double"),
                        ValueRef::Text(_) => Some("varchar"),
                        ValueRef::Blob(_) => Some("blob"),
                    };
                }
                col.push(cell(v, kinds[i]));
            }
            n += 1;
        }
        drop(rows);
        let columns = names
            .into_iter()
            .zip(values)
            .enumerate()
            .map(|(i, (name, values))| Column {
                name: Key::new(&name),
                type_name: match &decls[i] {
                    Some(d) => type_name_for_decl(d).to_string(),
                    None => seen[i].unwrap_or("other").to_string(),
                },
                values,
            })
            .collect();
        out.query = Query {
            columns,
            rows: n,
            current_row: 1,
            index: None,
        };
        out.record_count = n;
        out.returns_rows = true;
        if is_insert {
            out.affected_rows = conn.changes() as usize;
        }
    }
    if is_insert && (out.affected_rows > 0 || out.returns_rows) {
        out.generated_key = Some(int_value(conn.last_insert_rowid()));
    }
    Ok(out)
}

/// SQLite's primary result codes as sqlite-jdbc names them in its messages.
fn code_name(extended: i32) -> (&'static str, &'static str) {
    match extended {
        2067 => ("SQLITE_CONSTRAINT_UNIQUE", "A UNIQUE constraint failed"),
        1555 => (
            "SQLITE_CONSTRAINT_PRIMARYKEY",
            "A PRIMARY KEY constraint failed",
        ),
        1299 => ("SQLITE_CONSTRAINT_NOTNULL", "A NOT NULL constraint failed"),
        787 => (
            "SQLITE_CONSTRAINT_FOREIGNKEY",
            "A foreign key constraint failed",
        ),
        275 => ("SQLITE_CONSTRAINT_CHECK", "A CHECK constraint failed"),
        _ => match extended & 0xff {
            1 => ("SQLITE_ERROR", "SQL error or missing database"),
            2 => ("SQLITE_INTERNAL", "Internal logic error in SQLite"),
            3 => ("SQLITE_PERM", "Access permission denied"),
            4 => ("SQLITE_ABORT", "Callback routine requested an abort"),
            5 => ("SQLITE_BUSY", "The database file is locked"),
            6 => ("SQLITE_LOCKED", "A table in the database is locked"),
            7 => ("SQLITE_NOMEM", "Out of memory"),
            8 => ("SQLITE_READONLY", "Attempt to write a readonly database"),
            9 => ("SQLITE_INTERRUPT", "Operation interrupted"),
            10 => ("SQLITE_IOERR", "Disk I/O error"),
            11 => ("SQLITE_CORRUPT", "The database disk image is malformed"),
            13 => (
                "SQLITE_FULL",
                "Insertion failed because the database is full",
            ),
            14 => ("SQLITE_CANTOPEN", "Unable to open the database file"),
            17 => ("SQLITE_SCHEMA", "The database schema changed"),
            18 => ("SQLITE_TOOBIG", "String or BLOB exceeds size limit"),
            19 => ("SQLITE_CONSTRAINT", "Abort due to constraint violation"),
            20 => ("SQLITE_MISMATCH", "Data type mismatch"),
            21 => ("SQLITE_MISUSE", "Library used incorrectly"),
            23 => ("SQLITE_AUTH", "Authorization denied"),
            25 => ("SQLITE_RANGE", "Bind parameter out of range"),
            26 => ("SQLITE_NOTADB", "File opened that is not a database file"),
            _ => ("SQLITE_ERROR", "SQL error"),
        },
    }
}

fn failure(e: &rusqlite::Error, timeout: Option<Duration>) -> DbFailure {
    let (err, msg) = match e {
        rusqlite::Error::SqliteFailure(err, msg) => (err, msg.clone()),
        // Syntax errors come with the offending token's offset (shown 1-based, like psql).
        rusqlite::Error::SqlInputError {
            error, msg, offset, ..
        } => (error, Some(format!("{msg} at position {}", offset + 1))),
        other => {
            return DbFailure {
                message: other.to_string(),
                sql_state: "HY000".into(),
                native_code: -1,
            }
        }
    };
    {
        {
            let primary = err.extended_code & 0xff;
            let (name, desc) = code_name(err.extended_code);
            let message = if primary == 9 {
                match timeout {
                    Some(t) => format!(
                        "[{name}] The statement was cancelled: it ran longer than its timeout of {} s",
                        fmt_secs(t)
                    ),
                    None => format!("[{name}] {desc}"),
                }
            } else {
                match msg {
                    Some(m) => format!("[{name}] {desc} ({m})"),
                    None => format!("[{name}] {desc}"),
                }
            };
            let sql_state = match primary {
                19 => "23000",
                9 => "57014",
                14 => "08001",
                5 | 6 => "40001",
                _ => "HY000",
            };
            DbFailure {
                message,
                sql_state: sql_state.into(),
                native_code: i64::from(primary),
            }
        }
    }
}

fn fmt_secs(t: Duration) -> String {
    let s = t.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0}")
    } else {
        format!("{s}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_types() {
        assert_eq!(type_name_for_decl("VARCHAR(255)"), "varchar");
        assert_eq!(type_name_for_decl("integer"), "integer");
        assert_eq!(type_name_for_decl("BIGINT"), "bigint");
        assert_eq!(type_name_for_decl("TEXT"), "varchar");
        assert_eq!(type_name_for_decl("DECIMAL(10,2)"), "decimal");
        assert_eq!(type_name_for_decl("UNSIGNED BIG INT"), "integer");
        assert!(decl_kind("DATETIME") == Decl::Timestamp);
        assert!(decl_kind("date") == Decl::Date);
        assert!(decl_kind("BOOLEAN") == Decl::Bool);
    }

    #[test]
    fn big_integers_stay_exact() {
        assert!(matches!(int_value(42), Value::Num(n) if n == 42.0));
        assert!(matches!(int_value(i64::MAX), Value::Str(s) if s == "9223372036854775807"));
    }
}
