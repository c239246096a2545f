//! Name binding: column references become (table, column) positions once per statement, and
//! the helpers that read which tables a bound expression touches.

use crate::ast::*;
use crate::err;
use rime_runtime::key::eq_fold;
use rime_runtime::{CfResult, Query};

/// One table of the FROM clause.
pub struct Source {
    pub name: String,
    pub alias: Option<String>,
    /// Read-locked for the whole SELECT (recursively: a self-join locks it twice).
    pub query: parking_lot::ArcRwLockReadGuard<parking_lot::RawRwLock, Query>,
}

impl Source {
    /// Whether a column qualifier (`t` in `t.col`) names this table: its alias, its full
    /// (possibly dotted) name or the last segment of that name.
    pub fn answers_to(&self, qual: &str) -> bool {
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

pub fn bind(e: &mut Expr, sources: &[Source]) -> CfResult<()> {
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
pub fn tables_used(e: &Expr, out: &mut Vec<usize>) {
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

pub fn conjuncts<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::Bin(BinOp::And, a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        other => out.push(other),
    }
}

/// `e`, which reads one table only, rewritten to read that table as table 0: a filter on one
/// table then runs over that table alone.
pub fn remap_to_first(e: &Expr) -> Expr {
    let mut e = e.clone();
    to_first(&mut e);
    e
}

fn to_first(e: &mut Expr) {
    match e {
        Expr::Bound(t, _) => *t = 0,
        Expr::Lit(_) | Expr::Param(_) | Expr::Col { .. } => {}
        Expr::Neg(x) | Expr::Not(x) | Expr::IsNull(x, _) | Expr::Cast(x, _) => to_first(x),
        Expr::Bin(_, a, b) => {
            to_first(a);
            to_first(b);
        }
        Expr::Like { e, pat, esc, .. } => {
            to_first(e);
            to_first(pat);
            if let Some(x) = esc {
                to_first(x);
            }
        }
        Expr::In(x, l, _) => {
            to_first(x);
            l.iter_mut().for_each(to_first);
        }
        Expr::Between(a, b, c, _) => {
            to_first(a);
            to_first(b);
            to_first(c);
        }
        Expr::Func { args, .. } => args.iter_mut().for_each(to_first),
        Expr::Case {
            operand,
            whens,
            else_,
        } => {
            if let Some(o) = operand {
                to_first(o);
            }
            for (w, t) in whens {
                to_first(w);
                to_first(t);
            }
            if let Some(x) = else_ {
                to_first(x);
            }
        }
        Expr::Agg { arg, .. } => {
            if let Some(a) = arg {
                to_first(a);
            }
        }
    }
}
