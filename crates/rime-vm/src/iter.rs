//! Loop iteration state: `for-in`, `<cfloop array|list|collection|query>`.

use crate::run::Frame;
use crate::Vm;
use parking_lot::RwLock;
use rime_bytecode::IterKind;
use rime_runtime::{CfResult, CfmlError, Key, Query, Value};
use std::sync::Arc;

pub(crate) enum Iter {
    /// A snapshot of the items (array elements, list items, struct keys, query row structs).
    Values { items: Vec<Value>, i: usize },
    /// A query loop; the query's cursor moves with it. With `group`, each step moves to the first
    /// row of the next group, and `group_end` is that group's last row.
    Query {
        q: Arc<RwLock<Query>>,
        row: usize,
        end: usize,
        start: usize,
        group: Option<Group>,
    },
}

pub(crate) struct Group {
    column: usize,
    case_sensitive: bool,
    group_end: usize,
}

fn same_group(q: &Query, column: usize, a: usize, b: usize, case_sensitive: bool) -> bool {
    match (q.get(column, a), q.get(column, b)) {
        (Some(x), Some(y)) => {
            if case_sensitive {
                match (x.to_str(), y.to_str()) {
                    (Ok(p), Ok(q)) => p == q,
                    _ => false,
                }
            } else {
                rime_runtime::ops::equals(x, y).unwrap_or(false)
            }
        }
        _ => false,
    }
}

impl Iter {
    /// The 1-based position of the current item.
    pub(crate) fn position(&self) -> usize {
        match self {
            Iter::Values { i, .. } => *i,
            Iter::Query { row, start, .. } => (row + 1).saturating_sub(*start),
        }
    }
}

fn split_list(list: &str, delims: &str) -> Vec<Value> {
    list.split(|c: char| delims.contains(c))
        .filter(|s| !s.is_empty())
        .map(Value::from)
        .collect()
}

fn keys_of(s: &rime_runtime::Struct) -> Vec<Value> {
    s.keys()
        .into_iter()
        .map(|k: Key| Value::Str(k.arc().clone()))
        .collect()
}

impl Vm {
    pub(crate) fn iter_init(&mut self, f: &mut Frame, kind: IterKind) -> CfResult<()> {
        let it = match kind {
            IterKind::ForIn | IterKind::Collection | IterKind::Array => {
                let coll = self.pop();
                let items = match (&coll, kind) {
                    (Value::Array(a), _) => a.to_vec(),
                    (Value::Struct(s), IterKind::ForIn | IterKind::Collection) => keys_of(s),
                    (Value::Query(q), IterKind::ForIn) => {
                        let q = q.read();
                        (1..=q.rows)
                            .map(|r| Value::Struct(q.row_struct(r)))
                            .collect()
                    }
                    (v, IterKind::ForIn) if v.is_simple() => split_list(&v.to_str()?, ","),
                    // Node lists loop over their nodes, nodes and attributes over their keys.
                    (Value::Xml(x), _) => x.loop_items(kind != IterKind::Array)?,
                    (other, _) => {
                        return Err(CfmlError::expression(format!(
                            "can't iterate over a {} value",
                            other.type_name()
                        )))
                    }
                };
                Iter::Values { items, i: 0 }
            }
            IterKind::List => {
                let delims = self.pop();
                let list = self.pop();
                let items = split_list(&list.to_str()?, &delims.to_str()?);
                Iter::Values { items, i: 0 }
            }
            IterKind::Query => {
                let (q, start, end) = self.pop_query_range(f)?;
                self.queries.push(q.clone());
                Iter::Query {
                    q,
                    row: start.saturating_sub(1),
                    end,
                    start,
                    group: None,
                }
            }
            IterKind::QueryGroup | IterKind::QueryGroupNested => {
                let case_sensitive = self.pop().to_bool()?;
                let column = self.pop().to_str()?.into_owned();
                let (q, start, end) = if kind == IterKind::QueryGroupNested {
                    self.enclosing_group(f)?
                } else {
                    self.pop_query_range(f)?
                };
                let col = q.read().column_index(&column).ok_or_else(|| {
                    CfmlError::expression(format!("group column [{column}] not found in query"))
                })?;
                self.queries.push(q.clone());
                Iter::Query {
                    q,
                    row: 0,
                    end,
                    start,
                    group: Some(Group {
                        column: col,
                        case_sensitive,
                        group_end: start.saturating_sub(1),
                    }),
                }
            }
            IterKind::GroupRows => {
                let (q, start, end) = self.enclosing_group(f)?;
                self.queries.push(q.clone());
                Iter::Query {
                    q,
                    row: start.saturating_sub(1),
                    end,
                    start,
                    group: None,
                }
            }
        };
        f.iters.push(it);
        Ok(())
    }

