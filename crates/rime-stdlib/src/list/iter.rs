//! Closure-based list functions. The closure gets (item, index, list, delimiter);
//! `listReduce` passes the accumulator first.

use super::tokenize::split;
use crate::string::util::{join_checked, too_large, MAX_RESULT};
use rime_runtime::{Args, CfResult, Ctx, Value};

/// The list, closure, delimiter and items of the closure-based functions, whose arguments
/// are (list, closure, [initialValue,] delimiter, includeEmptyFields, multiCharacterDelimiter).
struct Iter {
    list: Value,
    delim: String,
    items: Vec<String>,
}

fn iter_args(args: &Args, first_opt: usize) -> CfResult<Iter> {
    let list = args.arcstr(0)?;
    let delim = args.str_or(first_opt, ",")?.into_owned();
    let include_empty = args.bool_or(first_opt + 1, false)?;
    let multi = args.bool_or(first_opt + 2, true)?;
    let items = split(&list, &delim, include_empty, multi)
        .into_iter()
        .map(str::to_string)
        .collect();
    Ok(Iter {
        list: Value::Str(list),
        delim,
        items,
    })
}

fn call_item(ctx: &mut dyn Ctx, f: &Value, it: &Iter, i: usize) -> CfResult<Value> {
    let v = Value::from(it.items.get(i).map(String::as_str).unwrap_or(""));
    ctx.call(
        f,
        vec![
            v,
            Value::from(i + 1),
            it.list.clone(),
            Value::from(it.delim.as_str()),
        ],
    )
}

pub(super) fn list_each(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let f = args.func(1)?;
    let it = iter_args(args, 2)?;
    for i in 0..it.items.len() {
        call_item(ctx, f, &it, i)?;
    }
    Ok(Value::Null)
}

pub(super) fn list_map(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let f = args.func(1)?;
    let it = iter_args(args, 2)?;
    let mut out = String::new();
    for i in 0..it.items.len() {
        if i > 0 {
            out.push_str(&it.delim);
        }
        call_item(ctx, f, &it, i)?.write_to(&mut out)?;
        if out.len() > MAX_RESULT {
            return Err(too_large("listMap"));
        }
    }
    Ok(Value::from(out))
}

pub(super) fn list_filter(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let f = args.func(1)?;
    let it = iter_args(args, 2)?;
    let mut kept: Vec<&str> = Vec::new();
    for i in 0..it.items.len() {
        if call_item(ctx, f, &it, i)?.to_bool()? {
            kept.push(it.items.get(i).map(String::as_str).unwrap_or(""));
        }
    }
    Ok(Value::from(join_checked(&kept, &it.delim, "listFilter")?))
}

pub(super) fn list_some(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let f = args.func(1)?;
    let it = iter_args(args, 2)?;
    for i in 0..it.items.len() {
        if call_item(ctx, f, &it, i)?.to_bool()? {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

pub(super) fn list_every(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let f = args.func(1)?;
    let it = iter_args(args, 2)?;
    for i in 0..it.items.len() {
        if !call_item(ctx, f, &it, i)?.to_bool()? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}

pub(super) fn list_reduce(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let f = args.func(1)?;
    let mut acc = args.get(2).cloned().unwrap_or(Value::Null);
    let it = iter_args(args, 3)?;
    for (i, item) in it.items.iter().enumerate() {
        acc = ctx.call(
            f,
            vec![
                acc,
                Value::from(item.as_str()),
                Value::from(i + 1),
                it.list.clone(),
                Value::from(it.delim.as_str()),
            ],
        )?;
    }
    Ok(acc)
}
