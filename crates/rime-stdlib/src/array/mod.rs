//! Array functions (`arrayLen`, `arrayAppend`, `arraySort`, `arrayMap`...) and their members.
//!
//! Arrays are shared by reference, so mutators write through `Array::write()`. No lock is held
//! while a CFML closure runs: a callback may read or modify the same array, and the locks are
//! not re-entrant. Holes of sparse arrays are `Value::Null`.
//!
//! Lucee flags some members with "member chaining" (the member form returns the receiver, e.g.
//! `arr.append(1).append(2)`): arrayAppend, arrayPrepend, arrayClear, arrayDelete,
//! arrayDeleteNoCase, arrayDeleteAt, arrayEach, arrayInsertAt, arrayResize, arraySet, arraySort,
//! arraySwap. The function forms here return what the functions return (`true`); returning the
//! receiver for member calls is the VM's job (see the report on the registry contract).

use rime_runtime::key::Key;
use rime_runtime::number;
use rime_runtime::{
    def, opt, req, Args, Array, BuiltinDef, CfResult, CfmlError, Ctx, MemberType, Struct, Value,
};
use std::cmp::Ordering;

use MemberType::Array as A;

pub static FUNCTIONS: &[BuiltinDef] = &[
    def(
        "arrayNew",
        &[opt("dimension"), opt("isSynchronized"), opt("type")],
        array_new,
    ),
    def("array", &[], array_fn).variadic(),
    def("arrayLen", &[req("array")], array_len).members(&[(A, "len")]),
    def(
        "arrayAppend",
        &[req("array"), req("value"), opt("merge")],
        array_append,
    )
    .chain()
    .members(&[(A, "append")]),
    def(
        "arrayPrepend",
        &[req("array"), req("value"), opt("merge")],
        array_prepend,
    )
    .chain()
    .members(&[(A, "prepend")]),
    def(
        "arrayInsertAt",
        &[req("array"), req("position"), req("value")],
        array_insert_at,
    )
    .chain()
    .members(&[(A, "insertAt")]),
    def(
        "arrayDeleteAt",
        &[req("array"), req("index")],
        array_delete_at,
    )
    .chain()
    .members(&[(A, "deleteAt")]),
    def(
        "arrayDelete",
        &[req("array"), req("value"), opt("scope")],
        array_delete,
    )
    .chain()
    .members(&[(A, "delete")]),
    def(
        "arrayDeleteNoCase",
        &[req("array"), req("value"), opt("scope")],
        array_delete_nocase,
    )
    .chain()
    .members(&[(A, "deleteNoCase")]),
    def("arrayClear", &[req("array")], array_clear)
        .chain()
        .members(&[(A, "clear")]),
    def(
        "arraySet",
        &[req("array"), req("start"), req("end"), req("value")],
        array_set,
    )
    .chain()
    .members(&[(A, "set")]),
    def(
        "arraySwap",
        &[req("array"), req("position1"), req("position2")],
        array_swap,
    )
    .chain()
    .members(&[(A, "swap")]),
    def("arrayResize", &[req("array"), req("size")], array_resize)
        .chain()
        .members(&[(A, "resize")]),
    def("arrayIsEmpty", &[req("array")], array_is_empty).members(&[(A, "isEmpty")]),
    def(
        "arrayContains",
        &[
            req("array").alias(&["haystack", "arr"]),
            req("value").alias(&["needle", "object", "obj", "o"]),
            opt("substringMatch"),
        ],
        array_contains,
    )
    .members(&[(A, "contains")]),
    def(
        "arrayContainsNoCase",
        &[
            req("array").alias(&["haystack", "arr"]),
            req("value").alias(&["needle", "object", "obj", "o"]),
            opt("substringMatch"),
        ],
        array_contains_nocase,
    )
    .members(&[(A, "containsNoCase")]),
    def("arrayFind", &[req("array"), req("value")], array_find).members(&[(A, "find")]),
    def(
        "arrayFindNoCase",
        &[req("array"), req("value")],
        array_find_nocase,
    )
    .members(&[(A, "findNoCase")]),
    def(
        "arrayFindAll",
        &[req("array"), req("value")],
        array_find_all,
    )
    .members(&[(A, "findAll")]),
    def(
        "arrayFindAllNoCase",
        &[req("array"), req("value")],
        array_find_all_nocase,
    )
    .members(&[(A, "findAllNoCase")]),
    def(
        "arrayIndexExists",
        &[req("array"), req("index")],
        array_index_exists,
    )
    .members(&[(A, "indexExists")]),
    def(
        "arrayIsDefined",
        &[req("array"), req("index")],
        array_index_exists,
    )
    .members(&[(A, "isDefined")]),
    def(
        "arraySort",
        &[
            req("array"),
            req("sortType"),
            opt("sortOrder"),
            opt("localeSensitive"),
        ],
        array_sort,
    )
    .chain()
    .members(&[(A, "sort")]),
    def(
        "arraySlice",
        &[req("array"), req("offset"), opt("length")],
        array_slice,
    )
    .members(&[(A, "slice")]),
    def(
        "arrayMid",
        &[req("array"), req("start"), opt("count")],
        array_mid,
    )
    .members(&[(A, "mid")]),
    def(
        "arraySplice",
        &[
            req("array"),
            req("index"),
            opt("elementCountForRemoval"),
            opt("replacements"),
        ],
        array_splice,
    )
    .members(&[(A, "splice")]),
    def(
        "arrayMerge",
        &[req("array1"), req("array2"), opt("leaveIndex")],
        array_merge,
    )
    .members(&[(A, "merge")]),
    def(
        "arrayToList",
        &[req("array"), opt("delimiter")],
        array_to_list,
    )
    .members(&[(A, "toList")]),
    def("arrayReverse", &[req("array")], array_reverse).members(&[(A, "reverse")]),
    def("arrayAvg", &[req("array")], array_avg).members(&[(A, "avg")]),
    def("arraySum", &[req("array")], array_sum).members(&[(A, "sum")]),
    def("arrayMin", &[req("array")], array_min).members(&[(A, "min")]),
    def("arrayMax", &[req("array")], array_max).members(&[(A, "max")]),
    def("arrayMedian", &[req("array")], array_median).members(&[(A, "median")]),
    def(
        "arrayEach",
        &[
            req("array"),
            req("callback"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        array_each,
    )
    .chain()
    .members(&[(A, "each")]),
    def(
        "arrayMap",
        &[
            req("array"),
            req("callback"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        array_map,
    )
    .members(&[(A, "map")]),
    def(
        "arrayFilter",
        &[
            req("array"),
            req("callback"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        array_filter,
    )
    .members(&[(A, "filter")]),
    def(
        "arrayReduce",
        &[req("array"), req("callback"), opt("initialValue")],
        array_reduce,
    )
    .members(&[(A, "reduce")]),
    def(
        "arraySome",
        &[
            req("array"),
            req("callback"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        array_some,
    )
    .members(&[(A, "some")]),
    def(
        "arrayEvery",
        &[
            req("array"),
            req("closure"),
            opt("parallel"),
            opt("maxThreads"),
        ],
        array_every,
    )
    .members(&[(A, "every")]),
    def("arrayFirst", &[req("array")], array_first).members(&[(A, "first")]),
    def("arrayLast", &[req("array")], array_last).members(&[(A, "last")]),
    def("arrayPop", &[req("array"), opt("defaultValue")], array_pop).members(&[(A, "pop")]),
    def(
        "arrayShift",
        &[req("array"), opt("defaultValue")],
        array_shift,
    )
    .members(&[(A, "shift")]),
    def("arrayPush", &[req("array"), req("value")], array_push).members(&[(A, "push")]),
    def(
        "arrayUnshift",
        &[req("array"), req("object")],
        array_unshift,
    )
    .members(&[(A, "unShift")]),
    def(
        "arrayToStruct",
        &[req("array"), opt("valueAsKey")],
        array_to_struct,
    )
    .members(&[(A, "toStruct")]),
    def(
        "arrayRemoveDuplicates",
        &[req("array"), opt("ignoreCase")],
        array_remove_duplicates,
    )
    .members(&[(A, "removeDuplicates")]),
];

mod timsort;
mod util;
pub(crate) use util::*;

/// A 1-based index argument as usize (0 and negatives map to 0, which callers reject).
fn index_arg(args: &Args, i: usize) -> CfResult<usize> {
    let n = args.num(i)?;
    Ok(if n < 1.0 {
        0
    } else {
        n.min(u32::MAX as f64) as usize
    })
}

fn out_of_range(idx: f64, len: usize) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "Array index [{}] out of range, array size is [{len}]",
        number::format(idx)
    ))
}

fn num_of(v: &Value) -> CfResult<f64> {
    v.to_num()
}

// ---------------------------------------------------------------------------------------------
// Construction, size, mutation
// ---------------------------------------------------------------------------------------------

fn array_new(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let dim = args.num_or(0, 1.0)?;
    if !(1.0..=3.0).contains(&dim) || dim.fract() != 0.0 {
        return Err(CfmlError::expression(format!(
            "Array dimension [{}] must be between 1 and 3",
            number::format(dim)
        )));
    }
    Ok(Value::Array(Array::with_dimension(dim as u8)))
}

fn array_fn(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Array(Array::from_vec(
        args.rest(0).cloned().collect(),
    )))
}

fn array_len(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    // Lucee treats a binary value as an array of bytes here.
    if let Value::Binary(b) = args.val(0)? {
        return Ok(Value::from(b.len()));
    }
    Ok(Value::from(args.array(0)?.len()))
}

/// The values to add for append/prepend: the elements of an array when merging.
fn items_to_add(v: &Value, merge: bool) -> Vec<Value> {
    match v {
        Value::Array(src) if merge => src.to_vec(),
        other => vec![other.clone()],
    }
}

fn array_append(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let (v, merge) = (args.val(1)?, args.bool_or(2, false)?);
    if !matches!(v, Value::Array(_)) || !merge {
        // One element, without the vector `items_to_add` makes (this runs in loops).
        let mut w = a.write();
        if w.len() >= MAX_ELEMENTS {
            return Err(too_large((w.len() + 1) as f64));
        }
        w.push(v.clone());
        return Ok(Value::Bool(true));
    }
    let items = items_to_add(v, merge);
    let mut w = a.write();
    if w.len() + items.len() > MAX_ELEMENTS {
        return Err(too_large((w.len() + items.len()) as f64));
    }
    w.extend(items);
    Ok(Value::Bool(true))
}

fn array_prepend(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let items = items_to_add(args.val(1)?, args.bool_or(2, false)?);
    let mut w = a.write();
    if w.len() + items.len() > MAX_ELEMENTS {
        return Err(too_large((w.len() + items.len()) as f64));
    }
    w.splice(0..0, items);
    Ok(Value::Bool(true))
}

fn array_insert_at(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let pos = index_arg(args, 1)?;
    let v = args.val(2)?.clone();
    let mut w = a.write();
    if pos == 0 || pos > w.len() + 1 {
        return Err(CfmlError::expression(format!(
            "Invalid index [{}] for arrayInsertAt, valid indexes are from 1 to {}",
            number::format(args.num(1)?),
            w.len() + 1
        )));
    }
    if w.len() >= MAX_ELEMENTS {
        return Err(too_large(w.len() as f64 + 1.0));
    }
    w.insert(pos - 1, v);
    Ok(Value::Bool(true))
}

fn array_delete_at(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let idx = index_arg(args, 1)?;
    let mut w = a.write();
    if idx == 0 || idx > w.len() {
        return Err(CfmlError::expression(format!(
            "Can't delete element at position [{}], valid indexes are from 1 to {}",
            number::format(args.num(1)?),
            w.len()
        )));
    }
    w.remove(idx - 1);
    Ok(Value::Bool(true))
}

fn delete_value(args: &Args, case_sensitive: bool) -> CfResult<Value> {
    let a = args.array(0)?;
    let needle = args.val(1)?.clone();
    let all = match args.str_or(2, "one")?.trim().to_ascii_lowercase().as_str() {
        "one" => false,
        "all" => true,
        other => {
            return Err(CfmlError::expression(format!(
                "Invalid scope [{other}], valid values are [one, all]"
            )))
        }
    };
    // Compare outside the lock: the needle may be this very array.
    let items = a.to_vec();
    let mut keep = Vec::with_capacity(items.len());
    let mut removed = false;
    for it in items {
        if (!removed || all) && values_equal(&it, &needle, case_sensitive) {
            removed = true;
        } else {
            keep.push(it);
        }
    }
    *a.write() = keep;
    Ok(Value::Bool(removed))
}

fn array_delete(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    delete_value(args, true)
}

fn array_delete_nocase(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    delete_value(args, false)
}

fn array_clear(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    args.array(0)?.write().clear();
    Ok(Value::Bool(true))
}

fn array_set(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let (start_n, end_n) = (args.num(1)?, args.num(2)?);
    if start_n < 1.0 {
        return Err(CfmlError::expression(format!(
            "Start index [{}] of arraySet must be greater than 0",
            number::format(start_n)
        )));
    }
    if end_n < start_n {
        return Err(CfmlError::expression(format!(
            "End index [{}] of arraySet must be greater than or equal to the start index [{}]",
            number::format(end_n),
            number::format(start_n)
        )));
    }
    if end_n > MAX_ELEMENTS as f64 {
        return Err(too_large(end_n));
    }
    let (start, end) = (start_n as usize, end_n as usize);
    let v = args.val(3)?.clone();
    let mut w = a.write();
    if w.len() < end {
        w.resize(end, Value::Null);
    }
    for slot in w.iter_mut().take(end).skip(start - 1) {
        // Each slot gets its own copy of a complex value, as Lucee duplicates it.
        *slot = v.deep_copy()?;
    }
    Ok(Value::Bool(true))
}

fn array_swap(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let (p1, p2) = (index_arg(args, 1)?, index_arg(args, 2)?);
    let mut w = a.write();
    let len = w.len();
    for (p, i) in [(p1, 1), (p2, 2)] {
        if p == 0 || p > len {
            return Err(out_of_range(args.num(i)?, len));
        }
    }
    w.swap(p1 - 1, p2 - 1);
    Ok(Value::Bool(true))
}

fn array_resize(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let n = args.num(1)?;
    if n > MAX_ELEMENTS as f64 {
        return Err(too_large(n));
    }
    let mut w = a.write();
    // Lucee only grows an array; a smaller size leaves it as is.
    if n > w.len() as f64 {
        w.resize(n as usize, Value::Null);
    }
    Ok(Value::Bool(true))
}

fn array_is_empty(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Bool(args.array(0)?.is_empty()))
}

fn array_index_exists(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let n = args.num(1)?;
    if n < 1.0 || n.fract() != 0.0 {
        return Ok(Value::Bool(false));
    }
    Ok(Value::Bool(
        a.get1(n.min(u32::MAX as f64) as usize)
            .is_some_and(|v| !v.is_null()),
    ))
}

// ---------------------------------------------------------------------------------------------
// Searching
// ---------------------------------------------------------------------------------------------

/// 1-based position of the first element equal to `needle`, or 0.
fn find_value(a: &Array, needle: &Value, case_sensitive: bool) -> usize {
    a.to_vec()
        .iter()
        .position(|v| !v.is_null() && values_equal(v, needle, case_sensitive))
        .map_or(0, |p| p + 1)
}

/// arrayFind with a closure: Lucee passes only the element, skipping holes.
fn find_with(ctx: &mut dyn Ctx, a: &Array, f: &Value, fname: &str) -> CfResult<usize> {
    let len = a.len();
    for i in 1..=len {
        let Some(item) = a.get1(i) else { break };
        if item.is_null() {
            continue;
        }
        if call_bool(ctx, f, vec![item], fname)? {
            return Ok(i);
        }
    }
    Ok(0)
}

fn find_impl(ctx: &mut dyn Ctx, args: &Args, case_sensitive: bool) -> CfResult<Value> {
    let a = args.array(0)?;
    let v = args.val(1)?;
    let pos = if matches!(v, Value::Func(_)) {
        find_with(ctx, a, v, args.fname)?
    } else {
        find_value(a, v, case_sensitive)
    };
    Ok(Value::from(pos))
}

fn array_find(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    find_impl(ctx, args, true)
}

fn array_find_nocase(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    find_impl(ctx, args, false)
}

/// arrayContains: Lucee returns the position (0 when missing). With substringMatch, the first
/// simple element that contains the value as a substring.
fn contains_impl(ctx: &mut dyn Ctx, args: &Args, case_sensitive: bool) -> CfResult<Value> {
    if args.bool_or(2, false)? {
        let a = args.array(0)?;
        let needle = args.val(1)?;
        if !needle.is_simple() {
            return Err(CfmlError::expression(
                "substringMatch can not be true when the value that is searched for is a complex object",
            ));
        }
        let n = needle.to_str()?.into_owned();
        let n_low = n.to_lowercase();
        for (i, v) in a.to_vec().iter().enumerate() {
            if !v.is_simple() {
                continue;
            }
            let s = v.to_str()?;
            let hit = if case_sensitive {
                s.contains(n.as_str())
            } else {
                s.to_lowercase().contains(n_low.as_str())
            };
            if hit {
                return Ok(Value::from(i + 1));
            }
        }
        return Ok(Value::Num(0.0));
    }
    find_impl(ctx, args, case_sensitive)
}

fn array_contains(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    contains_impl(ctx, args, true)
}

fn array_contains_nocase(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    contains_impl(ctx, args, false)
}

fn find_all_impl(ctx: &mut dyn Ctx, args: &Args, case_sensitive: bool) -> CfResult<Value> {
    let a = args.array(0)?;
    let v = args.val(1)?;
    let out = Array::new();
    if matches!(v, Value::Func(_)) {
        let len = a.len();
        for i in 1..=len {
            let Some(item) = a.get1(i) else { break };
            if item.is_null() {
                continue;
            }
            if call_bool(
                ctx,
                v,
                vec![item, Value::from(i), Value::Array(a.clone())],
                args.fname,
            )? {
                out.push(Value::from(i));
            }
        }
    } else {
        for (i, item) in a.to_vec().iter().enumerate() {
            if !item.is_null() && values_equal(item, v, case_sensitive) {
                out.push(Value::from(i + 1));
            }
        }
    }
    Ok(Value::Array(out))
}

fn array_find_all(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    find_all_impl(ctx, args, true)
}

fn array_find_all_nocase(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    find_all_impl(ctx, args, false)
}

// ---------------------------------------------------------------------------------------------
// Sorting and slicing
// ---------------------------------------------------------------------------------------------

fn array_sort(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let items = a.to_vec();
    let sorted = match args.val(1)? {
        f @ Value::Func(_) => try_sort(items, &mut |x: &Value, y: &Value| {
            ordering_of_result(ctx.call_with(f, &[x, y])?)
        })?,
        other => {
            let ty = parse_sort_type(&other.to_str()?)?;
            let desc = parse_sort_desc(&args.str_or(2, "asc")?)?;
            for v in &items {
                if !v.is_simple() && !v.is_null() {
                    return Err(CfmlError::expression(format!(
                        "Can't sort an array that contains a value of type [{}] with sort type [{}]",
                        v.type_name(),
                        other.to_str()?
                    )));
                }
            }
            try_sort(items, &mut |x: &Value, y: &Value| {
                let o = compare_by(x, y, ty)?;
                Ok(if desc { o.reverse() } else { o })
            })?
        }
    };
    *a.write() = sorted;
    Ok(Value::Bool(true))
}

fn array_slice(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let items = args.array(0)?.to_vec();
    let len = items.len() as f64;
    let mut offset = args.num(1)?.trunc();
    let length = args.num_or(2, 0.0)?.trunc();
    if offset == 0.0 {
        return Err(CfmlError::expression(format!(
            "Array index [0] out of range, valid indexes are [1 to {}]",
            items.len()
        )));
    }
    if offset < 0.0 {
        offset += len + 1.0;
        if offset < 1.0 {
            return Err(CfmlError::expression(
                "Offset cannot be greater than size of the array",
            ));
        }
    }
    if offset > len {
        return Err(CfmlError::expression(
            "Offset cannot be greater than size of the array",
        ));
    }
    let to = if length > 0.0 {
        offset + length - 1.0
    } else if length < 0.0 {
        len + length
    } else {
        len
    };
    if to < offset {
        return Err(CfmlError::expression(
            "Offset cannot be greater than size of the length",
        ));
    }
    if to > len {
        return Err(CfmlError::expression(
            "Offset+length cannot be greater than size of the array",
        ));
    }
    let out: Vec<Value> = items
        .into_iter()
        .skip(offset as usize - 1)
        .take((to - offset + 1.0) as usize)
        .collect();
    Ok(Value::Array(Array::from_vec(out)))
}

fn array_mid(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let items = args.array(0)?.to_vec();
    let start = args.num(1)?.trunc();
    let count = args.num_or(2, -1.0)?.trunc();
    if start < 1.0 {
        return Err(CfmlError::expression(format!(
            "Invalid start index [{}] for arrayMid, it must be a positive number",
            number::format(start)
        )));
    }
    if count < -1.0 {
        return Err(CfmlError::expression(format!(
            "Invalid count [{}] for arrayMid, it must be -1 or a non-negative number",
            number::format(count)
        )));
    }
    let skip = (start as usize).saturating_sub(1).min(items.len());
    let take = if count < 0.0 {
        usize::MAX
    } else {
        count.min(u32::MAX as f64) as usize
    };
    Ok(Value::Array(Array::from_vec(
        items.into_iter().skip(skip).take(take).collect(),
    )))
}

/// arraySplice: removes `count` elements at `index` (negative counts from the end), inserts
/// the replacements there, and returns the removed elements.
fn array_splice(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let replacements = match args.get(3) {
        Some(Value::Array(r)) => r.to_vec(),
        Some(other) => {
            return Err(CfmlError::expression(format!(
                "Argument replacements of arraySplice must be an array, got {}",
                other.type_name()
            )))
        }
        None => Vec::new(),
    };
    let count = args.num_or(2, -1.0)?.trunc();
    let mut w = a.write();
    let len = w.len() as f64;
    let mut idx = args.num(1)?.trunc();
    if idx < 0.0 {
        idx += len + 1.0;
    }
    let idx = idx.clamp(1.0, len + 1.0) as usize;
    let available = w.len() + 1 - idx;
    let remove = if count == -1.0 {
        available
    } else if count < 0.0 {
        0
    } else {
        (count.min(u32::MAX as f64) as usize).min(available)
    };
    if w.len() - remove + replacements.len() > MAX_ELEMENTS {
        return Err(too_large((w.len() + replacements.len()) as f64));
    }
    let removed: Vec<Value> = w.splice(idx - 1..idx - 1 + remove, replacements).collect();
    Ok(Value::Array(Array::from_vec(removed)))
}

fn array_merge(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a1 = args.array(0)?.to_vec();
    let a2 = args.array(1)?.to_vec();
    if args.bool_or(2, false)? {
        // Keep indexes: the first array wins where both have an element.
        let mut out = a2;
        if out.len() < a1.len() {
            out.resize(a1.len(), Value::Null);
        }
        for (slot, v) in out.iter_mut().zip(a1) {
            *slot = v;
        }
        return Ok(Value::Array(Array::from_vec(out)));
    }
    if a1.len() + a2.len() > MAX_ELEMENTS {
        return Err(too_large((a1.len() + a2.len()) as f64));
    }
    let mut out = a1;
    out.extend(a2);
    Ok(Value::Array(Array::from_vec(out)))
}

fn array_to_list(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let array = args.array(0)?;
    let delim = args.str_or(1, ",")?;
    // Read in place: copying the elements first cost a reference count per element, twice.
    let items = array.read();
    // Sized for the strings it holds (others add their printed length), so a long list is
    // not built by repeated doubling; capped, as a runaway size is refused below anyway.
    let guess: usize = items
        .iter()
        .map(|v| match v {
            Value::Str(s) => s.len(),
            _ => 8,
        })
        .sum::<usize>()
        + delim.len() * items.len().saturating_sub(1);
    let mut out = String::with_capacity(guess.min(MAX_STRING));
    for (i, v) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(&delim);
        }
        v.write_to(&mut out)?;
        if out.len() > MAX_STRING {
            return Err(CfmlError::expression("The resulting string is too large"));
        }
    }
    Ok(Value::from(out))
}

fn array_reverse(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let mut items = args.array(0)?.to_vec();
    items.reverse();
    Ok(Value::Array(Array::from_vec(items)))
}

// ---------------------------------------------------------------------------------------------
// Aggregates
// ---------------------------------------------------------------------------------------------

fn numbers(args: &Args) -> CfResult<Vec<f64>> {
    args.array(0)?.to_vec().iter().map(num_of).collect()
}

fn array_sum(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Num(numbers(args)?.iter().sum()))
}

