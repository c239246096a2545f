//! `rime-db`: datasources behind one trait.
//!
//! A datasource is defined by a struct in any of the shapes Lucee accepts (`config_from_struct`),
//! opened into a pooled `Datasource` (`open`, or once per process through a `Registry`), and used
//! through `Connection`s checked out of its pool. Three drivers exist: SQLite (bundled, the
//! embedded default), PostgreSQL (the synchronous `postgres` client) and MySQL/MariaDB (the
//! synchronous `mysql` client).
//!
//! Invariants every driver keeps:
//! - parameters are always bound as real prepared-statement parameters, never spliced into SQL;
//! - result cells become CFML values (NULL reads as `""`, Lucee's default without full null
//!   support), columns keep the database's names, order and case;
//! - every database failure is a CFML `database` error carrying the SQL, SQLSTATE and native code;
//! - nothing a template controls can panic, and nothing waits forever (pool waits, statement
//!   timeouts and connect timeouts are all bounded).
//!
//! The server clients block: on a tokio worker thread, call
//! it (and drop connections) inside `tokio::task::block_in_place`.

mod catalog;
mod config;
mod error;
mod mysql;
mod params;
mod pg;
mod pool;
pub mod sql;
mod sqlite;

use parking_lot::Mutex;
use rime_runtime::{CfResult, CfmlError, Query, Value};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

pub use catalog::catalog_sql;
pub use config::{config_from_struct, DatasourceConfig, ServerTarget, Target};
pub use error::database_error;
pub use params::{SqlParam, SqlType};

/// Options of one statement (`maxrows`, `timeout` of `<cfquery>` / `queryExecute`).
#[derive(Clone, Debug, Default)]
pub struct QueryOptions {
    /// Read at most this many rows into the result.
    pub max_rows: Option<usize>,
    /// Cancel the statement when it runs longer than this.
    pub timeout: Option<Duration>,
}

/// The result of one statement: a query for statements that return rows (SELECT, RETURNING,
/// PRAGMA...), plus what `result=` exposes.
#[derive(Clone, Debug, Default)]
pub struct ExecResult {
    /// The rows (an empty query without columns for statements that return none).
    pub query: Query,
    /// Rows in `query` for statements that return rows, else the rows the statement changed
    /// (Lucee's `result.recordCount` for an UPDATE is its update count).
    pub record_count: usize,
    /// SQLite: `last_insert_rowid()` after an INSERT; PostgreSQL: the first column of the first
    /// row of an `INSERT ... RETURNING`.
    pub generated_key: Option<Value>,
    pub execution_time_ms: f64,
    /// Rows changed by INSERT/UPDATE/DELETE (0 for a plain SELECT).
    pub affected_rows: usize,
    /// Whether the statement produced a result set (even an empty one).
    pub returns_rows: bool,
}

/// One pooled connection. Dropping it returns it to its pool; a transaction still open then is
/// rolled back first, so a connection never carries one request's transaction into the next.
pub trait Connection: Send {
    fn execute(
        &mut self,
        sql: &str,
        params: &[SqlParam],
        opts: &QueryOptions,
    ) -> CfResult<ExecResult>;
    /// Start a transaction; `isolation` is one of `read_uncommitted`, `read_committed`,
    /// `repeatable_read`, `serializable` (anything else is an error). A transaction already open
    /// is an error: nest with savepoints.
    fn begin(&mut self, isolation: Option<&str>) -> CfResult<()>;
    /// Commit the open transaction (no-op without one).
    fn commit(&mut self) -> CfResult<()>;
    /// Roll back the whole transaction (`None`, a no-op without one) or to a savepoint.
    fn rollback(&mut self, savepoint: Option<&str>) -> CfResult<()>;
    fn savepoint(&mut self, name: &str) -> CfResult<()>;
    /// Whether a transaction is open on this connection.
    fn in_transaction(&self) -> bool;
}

/// A request's open `<cftransaction>`: the connection it holds for its datasource.
pub struct Transaction {
    pub datasource: String,
    pub conn: Box<dyn Connection>,
    /// The savepoints of the nested `<cftransaction>` blocks open inside the outermost one,
    /// innermost last: a nested block that fails (or rolls back) undoes only its own work.
    pub nested: Vec<String>,
    /// The datasource's calls are local work (`DatasourceConfig::is_local`).
    pub local: bool,
}

/// A named, pooled datasource.
pub trait Datasource: Send + Sync {
    fn name(&self) -> &str;
    /// `"sqlite"`, `"postgresql"` or `"mysql"`.
    fn kind(&self) -> &str;
    /// A connection from the pool (waits a bounded time when all are in use); returned to the
    /// pool on drop.
    fn connection(&self) -> CfResult<Box<dyn Connection>>;
    /// Convenience: run one statement on a pooled connection in autocommit mode.
    fn execute(&self, sql: &str, params: &[SqlParam], opts: &QueryOptions) -> CfResult<ExecResult> {
        self.connection()?.execute(sql, params, opts)
    }
    fn config(&self) -> &DatasourceConfig;
    /// (open, idle) connections in the pool.
    fn pool_counts(&self) -> (usize, usize);
    /// Close the pool's idle connections; the number closed.
    fn clear_idle(&self) -> usize;
}

