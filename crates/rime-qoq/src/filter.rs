//! WHERE, ON and HAVING-free filters, column at a time: a condition is compiled into a tree of
//! predicates over selection vectors (sorted row indexes). A column compared with a constant,
//! `IN` a constant list, `LIKE` a constant pattern, `IS NULL` and `BETWEEN` constants run as
//! tight loops over the column's values with the constant's type worked out once; anything else
//! is evaluated row by row. `AND` narrows the selection term by term and `OR` tests its right
//! side only on rows the left side rejected, which is exactly the short-circuit order of the
//! row-by-row evaluator (so the same rows are evaluated, and the same errors raised).

use crate::ast::{BinOp, Expr};
use crate::col::{Col, PAR_MIN_ROWS};
use crate::eval::{as_date, truthy, Ctx, Rows};
use crate::hash::{hash_str_nocase, parse_num, FxMap};
use crate::like;
use rayon::prelude::*;
use rime_runtime::ops::{self, compare_str_nocase};
use rime_runtime::{number, CfResult, Query, Value};
use std::cmp::Ordering;
use std::hash::Hasher;

/// The indexes (ascending) of the rows of `rows` for which every condition of `conds` holds.
pub fn select(
    tables: &[&Query],
    params: &[Value],
    rows: &Rows,
    conds: &[&Expr],
) -> CfResult<Vec<usize>> {
    run(
        Filter {
            tables,
            params,
            rows: Some(rows),
        },
        rows.len(),
        conds,
    )
}

/// The rows (ascending) of the one table `table` for which every condition holds (`conds` read
/// it as table 0).
pub fn select_table(table: &Query, params: &[Value], conds: &[&Expr]) -> CfResult<Vec<usize>> {
    let tables = [table];
    run(
        Filter {
            tables: &tables,
            params,
            rows: None,
        },
        table.rows,
        conds,
    )
}

fn run(f: Filter, n: usize, conds: &[&Expr]) -> CfResult<Vec<usize>> {
    let mut sel: Vec<usize> = (0..n).collect();
    for c in conds {
        if sel.is_empty() {
            break;
        }
        sel = f.compile(c).select(&f, sel)?;
    }
    Ok(sel)
}

struct Filter<'a> {
    tables: &'a [&'a Query],
    params: &'a [Value],
    /// The joined rows filtered; `None` for the rows of a single table, in order (row `i` is
    /// row `i` of table 0), whose columns are then read directly.
    rows: Option<&'a Rows>,
}

impl Filter<'_> {
    fn row<'r>(&'r self, i: &'r usize) -> &'r [usize] {
        match self.rows {
            Some(rows) => rows.row(*i),
            None => std::slice::from_ref(i),
        }
    }
}