    /// Pop `[query, startrow, endrow]`: the query and its 1-based row range (nulls mean all).
    fn pop_query_range(&mut self, f: &Frame) -> CfResult<(Arc<RwLock<Query>>, usize, usize)> {
        let end = self.pop();
        let start = self.pop();
        let q = self.pop();
        let q = self.query_value(f, q)?;
        let rows = q.read().rows;
        let start = if start.is_null() {
            1
        } else {
            start.to_num()?.max(1.0) as usize
        };
        let end = if end.is_null() {
            rows
        } else {
            (end.to_num()?.max(0.0) as usize).min(rows)
        };
        Ok((q, start, end))
    }

    /// A query loop's query: the value, or the name of a variable holding it.
    fn query_value(&self, f: &Frame, q: Value) -> CfResult<Arc<RwLock<Query>>> {
        match q {
            Value::Query(q) => Ok(q),
            Value::Str(name) => match self.value_at_path(f, &name) {
                Some(Value::Query(q)) => Ok(q),
                _ => Err(CfmlError::expression(format!("[{name}] is not a query"))),
            },
            other => Err(CfmlError::expression(format!(
                "can't loop over a {} value as a query",
                other.type_name()
            ))),
        }
    }

    /// The query and row range of the innermost grouped output.
    fn enclosing_group(&self, f: &Frame) -> CfResult<(Arc<RwLock<Query>>, usize, usize)> {
        f.iters
            .iter()
            .rev()
            .find_map(|it| match it {
                Iter::Query {
                    q,
                    row,
                    group: Some(g),
                    ..
                } => Some((q.clone(), *row, g.group_end)),
                _ => None,
            })
            .ok_or_else(|| {
                CfmlError::expression(
                    "a nested <cfoutput> group needs an enclosing grouped query output",
                )
            })
    }

    pub(crate) fn iter_next(&mut self, f: &mut Frame) -> Option<Value> {
        match f.iters.last_mut()? {
            Iter::Values { items, i } => {
                let v = items.get(*i).cloned();
                if v.is_some() {
                    *i += 1;
                }
                v
            }
            Iter::Query {
                q, row, end, group, ..
            } => {
                let next = match group {
                    Some(g) => g.group_end + 1,
                    None => *row + 1,
                };
                if next > *end || next == 0 {
                    return None;
                }
                *row = next;
                if let Some(g) = group {
                    let qr = q.read();
                    let mut last = next;
                    while last < *end && same_group(&qr, g.column, next, last + 1, g.case_sensitive)
                    {
                        last += 1;
                    }
                    g.group_end = last;
                }
                q.write().current_row = *row;
                Some(Value::Num(*row as f64))
            }
        }
    }

    pub(crate) fn iter_pop(&mut self, f: &mut Frame) {
        if let Some(Iter::Query { q, .. }) = f.iters.pop() {
            // Back to the enclosing loop's row over the same query, else the first row.
            let outer = f.iters.iter().rev().find_map(|it| match it {
                Iter::Query { q: oq, row, .. } if Arc::ptr_eq(oq, &q) => Some(*row),
                _ => None,
            });
            q.write().current_row = outer.unwrap_or(1);
            if let Some(pos) = self.queries.iter().rposition(|x| Arc::ptr_eq(x, &q)) {
                self.queries.remove(pos);
            }
        }
    }
}
