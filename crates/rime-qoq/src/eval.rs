//! Expression evaluation over one joined row, or over a group of rows when aggregates are
//! involved. Comparison uses `rime_runtime::ops::compare`, i.e. Lucee's `OpUtil.compare`, which
//! is what Lucee's native QoQ uses for `=`, `<`, `IN`, `BETWEEN` (case-insensitive strings).

use crate::ast::{AggKind, BinOp, Expr};
use crate::hash::GroupKey;
use crate::{err, like};
use arcstr::ArcStr;
use rime_runtime::date::DateTime;
use rime_runtime::{ops, CfResult, Query, Value};
use std::borrow::Cow;
use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::HashSet;

static NULL: Value = Value::Null;

/// Marks a table slot of a joined row that has no row (the null side of a LEFT JOIN).
pub const NONE: usize = usize::MAX;

/// Joined rows: `stride` row indices (one per table) per row, flattened.
pub struct Rows {
    pub stride: usize,
    pub data: Vec<usize>,
    /// Row `i` is row `i` of the only table (a whole table, unfiltered): columns can be read
    /// directly.
    pub all: bool,
}

impl Rows {
    pub fn len(&self) -> usize {
        self.data.len().checked_div(self.stride).unwrap_or(0)
    }

    pub fn row(&self, i: usize) -> &[usize] {
        self.data
            .get(i * self.stride..(i + 1) * self.stride)
            .unwrap_or(&[])
    }

    /// The rows at the (ascending) positions `sel`.
    pub fn keep(&self, sel: &[usize]) -> Rows {
        let mut data = Vec::with_capacity(sel.len() * self.stride);
        for &i in sel {
            data.extend_from_slice(self.row(i));
        }
        Rows {
            stride: self.stride,
            data,
            all: false,
        }
    }
}

pub struct Ctx<'a> {
    pub tables: &'a [&'a Query],
    pub params: &'a [Value],
    /// The last compiled LIKE pattern: patterns are nearly always constant, so this avoids
    /// recompiling per row.
    like_cache: RefCell<Option<(String, Option<char>, like::Compiled)>>,
}

/// A group of rows for aggregate evaluation.
pub struct Group<'a> {
    pub rows: &'a Rows,
    pub members: &'a [usize],
}

impl<'a> Ctx<'a> {
    pub fn new(tables: &'a [&'a Query], params: &'a [Value]) -> Ctx<'a> {
        Ctx {
            tables,
            params,
            like_cache: RefCell::new(None),
        }
    }