fn array_avg(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let n = numbers(args)?;
    if n.is_empty() {
        return Ok(Value::Num(0.0));
    }
    Ok(Value::Num(n.iter().sum::<f64>() / n.len() as f64))
}

fn array_min(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let n = numbers(args)?;
    Ok(Value::Num(
        n.iter().copied().reduce(f64::min).unwrap_or(0.0),
    ))
}

fn array_max(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let n = numbers(args)?;
    Ok(Value::Num(
        n.iter().copied().reduce(f64::max).unwrap_or(0.0),
    ))
}

fn array_median(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let mut n = numbers(args)?;
    if n.is_empty() {
        return Ok(Value::Num(0.0));
    }
    n.sort_by(|a, b| a.partial_cmp(b).unwrap_or(Ordering::Equal));
    let mid = n.len() / 2;
    let m = if n.len() % 2 == 1 {
        n.get(mid).copied().unwrap_or(0.0)
    } else {
        (n.get(mid - 1).copied().unwrap_or(0.0) + n.get(mid).copied().unwrap_or(0.0)) / 2.0
    };
    Ok(Value::Num(m))
}

// ---------------------------------------------------------------------------------------------
// Higher-order functions (callbacks get item, index, array)
// ---------------------------------------------------------------------------------------------

/// Iterate (index, item) over the array as it is when each element is reached, without
/// holding the lock while the callback runs. The length is taken once, as Lucee does.
fn each_item(a: &Array, mut f: impl FnMut(usize, Value) -> CfResult<bool>) -> CfResult<()> {
    let len = a.len();
    for i in 1..=len {
        let Some(item) = a.get1(i) else { break };
        if !f(i, item)? {
            break;
        }
    }
    Ok(())
}

