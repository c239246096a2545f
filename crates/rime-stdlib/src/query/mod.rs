//! Query functions: `queryNew`, `queryAddRow`, `querySetCell`, `queryGetCell`, column and row
//! operations, and the higher-order functions (`queryEach`, `queryMap`, `querySort`...).
//!
//! Queries are columnar (`rime_runtime::Query`) and shared by reference. Rows are 1-based.
//! Typed columns (`queryNew("id,name", "integer,varchar")`) cast the values stored in them, as
//! Lucee does. No lock is held while a callback runs.
//!
//! `valueList(q.col)`/`quotedValueList` are not here: they need the column reference itself,
//! which the VM evaluates to the current row's value before a function sees it. Lucee's
//! deprecated `valueArray(query, column)` takes the column by name.

use crate::array::MAX_ELEMENTS;
use parking_lot::RwLock;
use rime_runtime::query::{Column, Query};
use rime_runtime::{
    def, opt, req, Args, Array, BuiltinDef, CfResult, CfmlError, Ctx, Key, MemberType, Struct,
    Value,
};
use std::sync::Arc;

mod hof;
mod lazy;
use hof::*;

use MemberType::Query as Q;

type QueryRef = Arc<RwLock<Query>>;

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "valueList",
        &[req("query"), req("column"), opt("delimiter")],
        value_list,
    ),
    def("valueArray", &[req("query"), req("column")], value_array),
    def(
        "quotedValueList",
        &[
            req("query"),
            req("column"),
            opt("delimiter"),
            opt("qualifier"),
        ],
        quoted_value_list,
    ),
    def(
        "queryExecute",
        &[req("sql"), opt("params"), opt("options")],
        query_execute,
    ),
    def("dbPoolClear", &[opt("datasource")], db_pool_clear),
    // Lucee closes a lazy query's open result set; Rime reads every result whole, so a query
    // has nothing left open and closing it succeeds.
    def("queryClose", &[req("query")], |_, a| {
        query_arg(a, 0)?;
        Ok(Value::Bool(true))
    }),
    def(
        "queryLazy",
        &[
            req("sql"),
            req("listener"),
            opt("params").alias(&["param"]),
            opt("options").alias(&["option", "queryOptions"]),
        ],
        lazy::query_lazy,
    ),
    def(
        "queryNew",
        &[
            req("columnList").alias(&["names", "columns", "columnNames"]),
            opt("columnTypeList").alias(&["types", "columnTypes"]),
            opt("rowData").alias(&["data"]),
        ],
        query_new,
    ),
    def("query", &[], query_of_columns).any_named(),
    def(
        "queryAddRow",
        &[req("query"), opt("numberOfRows")],
        query_add_row,
    )
    .members(&[(Q, "addRow")]),
    def(
        "querySetCell",
        &[
            req("query"),
            req("columnName"),
            req("value"),
            opt("rowNumber"),
        ],
        query_set_cell,
    )
    .members(&[(Q, "setCell")]),
    def(
        "queryGetCell",
        &[req("query"), req("columnName"), opt("rowNumber")],
        query_get_cell,
    )
    .members(&[(Q, "getCell")]),
    def(
        "queryGetCellByIndex",
        &[
            req("query"),
            req("columnName").alias(&["column_name"]),
            req("index"),
            opt("defaultValue"),
        ],
        query_get_cell_by_index,
    )
    .members(&[(Q, "getCellByIndex")]),
    def(
        "queryRowByIndex",
        &[req("query"), req("index"), opt("defaultValue")],
        query_row_by_index,
    )
    .members(&[(Q, "rowByIndex")]),
    def(
        "queryRowDataByIndex",
        &[req("query"), req("index"), opt("defaultValue")],
        query_row_data_by_index,
    )
    .members(&[(Q, "rowDataByIndex")]),
    def(
        "queryAddColumn",
        &[
            req("query"),
            req("columnName"),
            opt("datatype"),
            opt("array"),
        ],
        query_add_column,
    )
    .members(&[(Q, "addColumn")]),
    def(
        "queryDeleteColumn",
        &[req("query"), req("columnName")],
        query_delete_column,
    )
    .members(&[(Q, "deleteColumn")]),
    def(
        "queryDeleteRow",
        &[req("query"), opt("row")],
        query_delete_row,
    )
    .members(&[(Q, "deleteRow")]),
    def(
        "queryRenameColumn",
        &[req("query"), req("columnName"), req("newColumnName")],
        query_rename_column,
    )
    .members(&[(Q, "renameColumn")]),
    def("queryRecordCount", &[req("query")], query_record_count).members(&[(Q, "recordCount")]),
    def("queryColumnCount", &[req("query")], query_column_count).members(&[(Q, "columnCount")]),
    def(
        "queryColumnList",
        &[req("query"), opt("delimiter")],
        query_column_list,
    )
    .members(&[(Q, "columnList")]),
    def("queryColumnArray", &[req("query")], query_column_array).members(&[(Q, "columnArray")]),
    def(
        "queryColumnData",
        &[
            req("query"),
            req("columnName"),
            opt("closure").alias(&["function", "callback", "udf"]),
        ],
        query_column_data,
    )
    .members(&[(Q, "columnData"), (Q, "valueArray")]),
    def(
        "queryColumnExists",
        &[req("query"), req("columnName")],
        query_column_exists,
    )
    .members(&[(Q, "columnExists")]),
    def(
        "queryKeyExists",
        &[req("query"), req("key")],
        query_column_exists,
    )
    .members(&[(Q, "keyExists")]),
    def(
        "queryRowData",
        &[req("query"), req("rowNumber"), opt("returnFormat")],
        query_row_data,
    )
    .members(&[(Q, "rowData")]),
    def(
        "queryGetRow",
        &[req("query"), req("rowNumber")],
        query_row_data,
    )
    .members(&[(Q, "getRow")]),
    def(
        "querySetRow",
        &[req("query"), opt("rowNumber"), req("rowData")],
        query_set_row,
    )
    .members(&[(Q, "setRow")]),
    def("queryCurrentRow", &[req("query")], query_current_row).members(&[(Q, "currentRow")]),
    def(
        "queryToStruct",
        &[
            req("query"),
            req("columnKey"),
            opt("structType"),
            opt("valueRowNumber"),
        ],
        query_to_struct,
    )
    .members(&[(Q, "toStruct")]),
    def("queryIsEmpty", &[req("query")], query_is_empty).members(&[(Q, "isEmpty")]),
    def("queryClear", &[req("query")], query_clear).members(&[(Q, "clear")]),
    def("queryReverse", &[req("query")], query_reverse).members(&[(Q, "reverse")]),
    def(
        "queryRowSwap",
        &[req("query"), req("source"), req("destination")],
        query_row_swap,
    )
    .members(&[(Q, "rowSwap")]),
    def(
        "querySlice",
        &[req("query"), req("offset"), opt("length")],
        query_slice,
    )
    .members(&[(Q, "slice")]),
    def("queryAppend", &[req("query1"), req("query2")], query_append).members(&[(Q, "append")]),
    def(
        "queryPrepend",
        &[req("query1"), req("query2")],
        query_prepend,
    )
    .members(&[(Q, "prepend")]),
    def(
        "queryInsertAt",
        &[req("query"), req("value"), req("position")],
        query_insert_at,
    )
    .members(&[(Q, "insertAt")]),
    def(
        "querySort",
        &[req("query"), req("sortFunc"), opt("sortOrder")],
        query_sort,
    )
    .members(&[(Q, "sort")]),
    def(
        "queryEach",
        &[
            req("query"),
            req("closure"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        query_each,
    )
    .members(&[(Q, "each")]),
    def(
        "queryMap",
        &[
            req("query"),
            req("closure"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        query_map,
    )
    .members(&[(Q, "map")]),
    def(
        "queryFilter",
        &[
            req("query"),
            req("closure"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        query_filter,
    )
    .members(&[(Q, "filter")]),
    def(
        "queryReduce",
        &[req("query"), req("closure"), opt("initialValue")],
        query_reduce,
    )
    .members(&[(Q, "reduce")]),
    def(
        "querySome",
        &[
            req("query"),
            req("closure"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        query_some,
    )
    .members(&[(Q, "some")]),
    def(
        "queryEvery",
        &[
            req("query"),
            req("closure"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        query_every,
    )
    .members(&[(Q, "every")]),
];

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn query_arg(args: &Args, i: usize) -> CfResult<&QueryRef> {
    match args.val(i)? {
        Value::Query(q) => Ok(q),
        other => Err(CfmlError::expression(format!(
            "Can't cast {} to a query (argument {} of [{}])",
            other.type_name(),
            i + 1,
            args.fname
        ))),
    }
}

fn new_ref(q: Query) -> Value {
    Value::Query(Arc::new(RwLock::new(q)))
}

fn missing_column(q: &Query, name: &str) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "column [{name}] not found in query, columns are [{}]",
        q.column_list()
    ))
}

fn col_index(q: &Query, name: &str) -> CfResult<usize> {
    let wanted = name.trim();
    // This runs for every cell a template sets, nearly always with the name as declared: find
    // that without hashing the name. Its folded hash is then the column's own, so an earlier
    // column equal but for case (which `column_index` would return) is ruled out by comparing
    // stored hashes.
    if let Some(j) = q.columns.iter().position(|c| c.name.as_str() == wanted) {
        let hash = q.columns.get(j).map(|c| c.name.hash_value());
        let earlier = q.columns.get(..j).unwrap_or(&[]);
        if !earlier.iter().any(|c| {
            Some(c.name.hash_value()) == hash && rime_runtime::key::eq_fold(c.name.as_str(), wanted)
        }) {
            return Ok(j);
        }
    }
    q.column_index(wanted)
        .ok_or_else(|| missing_column(q, name))
}

/// A list of names from a comma list or an array, each trimmed (also used for
/// `isIPInRange`'s address list).
pub(crate) fn names_of(v: &Value) -> CfResult<Vec<String>> {
    match v {
        Value::Array(a) => a
            .to_vec()
            .iter()
            .map(|x| Ok(x.to_str()?.trim().to_string()))
            .collect(),
        other => Ok(other
            .to_str()?
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()),
    }
}

/// The SQL-ish column types a query column may declare.
fn normalize_type(t: &str) -> CfResult<String> {
    let l = t.trim().to_ascii_lowercase();
    let l = l.strip_prefix("cf_sql_").unwrap_or(&l).to_string();
    match l.as_str() {
        "" | "object" | "other" | "any" | "null" | "array" | "struct" | "query" => Ok(l),
        "integer" | "int" | "bigint" | "smallint" | "tinyint" => Ok(l),
        "numeric" | "number" | "double" | "decimal" | "float" | "real" | "money" | "money4" => Ok(l),
        "varchar" | "char" | "nvarchar" | "nchar" | "longvarchar" | "longnvarchar" | "clob"
        | "nclob" | "string" | "text" | "idstamp" => Ok(l),
        "bit" | "boolean" => Ok(l),
        "date" | "time" | "timestamp" | "datetime" => Ok(l),
        "binary" | "varbinary" | "longvarbinary" | "blob" => Ok(l),
        other => Err(CfmlError::expression(format!(
            "Invalid column type [{other}], valid types are [bigint, binary, bit, blob, char, clob, date, decimal, double, float, integer, longvarchar, numeric, object, real, smallint, time, timestamp, tinyint, varchar]"
        ))),
    }
}

/// Cast a value to a column's declared type; empty and null cells are kept as they are.
fn cast_cell(ty: &str, v: Value) -> CfResult<Value> {
    if v.is_null() || matches!(&v, Value::Str(s) if s.is_empty()) {
        return Ok(v);
    }
    Ok(match ty {
        "integer" | "int" | "bigint" | "smallint" | "tinyint" => Value::Num(v.to_num()?.trunc()),
        "numeric" | "number" | "double" | "decimal" | "float" | "real" | "money" | "money4" => {
            Value::Num(v.to_num()?)
        }
        "varchar" | "char" | "nvarchar" | "nchar" | "longvarchar" | "longnvarchar" | "clob"
        | "nclob" | "string" | "text" | "idstamp" => {
            if v.is_simple() {
                Value::Str(v.to_arcstr()?)
            } else {
                v
            }
        }
        "bit" | "boolean" => Value::Bool(v.to_bool()?),
        "date" | "time" | "timestamp" | "datetime" => Value::Date(v.to_date()?),
        _ => v,
    })
}

fn set_cell(q: &mut Query, col: usize, row: usize, v: Value) -> CfResult<()> {
    // The type is borrowed, not copied: this runs once per cell a template sets.
    let ty = q.columns.get(col).map_or("", |c| c.type_name.as_str());
    let v = cast_cell(ty, v)?;
    if !q.set(col, row, v) {
        return Err(CfmlError::expression(format!(
            "Row [{row}] doesn't exist, the query has {} rows",
            q.rows
        )));
    }
    Ok(())
}

fn check_rows(q: &Query, more: usize) -> CfResult<()> {
    if q.rows + more > MAX_ELEMENTS {
        return Err(crate::array::too_large((q.rows + more) as f64));
    }
    Ok(())
}

/// Add one row from a struct (by column name; unknown keys are errors) or an array (by position).
fn add_row_from(q: &mut Query, data: &Value) -> CfResult<()> {
    check_rows(q, 1)?;
    match data {
        Value::Struct(s) => {
            let entries = s.entries();
            let mut cols = Vec::with_capacity(entries.len());
            for (k, _) in &entries {
                cols.push(col_index(q, k.as_str())?);
            }
            let r = q.add_row();
            for (ci, (_, v)) in cols.into_iter().zip(entries) {
                set_cell(q, ci, r, v)?;
            }
        }
        Value::Array(a) => {
            let vals = a.to_vec();
            if vals.len() > q.columns.len() {
                return Err(CfmlError::expression(format!(
                    "The row has {} values, but the query has only {} columns",
                    vals.len(),
                    q.columns.len()
                )));
            }
            let r = q.add_row();
            for (ci, v) in vals.into_iter().enumerate() {
                set_cell(q, ci, r, v)?;
            }
        }
        other => {
            return Err(CfmlError::expression(format!(
                "Row data must be a struct or an array, got {}",
                other.type_name()
            )))
        }
    }
    Ok(())
}

/// Add rows from row data: an array of structs or of arrays, one struct (a row, or columns of
/// arrays when every value is an array), or one array of simple values (a row).
fn add_rows_from(q: &mut Query, data: &Value) -> CfResult<()> {
    match data {
        Value::Array(a) => {
            let items = a.to_vec();
            if items
                .iter()
                .all(|v| matches!(v, Value::Struct(_) | Value::Array(_)))
            {
                for item in &items {
                    add_row_from(q, item)?;
                }
            } else {
                add_row_from(q, data)?;
            }
        }
        Value::Struct(s) => {
            let entries = s.entries();
            if !entries.is_empty() && entries.iter().all(|(_, v)| matches!(v, Value::Array(_))) {
                // Column-wise data: {id: [1,2], name: ["a","b"]}.
                let mut cols = Vec::new();
                let mut n = 0;
                for (k, v) in &entries {
                    let vals = v.as_array().map(|a| a.to_vec()).unwrap_or_default();
                    n = n.max(vals.len());
                    cols.push((col_index(q, k.as_str())?, vals));
                }
                check_rows(q, n)?;
                let first = q.rows + 1;
                for _ in 0..n {
                    q.add_row();
                }
                for (ci, vals) in cols {
                    for (i, v) in vals.into_iter().enumerate() {
                        set_cell(q, ci, first + i, v)?;
                    }
                }
            } else {
                add_row_from(q, data)?;
            }
        }
        other => {
            return Err(CfmlError::expression(format!(
                "Row data must be an array or a struct, got {}",
                other.type_name()
            )))
        }
    }
    Ok(())
}

/// A 1-based row argument, checked against the row count.
fn row_arg(q: &Query, v: &Value) -> CfResult<usize> {
    let n = v.to_num()?;
    if n < 1.0 || n > q.rows as f64 || n.fract() != 0.0 {
        return Err(CfmlError::expression(format!(
            "Row [{}] doesn't exist, the query has {} rows",
            rime_runtime::number::format(n),
            q.rows
        )));
    }
    Ok(n as usize)
}

/// A query with the same columns (names and types) and no rows.
fn empty_like(q: &Query) -> Query {
    Query {
        columns: q
            .columns
            .iter()
            .map(|c| Column {
                name: c.name.clone(),
                type_name: c.type_name.clone(),
                values: Vec::new(),
            })
            .collect(),
        rows: 0,
        current_row: 1,
        index: None,
    }
}

/// Copy row `r` (1-based) of `src` to the end of `dst` (same column layout).
fn push_row(dst: &mut Query, src: &Query, r: usize) {
    for (dc, sc) in dst.columns.iter_mut().zip(src.columns.iter()) {
        dc.values
            .push(sc.values.get(r - 1).cloned().unwrap_or_default());
    }
    dst.rows += 1;
}

/// Keep the rows at the given 1-based positions, in that order.
fn select_rows(q: &Query, rows: &[usize]) -> Query {
    let mut out = empty_like(q);
    for &r in rows {
        push_row(&mut out, q, r);
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Construction and cells
// ---------------------------------------------------------------------------------------------

fn query_new(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let names = names_of(args.val(0)?)?;
    let types = match args.get(1) {
        Some(t) => names_of(t)?,
        None => Vec::new(),
    };
    if !types.is_empty() && types.len() != names.len() {
        return Err(CfmlError::expression(format!(
            "The column type list has {} types, but there are {} columns",
            types.len(),
            names.len()
        )));
    }
    for (i, n) in names.iter().enumerate() {
        if names
            .iter()
            .take(i)
            .any(|o| rime_runtime::key::eq_fold(o, n))
        {
            return Err(CfmlError::expression(format!(
                "Column [{n}] is defined twice"
            )));
        }
    }
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut q = Query::new(&refs);
    for (c, t) in q.columns.iter_mut().zip(types.iter()) {
        c.type_name = normalize_type(t)?;
    }
    if let Some(data) = args.get(2) {
        add_rows_from(&mut q, data)?;
    }
    Ok(new_ref(q))
}

/// `query(name: [...], other: [...])`: a query whose columns are the named arguments, in the
/// order given, each an array of that column's values (Lucee's `query()`); a column shorter
/// than the longest is filled with empty strings. Without arguments, a query with no columns.
fn query_of_columns(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let cols = match args.get(0) {
        None => return Ok(new_ref(Query::new(&[]))),
        Some(Value::Struct(s)) => s.read(),
        Some(other) => {
            return Err(CfmlError::expression(format!(
                "function [query] takes its columns as named arguments, each an array \
                 (query(name: [...])), not a value of type {} by position",
                other.type_name()
            )))
        }
    };
    let mut q = Query::new(&[]);
    for (name, v) in cols.map.iter() {
        let Value::Array(a) = v else {
            return Err(CfmlError::expression(format!(
                "the column [{}] of function [query] must be an array of values, not a value of type {}",
                name.as_str(),
                v.type_name()
            )));
        };
        q.columns.push(Column {
            name: name.clone(),
            type_name: String::new(),
            values: a.to_vec(),
        });
    }
    q.rows = q.columns.iter().map(|c| c.values.len()).max().unwrap_or(0);
    for c in &mut q.columns {
        c.values.resize(q.rows, Value::Str(arcstr::ArcStr::new()));
    }
    Ok(new_ref(q))
}

fn query_add_row(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?;
    // Row data may contain this very query: read it before locking.
    let data = args.get(1).cloned();
    let mut w = q.write();
    match data {
        None => {
            check_rows(&w, 1)?;
            w.add_row();
        }
        Some(v @ (Value::Struct(_) | Value::Array(_))) => add_rows_from(&mut w, &v)?,
        Some(v) => {
            let n = v.to_num()?;
            if n < 0.0 {
                return Err(CfmlError::expression(
                    "The number of rows must not be negative",
                ));
            }
            if n > MAX_ELEMENTS as f64 {
                return Err(crate::array::too_large(n));
            }
            check_rows(&w, n as usize)?;
            for _ in 0..n as usize {
                w.add_row();
            }
        }
    }
    Ok(Value::from(w.rows))
}

fn query_set_cell(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?;
    let name = args.str(1)?;
    let v = args.val(2)?.clone();
    let mut w = q.write();
    let ci = col_index(&w, &name)?;
    let row = match args.get(3) {
        Some(r) => row_arg(&w, r)?,
        None if w.rows == 0 => {
            return Err(CfmlError::expression(
                "The query has no rows to set a cell in",
            ))
        }
        None => w.rows,
    };
    set_cell(&mut w, ci, row, v)?;
    Ok(Value::Bool(true))
}

fn get_cell(q: &Query, name: &str, row: usize) -> CfResult<Value> {
    let ci = col_index(q, name)?;
    Ok(q.get(ci, row).cloned().unwrap_or_default())
}

fn query_get_cell(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.read();
    let name = args.str(1)?;
    // Without a row number, the last row (as Lucee and ACF).
    let row = match args.get(2) {
        Some(r) => row_arg(&q, r)?,
        None if q.rows == 0 => {
            return Err(CfmlError::expression(
                "The query has no rows to get a cell from",
            ))
        }
        None => q.rows,
    };
    get_cell(&q, &name, row)
}

/// The row whose value in the query's index column (`indexName`) is `value` (compared as
/// Lucee's index keys are, without case; the last such row, as a later row replaces an earlier
/// one in Lucee's index), or None.
fn row_by_index(q: &Query, value: &Value, fname: &str) -> CfResult<Option<usize>> {
    let Some(index) = &q.index else {
        return Err(CfmlError::expression(format!(
            "{fname}: the query has no index (set one with the indexName attribute of cfquery)"
        )));
    };
    let ci = col_index(q, index.as_str())?;
    let want = value.to_str()?;
    Ok((1..=q.rows).rev().find(|&r| {
        q.get(ci, r)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.eq_ignore_ascii_case(&want))
    }))
}

fn no_index_row(value: &Value) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "no row found for the index [{}]",
        value.to_str().unwrap_or_default()
    ))
}

/// `queryGetCellByIndex(query, column, index [, default])`.
fn query_get_cell_by_index(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.read();
    let name = args.str(1)?;
    let value = args.val(2)?;
    match row_by_index(&q, value, "queryGetCellByIndex")? {
        Some(row) => get_cell(&q, &name, row),
        None => args.get(3).cloned().ok_or_else(|| no_index_row(value)),
    }
}

/// `queryRowByIndex(query, index [, default])`: the row number.
fn query_row_by_index(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.read();
    let value = args.val(1)?;
    match row_by_index(&q, value, "queryRowByIndex")? {
        Some(row) => Ok(Value::Num(row as f64)),
        None => args.get(2).cloned().ok_or_else(|| no_index_row(value)),
    }
}

/// `queryRowDataByIndex(query, index [, default])`: the row as a struct.
fn query_row_data_by_index(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.read();
    let value = args.val(1)?;
    match row_by_index(&q, value, "queryRowDataByIndex")? {
        Some(row) => Ok(Value::Struct(q.row_struct(row))),
        None => args.get(2).cloned().ok_or_else(|| no_index_row(value)),
    }
}

// ---------------------------------------------------------------------------------------------
// Columns
// ---------------------------------------------------------------------------------------------

/// queryAddColumn(query, name [, type], values): returns the new column's number. Values
/// beyond the current row count add rows.
fn query_add_column(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?;
    let name = args.str(1)?.trim().to_string();
    // With three arguments the third is the values.
    let (ty, vals) = match (args.get(2), args.get(3)) {
        (Some(Value::Array(a)), None) => (String::new(), a.to_vec()),
        (t, Some(Value::Array(a))) => (
            match t {
                Some(t) => normalize_type(&t.to_str()?)?,
                None => String::new(),
            },
            a.to_vec(),
        ),
        (Some(t), None) => (normalize_type(&t.to_str()?)?, Vec::new()),
        (None, None) => (String::new(), Vec::new()),
        (_, Some(other)) => {
            return Err(CfmlError::expression(format!(
                "The values of queryAddColumn must be an array, got {}",
                other.type_name()
            )))
        }
    };
    let mut w = q.write();
    if w.column_index(&name).is_some() {
        return Err(CfmlError::expression(format!(
            "Column [{name}] already exists"
        )));
    }
    if vals.len() > w.rows {
        let more = vals.len() - w.rows;
        check_rows(&w, more)?;
        for _ in 0..more {
            w.add_row();
        }
    }
    let cast: Vec<Value> = vals
        .into_iter()
        .map(|v| cast_cell(&ty, v))
        .collect::<CfResult<_>>()?;
    w.add_column(&name, cast);
    if let Some(c) = w.columns.last_mut() {
        c.type_name = ty;
    }
    Ok(Value::from(w.columns.len()))
}

fn query_delete_column(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?;
    let name = args.str(1)?;
    let mut w = q.write();
    let ci = col_index(&w, &name)?;
    let col = w.columns.remove(ci);
    Ok(Value::Array(Array::from_vec(col.values)))
}

fn query_rename_column(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?;
    let (from, to) = (args.str(1)?, args.str(2)?.trim().to_string());
    let mut w = q.write();
    let ci = col_index(&w, &from)?;
    if w.column_index(&to).is_some_and(|other| other != ci) {
        return Err(CfmlError::expression(format!(
            "Column [{to}] already exists"
        )));
    }
    if let Some(c) = w.columns.get_mut(ci) {
        c.name = Key::new(to.as_str());
    }
    Ok(Value::Bool(true))
}

fn query_record_count(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(query_arg(args, 0)?.read().rows))
}

fn query_column_count(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(query_arg(args, 0)?.read().columns.len()))
}

fn query_column_list(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.read();
    let delim = args.str_or(1, ",")?;
    let names: Vec<&str> = q.columns.iter().map(|c| c.name.as_str()).collect();
    Ok(Value::from(names.join(delim.as_ref())))
}

fn query_column_array(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.read();
    Ok(Value::Array(Array::from_vec(
        q.columns
            .iter()
            .map(|c| Value::Str(c.name.arc().clone()))
            .collect(),
    )))
}

fn query_column_data(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let vals = {
        let q = query_arg(args, 0)?.read();
        let ci = col_index(&q, &args.str(1)?)?;
        q.columns
            .get(ci)
            .map(|c| c.values.clone())
            .unwrap_or_default()
    };
    match args.get(2) {
        Some(f @ Value::Func(_)) => {
            let mut out = Vec::with_capacity(vals.len());
            for v in vals {
                out.push(ctx.call(f, vec![v])?);
            }
            Ok(Value::Array(Array::from_vec(out)))
        }
        Some(other) => Err(CfmlError::expression(format!(
            "The closure argument of queryColumnData must be a function, got {}",
            other.type_name()
        ))),
        None => Ok(Value::Array(Array::from_vec(vals))),
    }
}

fn query_column_exists(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.read();
    Ok(Value::Bool(q.column_index(args.str(1)?.trim()).is_some()))
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

fn query_row_data(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.read();
    let row = row_arg(&q, args.val(1)?)?;
    match args
        .str_or(2, "struct")?
        .trim()
        .to_ascii_lowercase()
        .as_str()
    {
        "struct" => Ok(Value::Struct(q.row_struct(row))),
        "array" => Ok(Value::Array(Array::from_vec(
            q.columns
                .iter()
                .map(|c| c.values.get(row - 1).cloned().unwrap_or_default())
                .collect(),
        ))),
        other => Err(CfmlError::expression(format!(
            "Invalid return format [{other}], valid values are [struct, array]"
        ))),
    }
}

/// queryToStruct(query, columnKey, structType, valueRowNumber): a struct keyed by the values of
/// one column, holding each row as a struct (or, with `valueRowNumber`, its row number). A later
/// row with the same key replaces an earlier one. The result is ordered unless `structType` says
/// otherwise.
fn query_to_struct(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.read();
    let column = args.str(1)?;
    if column.trim().is_empty() {
        return Err(CfmlError::expression(
            "Invalid argument 2 (columnKey) of function [queryToStruct]: the column name must not be empty",
        ));
    }
    let ordered = match args
        .str_or(2, "ordered")?
        .trim()
        .to_ascii_lowercase()
        .as_str()
    {
        "ordered" | "linked" => true,
        "normal" | "regular" | "weak" | "weaked" | "soft" | "synchronized" | "syncronized"
        | "sync" => false,
        other => {
            return Err(CfmlError::expression(format!(
                "Invalid struct type [{other}] for queryToStruct, valid struct types are \
                 [normal, weak, linked, soft, synchronized]"
            )))
        }
    };
    let row_numbers = args.bool_or(3, false)?;
    let out = Struct::with_flags(ordered);
    if q.rows == 0 {
        return Ok(Value::Struct(out));
    }
    let ci = col_index(&q, &column)?;
    for r in 1..=q.rows {
        let k = q.get(ci, r).cloned().unwrap_or_default();
        if !k.is_simple() {
            return Err(CfmlError::expression(format!(
                "Can't use a value of type [{}] (row {r} of column [{}]) as a struct key",
                k.type_name(),
                column.trim()
            )));
        }
        let key = Key::new(k.to_str()?.as_ref());
        if row_numbers {
            out.set(key, Value::from(r));
        } else {
            let row = Struct::new();
            for c in &q.columns {
                row.set(
                    c.name.clone(),
                    c.values.get(r - 1).cloned().unwrap_or_default(),
                );
            }
            out.set(key, Value::Struct(row));
        }
    }
    Ok(Value::Struct(out))
}

fn query_set_row(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?;
    let data = args.val(2)?.clone();
    let mut w = q.write();
    let row = match args.get(1) {
        Some(r) => {
            let n = r.to_num()?;
            // One past the end appends a row.
            if n == (w.rows + 1) as f64 {
                check_rows(&w, 1)?;
                w.add_row()
            } else {
                row_arg(&w, r)?
            }
        }
        None => {
            check_rows(&w, 1)?;
            w.add_row()
        }
    };
    match &data {
        Value::Struct(s) => {
            for (k, v) in s.entries() {
                let ci = col_index(&w, k.as_str())?;
                set_cell(&mut w, ci, row, v)?;
            }
        }
        Value::Array(a) => {
            for (ci, v) in a.to_vec().into_iter().enumerate() {
                if ci >= w.columns.len() {
                    return Err(CfmlError::expression(
                        "The row has more values than the query has columns",
                    ));
                }
                set_cell(&mut w, ci, row, v)?;
            }
        }
        other => {
            return Err(CfmlError::expression(format!(
                "Row data must be a struct or an array, got {}",
                other.type_name()
            )))
        }
    }
    Ok(Value::Bool(true))
}

fn query_delete_row(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?;
    let mut w = q.write();
    let row = match args.get(1) {
        Some(r) => row_arg(&w, r)?,
        None if w.rows == 0 => {
            return Err(CfmlError::expression("The query has no rows to delete"))
        }
        None => w.rows,
    };
    for c in w.columns.iter_mut() {
        if row <= c.values.len() {
            c.values.remove(row - 1);
        }
    }
    w.rows -= 1;
    Ok(Value::Bool(true))
}

fn query_current_row(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(query_arg(args, 0)?.read().current_row))
}

fn query_is_empty(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Bool(query_arg(args, 0)?.read().rows == 0))
}

fn query_clear(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?;
    {
        let mut w = q.write();
        for c in w.columns.iter_mut() {
            c.values.clear();
        }
        w.rows = 0;
    }
    Ok(Value::Query(q.clone()))
}

fn query_reverse(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.read();
    let rows: Vec<usize> = (1..=q.rows).rev().collect();
    Ok(new_ref(select_rows(&q, &rows)))
}

fn query_row_swap(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?;
    let mut w = q.write();
    let a = row_arg(&w, args.val(1)?)?;
    let b = row_arg(&w, args.val(2)?)?;
    for c in w.columns.iter_mut() {
        if a <= c.values.len() && b <= c.values.len() {
            c.values.swap(a - 1, b - 1);
        }
    }
    Ok(Value::Query(q.clone()))
}

fn query_slice(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.read();
    let len = q.rows as f64;
    let mut offset = args.num(1)?.trunc();
    if offset < 0.0 {
        offset += len + 1.0;
    }
    if offset < 1.0 || offset > len {
        return Err(CfmlError::expression(format!(
            "Offset [{}] is out of range, the query has {} rows",
            rime_runtime::number::format(args.num(1)?),
            q.rows
        )));
    }
    let length = args.num_or(2, 0.0)?.trunc();
    let to = if length > 0.0 {
        offset + length - 1.0
    } else if length < 0.0 {
        len + length
    } else {
        len
    };
    if to < offset || to > len {
        return Err(CfmlError::expression(format!(
            "Length [{}] is out of range for offset [{}] in a query of {} rows",
            rime_runtime::number::format(length),
            rime_runtime::number::format(offset),
            q.rows
        )));
    }
    let rows: Vec<usize> = (offset as usize..=to as usize).collect();
    Ok(new_ref(select_rows(&q, &rows)))
}

/// The rows of `src` re-ordered to `dst`'s columns (matched by name); all names must match.
fn aligned_rows(dst: &Query, src: &Query) -> CfResult<Query> {
    if dst.columns.len() != src.columns.len() {
        return Err(CfmlError::expression(format!(
            "The queries have different columns: [{}] and [{}]",
            dst.column_list(),
            src.column_list()
        )));
    }
    let mut out = empty_like(dst);
    for (di, c) in dst.columns.iter().enumerate() {
        let si = src.column_index(c.name.as_str()).ok_or_else(|| {
            CfmlError::expression(format!(
                "The queries have different columns: [{}] and [{}]",
                dst.column_list(),
                src.column_list()
            ))
        })?;
        if let (Some(oc), Some(sc)) = (out.columns.get_mut(di), src.columns.get(si)) {
            oc.values = sc.values.clone();
        }
    }
    out.rows = src.rows;
    Ok(out)
}

/// Insert all rows of `src` before 1-based row `at` of `dst`.
fn insert_rows(dst: &mut Query, src: &Query, at: usize) -> CfResult<()> {
    let src = aligned_rows(dst, src)?;
    check_rows(dst, src.rows)?;
    for (dc, sc) in dst.columns.iter_mut().zip(src.columns) {
        let pos = (at - 1).min(dc.values.len());
        dc.values.splice(pos..pos, sc.values);
    }
    dst.rows += src.rows;
    Ok(())
}

fn two_queries(args: &Args) -> CfResult<(QueryRef, Query)> {
    let q1 = query_arg(args, 0)?.clone();
    // Snapshot the second query first: both may be the same query.
    let q2 = query_arg(args, 1)?.read().clone();
    Ok((q1, q2))
}

fn query_append(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let (q1, q2) = two_queries(args)?;
    {
        let mut w = q1.write();
        let at = w.rows + 1;
        insert_rows(&mut w, &q2, at)?;
    }
    Ok(Value::Query(q1))
}

fn query_prepend(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let (q1, q2) = two_queries(args)?;
    insert_rows(&mut q1.write(), &q2, 1)?;
    Ok(Value::Query(q1))
}

fn query_insert_at(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let q = query_arg(args, 0)?.clone();
    let src = match args.val(1)? {
        Value::Query(s) => s.read().clone(),
        other => {
            // A struct or array is one row with the target's columns.
            let mut one = empty_like(&q.read());
            add_row_from(&mut one, other)?;
            one
        }
    };
    {
        let mut w = q.write();
        let pos = args.num(2)?;
        if pos < 1.0 || pos > (w.rows + 1) as f64 {
            return Err(CfmlError::expression(format!(
                "Position [{}] is out of range, valid positions are 1 to {}",
                rime_runtime::number::format(pos),
                w.rows + 1
            )));
        }
        insert_rows(&mut w, &src, pos as usize)?;
    }
    Ok(Value::Query(q))
}

#[cfg(test)]
mod tests;

/// `queryExecute(sql, params, options)`: the datasource work happens in the engine. The
/// `returnType` option is checked here first, as Lucee's query tag checks it: `query`, `struct`,
/// or `array` under any of Lucee's spellings (`array-of-struct`, `array_of_entity`,
/// `arrayOfEntities`...), which the engine receives as `array`; any other value is an error.
/// `dbPoolClear([datasource])`: the idle pooled connections of the datasource (of all, without
/// one) are closed; the next query opens new ones.
fn db_pool_clear(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let name = a
        .get(0)
        .filter(|v| !v.is_null())
        .map(|v| v.to_str().map(|s| s.into_owned()))
        .transpose()?
        .filter(|s| !s.trim().is_empty());
    ctx.clear_pools(name.as_deref())?;
    Ok(Value::Bool(true))
}

fn query_execute(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let sql = a.str(0)?.into_owned();
    let params = a.raw(1).cloned().unwrap_or_default();
    let mut options = a.raw(2).cloned().unwrap_or_default();
    if let Value::Struct(opts) = &options {
        if let Some(rt) = opts.get("returntype").filter(|v| !v.is_null()) {
            let given = rt.to_str()?.into_owned();
            let wanted = match return_type(&given) {
                Some(t) => t,
                None => {
                    return Err(CfmlError::application(format!(
                        "attribute returntype of tag query has an invalid value [{given}], \
                         valid values are [query, array, struct]"
                    )))
                }
            };
            if !given.eq_ignore_ascii_case(wanted) {
                let copy = opts.copy();
                copy.remove("returntype");
                copy.set_str("returntype", Value::from(wanted));
                options = Value::Struct(copy);
            }
        }
    }
    ctx.execute_query(&sql, params, options)
}

/// The return type a `returnType` value names (`query`, `struct` or `array`); empty is `query`.
fn return_type(s: &str) -> Option<&'static str> {
    let t = s.trim().to_ascii_lowercase();
    match t.as_str() {
        "" | "query" => Some("query"),
        "struct" => Some("struct"),
        "array" | "array_of_struct" | "array-of-struct" | "arrayofstruct" | "array_of_entity"
        | "array-of-entity" | "array_of_entities" | "array-of-entities" | "arrayofentities" => {
            Some("array")
        }
        _ => None,
    }
}

