//! FROM and WHERE: which joined rows a SELECT reads.
//!
//! WHERE is split into its AND terms. A term that reads one table only (and not the null side of
//! a LEFT JOIN) filters that table before any join, as does an ON term that reads only the table
//! being joined. Tables are then joined left to right; an equality between the new table and the
//! tables before it becomes a hash join on typed keys. The terms that remain run on the joined
//! rows. Row order is the nested-loop order: left rows in order, each with its matches in the
//! right table's order.

use crate::ast::{BinOp, Expr, JoinKind, TableRef};
use crate::bind::{conjuncts, remap_to_first, tables_used};
use crate::col::eval_col;
use crate::err;
use crate::eval::{truthy, Ctx, Rows, NONE};
use crate::filter;
use crate::hash::{FxMap, JoinKey};
use rime_runtime::{CfResult, Query, Value};

/// A join whose intermediate result would hold more row indexes than this (rows times joined
/// tables) is refused rather than eating memory: 50 million indexes are 400 MB. (Found by the
/// `qoq` fuzz target: a FROM list of dozens of small tables.)
const MAX_JOIN_CELLS: usize = 50_000_000;

/// The joined rows of the FROM clause that satisfy `where_`.
pub fn from_where(
    tables: &[&Query],
    params: &[Value],
    from: &[TableRef],
    where_: Option<&Expr>,
) -> CfResult<Rows> {
    let stride = tables.len();
    let mut conds = Vec::new();
    if let Some(w) = where_ {
        conjuncts(w, &mut conds);
    }
    let used: Vec<Vec<usize>> = conds
        .iter()
        .map(|c| {
            let mut u = Vec::new();
            tables_used(c, &mut u);
            u
        })
        .collect();
    let nullable = |t: usize| from.get(t).is_some_and(|r| r.join == JoinKind::Left);
    let mut applied = vec![false; conds.len()];
    let mut own: Vec<Vec<&Expr>> = vec![Vec::new(); stride];
    let mut on: Vec<Vec<&Expr>> = vec![Vec::new(); stride];
    for (k, t) in from.iter().enumerate().skip(1) {
        if let Some(e) = &t.on {
            let mut terms = Vec::new();
            conjuncts(e, &mut terms);
            for c in terms {
                let mut u = Vec::new();
                tables_used(c, &mut u);
                // Right rows failing such a term can never match, LEFT JOIN or not.
                match (u.iter().all(|&x| x == k), own.get_mut(k), on.get_mut(k)) {
                    (true, Some(o), _) => o.push(c),
                    (false, _, Some(o)) => o.push(c),
                    _ => {}
                }
            }
        }
    }
    for (i, c) in conds.iter().enumerate() {
        // A term without columns reads as well on the first table as on the joined rows.
        let t = match used.get(i).map(Vec::as_slice) {
            Some([]) => Some(0),
            Some([t, rest @ ..]) if rest.iter().all(|x| x == t) => Some(*t),
            _ => None,
        };
        if let Some(t) = t.filter(|&t| !nullable(t)) {
            if let (Some(o), Some(a)) = (own.get_mut(t), applied.get_mut(i)) {
                o.push(c);
                *a = true;
            }
        }
    }
    // Each table's own filter, over that table alone.
    let mut sel: Vec<Vec<usize>> = Vec::with_capacity(stride);
    for (t, q) in tables.iter().enumerate() {
        let terms = own.get(t).map(Vec::as_slice).unwrap_or(&[]);
        if terms.is_empty() {
            sel.push((0..q.rows).collect());
            continue;
        }
        let remapped: Vec<Expr> = terms.iter().map(|e| remap_to_first(e)).collect();
        let refs: Vec<&Expr> = remapped.iter().collect();
        sel.push(filter::select_table(q, params, &refs)?);
    }
    let mut sel = sel.into_iter();
    let first = sel.next().unwrap_or_default();
    let mut rows = if stride == 1 {
        Rows {
            stride,
            all: first.len() == tables.first().map_or(0, |q| q.rows)
                && own.first().is_none_or(Vec::is_empty),
            data: first,
        }
    } else {
        let mut data = Vec::with_capacity(first.len() * stride);
        for r in first {
            data.push(r);
            data.extend(std::iter::repeat_n(NONE, stride - 1));
        }
        Rows {
            stride,
            data,
            all: false,
        }
    };
    for ((k, t), right) in from.iter().enumerate().skip(1).zip(sel) {
        let step: Vec<&Expr> = match &t.on {
            Some(_) => on.get(k).cloned().unwrap_or_default(),
            // `FROM a, b WHERE a.id = b.id`: WHERE terms that need no table after `k` filter
            // the pairs as they are made.
            None => {
                let mut step = Vec::new();
                for (i, c) in conds.iter().enumerate() {
                    let fits = used
                        .get(i)
                        .is_some_and(|u| u.contains(&k) && u.iter().all(|&x| x <= k));
                    if let (true, Some(a)) = (fits, applied.get_mut(i)) {
                        if !*a {
                            *a = true;
                            step.push(*c);
                        }
                    }
                }
                step
            }
        };
        rows = join_step(
            tables,
            params,
            &rows,
            k,
            &right,
            &step,
            t.join == JoinKind::Left,
        )?;
    }
    let rest: Vec<&Expr> = conds
        .iter()
        .zip(&applied)
        .filter(|(_, a)| !**a)
        .map(|(c, _)| *c)
        .collect();
    if rest.is_empty() {
        return Ok(rows);
    }
    let keep = filter::select(tables, params, &rows, &rest)?;
    Ok(rows.keep(&keep))
}