fn array_each(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let f = args.func(1)?;
    each_item(a, |i, item| {
        ctx.call(f, vec![item, Value::from(i), Value::Array(a.clone())])?;
        Ok(true)
    })?;
    Ok(Value::Null)
}

fn array_map(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let f = args.func(1)?;
    let mut out = Vec::with_capacity(a.len());
    each_item(a, |i, item| {
        out.push(ctx.call(f, vec![item, Value::from(i), Value::Array(a.clone())])?);
        Ok(true)
    })?;
    Ok(Value::Array(Array::from_vec(out)))
}

fn array_filter(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let f = args.func(1)?;
    let mut out = Vec::new();
    each_item(a, |i, item| {
        if call_bool(
            ctx,
            f,
            vec![item.clone(), Value::from(i), Value::Array(a.clone())],
            "arrayFilter",
        )? {
            out.push(item);
        }
        Ok(true)
    })?;
    Ok(Value::Array(Array::from_vec(out)))
}

fn array_reduce(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let f = args.func(1)?;
    // Lucee starts from the initial value (null when missing), never from the first element.
    let mut acc = args.raw(2).cloned().unwrap_or_default();
    each_item(a, |i, item| {
        acc = ctx.call(
            f,
            vec![acc.clone(), item, Value::from(i), Value::Array(a.clone())],
        )?;
        Ok(true)
    })?;
    Ok(acc)
}