enum Pred<'a> {
    And(Vec<Pred<'a>>),
    Or(Box<Pred<'a>>, Box<Pred<'a>>),
    Not(Box<Pred<'a>>),
    /// `col op k`, or `k op col` when `flipped`.
    Cmp {
        col: Col<'a>,
        op: BinOp,
        k: Konst,
        flipped: bool,
    },
    In {
        col: Col<'a>,
        items: Vec<Konst>,
        set: Option<NocaseSet>,
        not: bool,
    },
    Like {
        col: Col<'a>,
        m: like::Compiled,
        not: bool,
    },
    IsNull {
        col: Col<'a>,
        not: bool,
    },
    Between {
        col: Col<'a>,
        lo: Konst,
        hi: Konst,
        not: bool,
    },
    Row(&'a Expr),
}

impl<'a> Filter<'a> {
    fn column(&self, e: &Expr) -> Option<Col<'a>> {
        match e {
            Expr::Bound(t, c) => {
                let col = self.tables.get(*t)?.columns.get(*c)?;
                Some(match self.rows {
                    Some(rows) => Col::Src {
                        values: &col.values,
                        rows,
                        slot: *t,
                    },
                    None => Col::Slice(&col.values),
                })
            }
            _ => None,
        }
    }

    fn konst(&self, e: &Expr) -> Option<Konst> {
        match e {
            Expr::Lit(v) => Some(Konst::new(v.clone())),
            // A missing parameter is an error only once a row is evaluated: left to that path.
            Expr::Param(i) => self.params.get(*i).map(|v| Konst::new(v.clone())),
            _ => None,
        }
    }

    fn compile(&self, e: &'a Expr) -> Pred<'a> {
        let compiled = match e {
            Expr::Bin(BinOp::And, a, b) => {
                let mut terms = Vec::new();
                for x in [a, b] {
                    match self.compile(x) {
                        Pred::And(more) => terms.extend(more),
                        p => terms.push(p),
                    }
                }
                Some(Pred::And(terms))
            }
            Expr::Bin(BinOp::Or, a, b) => Some(Pred::Or(
                Box::new(self.compile(a)),
                Box::new(self.compile(b)),
            )),
            Expr::Not(x) => Some(Pred::Not(Box::new(self.compile(x)))),
            Expr::Bin(
                op @ (BinOp::Eq | BinOp::Neq | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge),
                a,
                b,
            ) => match (self.column(a), self.konst(b)) {
                (Some(col), Some(k)) => Some(Pred::Cmp {
                    col,
                    op: *op,
                    k,
                    flipped: false,
                }),
                _ => match (self.konst(a), self.column(b)) {
                    (Some(k), Some(col)) => Some(Pred::Cmp {
                        col,
                        op: *op,
                        k: k.on_left(),
                        flipped: true,
                    }),
                    _ => None,
                },
            },
            Expr::In(x, list, not) => self.column(x).and_then(|col| {
                let items: Option<Vec<Konst>> = list.iter().map(|i| self.konst(i)).collect();
                let items = items?;
                let set = NocaseSet::of(&items);
                Some(Pred::In {
                    col,
                    items,
                    set,
                    not: *not,
                })
            }),
            Expr::Like { e, pat, esc, not } => self.column(e).and_then(|col| {
                let pat = self.konst(pat)?.v.to_str().ok()?.into_owned();
                let esc = match esc {
                    None => None,
                    Some(x) => {
                        let s = self.konst(x)?.v.to_str().ok()?.into_owned();
                        let mut it = s.chars();
                        match (it.next(), it.next()) {
                            (Some(c), None) => Some(c),
                            // A bad ESCAPE is reported per row, as the row evaluator does.
                            _ => return None,
                        }
                    }
                };
                let m = like::compile(&pat, esc).ok()?;
                Some(Pred::Like { col, m, not: *not })
            }),
            Expr::IsNull(x, not) => self.column(x).map(|col| Pred::IsNull { col, not: *not }),
            Expr::Between(x, lo, hi, not) => {
                match (self.column(x), self.konst(lo), self.konst(hi)) {
                    (Some(col), Some(lo), Some(hi)) => Some(Pred::Between {
                        col,
                        lo,
                        hi,
                        not: *not,
                    }),
                    _ => None,
                }
            }
            _ => None,
        };
        compiled.unwrap_or(Pred::Row(e))
    }
}

impl Pred<'_> {
    fn select(&self, f: &Filter, sel: Vec<usize>) -> CfResult<Vec<usize>> {
        match self {
            Pred::And(terms) => {
                let mut sel = sel;
                for t in terms {
                    if sel.is_empty() {
                        break;
                    }
                    sel = t.select(f, sel)?;
                }
                Ok(sel)
            }
            Pred::Or(a, b) => {
                let yes = a.select(f, sel.clone())?;
                let rest = minus(&sel, &yes);
                let more = if rest.is_empty() {
                    rest
                } else {
                    b.select(f, rest)?
                };
                Ok(merge(&yes, &more))
            }
            Pred::Not(p) => {
                let yes = p.select(f, sel.clone())?;
                Ok(minus(&sel, &yes))
            }
            Pred::Cmp {
                col,
                op,
                k,
                flipped,
            } => match op {
                // Equality needs no order: a cheaper test (and symmetric, so no flip).
                BinOp::Eq => keep_values(sel, col, |v| k.equals(v)),
                BinOp::Neq => keep_values(sel, col, |v| Ok(!k.equals(v)?)),
                _ => keep_values(sel, col, |v| {
                    let o = k.cmp(v)?;
                    Ok(test(*op, if *flipped { o.reverse() } else { o }))
                }),
            },
            Pred::In {
                col,
                items,
                set,
                not,
            } => keep_values(sel, col, |v| {
                let found = match (set, v) {
                    (Some(s), Value::Str(x)) => s.contains(x),
                    (Some(s), Value::Null) => s.contains(""),
                    _ => {
                        let mut found = false;
                        for k in items {
                            if k.equals(v)? {
                                found = true;
                                break;
                            }
                        }
                        found
                    }
                };
                Ok(found != *not)
            }),
            Pred::Like { col, m, not } => keep_values(sel, col, |v| {
                let hit = match v {
                    Value::Str(s) => m.matches(s),
                    Value::Null => m.matches(""),
                    other => m.matches(&other.to_str()?),
                };
                Ok(hit != *not)
            }),
            Pred::IsNull { col, not } => keep(sel, |i| Ok(col.get(i).is_null() != *not)),
            Pred::Between { col, lo, hi, not } => keep_values(sel, col, |v| {
                let inside = lo.cmp(v)? != Ordering::Less && hi.cmp(v)? != Ordering::Greater;
                Ok(inside != *not)
            }),
            Pred::Row(e) => keep_rows(f, sel, e),
        }
    }
}

fn test(op: BinOp, o: Ordering) -> bool {
    match op {
        BinOp::Eq => o == Ordering::Equal,
        BinOp::Neq => o != Ordering::Equal,
        BinOp::Lt => o == Ordering::Less,
        BinOp::Le => o != Ordering::Greater,
        BinOp::Gt => o == Ordering::Greater,
        BinOp::Ge => o != Ordering::Less,
        _ => false,
    }
}

/// Selections are tested in chunks of this many rows (one task each when run in parallel).
const CHUNK: usize = 4096;

/// `part` over `sel` in chunks (in parallel when there are many), results in order.
fn chunked(
    sel: Vec<usize>,
    part: impl Fn(&[usize]) -> CfResult<Vec<usize>> + Sync,
) -> CfResult<Vec<usize>> {
    if sel.len() < PAR_MIN_ROWS {
        return part(&sel);
    }
    let parts = sel
        .par_chunks(CHUNK)
        .map(&part)
        .collect::<CfResult<Vec<Vec<usize>>>>()?;
    Ok(parts.concat())
}

/// The members of `sel` whose cell of `col` passes `test`, in order. `test` depends on the cell
/// alone, and cells often share one string allocation (values copied from one variable), so
/// its answer for a string is remembered by address within a chunk; the cells stay alive and
/// unchanged meanwhile, so an address cannot stand for another string.
fn keep_values(
    sel: Vec<usize>,
    col: &Col,
    test: impl Fn(&Value) -> CfResult<bool> + Sync,
) -> CfResult<Vec<usize>> {
    chunked(sel, |chunk| {
        let mut memo = [(usize::MAX, false); 64];
        let mut out = Vec::with_capacity(chunk.len());
        for &i in chunk {
            let v = col.get(i);
            let pass = match v {
                Value::Str(s) => {
                    let addr = s.as_ptr() as usize;
                    match memo.get_mut((addr >> 4) & 63) {
                        Some(m) if m.0 == addr => m.1,
                        Some(m) => {
                            let r = test(v)?;
                            *m = (addr, r);
                            r
                        }
                        None => test(v)?,
                    }
                }
                _ => test(v)?,
            };
            if pass {
                out.push(i);
            }
        }
        Ok(out)
    })
}

/// The members of `sel` that pass `test`, in order.
fn keep(sel: Vec<usize>, test: impl Fn(usize) -> CfResult<bool> + Sync) -> CfResult<Vec<usize>> {
    chunked(sel, |chunk| {
        let mut out = Vec::with_capacity(chunk.len());
        for &i in chunk {
            if test(i)? {
                out.push(i);
            }
        }
        Ok(out)
    })
}

/// `keep` with the row-by-row evaluator (one evaluation context per chunk).
fn keep_rows(f: &Filter, sel: Vec<usize>, e: &Expr) -> CfResult<Vec<usize>> {
    chunked(sel, |chunk| {
        let cx = Ctx::new(f.tables, f.params);
        let mut out = Vec::with_capacity(chunk.len());
        for i in chunk {
            if truthy(&cx.eval(e, f.row(i), None)?)? {
                out.push(*i);
            }
        }
        Ok(out)
    })
}

/// `all` without `some` (both ascending; `some` a subset of `all`).
fn minus(all: &[usize], some: &[usize]) -> Vec<usize> {
    let mut out = Vec::with_capacity(all.len() - some.len().min(all.len()));
    let mut s = some.iter().peekable();
    for &i in all {
        if s.peek() == Some(&&i) {
            s.next();
        } else {
            out.push(i);
        }
    }
    out
}

/// The union of two disjoint ascending lists, ascending.
fn merge(a: &[usize], b: &[usize]) -> Vec<usize> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut x, mut y) = (a.iter().peekable(), b.iter().peekable());
    loop {
        match (x.peek(), y.peek()) {
            (Some(&&p), Some(&&q)) => {
                if p < q {
                    out.push(p);
                    x.next();
                } else {
                    out.push(q);
                    y.next();
                }
            }
            (Some(_), None) => {
                out.extend(x);
                break;
            }
            (None, _) => {
                out.extend(y);
                break;
            }
        }
    }
    out
}

