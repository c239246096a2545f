//! Running a parsed statement: the select list, GROUP BY/HAVING, DISTINCT, ORDER BY,
//! TOP/LIMIT/OFFSET and UNION, column by column. Binding is in `bind`, FROM and WHERE in `join`
//! (which filters with `filter`), grouping and duplicate removal in `group`, sorting in `sort`.

use crate::ast::*;
use crate::bind::{bind, Source};
use crate::col::eval_col;
use crate::err;
use crate::eval::{truthy, Ctx, Group, NONE};
use crate::{group, join, sort};
use rime_runtime::key::eq_fold;
use rime_runtime::query::Column;
use rime_runtime::{CfResult, Key, Query, Value};
use std::collections::HashSet;

/// The result of one SELECT before union and ordering, column by column.
pub struct Output {
    pub names: Vec<String>,
    pub types: Vec<String>,
    pub cols: Vec<Vec<Value>>,
    /// The ORDER BY keys in order: where each one's values are, and whether it is descending.
    pub order: Vec<(OrderSrc, bool)>,
    /// Values of ORDER BY keys that are not output columns.
    pub extra: Vec<Vec<Value>>,
    pub len: usize,
}

#[derive(Clone, Copy)]
pub enum OrderSrc {
    Out(usize),
    Extra(usize),
}

impl Output {
    fn columns_mut(&mut self) -> impl Iterator<Item = &mut Vec<Value>> {
        self.cols.iter_mut().chain(self.extra.iter_mut())
    }

    /// Keeps the rows whose `keep` is true.
    fn retain(&mut self, keep: &[bool]) {
        for c in self.columns_mut() {
            let mut it = keep.iter();
            c.retain(|_| it.next().copied().unwrap_or(false));
        }
        self.len = keep.iter().take(self.len).filter(|k| **k).count();
    }

    fn truncate(&mut self, n: usize) {
        for c in self.columns_mut() {
            c.truncate(n);
        }
        self.len = self.len.min(n);
    }

    /// Row `i` of the result becomes row `perm[i]` of the current one (values move, no clone).
    fn permute(&mut self, perm: &[usize]) {
        for c in self.columns_mut() {
            let mut old = std::mem::take(c);
            *c = perm
                .iter()
                .map(|&i| old.get_mut(i).map(std::mem::take).unwrap_or_default())
                .collect();
        }
    }

    fn sort_keys(&self) -> Vec<sort::SortKey<'_>> {
        self.order
            .iter()
            .map(|(src, desc)| {
                let col = match src {
                    OrderSrc::Out(p) => self.cols.get(*p),
                    OrderSrc::Extra(p) => self.extra.get(*p),
                };
                sort::SortKey {
                    values: col.map(Vec::as_slice).unwrap_or(&[]),
                    desc: *desc,
                }
            })
            .collect()
    }
}

pub fn run(
    st: &Statement,
    params: &[Value],
    resolve: &mut dyn FnMut(&str) -> Option<crate::SharedQuery>,
) -> CfResult<Query> {
    let single = st.unions.is_empty();
    let mut out = run_select(
        &st.first,
        params,
        resolve,
        if single { &st.order_by } else { &[] },
    )?;
    // Set while the result so far has no duplicates and is indexed for the next `UNION`.
    let mut distinct: Option<group::Distinct> = None;
    for (all, sel) in &st.unions {
        let next = run_select(sel, params, resolve, &[])?;
        if next.names.len() != out.names.len() {
            return Err(err::db(
                "Cannot perform union as number of columns in selects do not match.",
            ));
        }
        if *all {
            distinct = None;
            for (c, more) in out.cols.iter_mut().zip(next.cols) {
                c.extend(more);
            }
            out.len += next.len;
            continue;
        }
        // `UNION` (distinct) removes duplicates across the whole result so far: index it (and
        // drop its own duplicates) unless that was done by the previous `UNION`.
        let mut d = match distinct.take() {
            Some(d) => d,
            None => {
                let mut d = group::Distinct::default();
                let before = std::mem::replace(&mut out.cols, vec![Vec::new(); out.names.len()]);
                let n = std::mem::take(&mut out.len);
                d.admit(&mut out.cols, &mut out.len, before, n);
                d
            }
        };
        d.admit(&mut out.cols, &mut out.len, next.cols, next.len);
        distinct = Some(d);
    }
    if !single && !st.order_by.is_empty() {
        let mut order = Vec::new();
        for k in &st.order_by {
            let p = output_position(&k.e, &out.names)?.ok_or_else(|| {
                err::db("ORDER BY in a UNION must name a selected column or its position")
            })?;
            order.push((OrderSrc::Out(p), k.desc));
        }
        out.order = order;
    }
    if !out.order.is_empty() {
        let perm = sort::order(&out.sort_keys(), out.len);
        out.permute(&perm);
    }
    // TOP of a lone select applies after ORDER BY.
    if single {
        if let Some(t) = st.first.top {
            out.truncate(t);
        }
    }
    let start = st.offset.min(out.len);
    let end = start
        .saturating_add(st.limit.unwrap_or(usize::MAX))
        .min(out.len);
    Ok(to_query(out, start, end))
}