fn array_some(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let f = args.func(1)?;
    let mut found = false;
    each_item(a, |i, item| {
        found = call_bool(
            ctx,
            f,
            vec![item, Value::from(i), Value::Array(a.clone())],
            "arraySome",
        )?;
        Ok(!found)
    })?;
    Ok(Value::Bool(found))
}

fn array_every(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let f = args.func(1)?;
    let mut all = true;
    each_item(a, |i, item| {
        all = call_bool(
            ctx,
            f,
            vec![item, Value::from(i), Value::Array(a.clone())],
            "arrayEvery",
        )?;
        Ok(all)
    })?;
    Ok(Value::Bool(all))
}

// ---------------------------------------------------------------------------------------------
// Stack and queue style access
// ---------------------------------------------------------------------------------------------

fn array_first(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    args.array(0)?.get1(1).ok_or_else(|| {
        CfmlError::expression("Cannot return first element of array; array is empty")
    })
}

fn array_last(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let last = a.read().last().cloned();
    last.ok_or_else(|| CfmlError::expression("Cannot return last element of array; array is empty"))
}

fn array_pop(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let popped = a.write().pop();
    match popped {
        Some(v) => Ok(v),
        None => args
            .raw(1)
            .cloned()
            .ok_or_else(|| CfmlError::expression("Cannot pop an element from an empty array")),
    }
}