/// Open a datasource: builds its pool without connecting, so a server that is down at
/// application start only fails the first query (with a clear error), not the configuration.
pub fn open(config: &DatasourceConfig) -> CfResult<Arc<dyn Datasource>> {
    match &config.target {
        Target::Sqlite { .. } => Ok(Arc::new(sqlite::datasource(config.clone())?)),
        Target::Postgres(_) => Ok(Arc::new(pg::datasource(config.clone())?)),
        Target::Mysql(_) => Ok(Arc::new(mysql::datasource(config.clone())?)),
    }
}

/// Process-wide registry: the same config gives the same pooled datasource (configs compared by
/// value), so every request of an application shares one pool per datasource.
#[derive(Default)]
pub struct Registry {
    map: Mutex<HashMap<DatasourceConfig, Arc<dyn Datasource>>>,
}

impl Registry {
    pub fn new() -> Self {
        Registry::default()
    }

    /// The registry shared by the whole process.
    pub fn global() -> &'static Registry {
        static GLOBAL: OnceLock<Registry> = OnceLock::new();
        GLOBAL.get_or_init(Registry::new)
    }

    pub fn get_or_open(&self, config: &DatasourceConfig) -> CfResult<Arc<dyn Datasource>> {
        let mut map = self.map.lock();
        if let Some(ds) = map.get(config) {
            return Ok(ds.clone());
        }
        // `open` never connects, so holding the lock here is brief.
        let ds = open(config)?;
        map.insert(config.clone(), ds.clone());
        Ok(ds)
    }

    /// `dbPoolClear`: close the idle connections of the datasources named `name` (all when
    /// None); the number closed.
    pub fn clear_idle(&self, name: Option<&str>) -> usize {
        let pools: Vec<Arc<dyn Datasource>> = self
            .map
            .lock()
            .values()
            .filter(|ds| name.is_none_or(|n| ds.name().eq_ignore_ascii_case(n.trim())))
            .cloned()
            .collect();
        pools.iter().map(|ds| ds.clear_idle()).sum()
    }

    /// Number of distinct datasources opened so far.
    pub fn len(&self) -> usize {
        self.map.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Transaction isolation levels as `<cftransaction isolation=...>` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    ReadUncommitted,
    ReadCommitted,
    RepeatableRead,
    Serializable,
}

impl Isolation {
    pub fn parse(s: &str) -> CfResult<Isolation> {
        let norm: String = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, '_' | ' ' | '-'))
            .collect::<String>()
            .to_ascii_lowercase();
        match norm.as_str() {
            "readuncommitted" => Ok(Isolation::ReadUncommitted),
            "readcommitted" => Ok(Isolation::ReadCommitted),
            "repeatableread" => Ok(Isolation::RepeatableRead),
            "serializable" => Ok(Isolation::Serializable),
            _ => Err(CfmlError::application(format!(
                "invalid transaction isolation [{s}], valid values are [read_uncommitted, read_committed, repeatable_read, serializable]"
            ))),
        }
    }

    /// The SQL-standard spelling (`READ COMMITTED`).
    pub fn sql(self) -> &'static str {
        match self {
            Isolation::ReadUncommitted => "READ UNCOMMITTED",
            Isolation::ReadCommitted => "READ COMMITTED",
            Isolation::RepeatableRead => "REPEATABLE READ",
            Isolation::Serializable => "SERIALIZABLE",
        }
    }
}

/// An integer result cell: a number, or exact text beyond 2^53 (a double would lose digits).
pub(crate) fn int_value(i: impl Into<i128>) -> Value {
    let i: i128 = i.into();
    if i.unsigned_abs() <= (1u128 << 53) {
        Value::Num(i as f64)
    } else {
        Value::from(i.to_string())
    }
}

/// Quote a savepoint name as an SQL identifier in `quote`s (`"` standard, `` ` `` MySQL), so a
/// name from a template cannot inject SQL.
pub(crate) fn quote_ident(name: &str, quote: char) -> CfResult<String> {
    let n = name.trim();
    if n.is_empty() {
        return Err(CfmlError::application("a savepoint name must not be empty"));
    }
    if n.contains('\0') {
        return Err(CfmlError::application(
            "a savepoint name must not contain a NUL character",
        ));
    }
    let doubled: String = [quote, quote].iter().collect();
    Ok(format!("{quote}{}{quote}", n.replace(quote, &doubled)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isolation_names() {
        assert_eq!(
            Isolation::parse("read_committed").ok(),
            Some(Isolation::ReadCommitted)
        );
        assert_eq!(
            Isolation::parse("SERIALIZABLE").ok(),
            Some(Isolation::Serializable)
        );
        assert_eq!(
            Isolation::parse("Repeatable Read").ok(),
            Some(Isolation::RepeatableRead)
        );
        assert!(Isolation::parse("chaos").is_err());
    }

    #[test]
    fn savepoint_names_are_quoted() {
        assert_eq!(quote_ident("sp1", '"').ok().as_deref(), Some("\"sp1\""));
        assert_eq!(
            quote_ident("a\"; DROP TABLE x; --", '"').ok().as_deref(),
            Some("\"a\"\"; DROP TABLE x; --\"")
        );
        assert!(quote_ident(" ", '"').is_err());
        assert_eq!(quote_ident("a`b", '`').ok().as_deref(), Some("`a``b`"));
    }
}
