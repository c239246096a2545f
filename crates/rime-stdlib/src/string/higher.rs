//! Higher-order string functions (Lucee 6): the closure gets each character, its 1-based
//! index and the whole string.

use super::util::{too_large, MAX_RESULT};
use rime_runtime::{Args, CfResult, CfmlError, Ctx, Value};

fn closure<'a>(args: &'a Args, fname: &str) -> CfResult<&'a Value> {
    match args.get(1) {
        Some(v @ Value::Func(_)) => Ok(v),
        Some(other) => Err(CfmlError::expression(format!(
            "Argument 2 of [{fname}] must be a function, got {}",
            other.type_name()
        ))),
        None => Err(CfmlError::expression(format!(
            "Missing argument 2 of function [{fname}]"
        ))),
    }
}

/// Call `f` for each character with (char, index, string).
fn each_char(
    ctx: &mut dyn Ctx,
    args: &Args,
    fname: &str,
    mut sink: impl FnMut(char, Value) -> CfResult<bool>,
) -> CfResult<()> {
    let s = args.arcstr(0)?;
    let f = closure(args, fname)?;
    for (i, c) in s.chars().enumerate() {
        let r = ctx.call(
            f,
            vec![
                Value::from(c.to_string()),
                Value::from(i + 1),
                Value::Str(s.clone()),
            ],
        )?;
        if !sink(c, r)? {
            break;
        }
    }
    Ok(())
}

pub(crate) fn string_each(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    each_char(ctx, args, "stringEach", |_, _| Ok(true))?;
    Ok(Value::Null)
}

pub(crate) fn string_map(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    if args.get(1).is_none() {
        return Ok(Value::Str(args.arcstr(0)?));
    }
    let mut out = String::new();
    each_char(ctx, args, "stringMap", |_, r| {
        r.write_to(&mut out)?;
        if out.len() > MAX_RESULT {
            return Err(too_large("stringMap"));
        }
        Ok(true)
    })?;
    Ok(Value::from(out))
}

pub(crate) fn string_filter(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let mut out = String::new();
    each_char(ctx, args, "stringFilter", |c, r| {
        if r.to_bool()? {
            out.push(c);
        }
        Ok(true)
    })?;
    Ok(Value::from(out))
}

pub(crate) fn string_some(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let mut found = false;
    each_char(ctx, args, "stringSome", |_, r| {
        found = r.to_bool()?;
        Ok(!found)
    })?;
    Ok(Value::Bool(found))
}

pub(crate) fn string_every(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let mut all = true;
    each_char(ctx, args, "stringEvery", |_, r| {
        all = r.to_bool()?;
        Ok(all)
    })?;
    Ok(Value::Bool(all))
}

pub(crate) fn string_reduce(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.arcstr(0)?;
    let f = closure(args, "stringReduce")?;
    let mut acc = args.get(2).cloned().unwrap_or(Value::Null);
    for (i, c) in s.chars().enumerate() {
        acc = ctx.call(
            f,
            vec![
                acc,
                Value::from(c.to_string()),
                Value::from(i + 1),
                Value::Str(s.clone()),
            ],
        )?;
    }
    Ok(acc)
}