fn array_shift(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let shifted = {
        let mut w = a.write();
        if w.is_empty() {
            None
        } else {
            Some(w.remove(0))
        }
    };
    match shifted {
        Some(v) => Ok(v),
        None => args
            .raw(1)
            .cloned()
            .ok_or_else(|| CfmlError::expression("Cannot shift an element from an empty array")),
    }
}

fn array_push(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let v = args.val(1)?.clone();
    let mut w = a.write();
    if w.len() >= MAX_ELEMENTS {
        return Err(too_large(w.len() as f64 + 1.0));
    }
    w.push(v);
    Ok(Value::from(w.len()))
}

fn array_unshift(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.array(0)?;
    let v = args.val(1)?.clone();
    let mut w = a.write();
    if w.len() >= MAX_ELEMENTS {
        return Err(too_large(w.len() as f64 + 1.0));
    }
    w.insert(0, v);
    Ok(Value::from(w.len()))
}

fn array_to_struct(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let items = args.array(0)?.to_vec();
    let value_as_key = args.bool_or(1, false)?;
    let s = Struct::with_flags(true);
    for (i, v) in items.into_iter().enumerate() {
        if value_as_key {
            if !v.is_simple() {
                return Err(CfmlError::expression(format!(
                    "Can't use a value of type [{}] as a struct key",
                    v.type_name()
                )));
            }
            s.set(Key::new(v.to_str()?.as_ref()), Value::from(i + 1));
        } else {
            s.set(Key::new((i + 1).to_string()), v);
        }
    }
    Ok(Value::Struct(s))
}

fn array_remove_duplicates(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let items = args.array(0)?.to_vec();
    let ignore_case = args.bool_or(1, false)?;
    let mut out: Vec<Value> = Vec::with_capacity(items.len());
    let mut seen = std::collections::HashSet::new();
    for v in items {
        if v.is_simple() {
            let s = v.to_str()?;
            let k = if ignore_case {
                s.to_lowercase()
            } else {
                s.into_owned()
            };
            if seen.insert(k) {
                out.push(v);
            }
        } else if !out.iter().any(|o| values_equal(o, &v, !ignore_case)) {
            out.push(v);
        }
    }
    Ok(Value::Array(Array::from_vec(out)))
}

#[cfg(test)]
pub(crate) mod test_support;

#[cfg(test)]
mod tests;