/// A constant operand with its type worked out once, so comparing a cell with it is usually a
/// single typed comparison. `cmp(x)` is exactly `ops::compare(x, constant)`.
pub struct Konst {
    v: Value,
    /// A string constant: its number, when it reads as one.
    num: Option<f64>,
    /// A string constant that is neither a number nor a date: any string compares with it as
    /// a string, case-insensitively.
    plain: bool,
    /// A number constant, formatted (strings that are not numbers compare with this).
    text: String,
    /// A string constant that is ASCII.
    ascii: bool,
    /// Written left of the column (`5 < col`); `cmp` still answers for `col` against it.
    left: bool,
}

impl Konst {
    pub fn new(v: Value) -> Konst {
        let (num, plain, text) = match &v {
            Value::Str(s) => {
                let num = parse_num(s);
                (num, num.is_none() && as_date(s).is_none(), String::new())
            }
            Value::Num(n) => (None, false, number::format(*n)),
            _ => (None, false, String::new()),
        };
        let ascii = matches!(&v, Value::Str(s) if s.is_ascii());
        Konst {
            v,
            num,
            plain,
            text,
            ascii,
            left: false,
        }
    }

    fn on_left(self) -> Konst {
        Konst { left: true, ..self }
    }

    /// `cmp(x) == Equal`, without ordering plain strings: equal ASCII-insensitive bytes are
    /// equal, and two ASCII strings that are not are different.
    #[inline]
    pub fn equals(&self, x: &Value) -> CfResult<bool> {
        if let (Value::Num(a), Value::Num(b)) = (x, &self.v) {
            // NaN compares equal to anything (`partial_cmp` gives no order).
            return Ok(a == b || a.is_nan() || b.is_nan());
        }
        self.equals_other(x)
    }

