//! `<cfquery>`, `<cfqueryparam>`, `<cftransaction>` and `queryExecute`: collecting SQL and
//! parameters, then handing them to the engine's datasources.

use crate::run::Frame;
use crate::{QueryOptions, Vm};
use rime_runtime::{CfResult, CfmlError, Key, QueryParam, Struct, Value};
use std::time::Duration;

/// Query options from tag attributes / the queryExecute options struct.
pub(crate) fn options(a: &Struct) -> CfResult<QueryOptions> {
    let max_rows = match a.get("maxrows") {
        Some(v) if !v.is_null() => {
            let n = v.to_num()?;
            (n >= 0.0).then_some(n as usize)
        }
        _ => None,
    };
    let timeout = match a.get("timeout") {
        Some(v) if !v.is_null() => {
            let n = v.to_num()?;
            (n > 0.0 && n.is_finite()).then(|| Duration::from_secs_f64(n))
        }
        _ => None,
    };
    // cachedWithin is a timespan (days, as createTimeSpan returns).
    let cached_within = match a.get("cachedwithin") {
        Some(v) if !v.is_null() => {
            let days = v.to_num()?;
            (days > 0.0 && days.is_finite())
                .then(|| Duration::from_secs_f64((days * 86_400.0).min(365.0 * 86_400.0)))
        }
        _ => None,
    };
    let cached_after = match a.get("cachedafter") {
        Some(v) if !v.is_null() => Some(v.to_date()?.to_serial()),
        _ => None,
    };
    Ok(QueryOptions {
        max_rows,
        timeout,
        cached_within,
        cached_after,
    })
}

/// Results of `cachedWithin`/`cachedAfter` queries, shared by the process: key -> (stored at,
/// the same as a date serial, query, result).
type CacheEntry = (std::time::Instant, f64, rime_runtime::Query, Struct);
const QUERY_CACHE_ENTRIES: usize = 512;

fn query_cache() -> &'static parking_lot::Mutex<std::collections::HashMap<String, CacheEntry>> {
    static CACHE: std::sync::OnceLock<
        parking_lot::Mutex<std::collections::HashMap<String, CacheEntry>>,
    > = std::sync::OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The cache key of a query: datasource, SQL and every parameter (type and value).
fn cache_key(datasource: Option<&str>, sql: &str, params: &[QueryParam]) -> Option<String> {
    let mut k = format!(
        "{}\u{0}{sql}",
        datasource.unwrap_or("").to_ascii_lowercase()
    );
    for p in params {
        if !p.value.is_simple() && !p.value.is_null() {
            return None;
        }
        k.push('\u{0}');
        k.push_str(&p.sql_type.to_ascii_lowercase());
        k.push('=');
        k.push_str(&p.value.to_str().ok()?);
    }
    Some(k)
}

/// A parameter from `<cfqueryparam>` attributes or a queryExecute param struct.
/// `indexName` (`<cfquery>`, `queryExecute`'s options): the column the query's
/// `queryRowByIndex` and the other `…ByIndex` functions look rows up by.
pub(crate) fn set_index(q: &Value, a: &Struct) -> CfResult<()> {
    if let (Value::Query(q), Some(name)) = (q, a.get_text("indexname")?) {
        let name = name.trim();
        if !name.is_empty() {
            let mut q = q.write();
            if q.column_index(name).is_none() {
                return Err(CfmlError::application(format!(
                    "the indexName [{name}] is not a column of the query [{}]",
                    q.column_list()
                )));
            }
            q.index = Some(rime_runtime::Key::new(name));
        }
    }
    Ok(())
}

pub(crate) fn param_from(a: &Struct) -> CfResult<QueryParam> {
    let value = a.get("value").unwrap_or_default();
    let sql_type = a
        .get_text("cfsqltype")?
        .or(a.get_text("sqltype")?)
        .or(a.get_text("type")?)
        .unwrap_or_else(|| "varchar".to_string());
    let null = match a.get("null") {
        Some(v) if !v.is_null() => v.to_bool()?,
        _ => false,
    };
    let max_length = match a.get("maxlength") {
        Some(v) if !v.is_null() => Some(v.to_num()? as usize),
        _ => None,
    };
    let scale = match a.get("scale") {
        Some(v) if !v.is_null() => Some(v.to_num()? as u32),
        _ => None,
    };
    Ok(QueryParam {
        value,
        sql_type,
        null,
        max_length,
        scale,
    })
}

