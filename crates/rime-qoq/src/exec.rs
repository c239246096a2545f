//! Running a parsed statement: name binding, FROM/JOIN, WHERE, GROUP BY/HAVING, the select
//! list, DISTINCT, ORDER BY, TOP/LIMIT/OFFSET and UNION.

use crate::ast::*;
use crate::err;
use crate::eval::{truthy, Ctx, Group, Rows, NONE};
use rime_runtime::key::eq_fold;
use rime_runtime::query::Column;
use rime_runtime::{ops, CfResult, Key, Query, Value};
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

/// A join whose intermediate result would hold more row indexes than this (rows times joined
/// tables) is refused rather than eating memory: 50 million indexes are 400 MB. (Found by the
/// `qoq` fuzz target: a FROM list of dozens of small tables.)
const MAX_JOIN_CELLS: usize = 50_000_000;

/// One table of the FROM clause.
struct Source {
    name: String,
    alias: Option<String>,
    /// Read-locked for the whole SELECT (recursively: a self-join locks it twice).
    query: parking_lot::ArcRwLockReadGuard<parking_lot::RawRwLock, Query>,
}

impl Source {
    /// Whether a column qualifier (`t` in `t.col`) names this table: its alias, its full
    /// (possibly dotted) name or the last segment of that name.
    fn answers_to(&self, qual: &str) -> bool {
        if let Some(a) = &self.alias {
            return eq_fold(a, qual);
        }
        eq_fold(&self.name, qual)
            || self
                .name
                .rsplit('.')
                .next()
                .is_some_and(|l| eq_fold(l, qual))
    }
}

/// The result of one SELECT before union/ordering: output columns, rows and sort keys.
pub struct Output {
    pub names: Vec<String>,
    pub types: Vec<String>,
    pub rows: Vec<Vec<Value>>,
    pub keys: Vec<Vec<Value>>,
}

/// A hashable identity for DISTINCT, GROUP BY and UNION: the type family plus the string form,
/// so `1` and `'1'` group together while strings stay case-sensitive.
pub fn value_key(v: &Value) -> String {
    match v {
        Value::Null => "\u{0}".to_string(),
        Value::Num(n) => format!("n{}", rime_runtime::number::format(*n)),
        other => match other.as_numeric() {
            Some(n) => format!("n{}", rime_runtime::number::format(n)),
            None => format!(
                "s{}",
                other.to_str().map(|s| s.into_owned()).unwrap_or_default()
            ),
        },
    }
}

fn row_key(vals: &[Value]) -> String {
    let mut k = String::new();
    for v in vals {
        k.push_str(&value_key(v));
        k.push('\u{1}');
    }
    k
}

