//! Datasources for templates: `this.datasources`/`this.datasource`, the embedded SQLite default,
//! and the `Host` side of `<cfquery>`, `queryExecute` and `<cftransaction>`.

use crate::{AppPaths, Engine};
use rime_db::{
    config_from_struct, DatasourceConfig, Registry, SqlParam, SqlType, Target, Transaction,
};
use rime_request::{Datasources, TxState};
use rime_runtime::{CfResult, CfmlError, Key, QueryParam, Struct, Value};
use rime_vm::QueryOptions;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Read `this.datasources` and `this.datasource` of an Application.cfc.
pub(crate) fn read_datasources(this: &Struct, base: &Path) -> CfResult<Datasources> {
    let mut ds = Datasources::default();
    if let Some(Value::Struct(all)) = this.get("datasources") {
        for (k, v) in all.entries() {
            if let Value::Struct(def) = v {
                let cfg = config_from_struct(k.as_str(), &def, base);
                ds.by_name.insert(k.as_str().to_ascii_lowercase(), cfg);
            }
        }
    }
    match this.get("datasource") {
        Some(Value::Struct(def)) => {
            let cfg = config_from_struct("default", &def, base);
            ds.by_name.insert("default".to_string(), cfg);
            ds.default = Some("default".to_string());
        }
        Some(v) if v.is_simple() => {
            let name = v.to_str()?.to_ascii_lowercase();
            if !name.is_empty() {
                ds.default = Some(name);
            }
        }
        _ => {}
    }
    Ok(ds)
}

/// The files of the SQLite databases declared.
fn sqlite_files(ds: &Datasources) -> impl Iterator<Item = &Path> {
    ds.by_name
        .values()
        .filter_map(|c| c.as_ref().ok().and_then(sqlite_file))
}

/// The database file of a SQLite datasource.
fn sqlite_file(cfg: &DatasourceConfig) -> Option<&Path> {
    match &cfg.target {
        Target::Sqlite { path: Some(p) } => Some(p.as_path()),
        _ => None,
    }
}

/// Files the server must never send whatever their name: the databases datasources declare
/// (with SQLite's journals beside them) and the files `server.json` names. Paths are kept
/// absolute with their folder canonicalised, as the server's static targets are.
#[derive(Default)]
pub(crate) struct PrivateFiles(parking_lot::RwLock<HashSet<PathBuf>>);

/// The suffixes SQLite gives the files it keeps beside a database.
const SQLITE_COMPANIONS: [&str; 3] = ["-wal", "-shm", "-journal"];

impl PrivateFiles {
    pub(crate) fn add(&self, path: &Path) {
        let key = comparable(path);
        if !self.0.read().contains(&key) {
            self.0.write().insert(key);
        }
    }

    /// Whether `file`, a canonical path (the server's static targets are), is private: no file
    /// system call per request, the stored paths were made comparable when added.
    pub(crate) fn contains(&self, file: &Path) -> bool {
        let set = self.0.read();
        if set.is_empty() {
            return false;
        }
        if set.contains(file) {
            return true;
        }
        let name = file.file_name().map(|n| n.to_string_lossy());
        let Some(name) = name else { return false };
        SQLITE_COMPANIONS.iter().any(|suffix| {
            name.strip_suffix(suffix)
                .is_some_and(|db| set.contains(&file.with_file_name(db)))
        })
    }
}

/// `path` absolute, with its folder canonicalised when it exists (the file itself may not yet).
fn comparable(path: &Path) -> PathBuf {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match (
        abs.parent().and_then(|d| d.canonicalize().ok()),
        abs.file_name(),
    ) {
        (Some(dir), Some(name)) => dir.join(name),
        _ => abs,
    }
}

/// The names given to inline datasource definitions (`{datasource: {...}}`).
const INLINE_PREFIX: &str = "inline:";

/// Inline definitions kept at once (each names a connection pool).
const MAX_INLINE: usize = 100;