/// Rows `start..end` of `out` as a query.
fn to_query(out: Output, start: usize, end: usize) -> Query {
    let columns: Vec<Column> = out
        .names
        .iter()
        .zip(out.cols)
        .enumerate()
        .map(|(i, (n, mut values))| {
            values.truncate(end);
            if start > 0 {
                values.drain(..start.min(values.len()));
            }
            Column {
                name: Key::new(n.as_str()),
                type_name: out.types.get(i).cloned().unwrap_or_default(),
                values,
            }
        })
        .collect();
    Query {
        columns,
        rows: end - start,
        current_row: 1,
        index: None,
    }
}

/// An ORDER BY key that names an output column (`alias`, column name) or its 1-based position.
fn output_position(e: &Expr, names: &[String]) -> CfResult<Option<usize>> {
    match e {
        Expr::Lit(Value::Num(n)) => {
            let p = *n as usize;
            if n.fract() != 0.0 || p < 1 || p > names.len() {
                return Err(err::db(format!(
                    "ORDER BY position [{n}] is out of range (the select list has {} columns)",
                    names.len()
                )));
            }
            Ok(Some(p - 1))
        }
        Expr::Col {
            qual: None, name, ..
        } => Ok(names.iter().position(|n| eq_fold(n, name))),
        _ => Ok(None),
    }
}

