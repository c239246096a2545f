//! Query of queries (`<cfquery dbtype="query">`): SQL SELECT over in-memory CFML query values.
//!
//! `execute` tokenizes (`lexer`), parses (`parser`, depth-limited), binds column names
//! case-insensitively (`bind`) and runs the statement column by column:
//!
//! | module | job |
//! |---|---|
//! | `exec` | the select list, GROUP BY/HAVING, DISTINCT, ORDER BY, TOP/LIMIT, UNION |
//! | `join` | FROM and WHERE: per-table filters first, then hash joins on typed keys |
//! | `filter` | conditions over selection vectors, typed loops for column-vs-constant tests |
//! | `col` | an expression's values for every row (source columns read in place) |
//! | `group` | grouping and duplicate removal by dictionary codes and hashes |
//! | `sort` | ORDER BY on packed, order-preserving key prefixes |
//! | `hash` | the hasher and the group/join identities of values |
//! | `eval` | the row-by-row evaluator everything else falls back to; aggregates |
//!
//! Comparisons follow Lucee's native QoQ, which compares with `OpUtil.compare`: strings compare
//! case-insensitively for `=`, `<`, `IN`, `BETWEEN`, and `LIKE` lower-cases both sides. Every
//! typed fast path gives exactly that comparison's answer. Every error is a `database` exception.

mod ast;
mod bind;
mod col;
mod err;
mod eval;
mod exec;
mod filter;
mod funcs;
mod group;
mod hash;
mod join;
mod lexer;
mod like;
mod parser;
mod sort;

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