/// `list="true"`: one parameter per list item (or array element).
pub(crate) fn expand_list(a: &Struct, p: QueryParam) -> CfResult<Vec<QueryParam>> {
    let is_list = match a.get("list") {
        Some(v) if !v.is_null() => v.to_bool()?,
        _ => false,
    };
    if !is_list || p.null {
        return Ok(vec![p]);
    }
    let items: Vec<Value> = match &p.value {
        Value::Array(arr) => arr.to_vec(),
        v => {
            let sep = a.get_text("separator")?.unwrap_or_else(|| ",".to_string());
            v.to_str()?
                .split(|c: char| sep.contains(c))
                .filter(|s| !s.is_empty())
                .map(Value::from)
                .collect()
        }
    };
    if items.is_empty() {
        return Err(CfmlError::new(
            "database",
            "a list parameter must not be empty",
        ));
    }
    Ok(items
        .into_iter()
        .map(|value| QueryParam { value, ..p.clone() })
        .collect())
}

impl Vm {
    /// `<cfqueryparam>` inside a `<cfquery>` body: add `?` placeholders and the parameters.
    pub(crate) fn op_query_param(&mut self, a: &Struct) -> CfResult<()> {
        let in_sql = self
            .sql
            .last()
            .is_some_and(|(i, _)| *i + 1 == self.bufs.len());
        if !in_sql {
            return Err(CfmlError::application(
                "cfqueryparam is only allowed inside a cfquery body",
            ));
        }
        let params = expand_list(a, param_from(a)?)?;
        let marks = vec!["?"; params.len()].join(",");
        if let Some(b) = self.bufs.last_mut() {
            b.push_str(&marks);
        }
        if let Some((_, ps)) = self.sql.last_mut() {
            ps.extend(params);
        }
        Ok(())
    }

    pub(crate) fn op_query_end(&mut self, f: &mut Frame, attrs: &Value) -> CfResult<()> {
        let (_, params) = self.sql.pop().unwrap_or_default();
        let sql = if self.bufs.len() > 1 {
            self.bufs.pop().unwrap_or_default()
        } else {
            String::new()
        };
        let Value::Struct(a) = attrs else {
            return Ok(());
        };
        let opts = options(a)?;
        let (q, result) = if a
            .get_text("dbtype")?
            .is_some_and(|t| t.eq_ignore_ascii_case("query"))
        {
            self.run_qoq(f, sql.trim(), params, &opts)?
        } else {
            let datasource = match a.get("datasource") {
                Some(Value::Struct(def)) => Some(self.host.inline_datasource(&self.req.app, &def)?),
                _ => a.get_text("datasource")?,
            };
            self.run_sql(datasource.as_deref(), sql.trim(), params, &opts)?
        };
        set_index(&q, a)?;
        let mut ctx = crate::ctx::CallCtx { vm: self, frame: f };
        if let Some(name) = a.get_text("name")? {
            rime_runtime::CodeCtx::assign(&mut ctx, &name, q)?;
        }
        if let Some(r) = a.get_text("result")? {
            rime_runtime::CodeCtx::assign(&mut ctx, &r, Value::Struct(result))?;
        }
        Ok(())
    }

    pub(crate) fn run_sql(
        &mut self,
        datasource: Option<&str>,
        sql: &str,
        params: Vec<QueryParam>,
        opts: &QueryOptions,
    ) -> CfResult<(Value, Struct)> {
        let cached = opts.cached_within.is_some() || opts.cached_after.is_some();
        let key = cached
            .then(|| cache_key(datasource, sql, &params))
            .flatten();
        if let Some(k) = &key {
            if let Some(shared) = self.host.query_cache(&self.req.app) {
                return self.run_sql_shared(&*shared, k, datasource, sql, params, opts);
            }
            if let Some((at, stored, q, r)) = query_cache().lock().get(k) {
                let fresh = opts.cached_within.is_some_and(|age| at.elapsed() <= age)
                    || opts.cached_after.is_some_and(|after| *stored >= after);
                if fresh {
                    let r = r.copy();
                    r.set(Key::new("cached"), Value::Bool(true));
                    return Ok((
                        Value::Query(std::sync::Arc::new(parking_lot::RwLock::new(q.clone()))),
                        r,
                    ));
                }
            }
        }
        let (q, r) = self.execute_on_host(datasource, sql, params, opts)?;
        if let (Some(k), Value::Query(qq)) = (key, &q) {
            let mut cache = query_cache().lock();
            if cache.len() >= QUERY_CACHE_ENTRIES {
                // Bounded: drop the oldest entry.
                if let Some(old) = cache
                    .iter()
                    .min_by_key(|(_, (at, _, _, _))| *at)
                    .map(|(k, _)| k.clone())
                {
                    cache.remove(&old);
                }
            }
            let now = rime_runtime::DateTime::now().to_serial();
            cache.insert(
                k,
                (std::time::Instant::now(), now, qq.read().clone(), r.copy()),
            );
        }
        Ok((q, r))
    }

