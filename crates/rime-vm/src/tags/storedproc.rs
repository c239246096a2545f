//! `<cfstoredproc>`, `<cfprocparam>` and `<cfprocresult>`: the opening starts a draft, the
//! body's params and results add to it, the end calls the procedure through the same path as
//! `<cfquery>` (the request's transaction, bound parameters, `cachedWithin`).
//!
//! There is no JDBC `{call}` escape to lean on, so the call is written per database:
//! - PostgreSQL: a procedure (`prokind = 'p'` in `pg_proc`) is `CALL name(?, …)` with every
//!   parameter (an OUT one as a typed NULL); anything else is a function, `SELECT * FROM
//!   name(?, …)` with the IN and INOUT parameters, as the PostgreSQL JDBC driver Lucee uses
//!   rewrites `{call}`. Either way the OUT and INOUT values come back as the columns of the
//!   first row, in order, and the rows are result set 1.
//! - MySQL/MariaDB: `CALL name(?, …)` with IN parameters; its first result set is result set 1.
//! - SQLite has no stored procedures: an error says so.

use crate::run::Frame;
use crate::Vm;
use rime_runtime::{CfResult, CfmlError, Key, QueryParam, Struct, Value};

/// What a `<cfstoredproc>` body gathered.
#[derive(Default)]
pub(crate) struct ProcDraft {
    params: Vec<ProcParam>,
    /// `<cfprocresult name resultset maxrows>`.
    results: Vec<(String, usize, Option<usize>)>,
}

struct ProcParam {
    mode: Mode,
    variable: Option<String>,
    param: QueryParam,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    In,
    Out,
    InOut,
}

/// A procedure name as SQL may name it: identifiers (letters, digits, `_`, `$`), dotted for a
/// schema. It goes into the SQL text, so nothing else is accepted.
fn checked_name(name: &str) -> CfResult<&str> {
    let ok = !name.is_empty()
        && name.split('.').all(|part| {
            part.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && part
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        });
    if ok {
        Ok(name)
    } else {
        Err(CfmlError::application(format!(
            "cfstoredproc: [{name}] is not a valid procedure name"
        )))
    }
}

impl Vm {
    /// `<cfprocparam type variable value cfsqltype maxlength scale null>`.
    pub(crate) fn op_proc_param(&mut self, _: &mut Frame, a: &Struct) -> CfResult<()> {
        let mode = match a
            .get_text("type")?
            .unwrap_or_default()
            .to_ascii_lowercase()
            .as_str()
        {
            "" | "in" => Mode::In,
            "out" => Mode::Out,
            "inout" => Mode::InOut,
            other => {
                return Err(CfmlError::application(format!(
                    "cfprocparam: invalid type [{other}], valid are [in, out, inout]"
                )))
            }
        };
        let variable = a.get_text("variable")?.filter(|v| !v.is_empty());
        if mode != Mode::In && variable.is_none() {
            return Err(CfmlError::application(
                "cfprocparam: an out or inout parameter needs [variable]",
            ));
        }
        let num = |k: &str| -> CfResult<Option<f64>> {
            match a.get(k) {
                Some(v) if !v.is_null() && !v.to_str().is_ok_and(|s| s.is_empty()) => {
                    Ok(Some(v.to_num()?))
                }
                _ => Ok(None),
            }
        };
        let null = match a.get("null") {
            Some(v) if !v.is_null() => v.to_bool()?,
            _ => false,
        };
        let param = QueryParam {
            value: a.get("value").unwrap_or_default(),
            sql_type: a
                .get_text("cfsqltype")?
                .or(a.get_text("sqltype")?)
                .unwrap_or_else(|| "varchar".to_string()),
            // An OUT parameter is passed as NULL (PostgreSQL's CALL wants one in its place).
            null: null || mode == Mode::Out,
            max_length: num("maxlength")?.filter(|n| *n > 0.0).map(|n| n as usize),
            scale: num("scale")?.map(|n| n.max(0.0) as u32),
        };
        match self.tags.procs.last_mut() {
            Some(d) => {
                d.params.push(ProcParam {
                    mode,
                    variable,
                    param,
                });
                Ok(())
            }
            None => Err(CfmlError::application(
                "cfprocparam must be inside cfstoredproc",
            )),
        }
    }

    /// `<cfprocresult name resultset maxrows>`.
    pub(crate) fn op_proc_result(&mut self, _: &mut Frame, a: &Struct) -> CfResult<()> {
        let name = a
            .get_text("name")?
            .filter(|n| !n.is_empty())
            .ok_or_else(|| CfmlError::application("cfprocresult needs [name]"))?;
        let set = match a.get("resultset") {
            Some(v) if !v.is_null() && !v.to_str().is_ok_and(|s| s.is_empty()) => {
                v.to_num()?.max(1.0) as usize
            }
            _ => 1,
        };
        let max_rows = match a.get("maxrows") {
            Some(v) if !v.is_null() && !v.to_str().is_ok_and(|s| s.is_empty()) => {
                let n = v.to_num()?;
                (n >= 0.0).then_some(n as usize)
            }
            _ => None,
        };
        match self.tags.procs.last_mut() {
            Some(d) => {
                d.results.push((name, set, max_rows));
                Ok(())
            }
            None => Err(CfmlError::application(
                "cfprocresult must be inside cfstoredproc",
            )),
        }
    }