/// Adds table `k` (its rows `right`, already filtered) to the joined rows. `conds` must all hold
/// for a pair; an equality between an expression over table `k` and one over earlier tables
/// turns the nested loop into a hash join (candidates are still checked against every term).
fn join_step(
    tables: &[&Query],
    params: &[Value],
    rows: &Rows,
    k: usize,
    right: &[usize],
    conds: &[&Expr],
    left: bool,
) -> CfResult<Rows> {
    let stride = rows.stride;
    let cx = Ctx::new(tables, params);
    let mut out: Vec<usize> = Vec::new();
    let mut scratch = vec![NONE; stride];
    let check = |row: &[usize]| -> CfResult<bool> {
        for c in conds {
            if !truthy(&cx.eval(c, row, None)?)? {
                return Ok(false);
            }
        }
        Ok(true)
    };
    let emit = |row: &[usize], out: &mut Vec<usize>| -> CfResult<()> {
        if out.len() + stride > MAX_JOIN_CELLS {
            return Err(err::db(format!(
                "QoQ join result is too large (more than {} rows of {stride} tables)",
                MAX_JOIN_CELLS / stride.max(1)
            )));
        }
        out.extend_from_slice(row);
        Ok(())
    };
    match hash_condition(conds, k) {
        Some((l, r)) => {
            // The right rows as joined rows with only slot `k` filled, to evaluate `r` over.
            let mut data = vec![NONE; right.len() * stride];
            for (j, &r) in right.iter().enumerate() {
                if let Some(s) = data.get_mut(j * stride + k) {
                    *s = r;
                }
            }
            let rrows = Rows {
                stride,
                data,
                all: false,
            };
            let rcol = eval_col(tables, params, &rrows, r)?;
            let mut index: FxMap<JoinKey, Vec<usize>> = FxMap::default();
            // Right rows without a key (booleans) are candidates for every left row.
            let mut wild: Vec<usize> = Vec::new();
            for j in 0..right.len() {
                match JoinKey::of(rcol.get(j)) {
                    Some(key) => index.entry(key).or_default().push(j),
                    None => wild.push(j),
                }
            }
            let lcol = eval_col(tables, params, rows, l)?;
            let everyone: Vec<usize> = (0..right.len()).collect();
            let mut merged: Vec<usize> = Vec::new();
            for i in 0..rows.len() {
                scratch.copy_from_slice(rows.row(i));
                // Candidates in right-table order, as the nested loop would meet them.
                let cands: &[usize] = match JoinKey::of(lcol.get(i)) {
                    None => &everyone,
                    Some(key) => {
                        let hit = index.get(&key).map(Vec::as_slice).unwrap_or(&[]);
                        if wild.is_empty() {
                            hit
                        } else {
                            merged.clear();
                            merged.extend_from_slice(hit);
                            merged.extend_from_slice(&wild);
                            merged.sort_unstable();
                            &merged
                        }
                    }
                };
                let mut matched = false;
                for &j in cands {
                    if let (Some(s), Some(&r)) = (scratch.get_mut(k), right.get(j)) {
                        *s = r;
                    }
                    if check(&scratch)? {
                        matched = true;
                        emit(&scratch, &mut out)?;
                    }
                }
                if left && !matched {
                    if let Some(s) = scratch.get_mut(k) {
                        *s = NONE;
                    }
                    emit(&scratch, &mut out)?;
                }
            }
        }
        None => {
            for i in 0..rows.len() {
                scratch.copy_from_slice(rows.row(i));
                let mut matched = false;
                for &r in right {
                    if let Some(s) = scratch.get_mut(k) {
                        *s = r;
                    }
                    if check(&scratch)? {
                        matched = true;
                        emit(&scratch, &mut out)?;
                    }
                }
                if left && !matched {
                    if let Some(s) = scratch.get_mut(k) {
                        *s = NONE;
                    }
                    emit(&scratch, &mut out)?;
                }
            }
        }
    }
    Ok(Rows {
        stride,
        data: out,
        all: false,
    })
}

/// An `earlier = k` equality among `conds` (either way round): (earlier side, `k` side).
fn hash_condition<'e>(conds: &[&'e Expr], k: usize) -> Option<(&'e Expr, &'e Expr)> {
    for c in conds {
        if let Expr::Bin(BinOp::Eq, a, b) = c {
            let (mut ta, mut tb) = (Vec::new(), Vec::new());
            tables_used(a, &mut ta);
            tables_used(b, &mut tb);
            let only_k = |t: &Vec<usize>| !t.is_empty() && t.iter().all(|&x| x == k);
            let before_k = |t: &Vec<usize>| !t.is_empty() && t.iter().all(|&x| x < k);
            if only_k(&tb) && before_k(&ta) {
                return Some((a, b));
            }
            if only_k(&ta) && before_k(&tb) {
                return Some((b, a));
            }
        }
    }
    None
}