/// A join key that never separates two values `ops::compare` calls equal (it may merge values
/// that differ; candidates are re-checked with the real condition).
fn join_key(v: &Value) -> String {
    // `-0` and `0` compare equal, so they must share a key.
    let num = |n: f64| format!("n{}", if n == 0.0 { 0.0 } else { n });
    match v {
        Value::Null => "s".into(),
        Value::Num(n) => num(*n),
        Value::Bool(b) => num(if *b { 1.0 } else { 0.0 }),
        Value::Date(d) => num(d.to_serial()),
        Value::Str(s) => {
            if let Some(n) = rime_runtime::number::parse(s) {
                num(n)
            } else if let Some(b) = rime_runtime::value::parse_bool_word(s) {
                num(if b { 1.0 } else { 0.0 })
            } else if let Some(d) = crate::eval::as_date(s) {
                num(d.to_serial())
            } else {
                format!("s{}", s.to_lowercase())
            }
        }
        _ => "x".into(),
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
    for (all, sel) in &st.unions {
        let next = run_select(sel, params, resolve, &[])?;
        if next.names.len() != out.names.len() {
            return Err(err::db(
                "Cannot perform union as number of columns in selects do not match.",
            ));
        }
        out.rows.extend(next.rows);
        if !*all {
            // `UNION` (distinct) removes duplicates across the whole result so far.
            let mut seen = HashSet::new();
            out.rows.retain(|r| seen.insert(row_key(r)));
        }
    }
    if !single && !st.order_by.is_empty() {
        let mut idx = Vec::new();
        for k in &st.order_by {
            idx.push(output_position(&k.e, &out.names)?.ok_or_else(|| {
                err::db("ORDER BY in a UNION must name a selected column or its position")
            })?);
        }
        out.keys = out
            .rows
            .iter()
            .map(|r| {
                idx.iter()
                    .map(|&i| r.get(i).cloned().unwrap_or(Value::Null))
                    .collect()
            })
            .collect();
    }
    if !st.order_by.is_empty() {
        let desc: Vec<bool> = st.order_by.iter().map(|k| k.desc).collect();
        sort(&mut out, &desc);
    }
    // TOP of a lone select applies after ORDER BY.
    if single {
        if let Some(t) = st.first.top {
            out.rows.truncate(t);
        }
    }
    let rows: Vec<Vec<Value>> = out
        .rows
        .into_iter()
        .skip(st.offset)
        .take(st.limit.unwrap_or(usize::MAX))
        .collect();
    Ok(to_query(&out.names, &out.types, rows))
}

fn sort(out: &mut Output, desc: &[bool]) {
    let mut order: Vec<usize> = (0..out.rows.len()).collect();
    let keys = &out.keys;
    order.sort_by(|&a, &b| {
        for (i, d) in desc.iter().enumerate() {
            let (x, y) = (
                keys.get(a).and_then(|k| k.get(i)),
                keys.get(b).and_then(|k| k.get(i)),
            );
            let ord = match (x, y) {
                (Some(x), Some(y)) => ops::compare(x, y).unwrap_or(Ordering::Equal),
                _ => Ordering::Equal,
            };
            let ord = if *d { ord.reverse() } else { ord };
            if ord != Ordering::Equal {
                return ord;
            }
        }
        Ordering::Equal
    });
    let mut rows: Vec<Option<Vec<Value>>> = std::mem::take(&mut out.rows)
        .into_iter()
        .map(Some)
        .collect();
    out.rows = order
        .iter()
        .filter_map(|&i| rows.get_mut(i).and_then(Option::take))
        .collect();
}

fn to_query(names: &[String], types: &[String], rows: Vec<Vec<Value>>) -> Query {
    let mut columns: Vec<Column> = names
        .iter()
        .enumerate()
        .map(|(i, n)| Column {
            name: Key::new(n),
            type_name: types.get(i).cloned().unwrap_or_default(),
            values: Vec::with_capacity(rows.len()),
        })
        .collect();
    let count = rows.len();
    for r in rows {
        for (c, v) in columns.iter_mut().zip(r) {
            c.values.push(v);
        }
    }
    Query {
        columns,
        rows: count,
        current_row: 1,
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

fn bind(e: &mut Expr, sources: &[Source]) -> CfResult<()> {
    match e {
        Expr::Col { qual, name, pos } => {
            let mut found = None;
            for (t, s) in sources.iter().enumerate() {
                if let Some(q) = qual {
                    if !s.answers_to(q) {
                        continue;
                    }
                }
                if let Some(c) = s.query.column_index(name) {
                    if found.is_some() {
                        return Err(err::db(format!(
                            "Column [{name}] at position {pos} is ambiguous: qualify it with a table name"
                        )));
                    }
                    found = Some((t, c));
                }
            }
            match found {
                Some((t, c)) => *e = Expr::Bound(t, c),
                None => {
                    let full = match qual {
                        Some(q) => format!("{q}.{name}"),
                        None => name.clone(),
                    };
                    return Err(err::db(format!(
                        "Column [{full}] at position {pos} does not exist in the queried table{}",
                        if sources.len() > 1 { "s" } else { "" }
                    )));
                }
            }
        }
        Expr::Lit(_) | Expr::Param(_) | Expr::Bound(..) => {}
        Expr::Neg(x) | Expr::Not(x) | Expr::IsNull(x, _) | Expr::Cast(x, _) => bind(x, sources)?,
        Expr::Bin(_, a, b) => {
            bind(a, sources)?;
            bind(b, sources)?;
        }
        Expr::Like { e, pat, esc, .. } => {
            bind(e, sources)?;
            bind(pat, sources)?;
            if let Some(x) = esc {
                bind(x, sources)?;
            }
        }
        Expr::In(x, list, _) => {
            bind(x, sources)?;
            for i in list {
                bind(i, sources)?;
            }
        }
        Expr::Between(a, b, c, _) => {
            bind(a, sources)?;
            bind(b, sources)?;
            bind(c, sources)?;
        }
        Expr::Func { name, args, pos } => {
            crate::funcs::check(name, args.len(), *pos)?;
            for a in args {
                bind(a, sources)?;
            }
        }
        Expr::Case {
            operand,
            whens,
            else_,
        } => {
            if let Some(o) = operand {
                bind(o, sources)?;
            }
            for (w, t) in whens {
                bind(w, sources)?;
                bind(t, sources)?;
            }
            if let Some(x) = else_ {
                bind(x, sources)?;
            }
        }
        Expr::Agg { arg, .. } => {
            if let Some(a) = arg {
                bind(a, sources)?;
            }
        }
    }
    Ok(())
}

/// The tables a bound expression reads.
fn tables_used(e: &Expr, out: &mut Vec<usize>) {
    match e {
        Expr::Bound(t, _) => out.push(*t),
        Expr::Lit(_) | Expr::Param(_) | Expr::Col { .. } => {}
        Expr::Neg(x) | Expr::Not(x) | Expr::IsNull(x, _) | Expr::Cast(x, _) => tables_used(x, out),
        Expr::Bin(_, a, b) => {
            tables_used(a, out);
            tables_used(b, out);
        }
        Expr::Like { e, pat, esc, .. } => {
            tables_used(e, out);
            tables_used(pat, out);
            if let Some(x) = esc {
                tables_used(x, out);
            }
        }
        Expr::In(x, l, _) => {
            tables_used(x, out);
            l.iter().for_each(|i| tables_used(i, out));
        }
        Expr::Between(a, b, c, _) => {
            tables_used(a, out);
            tables_used(b, out);
            tables_used(c, out);
        }
        Expr::Func { args, .. } => args.iter().for_each(|a| tables_used(a, out)),
        Expr::Case {
            operand,
            whens,
            else_,
        } => {
            if let Some(o) = operand {
                tables_used(o, out);
            }
            for (w, t) in whens {
                tables_used(w, out);
                tables_used(t, out);
            }
            if let Some(x) = else_ {
                tables_used(x, out);
            }
        }
        Expr::Agg { arg, .. } => {
            if let Some(a) = arg {
                tables_used(a, out);
            }
        }
    }
}

fn conjuncts<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::Bin(BinOp::And, a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        other => out.push(other),
    }
}

/// Adds table `k` to the joined rows. `conds` must all hold for a pair; an equality between a
/// column of `k` and an expression over earlier tables turns the nested loop into a hash join.
fn join_step(cx: &Ctx, rows: Rows, k: usize, conds: &[&Expr], left: bool) -> CfResult<Rows> {
    let stride = rows.stride;
    let n_right = cx.tables.get(k).map(|q| q.rows).unwrap_or(0);
    let mut out = Vec::new();
    let mut scratch = vec![NONE; stride];
    // Find `earlier-expr = k-expr` (in either order).
    let mut hash_on: Option<(&Expr, &Expr)> = None;
    for c in conds {
        if let Expr::Bin(BinOp::Eq, a, b) = c {
            let (mut ta, mut tb) = (Vec::new(), Vec::new());
            tables_used(a, &mut ta);
            tables_used(b, &mut tb);
            let only_k = |t: &Vec<usize>| !t.is_empty() && t.iter().all(|&x| x == k);
            let before_k = |t: &Vec<usize>| !t.is_empty() && t.iter().all(|&x| x < k);
            if only_k(&tb) && before_k(&ta) {
                hash_on = Some((a, b));
                break;
            }
            if only_k(&ta) && before_k(&tb) {
                hash_on = Some((b, a));
                break;
            }
        }
    }
    let check = |row: &[usize]| -> CfResult<bool> {
        for c in conds {
            if !truthy(&cx.eval(c, row, None)?)? {
                return Ok(false);
            }
        }
        Ok(true)
    };
    let index: Option<HashMap<String, Vec<usize>>> = match hash_on {
        Some((_, right)) => {
            let mut m: HashMap<String, Vec<usize>> = HashMap::new();
            for r in 0..n_right {
                scratch.iter_mut().for_each(|s| *s = NONE);
                if let Some(s) = scratch.get_mut(k) {
                    *s = r;
                }
                let v = cx.eval(right, &scratch, None)?;
                m.entry(join_key(&v)).or_default().push(r);
            }
            Some(m)
        }
        None => None,
    };
    let empty = Vec::new();
    for i in 0..rows.len() {
        let src = rows.row(i);
        if src.len() != stride {
            continue;
        }
        scratch.copy_from_slice(src);
        let candidates: Box<dyn Iterator<Item = usize>> = match (&index, hash_on) {
            (Some(m), Some((l, _))) => {
                let v = cx.eval(l, &scratch, None)?;
                Box::new(m.get(&join_key(&v)).unwrap_or(&empty).iter().copied())
            }
            _ => Box::new(0..n_right),
        };
        let mut matched = false;
        for r in candidates {
            if let Some(s) = scratch.get_mut(k) {
                *s = r;
            }
            if check(&scratch)? {
                matched = true;
                if out.len() + stride > MAX_JOIN_CELLS {
                    return Err(err::db(format!(
                        "QoQ join result is too large (more than {} rows of {stride} tables)",
                        MAX_JOIN_CELLS / stride.max(1)
                    )));
                }
                out.extend_from_slice(&scratch);
            }
        }
        if left && !matched {
            if let Some(s) = scratch.get_mut(k) {
                *s = NONE;
            }
            out.extend_from_slice(&scratch);
        }
    }
    Ok(Rows { stride, data: out })
}

/// Rows per parallel task: below this, splitting costs more than it saves.
const PAR_MIN_ROWS: usize = 8192;

/// `f(cx, i)` for every row index `0..n`, in order, over the rayon pool in chunks (each worker
/// with its own evaluation context, which caches LIKE patterns); the first error wins.
fn per_row<T: Send>(
    tables: &[&Query],
    params: &[Value],
    n: usize,
    f: impl Fn(&Ctx, usize) -> CfResult<T> + Sync,
) -> CfResult<Vec<T>> {
    use rayon::prelude::*;
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
    let cx = Ctx::new(&tables, params);
    let stride = tables.len();

    // FROM: the first table, then each joined one.
    let n0 = tables.first().map(|q| q.rows).unwrap_or(0);
    let mut data = Vec::with_capacity(n0 * stride);
    for r in 0..n0 {
        data.push(r);
        data.extend(std::iter::repeat_n(NONE, stride - 1));
    }
    let mut rows = Rows { stride, data };
    let mut where_conds = Vec::new();
    if let Some(w) = &sel.where_ {
        conjuncts(w, &mut where_conds);
    }
    for (k, t) in sel.from.iter().enumerate().skip(1) {
        let mut conds = Vec::new();
        match (&t.on, t.join) {
            (Some(on), _) => conjuncts(on, &mut conds),
            // `FROM a, b WHERE a.id = b.id`: WHERE terms that only need tables up to `k` filter
            // the pair early (WHERE still runs on the final rows; the terms are idempotent).
            (None, _) => {
                for c in &where_conds {
                    let mut used = Vec::new();
                    tables_used(c, &mut used);
                    if used.contains(&k) && used.iter().all(|&x| x <= k) {
                        conds.push(*c);
                    }
                }
            }
        }
        rows = join_step(&cx, rows, k, &conds, t.join == JoinKind::Left)?;
    }

    // WHERE, over chunks of rows in parallel (each worker with its own evaluation context).
    if let Some(w) = &sel.where_ {
        let keep: Vec<bool> = per_row(&tables, params, rows.len(), |cx, i| {
            truthy(&cx.eval(w, rows.row(i), None)?)
        })?;
        let mut kept = Vec::with_capacity(rows.data.len());
        for (i, k) in keep.into_iter().enumerate() {
            if k {
                kept.extend_from_slice(rows.row(i));
            }
        }
        rows.data = kept;
    }

    let grouped = !sel.group_by.is_empty()
        || items.iter().any(|(e, _, _)| e.has_agg())
        || sel.having.as_ref().is_some_and(|h| h.has_agg());
    let mut out = Output {
        names,
        types: items.iter().map(|(_, _, t)| t.clone()).collect(),
        rows: Vec::new(),
        keys: Vec::new(),
    };
    let none_row = vec![NONE; stride];
    let emit = |row: &[usize], group: Option<&Group>, out: &mut Output| -> CfResult<()> {
        let mut vals = Vec::with_capacity(items.len());
        for (e, _, _) in &items {
            vals.push(cx.eval(e, row, group)?);
        }
        let mut keys = Vec::with_capacity(okeys.len());
        for k in &okeys {
            keys.push(match k {
                Key2::Out(p) => vals.get(*p).cloned().unwrap_or(Value::Null),
                Key2::Expr(e) => cx.eval(e, row, group)?,
            });
        }
        out.rows.push(vals);
        out.keys.push(keys);
        Ok(())
    };
    if grouped {
        // Groups in order of first appearance.
        let mut groups: Vec<Vec<usize>> = Vec::new();
        if sel.group_by.is_empty() {
            groups.push((0..rows.len()).collect());
        } else {
            let mut index: HashMap<String, usize> = HashMap::new();
            let keys: Vec<String> = per_row(&tables, params, rows.len(), |cx, i| {
                let mut vals = Vec::with_capacity(sel.group_by.len());
                for g in &sel.group_by {
                    vals.push(cx.eval(g, rows.row(i), None)?);
                }
                Ok(row_key(&vals))
            })?;
            for (i, key) in keys.into_iter().enumerate() {
                match index.get(&key) {
                    Some(&gi) => {
                        if let Some(g) = groups.get_mut(gi) {
                            g.push(i);
                        }
                    }
                    None => {
                        index.insert(key, groups.len());
                        groups.push(vec![i]);
                    }
                }
            }
        }
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
            emit(first, Some(&g), &mut out)?;
        }
    } else {
        // Projection stays sequential: building the output rows is allocation-bound, and
        // parallel workers made it slower here.
        for i in 0..rows.len() {
            emit(rows.row(i), None, &mut out)?;
        }
    }
    if sel.distinct {
        let mut seen = HashSet::new();
        let mut keep = Vec::with_capacity(out.rows.len());
        for r in &out.rows {
            keep.push(seen.insert(row_key(r)));
        }
        let mut it = keep.iter();
        out.rows.retain(|_| it.next().copied().unwrap_or(false));
        let mut it = keep.iter();
        out.keys.retain(|_| it.next().copied().unwrap_or(false));
    }
    // In a union each select's TOP applies to that select alone.
    if order_by.is_empty() {
        if let Some(t) = sel.top {
            out.rows.truncate(t);
            out.keys.truncate(t);
        }
    }
    Ok(out)
}