    fn equals_other(&self, x: &Value) -> CfResult<bool> {
        if let (Value::Str(s), Value::Str(l), true) = (x, &self.v, self.plain) {
            if s.len() == l.len() && s.eq_ignore_ascii_case(l) {
                return Ok(true);
            }
            if self.ascii && s.is_ascii() {
                return Ok(false);
            }
            return Ok(compare_str_nocase(s, l) == Ordering::Equal);
        }
        Ok(self.cmp(x)? == Ordering::Equal)
    }

    #[inline]
    pub fn cmp(&self, x: &Value) -> CfResult<Ordering> {
        if let (Value::Num(a), Value::Num(b)) = (x, &self.v) {
            return Ok(a.partial_cmp(b).unwrap_or(Ordering::Equal));
        }
        self.cmp_other(x)
    }

    fn cmp_other(&self, x: &Value) -> CfResult<Ordering> {
        let num = |a: f64, b: f64| a.partial_cmp(&b).unwrap_or(Ordering::Equal);
        match (x, &self.v) {
            (Value::Num(a), Value::Num(b)) => Ok(num(*a, *b)),
            (Value::Str(s), Value::Str(l)) if self.plain => Ok(compare_str_nocase(s, l)),
            (Value::Null, Value::Str(l)) => Ok(compare_str_nocase("", l)),
            (Value::Num(a), Value::Str(_)) if self.num.is_some() => {
                Ok(num(*a, self.num.unwrap_or_default()))
            }
            (Value::Str(s), Value::Num(b)) => Ok(match parse_num(s) {
                Some(a) => num(a, *b),
                None => match rime_runtime::value::parse_bool_word(s) {
                    Some(t) => num(if t { 1.0 } else { 0.0 }, *b),
                    None => compare_str_nocase(s, &self.text),
                },
            }),
            // Compared in the order written, so an error names the operands as written.
            _ if self.left => ops::compare(&self.v, x).map(Ordering::reverse),
            _ => ops::compare(x, &self.v),
        }
    }
}