/// `valueArray(query, column)`: the values of one column as an array, in row order, each value
/// as stored (numbers stay numbers). Lucee's deprecated spelling of `queryColumnData`.
fn value_array(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let q = query_arg(a, 0)?.read();
    let ci = col_index(&q, &a.str(1)?)?;
    let values = q
        .columns
        .get(ci)
        .map(|c| c.values.clone())
        .unwrap_or_default();
    Ok(Value::Array(Array::from_vec(values)))
}

/// The values of one column. The compiler turns `valueList(q.col, d)` into
/// `valueList(q, "col", d)`, so the column arrives by name.
fn column_values(a: &Args) -> CfResult<Vec<String>> {
    let col = a.str(1)?;
    let Value::Query(q) = a.val(0)? else {
        return Err(CfmlError::expression(
            "valueList needs a query column (valueList(query.column))",
        ));
    };
    let q = q.read();
    let ci = q
        .column_index(&col)
        .ok_or_else(|| CfmlError::expression(format!("column [{col}] not found in query")))?;
    (1..=q.rows)
        .map(|r| {
            q.get(ci, r)
                .map(|v| v.to_str().map(|s| s.into_owned()))
                .unwrap_or(Ok(String::new()))
        })
        .collect()
}

fn value_list(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let d = a.str_or(2, ",")?.into_owned();
    Ok(Value::from(column_values(a)?.join(&d)))
}

fn quoted_value_list(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let d = a.str_or(2, ",")?.into_owned();
    let qual = a.str_or(3, "'")?.into_owned();
    Ok(Value::from(
        column_values(a)?
            .iter()
            .map(|v| format!("{qual}{v}{qual}"))
            .collect::<Vec<_>>()
            .join(&d),
    ))
}