    fn cell(&self, row: &[usize], t: usize, c: usize) -> &'a Value {
        match row.get(t) {
            Some(&r) if r != NONE => self
                .tables
                .get(t)
                .and_then(|q| q.columns.get(c))
                .and_then(|col| col.values.get(r))
                .unwrap_or(&NULL),
            _ => &NULL,
        }
    }

    /// `e` as an operand: a column is borrowed in place, which spares the reference-count
    /// traffic of a clone (contended when parallel workers read the same shared string).
    fn operand(&self, e: &Expr, row: &[usize], group: Option<&Group>) -> CfResult<Cow<'a, Value>> {
        match e {
            Expr::Bound(t, c) => Ok(Cow::Borrowed(self.cell(row, *t, *c))),
            other => Ok(Cow::Owned(self.eval(other, row, group)?)),
        }
    }

    /// Evaluate `e` for `row`; `group` is set when aggregates may appear (then `row` is the
    /// group's first row, which non-aggregated columns read).
    pub fn eval(&self, e: &Expr, row: &[usize], group: Option<&Group>) -> CfResult<Value> {
        Ok(match e {
            Expr::Lit(v) => v.clone(),
            Expr::Param(i) => match self.params.get(*i) {
                Some(v) => v.clone(),
                None => {
                    return Err(err::db(format!(
                        "Invalid SQL Statement. Not enough parameters provided (parameter {} is missing).",
                        i + 1
                    )))
                }
            },
            Expr::Col { name, .. } => {
                return Err(err::db(format!("column [{name}] was not resolved")))
            }
            Expr::Bound(t, c) => self.cell(row, *t, *c).clone(),
            Expr::Neg(x) => {
                let v = self.eval(x, row, group)?;
                match math_num(&v)? {
                    Some(n) => Value::Num(-n),
                    None => Value::Null,
                }
            }
            Expr::Not(x) => Value::Bool(!truthy(&self.eval(x, row, group)?)?),
            Expr::Bin(BinOp::And, a, b) => {
                Value::Bool(truthy(&self.eval(a, row, group)?)? && truthy(&self.eval(b, row, group)?)?)
            }
            Expr::Bin(BinOp::Or, a, b) => {
                Value::Bool(truthy(&self.eval(a, row, group)?)? || truthy(&self.eval(b, row, group)?)?)
            }
            Expr::Bin(op, a, b) => {
                let l = self.operand(a, row, group)?;
                let r = self.operand(b, row, group)?;
                binary(*op, &l, &r)?
            }
            Expr::IsNull(x, not) => Value::Bool(self.operand(x, row, group)?.is_null() != *not),
            Expr::Like { e, pat, esc, not } => {
                let v = self.operand(e, row, group)?;
                let p = self.eval(pat, row, group)?;
                let esc = match esc {
                    Some(x) => {
                        let s = self.eval(x, row, group)?.to_str()?.into_owned();
                        let mut it = s.chars();
                        match (it.next(), it.next()) {
                            (Some(c), None) => Some(c),
                            _ => {
                                return Err(err::db(format!(
                                    "ESCAPE must be a single character, got [{s}]"
                                )))
                            }
                        }
                    }
                    None => None,
                };
                let text = v.to_str()?;
                let pat = p.to_str()?;
                let mut cache = self.like_cache.borrow_mut();
                let hit = matches!(&*cache, Some((s, e, _)) if s.as_str() == pat.as_ref() && *e == esc);
                if !hit {
                    *cache = Some((pat.to_string(), esc, like::compile(&pat, esc)?));
                }
                let m = cache.as_ref().is_some_and(|(_, _, c)| c.matches(&text));
                Value::Bool(m != *not)
            }
            Expr::In(x, list, not) => {
                let v = self.operand(x, row, group)?;
                let mut found = false;
                for item in list {
                    let item = self.operand(item, row, group)?;
                    if ops::compare(&v, &item)? == Ordering::Equal {
                        found = true;
                        break;
                    }
                }
                Value::Bool(found != *not)
            }
            Expr::Between(x, lo, hi, not) => {
                let v = self.operand(x, row, group)?;
                let lo = self.operand(lo, row, group)?;
                let hi = self.operand(hi, row, group)?;
                let inside = ops::compare(&v, &lo)? != Ordering::Less
                    && ops::compare(&v, &hi)? != Ordering::Greater;
                Value::Bool(inside != *not)
            }
            Expr::Func { name, args, .. } => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(self.eval(a, row, group)?);
                }
                crate::funcs::call(name, vals)?
            }
            Expr::Cast(x, ty) => crate::funcs::cast(self.eval(x, row, group)?, ty)?,
            Expr::Case {
                operand,
                whens,
                else_,
            } => {
                let subject = match operand {
                    Some(o) => Some(self.eval(o, row, group)?),
                    None => None,
                };
                for (w, t) in whens {
                    let wv = self.eval(w, row, group)?;
                    let hit = match &subject {
                        Some(s) => ops::compare(s, &wv)? == Ordering::Equal,
                        None => truthy(&wv)?,
                    };
                    if hit {
                        return self.eval(t, row, group);
                    }
                }
                match else_ {
                    Some(x) => self.eval(x, row, group)?,
                    None => Value::Null,
                }
            }
            Expr::Agg {
                kind,
                arg,
                distinct,
            } => match group {
                Some(g) => self.aggregate(*kind, arg.as_deref(), *distinct, g)?,
                None => {
                    return Err(err::db(
                        "Aggregate functions are not allowed in WHERE, ON or GROUP BY",
                    ))
                }
            },
        })
    }

    fn aggregate(
        &self,
        kind: AggKind,
        arg: Option<&Expr>,
        distinct: bool,
        g: &Group,
    ) -> CfResult<Value> {
        let Some(arg) = arg else {
            return Ok(Value::Num(g.members.len() as f64));
        };
        // A plain column is read in place; other arguments are evaluated per member.
        let owned: Vec<Value>;
        let col: Option<(usize, &[Value])> = match arg {
            Expr::Bound(t, c) => Some((
                *t,
                self.tables
                    .get(*t)
                    .and_then(|q| q.columns.get(*c))
                    .map_or(&[], |c| c.values.as_slice()),
            )),
            _ => None,
        };
        match col {
            Some((_, values)) if g.rows.all => fold(
                kind,
                distinct,
                g.members.iter().map(|&m| values.get(m).unwrap_or(&NULL)),
            ),
            Some((t, values)) => fold(
                kind,
                distinct,
                g.members.iter().map(|&m| match g.rows.row(m).get(t) {
                    Some(&r) if r != NONE => values.get(r).unwrap_or(&NULL),
                    _ => &NULL,
                }),
            ),
            None => {
                let mut vals = Vec::with_capacity(g.members.len());
                for &m in g.members {
                    vals.push(self.eval(arg, g.rows.row(m), None)?);
                }
                owned = vals;
                fold(kind, distinct, owned.iter())
            }
        }
    }
}