fn run_select(
    sel: &Select,
    params: &[Value],
    resolve: &mut dyn FnMut(&str) -> Option<crate::SharedQuery>,
    order_by: &[OrderKey],
) -> CfResult<Output> {
    let mut sources = Vec::new();
    for t in &sel.from {
        let query = resolve(&t.name).ok_or_else(|| {
            err::db(format!(
                "Table [{}] at position {} is not a query (no query variable of that name exists)",
                t.name, t.pos
            ))
        })?;
        sources.push(Source {
            name: t.name.clone(),
            alias: t.alias.clone(),
            query: query.read_arc_recursive(),
        });
    }
    let mut sel = sel.clone();
    // Expand `*` and `t.*`, then bind every column reference.
    let mut items: Vec<(Expr, String, String)> = Vec::new();
    let mut seen_names: HashSet<String> = HashSet::new();
    for (i, item) in sel.items.iter_mut().enumerate() {
        match item {
            SelectItem::Star(qual) => {
                let mut any = false;
                for (t, s) in sources.iter().enumerate() {
                    if let Some(q) = qual {
                        if !s.answers_to(q) {
                            continue;
                        }
                    }
                    any = true;
                    for (c, col) in s.query.columns.iter().enumerate() {
                        // With several tables, `*` keeps the first of same-named columns.
                        if seen_names.insert(col.name.as_str().to_lowercase()) {
                            items.push((
                                Expr::Bound(t, c),
                                col.name.as_str().to_string(),
                                col.type_name.clone(),
                            ));
                        }
                    }
                }
                if !any {
                    return Err(err::db(format!(
                        "Table [{}] in [{}.*] is not in the FROM clause",
                        qual.clone().unwrap_or_default(),
                        qual.clone().unwrap_or_default()
                    )));
                }
            }
            SelectItem::Expr { e, alias } => {
                // An unaliased column keeps its name as written in the SQL, as Lucee's
                // `ColumnExpression.getAlias()` does.
                let written = match &*e {
                    Expr::Col { name, .. } => Some(name.clone()),
                    _ => None,
                };
                bind(e, &sources)?;
                let (name, ty) = match (&alias, &*e) {
                    (Some(a), _) => (a.clone(), String::new()),
                    (None, Expr::Bound(t, c)) => {
                        let col = sources.get(*t).and_then(|s| s.query.columns.get(*c));
                        (
                            written.unwrap_or_default(),
                            col.map(|c| c.type_name.clone()).unwrap_or_default(),
                        )
                    }
                    // Lucee names an unaliased expression `column_N` (N = its 0-based position).
                    (None, _) => (format!("column_{i}"), String::new()),
                };
                let ty = match (&*e, ty.is_empty()) {
                    (Expr::Bound(t, c), true) => sources
                        .get(*t)
                        .and_then(|s| s.query.columns.get(*c))
                        .map(|c| c.type_name.clone())
                        .unwrap_or_default(),
                    _ => ty,
                };
                if !seen_names.insert(name.to_lowercase()) {
                    return Err(err::db(format!(
                        "Column name [{name}] appears twice in the select list; give one an alias"
                    )));
                }
                items.push((e.clone(), name, ty));
            }
        }
    }
    for t in sel.from.iter_mut() {
        if let Some(on) = &mut t.on {
            bind(on, &sources)?;
        }
    }
    if let Some(w) = &mut sel.where_ {
        bind(w, &sources)?;
        if w.has_agg() {
            return Err(err::db("Aggregate functions are not allowed in WHERE"));
        }
    }
    for g in sel.group_by.iter_mut() {
        bind(g, &sources)?;
    }
    if let Some(h) = &mut sel.having {
        bind(h, &sources)?;
    }
    let names: Vec<String> = items.iter().map(|(_, n, _)| n.clone()).collect();
    // ORDER BY: an output column (by name or position) or an expression over the sources.
    enum Key2 {
        Out(usize),
        Expr(Expr),
    }
    let mut okeys = Vec::new();
    for k in order_by {
        match output_position(&k.e, &names)? {
            Some(p) => okeys.push(Key2::Out(p)),
            None => {
                let mut e = k.e.clone();
                bind(&mut e, &sources)?;
                okeys.push(Key2::Expr(e));
            }
        }
    }

    let tables: Vec<&Query> = sources.iter().map(|s| &*s.query).collect();
    let stride = tables.len();
    let rows = join::from_where(&tables, params, &sel.from, sel.where_.as_ref())?;

    let grouped = !sel.group_by.is_empty()
        || items.iter().any(|(e, _, _)| e.has_agg())
        || sel.having.as_ref().is_some_and(|h| h.has_agg());
    let key_exprs: Vec<&Expr> = okeys
        .iter()
        .filter_map(|k| match k {
            Key2::Expr(e) => Some(e),
            Key2::Out(_) => None,
        })
        .collect();
    let mut out = Output {
        names,
        types: items.iter().map(|(_, _, t)| t.clone()).collect(),
        cols: Vec::with_capacity(items.len()),
        order: Vec::with_capacity(okeys.len()),
        extra: Vec::with_capacity(key_exprs.len()),
        len: 0,
    };
    let mut extra_at = 0;
    for (k, o) in okeys.iter().zip(order_by) {
        out.order.push(match k {
            Key2::Out(p) => (OrderSrc::Out(*p), o.desc),
            Key2::Expr(_) => {
                extra_at += 1;
                (OrderSrc::Extra(extra_at - 1), o.desc)
            }
        });
    }
    if grouped {
        // Groups in order of first appearance.
        let groups: Vec<Vec<usize>> = if sel.group_by.is_empty() {
            vec![(0..rows.len()).collect()]
        } else {
            let keys = sel
                .group_by
                .iter()
                .map(|g| eval_col(&tables, params, &rows, g))
                .collect::<CfResult<Vec<_>>>()?;
            let (group_of, first) = group::assign_cols(&keys, rows.len());
            group::members(&group_of, first.len())
        };
        let cx = Ctx::new(&tables, params);
        let none_row = vec![NONE; stride];
        out.cols = vec![Vec::with_capacity(groups.len()); items.len()];
        out.extra = vec![Vec::with_capacity(groups.len()); key_exprs.len()];
        for members in &groups {
            let first = members.first().map(|&m| rows.row(m)).unwrap_or(&none_row);
            let g = Group {
                rows: &rows,
                members,
            };
            if let Some(h) = &sel.having {
                if !truthy(&cx.eval(h, first, Some(&g))?)? {
                    continue;
                }
            }
            for ((e, _, _), col) in items.iter().zip(out.cols.iter_mut()) {
                col.push(cx.eval(e, first, Some(&g))?);
            }
            for (e, col) in key_exprs.iter().zip(out.extra.iter_mut()) {
                col.push(cx.eval(e, first, Some(&g))?);
            }
            out.len += 1;
        }
    } else {
        let n = rows.len();
        for (e, _, _) in &items {
            out.cols
                .push(eval_col(&tables, params, &rows, e)?.into_values(n));
        }
        for e in &key_exprs {
            out.extra
                .push(eval_col(&tables, params, &rows, e)?.into_values(n));
        }
        out.len = n;
    }
    if sel.distinct {
        let keep = group::first_occurrences(&out.cols, out.len);
        out.retain(&keep);
    }
    // In a union each select's TOP applies to that select alone.
    if order_by.is_empty() {
        if let Some(t) = sel.top {
            out.truncate(t);
        }
    }
    Ok(out)
}