impl Engine {
    /// A datasource defined in place (`queryExecute(sql, params, {datasource: {...}})`): its
    /// definition under a name derived from it, so the same definition reuses its pool.
    pub(crate) fn host_inline_datasource(&self, def: &Struct) -> CfResult<String> {
        use std::hash::{Hash, Hasher};
        let mut cfg = config_from_struct("inline", def, &self.root)?;
        let mut h = std::collections::hash_map::DefaultHasher::new();
        cfg.target.hash(&mut h);
        let name = format!("{INLINE_PREFIX}{:016x}", h.finish());
        cfg.name = name.clone();
        if !self.inline_datasources.read().contains_key(&name) {
            if let Some(p) = sqlite_file(&cfg) {
                self.private_files.add(p);
            }
            let mut all = self.inline_datasources.write();
            if all.len() >= MAX_INLINE {
                all.clear();
            }
            all.insert(name.clone(), cfg);
        }
        Ok(name)
    }

    /// Never serve `path`, whatever its name (a file `server.json` names).
    pub fn keep_private(&self, path: &Path) {
        self.private_files.add(path);
    }

    /// Whether `file` (a canonical path) is one the server must never send: a database a
    /// datasource declares (or one of its journals), or a file `keep_private` was given.
    pub fn is_private_file(&self, file: &Path) -> bool {
        self.private_files.contains(file)
    }

    /// Remember the databases of `ds` as private files.
    pub(crate) fn keep_databases_private(&self, ds: &Datasources) {
        for f in sqlite_files(ds) {
            self.private_files.add(f);
        }
    }

    /// The configuration of a datasource by name, or the default one. Without any configuration
    /// the default is an embedded SQLite file under the web root (`.rime/default.sqlite`, a
    /// dotfile folder the server never serves).
    pub(crate) fn datasource_config(
        &self,
        ds: &Datasources,
        name: Option<&str>,
    ) -> CfResult<DatasourceConfig> {
        let wanted = match name {
            Some(n) if !n.trim().is_empty() => n.trim().to_ascii_lowercase(),
            _ => match &ds.default {
                Some(d) => d.clone(),
                None => {
                    return Ok(DatasourceConfig::sqlite(
                        "default",
                        Some(self.root.join(".rime").join("default.sqlite")),
                    ))
                }
            },
        };
        if let Some(cfg) = wanted
            .starts_with(INLINE_PREFIX)
            .then(|| self.inline_datasources.read().get(&wanted).cloned())
            .flatten()
        {
            return Ok(cfg);
        }
        match ds.by_name.get(&wanted) {
            Some(cfg) => cfg.clone(),
            None => Err(CfmlError::new(
                "database",
                format!(
                    "datasource [{wanted}] is not defined (this.datasources in Application.cfc)"
                ),
            )),
        }
    }

    /// Run `f`, a call on a datasource: a server's (`local` false) in the blocking section,
    /// a local one (SQLite) inline.
    fn blocking<T>(&self, local: bool, f: impl FnOnce() -> T) -> T {
        match self.config.block_in_place {
            Some(run) if !local => {
                let mut f = Some(f);
                let mut out = None;
                run(&mut || {
                    if let Some(f) = f.take() {
                        out = Some(f());
                    }
                });
                match out {
                    Some(v) => v,
                    // The hook must call the closure; if it did not, run it here.
                    None => unreachable_fallback(),
                }
            }
            _ => f(),
        }
    }

    pub(crate) fn host_execute_query(
        &self,
        app: &AppPaths,
        tx: &mut TxState,
        datasource: Option<&str>,
        sql: &str,
        params: Vec<QueryParam>,
        options: &QueryOptions,
    ) -> CfResult<(Value, Struct)> {
        let bound = params
            .iter()
            .map(|p| {
                Ok(SqlParam {
                    value: p.value.clone(),
                    sql_type: SqlType::parse(&p.sql_type)?,
                    null: p.null,
                    max_length: p.max_length,
                    scale: p.scale,
                })
            })
            .collect::<CfResult<Vec<_>>>()?;
        let opts = rime_db::QueryOptions {
            max_rows: options.max_rows,
            timeout: options.timeout,
        };
        let cfg = self.datasource_config(&app.datasources, datasource)?;
        let open_tx = tx
            .as_mut()
            .filter(|t| t.datasource.eq_ignore_ascii_case(&cfg.name));
        let r = match open_tx {
            Some(t) => self.blocking(t.local, || t.conn.execute(sql, &bound, &opts))?,
            None => {
                let ds = Registry::global().get_or_open(&cfg)?;
                self.blocking(cfg.is_local(), || ds.execute(sql, &bound, &opts))?
            }
        };
        let result = rime_vm::result_struct(sql, &params, r.record_count, r.execution_time_ms);
        result.set(Key::new("columnList"), Value::from(r.query.column_list()));
        if let Some(k) = &r.generated_key {
            result.set(Key::new("generatedKey"), k.clone());
        }
        let q = Value::Query(Arc::new(parking_lot::RwLock::new(r.query)));
        Ok((q, result))
    }

