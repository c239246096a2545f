//! Column-at-a-time evaluation. A `Col` is one value per joined row: either a source column read
//! in place through the rows' table slot (no copy, no reference-count traffic) or values an
//! expression produced. Expressions other than plain columns and constants are evaluated row by
//! row over the rayon pool in chunks.

use crate::ast::{BinOp, Expr};
use crate::eval::{binary, Ctx, Rows, NONE};
use crate::hash::parse_num;
use arcstr::ArcStr;
use rayon::prelude::*;
use rime_runtime::{CfResult, Query, Value};

/// Rows per parallel task: below this, splitting costs more than it saves.
pub const PAR_MIN_ROWS: usize = 8192;

static NULL: Value = Value::Null;

pub enum Col<'a> {
    /// `values[rows.row(i)[slot]]`, null where the slot is empty (the null side of a LEFT JOIN).
    Src {
        values: &'a [Value],
        rows: &'a Rows,
        slot: usize,
    },
    Owned(Vec<Value>),
    /// Values held elsewhere (output columns).
    Slice(&'a [Value]),
}

impl Col<'_> {
    pub fn get(&self, i: usize) -> &Value {
        match self {
            Col::Src { values, rows, slot } => match rows.row(i).get(*slot) {
                Some(&r) if r != NONE => values.get(r).unwrap_or(&NULL),
                _ => &NULL,
            },
            Col::Owned(v) => v.get(i).unwrap_or(&NULL),
            Col::Slice(v) => v.get(i).unwrap_or(&NULL),
        }
    }

    /// The values as an owned column of `n` rows (cloning a source column's cells).
    pub fn into_values(self, n: usize) -> Vec<Value> {
        match self {
            Col::Owned(v) => v,
            Col::Slice(v) if v.len() == n => v.to_vec(),
            src => (0..n).map(|i| src.get(i).clone()).collect(),
        }
    }
}

/// `e` for every row of `rows`.
pub fn eval_col<'a>(
    tables: &'a [&'a Query],
    params: &[Value],
    rows: &'a Rows,
    e: &Expr,
) -> CfResult<Col<'a>> {
    match e {
        Expr::Bound(t, c) => {
            if let Some(col) = tables.get(*t).and_then(|q| q.columns.get(*c)) {
                if rows.all {
                    return Ok(Col::Slice(&col.values));
                }
                return Ok(Col::Src {
                    values: &col.values,
                    rows,
                    slot: *t,
                });
            }
        }
        Expr::Lit(v) => return Ok(Col::Owned(vec![v.clone(); rows.len()])),
        Expr::Param(i) if *i < params.len() => {
            return Ok(Col::Owned(vec![
                params.get(*i).cloned().unwrap_or_default();
                rows.len()
            ]))
        }
        // An operator between two columns or constants: straight over the columns, without
        // the evaluator's per-row dispatch (`name + ' ' + dept` style projections).
        Expr::Bin(op, a, b) if !matches!(op, BinOp::And | BinOp::Or) && leaf(a) && leaf(b) => {
            let (l, r) = (
                eval_col(tables, params, rows, a)?,
                eval_col(tables, params, rows, b)?,
            );
            let n = rows.len();
            let one = |buf: &mut String, i: usize| {
                let (x, y) = (l.get(i), r.get(i));
                match (op, x, y) {
                    // Two strings that are not numbers: `+` and `||` both concatenate,
                    // assembled in a buffer kept per task, then one allocation.
                    (BinOp::Add | BinOp::Concat, Value::Str(a), Value::Str(b))
                        if *op == BinOp::Concat
                            || (parse_num(a).is_none() && parse_num(b).is_none()) =>
                    {
                        buf.clear();
                        buf.push_str(a);
                        buf.push_str(b);
                        Ok(Value::Str(ArcStr::from(buf.as_str())))
                    }
                    _ => binary(*op, x, y),
                }
            };
            return Ok(Col::Owned(if n < PAR_MIN_ROWS {
                let mut buf = String::new();
                (0..n).map(|i| one(&mut buf, i)).collect::<CfResult<_>>()?
            } else {
                (0..n)
                    .into_par_iter()
                    .with_min_len(PAR_MIN_ROWS / 2)
                    .map_init(String::new, one)
                    .collect::<CfResult<_>>()?
            }));
        }
        _ => {}
    }
    Ok(Col::Owned(per_row(tables, params, rows.len(), |cx, i| {
        cx.eval(e, rows.row(i), None)
    })?))
}

/// A column or a constant (a missing parameter is not: its error comes from the evaluator).
fn leaf(e: &Expr) -> bool {
    matches!(e, Expr::Bound(..) | Expr::Lit(_))
}

/// `f(cx, i)` for every row index `0..n`, in order, over the rayon pool in chunks (each worker
/// with its own evaluation context, which caches LIKE patterns); an error wins over results.
pub fn per_row<T: Send>(
    tables: &[&Query],
    params: &[Value],
    n: usize,
    f: impl Fn(&Ctx, usize) -> CfResult<T> + Sync,
) -> CfResult<Vec<T>> {
    if n < PAR_MIN_ROWS {
        let cx = Ctx::new(tables, params);
        return (0..n).map(|i| f(&cx, i)).collect();
    }
    (0..n)
        .into_par_iter()
        .with_min_len(PAR_MIN_ROWS / 2)
        .map_init(|| Ctx::new(tables, params), |cx, i| f(cx, i))
        .collect()
}