    /// The statement on the engine's datasource, in the request's transaction (no cache).
    fn execute_on_host(
        &mut self,
        datasource: Option<&str>,
        sql: &str,
        params: Vec<QueryParam>,
        opts: &QueryOptions,
    ) -> CfResult<(Value, Struct)> {
        self.host.execute_query(
            &self.req.app,
            &mut self.req.tx,
            datasource,
            sql,
            params,
            opts,
        )
    }

    /// `run_sql` with the application's shared query cache (`this.cache.query`, e.g. Redis, so
    /// instances share results): the entry holds the query, the result struct and when it was
    /// stored; a `cachedWithin` entry expires in the store after that long.
    fn run_sql_shared(
        &mut self,
        shared: &dyn rime_runtime::Cache,
        key: &str,
        datasource: Option<&str>,
        sql: &str,
        params: Vec<QueryParam>,
        opts: &QueryOptions,
    ) -> CfResult<(Value, Struct)> {
        let id = format!("RIME-QUERY:{key}");
        if let Some(Value::Struct(e)) = shared.get(&id)? {
            let stored = e.get("at").and_then(|v| v.to_num().ok()).unwrap_or(0.0);
            let age_days = rime_runtime::DateTime::now().to_serial() - stored;
            let fresh = opts
                .cached_within
                .is_some_and(|w| age_days * 86_400.0 <= w.as_secs_f64())
                || opts.cached_after.is_some_and(|after| stored >= after);
            if let (true, Some(q @ Value::Query(_)), Some(Value::Struct(r))) =
                (fresh, e.get("query"), e.get("result"))
            {
                r.set(Key::new("cached"), Value::Bool(true));
                return Ok((q, r));
            }
        }
        let (q, r) = self.execute_on_host(datasource, sql, params, opts)?;
        if matches!(q, Value::Query(_)) {
            let e = Struct::new();
            e.set(Key::new("query"), q.clone());
            e.set(Key::new("result"), Value::Struct(r.copy()));
            e.set(
                Key::new("at"),
                Value::Num(rime_runtime::DateTime::now().to_serial()),
            );
            shared.put(&id, &Value::Struct(e), opts.cached_within, None)?;
        }
        Ok((q, r))
    }

    /// A query of queries: `FROM` names resolve to query variables as the page sees them.
    pub(crate) fn run_qoq(
        &mut self,
        f: &mut Frame,
        sql: &str,
        params: Vec<QueryParam>,
        opts: &QueryOptions,
    ) -> CfResult<(Value, Struct)> {
        let start = std::time::Instant::now();
        let values: Vec<Value> = params
            .iter()
            .map(|p| if p.null { Value::Null } else { p.value.clone() })
            .collect();
        let mut ctx = crate::ctx::CallCtx { vm: self, frame: f };
        let mut tables = |name: &str| match rime_runtime::CodeCtx::lookup(&mut ctx, name) {
            Some(Value::Query(q)) => Some(q),
            _ => None,
        };
        let mut q = rime_qoq::execute(sql, &values, &mut tables)?;
        if let Some(max) = opts.max_rows {
            if q.rows > max {
                for c in &mut q.columns {
                    c.values.truncate(max);
                }
                q.rows = max;
            }
        }
        let rows = q.rows;
        let columns = q.column_list();
        let result = result_struct(sql, &params, rows, start.elapsed().as_secs_f64() * 1000.0);
        result.set(Key::new("columnList"), Value::from(columns));
        Ok((
            Value::Query(std::sync::Arc::new(parking_lot::RwLock::new(q))),
            result,
        ))
    }

    pub(crate) fn op_tx_begin(&mut self, attrs: &Value) -> CfResult<()> {
        let a = match attrs {
            Value::Struct(s) => s.clone(),
            _ => Struct::new(),
        };
        self.host
            .transaction(&self.req.app, &mut self.req.tx, "begin", &a)
    }

    /// The ORM session follows the transaction (`ormTransactionEnd`): flushed into it before a
    /// commit, cleared at a rollback. A failed flush rolls the transaction back.
    fn orm_transaction_end(&mut self, commit: bool) -> CfResult<()> {
        if self.req.orm.is_none() {
            return Ok(());
        }
        self.call_builtin_value(
            &rime_stdlib::orm::TRANSACTION_END,
            vec![Value::Bool(commit)],
        )
        .map(|_| ())
    }