    pub(crate) fn host_transaction(
        &self,
        app: &AppPaths,
        tx: &mut TxState,
        action: &str,
        attrs: &Struct,
    ) -> CfResult<()> {
        let current = tx.as_mut();
        match (action, current) {
            ("begin", Some(t)) => {
                let sp = format!("rime_nested_{}", t.nested.len() + 1);
                self.blocking(t.local, || t.conn.savepoint(&sp))?;
                t.nested.push(sp);
                Ok(())
            }
            ("begin", None) => {
                let cfg = self.datasource_config(
                    &app.datasources,
                    attrs.get_text("datasource")?.as_deref(),
                )?;
                let ds = Registry::global().get_or_open(&cfg)?;
                let local = cfg.is_local();
                let mut conn = self.blocking(local, || ds.connection())?;
                let isolation = attrs.get_text("isolation")?;
                self.blocking(local, || conn.begin(isolation.as_deref()))?;
                *tx = Some(Transaction {
                    datasource: cfg.name.clone(),
                    conn,
                    nested: Vec::new(),
                    local,
                });
                Ok(())
            }
            // A nested block ends: its work joins the enclosing transaction, or, when it failed,
            // is undone back to its savepoint.
            ("end", Some(t)) if !t.nested.is_empty() => {
                t.nested.pop();
                Ok(())
            }
            ("rollbackend", Some(t)) if !t.nested.is_empty() => {
                let sp = t.nested.pop().unwrap_or_default();
                self.blocking(t.local, || t.conn.rollback(Some(&sp)))
            }
            // Inside a nested block, commit keeps the work for the enclosing transaction and
            // rollback undoes the block's own work.
            ("commit", Some(t)) if !t.nested.is_empty() => Ok(()),
            ("rollback", Some(t))
                if !t.nested.is_empty() && attrs.get_text("savepoint")?.is_none() =>
            {
                let sp = t.nested.last().cloned().unwrap_or_default();
                self.blocking(t.local, || t.conn.rollback(Some(&sp)))
            }
            ("end", Some(t)) => {
                let r = self.blocking(t.local, || t.conn.commit());
                self.close_tx(tx);
                r
            }
            ("rollbackend", Some(t)) => {
                let r = self.blocking(t.local, || t.conn.rollback(None));
                self.close_tx(tx);
                r
            }
            ("commit", Some(t)) => {
                self.blocking(t.local, || t.conn.commit().and_then(|_| t.conn.begin(None)))
            }
            ("rollback", Some(t)) => match attrs.get_text("savepoint")? {
                Some(sp) => self.blocking(t.local, || t.conn.rollback(Some(&sp))),
                None => self.blocking(t.local, || {
                    t.conn.rollback(None).and_then(|_| t.conn.begin(None))
                }),
            },
            ("setsavepoint", Some(t)) => {
                let sp = attrs.get_text("savepoint")?.ok_or_else(|| {
                    CfmlError::application("setsavepoint needs a [savepoint] name")
                })?;
                self.blocking(t.local, || t.conn.savepoint(&sp))
            }
            ("end" | "rollbackend", None) => Ok(()),
            (other, None) => Err(CfmlError::new(
                "database",
                format!("cftransaction action=\"{other}\" is only allowed inside a transaction"),
            )),
            (other, Some(_)) => Err(CfmlError::application(format!(
                "unknown cftransaction action [{other}]"
            ))),
        }
    }

    /// Return a finished transaction's connection to its pool (dropping it may talk to the
    /// server, so it runs in the blocking section too).
    fn close_tx(&self, tx: &mut TxState) {
        if let Some(t) = tx.take() {
            self.blocking(t.local, move || drop(t));
        }
    }
}

#[cold]
fn unreachable_fallback<T>() -> T {
    // A `block_in_place` hook that does not call its closure is a programming error in the
    // embedding server; there is no value to return, so stop this request's thread.
    std::panic::panic_any("block_in_place hook did not run its closure")
}
