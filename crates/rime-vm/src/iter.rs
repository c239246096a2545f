//! Loop iteration state: `for-in`, `<cfloop array|list|collection|query>`.

use crate::run::Frame;
use crate::Vm;
use parking_lot::RwLock;
use rime_compiler::IterKind;
use rime_runtime::{CfResult, CfmlError, Key, Query, Value};
use std::sync::Arc;

pub(crate) enum Iter {
    /// A snapshot of the items (array elements, list items, struct keys, query row structs).
    Values { items: Vec<Value>, i: usize },
    /// A query loop; the query's cursor moves with it.
    Query {
        q: Arc<RwLock<Query>>,
        row: usize,
        end: usize,
        start: usize,
    },
}

impl Iter {
    /// The 1-based position of the current item.
    pub(crate) fn position(&self) -> usize {
        match self {
            Iter::Values { i, .. } => *i,
            Iter::Query { row, start, .. } => row + 1 - start,
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
                        (1..=q.rows).map(|r| Value::Struct(q.row_struct(r))).collect()
                    }
                    (v, IterKind::ForIn) if v.is_simple() => split_list(&v.to_str()?, ","),
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
                let end = self.pop();
                let start = self.pop();
                let q = self.pop();
                let q = match q {
                    Value::Query(q) => q,
                    Value::Str(name) => match self.lookup_name(f, &Key::new(name.clone())) {
                        Some(Value::Query(q)) => q,
                        _ => {
                            return Err(CfmlError::expression(format!(
                                "[{name}] is not a query"
                            )))
                        }
                    },
                    other => {
                        return Err(CfmlError::expression(format!(
                            "can't loop over a {} value as a query",
                            other.type_name()
                        )))
                    }
                };
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
                self.queries.push(q.clone());
                Iter::Query {
                    q,
                    row: start.saturating_sub(1),
                    end,
                    start,
                }
            }
        };
        f.iters.push(it);
        Ok(())
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
            Iter::Query { q, row, end, .. } => {
                if *row >= *end {
                    return None;
                }
                *row += 1;
                q.write().current_row = *row;
                Some(Value::Num(*row as f64))
            }
        }
    }

    pub(crate) fn iter_pop(&mut self, f: &mut Frame) {
        if let Some(Iter::Query { q, .. }) = f.iters.pop() {
            q.write().current_row = 1;
            if let Some(pos) = self.queries.iter().rposition(|x| Arc::ptr_eq(x, &q)) {
                self.queries.remove(pos);
            }
        }
    }
}
