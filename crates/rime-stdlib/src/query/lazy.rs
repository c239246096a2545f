//! `queryLazy(sql, listener, params, options)`: the rows of a query handed to a function one
//! by one (a struct per row), or in blocks of `blockfactor` rows as a query, an array of
//! structs or a struct by `columnKey` (`returntype`), as Lucee's `QueryLazy`. A listener that
//! returns false stops it. Rime's drivers read the whole result before the first call (Lucee
//! streams it), so the calls and results are Lucee's but the memory is a query's.

use rime_runtime::{Args, Array, CfResult, CfmlError, Ctx, Key, Query, Struct, Value};
use std::sync::Arc;

#[derive(Clone, Copy, PartialEq)]
enum Block {
    Query,
    Array,
    Struct,
}

pub(super) fn query_lazy(ctx: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let sql = a.str(0)?.into_owned();
    let listener = a.func(1)?.clone();
    let params = a.raw(2).cloned().unwrap_or_default();
    let options = match a.get(3) {
        Some(Value::Struct(s)) => s.copy(),
        _ => Struct::new(),
    };
    let text = |k: &str| -> CfResult<Option<String>> {
        Ok(options
            .get(k)
            .filter(|v| !v.is_null())
            .map(|v| v.to_str().map(|s| s.trim().to_string()))
            .transpose()?
            .filter(|s| !s.is_empty()))
    };
    let block = match text("returntype")?
        .map(|t| t.to_ascii_lowercase())
        .as_deref()
    {
        None | Some("query") => Block::Query,
        Some("struct") => Block::Struct,
        Some(t) if t.starts_with("array") => Block::Array,
        Some(t) => {
            return Err(CfmlError::application(
                "option returntype for function QueryLazy invalid value",
            )
            .with_detail(format!(
                "valid values are [query,array,struct] but value is now [{t}]"
            )))
        }
    };
    let column_key = text("columnKey")?;
    if block == Block::Struct && column_key.is_none() {
        return Err(CfmlError::application(
            "attribute columnKey is required when return type is set to struct",
        ));
    }
    let blockfactor = text("blockfactor")?
        .and_then(|b| b.parse::<f64>().ok())
        .map_or(0, |b| b.max(0.0) as usize);
    for k in ["returntype", "columnKey", "blockfactor"] {
        options.remove(k);
    }
    let q = match ctx.execute_query(&sql, params, Value::Struct(options))? {
        Value::Query(q) => q.read().clone(),
        _ => return Err(no_result()),
    };
    if q.columns.is_empty() {
        return Err(no_result());
    }
    let names: Vec<&str> = q.columns.iter().map(|c| c.name.as_str()).collect();
    let mut rows: Vec<Struct> = Vec::new();
    for r in 1..=q.rows {
        let row = q.row_struct(r);
        if blockfactor <= 1 {
            if !go_on(ctx.call(&listener, vec![Value::Struct(row)])?) {
                return Ok(Value::Null);
            }
            continue;
        }
        rows.push(row);
        if rows.len() == blockfactor {
            let b = block_value(
                block,
                &names,
                std::mem::take(&mut rows),
                column_key.as_deref(),
            )?;
            if !go_on(ctx.call(&listener, vec![b])?) {
                return Ok(Value::Null);
            }
        }
    }
    if !rows.is_empty() {
        let b = block_value(block, &names, rows, column_key.as_deref())?;
        ctx.call(&listener, vec![b])?;
    }
    Ok(Value::Null)
}

fn no_result() -> Box<CfmlError> {
    CfmlError::application(
        "the function QueryLazy can only be used for queries returning a resultset",
    )
}

/// Whether the listener's answer lets it go on: anything but a false boolean does (Lucee casts
/// it with a default of true).
fn go_on(v: Value) -> bool {
    match v {
        Value::Null => true,
        v => v.to_bool().unwrap_or(true),
    }
}

fn block_value(
    block: Block,
    names: &[&str],
    rows: Vec<Struct>,
    key: Option<&str>,
) -> CfResult<Value> {
    Ok(match block {
        Block::Array => Value::Array(Array::from_vec(
            rows.into_iter().map(Value::Struct).collect(),
        )),
        Block::Struct => {
            let out = Struct::new();
            for row in rows {
                let k = row.get(key.unwrap_or_default()).unwrap_or_default();
                out.set(Key::new(k.to_str()?.as_ref()), Value::Struct(row));
            }
            Value::Struct(out)
        }
        Block::Query => {
            let mut q = Query::new(names);
            for row in rows {
                let r = q.add_row();
                for (i, n) in names.iter().enumerate() {
                    q.set(i, r, row.get(n).unwrap_or_default());
                }
            }
            Value::Query(Arc::new(parking_lot::RwLock::new(q)))
        }
    })
}
