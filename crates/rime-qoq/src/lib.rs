//! Query of queries (`<cfquery dbtype="query">`): SQL SELECT over in-memory CFML query values.
//!
//! `execute` tokenizes (`lexer`), parses (`parser`, depth-limited), binds column names
//! case-insensitively and runs the statement (`exec`, `eval`). Comparisons follow Lucee's native
//! QoQ, which compares with `OpUtil.compare`: strings compare case-insensitively for `=`, `<`,
//! `IN`, `BETWEEN`, and `LIKE` lower-cases both sides. Every error is a `database` exception.

mod ast;
mod err;
mod eval;
mod exec;
mod funcs;
mod lexer;
mod like;
mod parser;

use rime_runtime::{CfResult, Query, Value};
use std::sync::Arc;

/// A query value as variables hold it: shared, read in place (never copied) while a SELECT runs.
pub type SharedQuery = Arc<parking_lot::RwLock<Query>>;

/// Run a QoQ SELECT. `tables` resolves a table name used in FROM (a variable holding a query,
/// possibly dotted like `variables.q` or `local.rows`) to the query; `params` are the values for
/// `?` placeholders in order (already typed by the caller).
pub fn execute(
    sql: &str,
    params: &[Value],
    tables: &mut dyn FnMut(&str) -> Option<SharedQuery>,
) -> CfResult<Query> {
    let toks = lexer::tokenize(sql)?;
    let st = parser::parse(toks)?;
    exec::run(&st, params, tables).map_err(err::wrap)
}