/// An aggregate over `vals`, streamed. Nulls are skipped, as in SQL; DISTINCT keeps the first
/// of equal values.
fn fold<'v>(
    kind: AggKind,
    distinct: bool,
    vals: impl Iterator<Item = &'v Value>,
) -> CfResult<Value> {
    let mut seen = HashSet::new();
    let counted = vals.filter(|v| !v.is_null() && (!distinct || seen.insert(GroupKey::of(v))));
    Ok(match kind {
        AggKind::Count => Value::Num(counted.count() as f64),
        AggKind::Sum | AggKind::Avg => {
            let (mut s, mut n) = (0.0, 0usize);
            for v in counted {
                s += match v {
                    Value::Num(x) => *x,
                    other => math_num(other)?.unwrap_or(0.0),
                };
                n += 1;
            }
            if n == 0 {
                return Ok(Value::Null);
            }
            if kind == AggKind::Avg {
                s /= n as f64;
            }
            Value::Num(s)
        }
        AggKind::Min | AggKind::Max => {
            let mut best: Option<&Value> = None;
            for v in counted {
                best = Some(match best {
                    None => v,
                    Some(b) => {
                        let ord = match (v, b) {
                            (Value::Num(x), Value::Num(y)) => {
                                x.partial_cmp(y).unwrap_or(Ordering::Equal)
                            }
                            _ => ops::compare(v, b)?,
                        };
                        if (kind == AggKind::Min && ord == Ordering::Less)
                            || (kind == AggKind::Max && ord == Ordering::Greater)
                        {
                            v
                        } else {
                            b
                        }
                    }
                });
            }
            best.cloned().unwrap_or(Value::Null)
        }
    })
}

/// WHERE/HAVING/ON truthiness: null is false.
pub fn truthy(v: &Value) -> CfResult<bool> {
    match v {
        Value::Null => Ok(false),
        other => other.to_bool(),
    }
}

/// A number for arithmetic: null stays null, "" counts as 0 (Lucee's `castForMathDouble`).
fn math_num(v: &Value) -> CfResult<Option<f64>> {
    match v {
        Value::Null => Ok(None),
        Value::Str(s) if s.is_empty() => Ok(Some(0.0)),
        other => other.to_num().map(Some),
    }
}

pub fn binary(op: BinOp, l: &Value, r: &Value) -> CfResult<Value> {
    let cmp = |want: fn(Ordering) -> bool| -> CfResult<Value> {
        Ok(Value::Bool(want(ops::compare(l, r)?)))
    };
    match op {
        BinOp::Eq => cmp(|o| o == Ordering::Equal),
        BinOp::Neq => cmp(|o| o != Ordering::Equal),
        BinOp::Lt => cmp(|o| o == Ordering::Less),
        BinOp::Le => cmp(|o| o != Ordering::Greater),
        BinOp::Gt => cmp(|o| o == Ordering::Greater),
        BinOp::Ge => cmp(|o| o != Ordering::Less),
        BinOp::Concat => concat(l, r),
        BinOp::Add => {
            // Lucee's executePlus: numbers add; otherwise (unless a null meets a number) the
            // operands concatenate, which is how `name + ' ' + dept` works in QoQ.
            let (ln, rn) = (is_number(l), is_number(r));
            let both_null = l.is_null() && r.is_null();
            let arithmetic = (ln && (rn || r.is_null())) || (rn && l.is_null()) || both_null;
            if !arithmetic {
                return concat(l, r);
            }
            arith(l, r, |a, b| Ok(a + b))
        }
        BinOp::Sub => arith(l, r, |a, b| Ok(a - b)),
        BinOp::Mul => arith(l, r, |a, b| Ok(a * b)),
        BinOp::Div => arith(l, r, |a, b| {
            if b == 0.0 {
                Err(err::db("Divide by zero not allowed."))
            } else {
                Ok(a / b)
            }
        }),
        BinOp::Mod => arith(l, r, |a, b| {
            if b == 0.0 {
                Err(err::db("Divide by zero not allowed."))
            } else {
                Ok(a % b)
            }
        }),
        BinOp::And | BinOp::Or => Ok(Value::Bool(truthy(l)? && truthy(r)?)),
    }
}

thread_local! {
    /// Where concatenations are assembled before they become one shared string.
    static SCRATCH: RefCell<String> = const { RefCell::new(String::new()) };
}

/// `l || r`: one allocation, for the shared string itself.
fn concat(l: &Value, r: &Value) -> CfResult<Value> {
    let (a, b) = (l.to_str()?, r.to_str()?);
    let joined = SCRATCH.with(|buf| match buf.try_borrow_mut() {
        Ok(mut s) => {
            s.clear();
            s.push_str(&a);
            s.push_str(&b);
            ArcStr::from(s.as_str())
        }
        Err(_) => ArcStr::from(format!("{a}{b}")),
    });
    Ok(Value::Str(joined))
}

fn is_number(v: &Value) -> bool {
    match v {
        Value::Num(_) => true,
        Value::Str(s) => crate::hash::parse_num(s).is_some(),
        _ => false,
    }
}

fn arith(l: &Value, r: &Value, f: impl Fn(f64, f64) -> CfResult<f64>) -> CfResult<Value> {
    match (math_num(l)?, math_num(r)?) {
        (Some(a), Some(b)) => Ok(Value::Num(f(a, b)?)),
        _ => Ok(Value::Null),
    }
}

/// Whether a value would parse as a date (hash-join keys compare dates by serial number).
pub fn as_date(s: &str) -> Option<DateTime> {
    if s.len() >= 6 && s.bytes().any(|b| b == b'/' || b == b'-' || b == b',') {
        DateTime::parse(s)
    } else {
        None
    }
}