/// Plain string constants of an `IN` list hashed case-insensitively (lists of a few items are
/// scanned instead).
pub struct NocaseSet {
    by_hash: FxMap<u64, Vec<usize>>,
    items: Vec<String>,
}

impl NocaseSet {
    const MIN_ITEMS: usize = 8;

    fn of(items: &[Konst]) -> Option<NocaseSet> {
        if items.len() < Self::MIN_ITEMS || !items.iter().all(|k| k.plain) {
            return None;
        }
        let mut set = NocaseSet {
            by_hash: FxMap::default(),
            items: Vec::with_capacity(items.len()),
        };
        for k in items {
            let s = k.v.to_str().ok()?.into_owned();
            set.by_hash
                .entry(nocase_hash(&s))
                .or_default()
                .push(set.items.len());
            set.items.push(s);
        }
        Some(set)
    }

    fn contains(&self, s: &str) -> bool {
        self.by_hash.get(&nocase_hash(s)).is_some_and(|c| {
            c.iter().any(|&i| {
                self.items
                    .get(i)
                    .is_some_and(|t| compare_str_nocase(s, t) == Ordering::Equal)
            })
        })
    }
}

fn nocase_hash(s: &str) -> u64 {
    let mut h = crate::hash::Fx::default();
    hash_str_nocase(s, &mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values() -> Vec<Value> {
        let mut v = vec![
            Value::Null,
            Value::Num(0.0),
            Value::Num(1.0),
            Value::Num(-2.5),
            Value::Num(f64::NAN),
            Value::Bool(true),
            Value::Bool(false),
        ];
        for s in [
            "",
            "1",
            "1.0",
            " 2 ",
            "abc",
            "ABC",
            "b",
            "true",
            "yes",
            "No",
            "2024-01-01",
            "1/2/2024",
            "Straße",
            "é",
            "10",
            "9",
            "x-y,z",
        ] {
            v.push(Value::from(s));
        }
        if let Some(d) = rime_runtime::DateTime::parse("2024-01-01") {
            v.push(Value::Date(d));
        }
        v
    }

    /// The typed comparisons give `ops::compare`'s answer for every pair of value kinds.
    #[test]
    fn konst_compare_is_ops_compare() {
        let vs = values();
        for k in &vs {
            let c = Konst::new(k.clone());
            let l = Konst::new(k.clone()).on_left();
            for x in &vs {
                assert_eq!(l.cmp(x).ok(), c.cmp(x).ok(), "{k:?} vs {x:?}");
                let want = ops::compare(x, k).ok();
                assert_eq!(c.cmp(x).ok(), want, "{x:?} vs {k:?}");
                assert_eq!(
                    c.equals(x).ok(),
                    want.map(|o| o == Ordering::Equal),
                    "{x:?} = {k:?}"
                );
                // The flipped form relies on compare being antisymmetric.
                assert_eq!(
                    ops::compare(k, x).ok(),
                    want.map(Ordering::reverse),
                    "{k:?} vs {x:?}"
                );
            }
        }
    }

    #[test]
    fn nocase_set_finds_case_variants() {
        let items: Vec<Konst> = ["a", "B", "Straße", "x", "y", "z", "w", "v", "u"]
            .iter()
            .map(|s| Konst::new(Value::from(*s)))
            .collect();
        let set = NocaseSet::of(&items).unwrap_or_else(|| panic!("no set"));
        assert!(set.contains("A") && set.contains("b") && !set.contains("STRASSE"));
        assert!(set.contains("straße") && !set.contains("c") && !set.contains(""));
    }

    #[test]
    fn selection_lists() {
        assert_eq!(minus(&[1, 2, 3, 5], &[2, 5]), [1, 3]);
        assert_eq!(merge(&[1, 4, 9], &[2, 3, 10]), [1, 2, 3, 4, 9, 10]);
        assert_eq!(merge(&[], &[2]), [2]);
    }
}