    /// `<cfstoredproc procedure datasource result returncode timeout cachedwithin>`: call it,
    /// then set the result variables, the OUT parameters' variables and `result` (or
    /// `cfstoredproc`): `executionTime` and, with `returncode`, `statusCode`.
    pub(crate) fn op_storedproc(&mut self, f: &mut Frame, a: &Struct) -> CfResult<()> {
        let draft = self.tags.procs.pop().unwrap_or_default();
        let procedure = a
            .get_text("procedure")?
            .ok_or_else(|| CfmlError::application("cfstoredproc needs [procedure]"))?;
        let procedure = checked_name(procedure.trim())?;
        let datasource = match a.get("datasource") {
            Some(Value::Struct(def)) => Some(self.host.inline_datasource(&self.req.app, &def)?),
            _ => a.get_text("datasource")?.filter(|d| !d.is_empty()),
        };
        let opts = crate::query::options(a)?;
        let kind = self
            .host
            .datasource_kind(&self.req.app, datasource.as_deref())?;
        let started = std::time::Instant::now();
        let sql = match kind.as_str() {
            "postgresql" => {
                if self.pg_is_procedure(datasource.as_deref(), procedure)? {
                    call_sql(procedure, draft.params.len())
                } else {
                    let n = draft.params.iter().filter(|p| p.mode != Mode::Out).count();
                    format!("SELECT * FROM {procedure}({})", marks(n))
                }
            }
            "mysql" => {
                if draft.params.iter().any(|p| p.mode != Mode::In) {
                    return Err(CfmlError::new(
                        "database",
                        "cfstoredproc: out and inout parameters are not supported on MySQL datasources",
                    ));
                }
                call_sql(procedure, draft.params.len())
            }
            other => {
                return Err(CfmlError::new(
                    "database",
                    format!("cfstoredproc: a {other} datasource has no stored procedures"),
                ))
            }
        };
        let is_call = sql.starts_with("CALL");
        let params: Vec<QueryParam> = draft
            .params
            .iter()
            .filter(|p| is_call || p.mode != Mode::Out)
            .map(|p| p.param.clone())
            .collect();
        let (rows, _) = self.run_sql(datasource.as_deref(), &sql, params, &opts)?;
        let elapsed = started.elapsed().as_secs_f64() * 1000.0;
        let Value::Query(q) = &rows else {
            return Err(CfmlError::new(
                "database",
                format!("cfstoredproc: [{procedure}] returned no result"),
            ));
        };
        // OUT and INOUT values: the columns of the first row, in order.
        let outs: Vec<(String, Value)> = {
            let q = q.read();
            draft
                .params
                .iter()
                .filter(|p| p.mode != Mode::In)
                .filter_map(|p| p.variable.clone())
                .enumerate()
                .map(|(i, var)| (var, q.get(i, 1).cloned().unwrap_or_default()))
                .collect()
        };
        for (var, v) in outs {
            self.assign_var(f, &var, v)?;
        }
        for (name, set, max_rows) in draft.results {
            if set != 1 {
                continue;
            }
            let value = match max_rows {
                Some(n) if n < q.read().rows => {
                    let mut copy = q.read().clone();
                    copy.rows = n;
                    for c in &mut copy.columns {
                        c.values.truncate(n);
                    }
                    Value::Query(std::sync::Arc::new(parking_lot::RwLock::new(copy)))
                }
                _ => rows.clone(),
            };
            self.assign_var(f, &name, value)?;
        }
        let result = Struct::with_flags(true);
        result.set(Key::new("executionTime"), Value::from(elapsed.round()));
        let returncode = match a.get("returncode") {
            Some(v) if !v.is_null() => v.to_bool()?,
            _ => false,
        };
        if returncode {
            let status = q.read().get(0, 1).cloned().unwrap_or(Value::from(0.0));
            result.set(Key::new("statusCode"), status);
        }
        let var = a
            .get_text("result")?
            .filter(|r| !r.is_empty())
            .unwrap_or_else(|| "cfstoredproc".to_string());
        self.assign_var(f, &var, Value::Struct(result))
    }

    /// Whether `name` is a PostgreSQL procedure (called with CALL) rather than a function.
    fn pg_is_procedure(&mut self, datasource: Option<&str>, name: &str) -> CfResult<bool> {
        let (schema, bare) = match name.rsplit_once('.') {
            Some((s, n)) => (s.to_ascii_lowercase(), n.to_ascii_lowercase()),
            None => (String::new(), name.to_ascii_lowercase()),
        };
        let text = |s: String| QueryParam {
            value: Value::from(s),
            sql_type: "varchar".to_string(),
            null: false,
            max_length: None,
            scale: None,
        };
        let sql = "SELECT p.prokind::text AS kind FROM pg_catalog.pg_proc p \
                   JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace \
                   WHERE p.proname = ? AND (n.nspname = ? OR (? = '' AND pg_catalog.pg_function_is_visible(p.oid))) \
                   LIMIT 1";
        let params = vec![text(bare), text(schema.clone()), text(schema)];
        let (q, _) = self.run_sql(datasource, sql, params, &Default::default())?;
        Ok(match q {
            Value::Query(q) => q
                .read()
                .get(0, 1)
                .is_some_and(|v| v.to_str().is_ok_and(|s| s == "p")),
            _ => false,
        })
    }
}

fn marks(n: usize) -> String {
    vec!["?"; n].join(", ")
}

fn call_sql(procedure: &str, n: usize) -> String {
    format!("CALL {procedure}({})", marks(n))
}