    pub(crate) fn op_tx_end(&mut self, commit: bool) -> CfResult<()> {
        let orm = self.orm_transaction_end(commit);
        if let (true, Err(e)) = (commit, orm) {
            // The body is over: what the flush wrote is rolled back with the rest.
            let _ = self.host.transaction(
                &self.req.app,
                &mut self.req.tx,
                "rollbackend",
                &Struct::new(),
            );
            return Err(e);
        }
        let r = self.host.transaction(
            &self.req.app,
            &mut self.req.tx,
            if commit { "end" } else { "rollbackend" },
            &Struct::new(),
        );
        // A failed rollback must not hide the error that caused it.
        if commit {
            r
        } else {
            Ok(())
        }
    }

    /// `<cftransaction action="commit|rollback|setsavepoint">` inside a transaction body.
    pub(crate) fn op_tx_action(&mut self, a: &Struct) -> CfResult<()> {
        let action = a.get_text("action")?.unwrap_or_else(|| "begin".to_string());
        match action.to_ascii_lowercase().as_str() {
            "commit" => self.orm_transaction_end(true)?,
            "rollback" => self.orm_transaction_end(false)?,
            _ => {}
        }
        self.host.transaction(
            &self.req.app,
            &mut self.req.tx,
            &action.to_ascii_lowercase(),
            a,
        )
    }
}

/// The `result` struct keys Lucee fills, for engines building it.
pub fn result_struct(sql: &str, params: &[QueryParam], record_count: usize, ms: f64) -> Struct {
    let s = Struct::with_flags(true);
    s.set(Key::new("sql"), Value::from(sql));
    s.set(
        Key::new("sqlParameters"),
        Value::Array(rime_runtime::Array::from_vec(
            params.iter().map(|p| p.value.clone()).collect(),
        )),
    );
    s.set(Key::new("recordCount"), Value::Num(record_count as f64));
    s.set(Key::new("executionTime"), Value::Num(ms));
    s.set(Key::new("cached"), Value::Bool(false));
    s
}

/// Rewrite `:name` placeholders (outside quotes) to `?`, returning the names in order.
pub(crate) fn named_placeholders(sql: &str) -> (String, Vec<String>) {
    let mut out = String::with_capacity(sql.len());
    let mut names = Vec::new();
    let mut chars = sql.char_indices().peekable();
    let mut quote: Option<char> = None;
    while let Some((_, c)) = chars.next() {
        match quote {
            Some(q) => {
                out.push(c);
                if c == q {
                    quote = None;
                }
            }
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                out.push(c);
            }
            // `::` is a PostgreSQL cast, not a parameter.
            None if c == ':' && chars.peek().is_some_and(|(_, n)| *n == ':') => {
                out.push_str("::");
                chars.next();
            }
            None if c == ':'
                && chars
                    .peek()
                    .is_some_and(|(_, n)| n.is_ascii_alphabetic() || *n == '_') =>
            {
                let mut name = String::new();
                while let Some((_, n)) = chars.peek() {
                    if n.is_ascii_alphanumeric() || *n == '_' {
                        name.push(*n);
                        chars.next();
                    } else {
                        break;
                    }
                }
                names.push(name);
                out.push('?');
            }
            None => out.push(c),
        }
    }
    (out, names)
}

/// A queryExecute parameter: a plain value, or a struct with `value`, `cfsqltype`, `null`, `list`.
pub(crate) fn exec_params(v: &Value) -> CfResult<Vec<QueryParam>> {
    match v {
        Value::Struct(s) if s.contains("value") || s.contains("null") => {
            expand_list(s, param_from(s)?)
        }
        other => Ok(vec![QueryParam {
            value: other.clone(),
            sql_type: match other {
                Value::Num(_) => "numeric".to_string(),
                Value::Bool(_) => "bit".to_string(),
                Value::Date(_) => "timestamp".to_string(),
                _ => "varchar".to_string(),
            },
            null: other.is_null(),
            max_length: None,
            scale: None,
        }]),
    }
}

#[cfg(test)]
mod tests {
    use super::named_placeholders;

    #[test]
    fn named_parameters_become_positional_outside_quotes() {
        let (sql, names) =
            named_placeholders("SELECT ':x' AS a, b::text FROM t WHERE id = :id AND n = :name");
        assert_eq!(
            sql,
            "SELECT ':x' AS a, b::text FROM t WHERE id = ? AND n = ?"
        );
        assert_eq!(names, vec!["id".to_string(), "name".to_string()]);
    }
}
