//! Query values: columnar result sets with typed-by-use columns.

use crate::key::{Key, KeyRef};
use crate::value::{Struct, Value};

#[derive(Clone, Debug)]
pub struct Column {
    pub name: Key,
    /// SQL-ish type name as declared (`varchar`, `integer`...), empty when unknown.
    pub type_name: String,
    pub values: Vec<Value>,
}

#[derive(Clone, Debug, Default)]
pub struct Query {
    pub columns: Vec<Column>,
    pub rows: usize,
    /// The 1-based cursor that `q.col` reads inside a query loop (1 outside one).
    pub current_row: usize,
    /// The column named by `<cfquery indexName>` (Lucee 6): `queryRowByIndex(q, value)` and
    /// the other `…ByIndex` functions find a row by its value in it.
    pub index: Option<Key>,
}

impl Query {
    pub fn new(names: &[&str]) -> Query {
        Query {
            columns: names
                .iter()
                .map(|n| Column {
                    name: Key::new(*n),
                    type_name: String::new(),
                    values: Vec::new(),
                })
                .collect(),
            rows: 0,
            current_row: 1,
            index: None,
        }
    }

    pub fn column_index(&self, name: &str) -> Option<usize> {
        let k = KeyRef::new(name);
        self.columns.iter().position(|c| {
            c.name.hash_value() == k.hash && crate::key::eq_fold(c.name.as_str(), name)
        })
    }

    pub fn column(&self, name: &str) -> Option<&Column> {
        self.column_index(name).map(|i| &self.columns[i])
    }

    pub fn column_list(&self) -> String {
        self.columns
            .iter()
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Append an empty row; returns its 1-based number.
    pub fn add_row(&mut self) -> usize {
        for c in &mut self.columns {
            c.values.push(Value::Str(arcstr::ArcStr::new()));
        }
        self.rows += 1;
        self.rows
    }

    /// Value at a 1-based row.
    pub fn get(&self, col: usize, row: usize) -> Option<&Value> {
        self.columns.get(col)?.values.get(row.checked_sub(1)?)
    }

    pub fn set(&mut self, col: usize, row: usize, v: Value) -> bool {
        match self
            .columns
            .get_mut(col)
            .and_then(|c| row.checked_sub(1).and_then(|r| c.values.get_mut(r)))
        {
            Some(slot) => {
                *slot = v;
                true
            }
            None => false,
        }
    }

    pub fn add_column(&mut self, name: &str, values: Vec<Value>) {
        let mut values = values;
        values.resize(self.rows, Value::Str(arcstr::ArcStr::new()));
        self.columns.push(Column {
            name: Key::new(name),
            type_name: String::new(),
            values,
        });
    }

    /// One row as a struct (`for (row in query)`, `queryGetRow`), keyed by column in column
    /// order; not an ordered struct (Lucee's rows are plain ones, which `serialize` writes as
    /// `{...}`), though Rime's structs keep their order anyway.
    pub fn row_struct(&self, row: usize) -> Struct {
        let s = Struct::new();
        for c in &self.columns {
            let v = row
                .checked_sub(1)
                .and_then(|r| c.values.get(r))
                .cloned()
                .unwrap_or_default();
            s.set(c.name.clone(), v);
        }
        s
    }
}

/// One `<cfqueryparam>` / `queryExecute` parameter as the template gave it; the engine turns it
/// into a driver parameter.
#[derive(Clone, Debug)]
pub struct QueryParam {
    pub value: Value,
    /// As written: `cf_sql_integer`, `integer`, `varchar`... (`varchar` when omitted).
    pub sql_type: String,
    pub null: bool,
    pub max_length: Option<usize>,
    pub scale: Option<u32>,
}
