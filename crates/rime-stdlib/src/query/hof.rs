//! Query sorting and the higher-order functions (callbacks get the row as a struct, the row
//! number and the query).

use super::{col_index, empty_like, names_of, new_ref, query_arg, select_rows, set_cell, QueryRef};
use crate::array::{call_bool, ordering_of, try_sort};
use rime_runtime::{ops, Args, CfResult, CfmlError, Ctx, Struct, Value};
use std::cmp::Ordering;

/// querySort(query, columns, directions) or querySort(query, comparator(row1, row2)).
pub(super) fn query_sort(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.clone();
    let snapshot = q.read().clone();
    let rows: Vec<usize> = (1..=snapshot.rows).collect();
    let sorted = match args.val(1)? {
        f @ Value::Func(_) => {
            let structs: Vec<Struct> = (1..=snapshot.rows)
                .map(|r| snapshot.row_struct(r))
                .collect();
            try_sort(rows, &mut |a: &usize, b: &usize| {
                let (Some(x), Some(y)) = (structs.get(a - 1), structs.get(b - 1)) else {
                    return Ok(Ordering::Equal);
                };
                ordering_of(&ctx.call(f, vec![Value::Struct(x.clone()), Value::Struct(y.clone())])?)
            })?
        }
        cols_v => {
            let cols = names_of(cols_v)?;
            let dirs: Vec<String> = match args.get(2) {
                Some(d) => names_of(d)?,
                None => Vec::new(),
            };
            let mut keys = Vec::with_capacity(cols.len());
            for (i, c) in cols.iter().enumerate() {
                let ci = col_index(&snapshot, c)?;
                let dir = dirs.get(i).or(dirs.last()).map(|s| s.to_ascii_lowercase());
                let desc = match dir.as_deref() {
                    None | Some("asc") | Some("") => false,
                    Some("desc") => true,
                    Some(other) => {
                        return Err(CfmlError::expression(format!(
                            "Invalid sort order [{other}], valid values are [asc, desc]"
                        )))
                    }
                };
                keys.push((ci, desc));
            }
            try_sort(rows, &mut |a: &usize, b: &usize| {
                for &(ci, desc) in &keys {
                    let x = snapshot.get(ci, *a).cloned().unwrap_or_default();
                    let y = snapshot.get(ci, *b).cloned().unwrap_or_default();
                    let o = ops::compare(&x, &y)?;
                    if o != Ordering::Equal {
                        return Ok(if desc { o.reverse() } else { o });
                    }
                }
                Ok(Ordering::Equal)
            })?
        }
    };
    let reordered = select_rows(&snapshot, &sorted);
    {
        let mut w = q.write();
        for (wc, rc) in w.columns.iter_mut().zip(reordered.columns) {
            wc.values = rc.values;
        }
    }
    Ok(Value::Bool(true))
}

/// Visit rows with (row struct, row number, query), without holding the lock.
fn each_row(q: &QueryRef, mut f: impl FnMut(usize, Struct) -> CfResult<bool>) -> CfResult<()> {
    let n = q.read().rows;
    for r in 1..=n {
        let row = {
            let g = q.read();
            if r > g.rows {
                break;
            }
            g.row_struct(r)
        };
        if !f(r, row)? {
            break;
        }
    }
    Ok(())
}

fn cb_args(row: Struct, r: usize, q: &QueryRef) -> Vec<Value> {
    vec![Value::Struct(row), Value::from(r), Value::Query(q.clone())]
}

pub(super) fn query_each(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.clone();
    let f = args.func(1)?;
    each_row(&q, |r, row| {
        ctx.call(f, cb_args(row, r, &q))?;
        Ok(true)
    })?;
    Ok(Value::Null)
}

pub(super) fn query_map(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.clone();
    let f = args.func(1)?;
    let mut out = empty_like(&q.read());
    each_row(&q, |r, row| {
        let res = ctx.call(f, cb_args(row, r, &q))?;
        match &res {
            Value::Struct(s) => {
                let nr = out.add_row();
                for (k, v) in s.entries() {
                    // Keys that are not columns of the query are ignored.
                    if let Some(ci) = out.column_index(k.as_str()) {
                        set_cell(&mut out, ci, nr, v)?;
                    }
                }
                Ok(true)
            }
            other => Err(CfmlError::expression(format!(
                "The function passed to queryMap must return a struct (a row), got {}",
                other.type_name()
            ))),
        }
    })?;
    Ok(new_ref(out))
}

pub(super) fn query_filter(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.clone();
    let f = args.func(1)?;
    let mut keep = Vec::new();
    each_row(&q, |r, row| {
        if call_bool(ctx, f, cb_args(row, r, &q), "queryFilter")? {
            keep.push(r);
        }
        Ok(true)
    })?;
    let snapshot = q.read().clone();
    Ok(new_ref(select_rows(&snapshot, &keep)))
}

pub(super) fn query_reduce(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.clone();
    let f = args.func(1)?;
    let mut acc = args.raw(2).cloned().unwrap_or_default();
    each_row(&q, |r, row| {
        acc = ctx.call(
            f,
            vec![
                acc.clone(),
                Value::Struct(row),
                Value::from(r),
                Value::Query(q.clone()),
            ],
        )?;
        Ok(true)
    })?;
    Ok(acc)
}

pub(super) fn query_some(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.clone();
    let f = args.func(1)?;
    let mut found = false;
    each_row(&q, |r, row| {
        found = call_bool(ctx, f, cb_args(row, r, &q), "querySome")?;
        Ok(!found)
    })?;
    Ok(Value::Bool(found))
}

pub(super) fn query_every(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.clone();
    let f = args.func(1)?;
    let mut all = true;
    each_row(&q, |r, row| {
        all = call_bool(ctx, f, cb_args(row, r, &q), "queryEvery")?;
        Ok(all)
    })?;
    Ok(Value::Bool(all))
}
