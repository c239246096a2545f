//! List functions without closures: access, search, editing, sorting and conversion.

use super::tokenize::{
    compact, is_delim, list_first_str, list_last_str, list_rest_str, ltrim_delims, rtrim_delims,
    split, tokens,
};
use crate::string::util::{
    arg_error, eq_nocase, java_trim, join_checked, to_int, too_large, MAX_RESULT,
};
use rime_runtime::ops::compare_str_nocase;
use rime_runtime::{Args, Array, CfResult, CfmlError, Ctx, Value};
use std::cmp::Ordering;

pub(super) fn opt_delims(args: &Args, i: usize) -> CfResult<String> {
    Ok(args.str_or(i, ",")?.into_owned())
}

pub(super) fn list_len(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    Ok(Value::from(
        tokens(&list, &d, args.bool_or(2, false)?).len(),
    ))
}

pub(super) fn index_error(
    fname: &str,
    pos: usize,
    arg: &str,
    p: i64,
    len: usize,
) -> Box<CfmlError> {
    arg_error(
        fname,
        pos,
        arg,
        format!("invalid string list index [{p}], indexes go from 1 to [{len}]"),
    )
}

pub(super) fn list_get_at(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let p = to_int(args.num(1)?);
    let d = opt_delims(args, 2)?;
    let t = tokens(&list, &d, args.bool_or(3, false)?);
    if p < 1 || p as usize > t.len() {
        return Err(index_error("listGetAt", 2, "position", p, t.len()));
    }
    Ok(Value::from(t.get(p as usize - 1).copied().unwrap_or("")))
}

pub(super) fn list_set_at(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let p = to_int(args.num(1)?);
    let value = args.str(2)?;
    let d = opt_delims(args, 3)?;
    let include_empty = args.bool_or(4, false)?;
    if list.is_empty() {
        return Err(arg_error("listSetAt", 1, "list", "can't be empty"));
    }
    let all = split(&list, &d, true, false);
    if p < 1 {
        return Err(arg_error(
            "listSetAt",
            2,
            "position",
            format!("invalid string list index [{p}]"),
        ));
    }
    if all.len() < p as usize {
        return Err(arg_error(
            "listSetAt",
            2,
            "position",
            format!(
                "invalid string list index [{p}], indexes go from 1 to {}",
                all.len()
            ),
        ));
    }
    let mut out = String::with_capacity(list.len() + value.len());
    let mut count = 0;
    let mut set = false;
    for (i, item) in all.iter().enumerate() {
        if i > 0 {
            out.push_str(&d);
        }
        if include_empty || !item.is_empty() {
            count += 1;
        }
        if !set && count == p {
            out.push_str(&value);
            set = true;
        } else {
            out.push_str(item);
        }
    }
    if !set {
        return Err(arg_error(
            "listSetAt",
            2,
            "position",
            format!("invalid string list index [{p}]"),
        ));
    }
    Ok(Value::from(out))
}

/// Drop the empty elements of a list built with delimiter `d0`.
pub(super) fn clean_empty(list: &str, d: &str, d0: char) -> String {
    tokens(list, d, false).join(d0.encode_utf8(&mut [0u8; 4]))
}

pub(super) fn list_append(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let value = args.str(1)?;
    let d = opt_delims(args, 2)?;
    let include_empty = args.bool_or(3, true)?;
    let Some(d0) = d.chars().next() else {
        return Ok(Value::from(if list.is_empty() {
            value.into_owned()
        } else {
            list.into_owned()
        }));
    };
    let out = if list.is_empty() {
        value.into_owned()
    } else {
        format!("{list}{d0}{value}")
    };
    Ok(Value::from(if include_empty {
        out
    } else {
        clean_empty(&out, &d, d0)
    }))
}

pub(super) fn list_prepend(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let value = args.str(1)?;
    let d = opt_delims(args, 2)?;
    let include_empty = args.bool_or(3, true)?;
    // an empty delimiter falls back to a comma here (unlike listAppend), as in Lucee
    let d0 = d.chars().next().unwrap_or(',');
    let out = if list.is_empty() {
        value.into_owned()
    } else {
        format!("{value}{d0}{list}")
    };
    let all_d = if d.is_empty() { "," } else { d.as_str() };
    Ok(Value::from(if include_empty {
        out
    } else {
        clean_empty(&out, all_d, d0)
    }))
}

pub(super) fn list_insert_at(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let pos = to_int(args.num(1)?);
    let value = args.str(2)?;
    let d = opt_delims(args, 3)?;
    let ignore_empty = !args.bool_or(4, false)?;
    if pos < 1 {
        return Err(arg_error(
            "listInsertAt",
            2,
            "position",
            format!("invalid string list index [{pos}]"),
        ));
    }
    let delims: Vec<char> = d.chars().collect();
    let d0 = delims.first().copied();
    let mut result = String::with_capacity(list.len() + value.len() + 1);
    let mut body: &str = &list;
    let mut end = "";
    if ignore_empty {
        let trimmed = ltrim_delims(body, &delims);
        result.push_str(&body[..body.len() - trimmed.len()]);
        body = trimmed;
        let t2 = rtrim_delims(body, &delims);
        end = &body[t2.len()..];
        body = t2;
    }
    let push_value = |result: &mut String| {
        result.push_str(&value);
        if let Some(c) = d0 {
            result.push(c);
        }
    };
    let mut last = 0;
    let mut count = 0;
    for (i, c) in body.char_indices() {
        if is_delim(&delims, c) {
            if !ignore_empty || last < i {
                count += 1;
                if pos == count {
                    push_value(&mut result);
                }
            }
            result.push_str(&body[last..i]);
            result.push(c);
            last = i + c.len_utf8();
        }
    }
    count += 1;
    if pos == count {
        push_value(&mut result);
    }
    result.push_str(&body[last..]);
    if pos > count {
        return Err(arg_error(
            "listInsertAt",
            2,
            "position",
            format!("invalid string list index [{pos}], indexes go from 1 to {count}"),
        ));
    }
    result.push_str(end);
    Ok(Value::from(result))
}

pub(super) fn list_delete_at(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let pos = to_int(args.num(1)?);
    let d = opt_delims(args, 2)?;
    let include_empty = args.bool_or(3, false)?;
    if pos < 1 {
        return Err(arg_error(
            "listDeleteAt",
            2,
            "position",
            "index must be greater than 0",
        ));
    }
    let delims: Vec<char> = d.chars().collect();
    let chars: Vec<char> = list.chars().collect();
    let pos = pos - 1;
    let mut out = String::with_capacity(list.len());
    let mut index = 0i64;
    let mut last: Option<char> = None;
    let mut i = 0;
    if !include_empty {
        while i < chars.len() && is_delim(&delims, chars[i]) {
            out.push(chars[i]);
            i += 1;
        }
    }
    while i < chars.len() {
        let c = chars[i];
        let dl = is_delim(&delims, c);
        if index == pos && !dl {
            break;
        }
        if dl && (include_empty || !last.is_some_and(|l| is_delim(&delims, l))) {
            index += 1;
        }
        out.push(c);
        last = Some(c);
        i += 1;
    }
    // skip the item and the delimiters after it
    while i < chars.len() && !is_delim(&delims, chars[i]) {
        i += 1;
    }
    while i < chars.len() && is_delim(&delims, chars[i]) {
        i += 1;
    }
    if i == chars.len() {
        while out.chars().last().is_some_and(|c| is_delim(&delims, c)) {
            out.pop();
        }
        if pos > index {
            return Err(arg_error(
                "listDeleteAt",
                2,
                "position",
                format!("index must be a integer between 1 and {index}"),
            ));
        }
        return Ok(Value::from(out));
    }
    out.extend(&chars[i..]);
    Ok(Value::from(out))
}

pub(super) fn find_impl(args: &Args, nocase: bool) -> CfResult<Value> {
    let list = args.str(0)?;
    let value = args.str(1)?;
    let d = opt_delims(args, 2)?;
    let include_empty = args.bool_or(3, false)?;
    let t = if include_empty {
        // Lucee trims delimiters at both ends before searching with empty fields
        let delims: Vec<char> = d.chars().collect();
        let body = rtrim_delims(ltrim_delims(&list, &delims), &delims);
        tokens(body, &d, true)
    } else {
        tokens(&list, &d, false)
    };
    let hit = t.iter().position(|x| {
        if nocase {
            eq_nocase(x, &value)
        } else {
            *x == value.as_ref()
        }
    });
    Ok(Value::from(hit.map(|i| i + 1).unwrap_or(0)))
}

pub(super) fn list_find(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    find_impl(args, false)
}

pub(super) fn list_find_no_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    find_impl(args, true)
}

pub(super) fn contains_impl(args: &Args, nocase: bool) -> CfResult<Value> {
    let list = args.str(0)?;
    let sub = args.str(1)?;
    let d = opt_delims(args, 2)?;
    if sub.is_empty() {
        return Ok(Value::from(0usize));
    }
    let t = split(&list, &d, args.bool_or(3, false)?, args.bool_or(4, false)?);
    let lsub = sub.to_lowercase();
    let hit = t.iter().position(|x| {
        if nocase {
            x.to_lowercase().contains(&lsub)
        } else {
            x.contains(sub.as_ref())
        }
    });
    Ok(Value::from(hit.map(|i| i + 1).unwrap_or(0)))
}

pub(super) fn list_contains(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    contains_impl(args, false)
}

pub(super) fn list_contains_no_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    contains_impl(args, true)
}

pub(super) fn list_sort(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let sort_type = args.str_or(1, "textNoCase")?.trim().to_ascii_lowercase();
    let order = args.str_or(2, "asc")?.trim().to_ascii_lowercase();
    let d = opt_delims(args, 3)?;
    let include_empty = args.bool_or(4, false)?;
    let desc = match order.as_str() {
        "asc" => false,
        "desc" => true,
        _ => {
            return Err(arg_error(
                "listSort",
                3,
                "sortOrder",
                format!("invalid sort order type [{order}], sort order types are [asc and desc]"),
            ))
        }
    };
    let items: Vec<&str> = if include_empty {
        split(&list, &d, true, false)
    } else {
        let delims: Vec<char> = d.chars().collect();
        tokens(
            rtrim_delims(ltrim_delims(&list, &delims), &delims),
            &d,
            false,
        )
    };
    let mut keyed: Vec<(f64, &str)> = Vec::with_capacity(items.len());
    match sort_type.as_str() {
        "numeric" => {
            for s in &items {
                keyed.push((Value::from(*s).to_num()?, s));
            }
        }
        "text" | "textnocase" => keyed.extend(items.iter().map(|s| (0.0, *s))),
        other => {
            return Err(arg_error(
                "listSort",
                2,
                "sortType",
                format!("invalid sort type [{other}], sort types are [text, textNoCase, numeric]"),
            ))
        }
    }
    let cmp = |a: &(f64, &str), b: &(f64, &str)| -> Ordering {
        let o = match sort_type.as_str() {
            "numeric" => a.0.partial_cmp(&b.0).unwrap_or(Ordering::Equal),
            "text" => a.1.cmp(b.1),
            _ => compare_str_nocase(a.1, b.1),
        };
        if desc {
            o.reverse()
        } else {
            o
        }
    };
    keyed.sort_by(cmp);
    Ok(Value::from(join_checked(
        &keyed.iter().map(|(_, s)| *s).collect::<Vec<_>>(),
        &d,
        "listSort",
    )?))
}

pub(super) fn str_array(items: &[&str]) -> Value {
    Value::Array(Array::from_vec(
        items.iter().map(|s| Value::from(*s)).collect(),
    ))
}

pub(super) fn list_to_array(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    Ok(str_array(&split(
        &list,
        &d,
        args.bool_or(2, false)?,
        args.bool_or(3, false)?,
    )))
}

pub(super) fn list_first(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    let ignore_empty = !args.bool_or(2, false)?;
    let count = to_int(args.num_or(3, 1.0)?);
    Ok(Value::from(list_first_str(&list, &d, ignore_empty, count)))
}

pub(super) fn list_last(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    let ignore_empty = !args.bool_or(2, false)?;
    let count = to_int(args.num_or(3, 1.0)?);
    Ok(Value::from(list_last_str(&list, &d, ignore_empty, count)))
}

pub(super) fn list_rest(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    let ignore_empty = !args.bool_or(2, false)?;
    let offset = to_int(args.num_or(3, 1.0)?);
    Ok(Value::from(list_rest_str(&list, &d, ignore_empty, offset)))
}

pub(super) fn list_qualify(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let q = args.str(1)?;
    let d = opt_delims(args, 2)?;
    let all = args.str_or(3, "all")?.eq_ignore_ascii_case("all");
    let include_empty = args.bool_or(4, false)?;
    if list.is_empty() {
        return Ok(Value::from(""));
    }
    let mut items = if include_empty {
        split(&list, &d, true, false)
    } else {
        tokens(&list, &d, false)
    };
    if items.is_empty() {
        // Lucee still qualifies the (missing) first element
        items.push("");
    }
    let mut out = String::with_capacity(list.len() + items.len() * 2 * q.len());
    for (i, it) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(&d);
        }
        if !all && rime_runtime::number::parse(it).is_some() {
            out.push_str(it);
        } else {
            out.push_str(&q);
            out.push_str(it);
            out.push_str(&q);
        }
        if out.len() > MAX_RESULT {
            return Err(too_large("listQualify"));
        }
    }
    Ok(Value::from(out))
}

pub(super) fn list_remove_duplicates(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    let ignore_case = args.bool_or(2, false)?;
    let mut seen = std::collections::HashSet::new();
    let mut kept = Vec::new();
    for t in tokens(&list, &d, false) {
        let key = if ignore_case {
            t.to_lowercase()
        } else {
            t.to_string()
        };
        if seen.insert(key) {
            kept.push(t);
        }
    }
    Ok(Value::from(join_checked(
        &kept,
        &d,
        "listRemoveDuplicates",
    )?))
}

pub(super) fn list_change_delims(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let new_d = args.str(1)?;
    let d = opt_delims(args, 2)?;
    let items = split(&list, &d, args.bool_or(3, false)?, args.bool_or(4, false)?);
    let out = join_checked(&items, &new_d, "listChangeDelims")?;
    Ok(Value::from(out))
}

pub(super) fn value_count_impl(args: &Args, nocase: bool) -> CfResult<Value> {
    let list = args.str(0)?;
    let value = args.str(1)?;
    let d = opt_delims(args, 2)?;
    let t = split(&list, &d, args.bool_or(3, false)?, false);
    let n = t
        .iter()
        .filter(|x| {
            if nocase {
                eq_nocase(x, &value)
            } else {
                **x == value.as_ref()
            }
        })
        .count();
    Ok(Value::from(n))
}

pub(super) fn list_value_count(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    value_count_impl(args, false)
}

pub(super) fn list_value_count_no_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    value_count_impl(args, true)
}

pub(super) fn list_item_trim(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    if list.is_empty() {
        return Ok(Value::from(""));
    }
    let items = if args.bool_or(2, false)? {
        split(&list, &d, true, false)
    } else {
        tokens(&list, &d, false)
    };
    let trimmed: Vec<&str> = items.iter().map(|s| java_trim(s)).collect();
    Ok(Value::from(join_checked(&trimmed, &d, "listItemTrim")?))
}

pub(super) fn list_compact(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    Ok(Value::from(compact(&list, &d, args.bool_or(2, false)?)))
}

pub(super) fn list_trim(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    Ok(Value::from(compact(&list, &d, false)))
}

pub(super) fn list_index_exists(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let i = to_int(args.num(1)?);
    let d = opt_delims(args, 2)?;
    let n = tokens(&list, &d, args.bool_or(3, false)?).len() as i64;
    Ok(Value::Bool(i >= 1 && i <= n))
}

pub(super) fn list_avg(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    let items = split(&list, &d, false, args.bool_or(2, false)?);
    if items.is_empty() {
        return Ok(Value::from(0.0));
    }
    let mut sum = 0.0;
    for it in &items {
        sum += Value::from(*it).to_num()?;
    }
    Ok(Value::from(sum / items.len() as f64))
}

pub(super) fn list_qualified_to_array(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = args.str_or(1, ",")?.chars().next().unwrap_or(',');
    let q = args.str_or(2, "\"")?.chars().next();
    let required = args.bool_or(3, false)?;
    let include_empty = args.bool_or(4, false)?;
    let mut out = Vec::new();
    if list.is_empty() {
        return Ok(Value::Array(Array::new()));
    }
    let chars: Vec<char> = list.chars().collect();
    let mut i = 0;
    loop {
        let mut item = String::new();
        let quoted = q.is_some() && chars.get(i).copied() == q;
        if quoted {
            i += 1;
            while i < chars.len() {
                if Some(chars[i]) == q {
                    if i + 1 < chars.len() && Some(chars[i + 1]) == q {
                        item.push(chars[i]);
                        i += 2;
                        continue;
                    }
                    i += 1;
                    break;
                }
                item.push(chars[i]);
                i += 1;
            }
            // text between the closing qualifier and the next delimiter is kept
            while i < chars.len() && chars[i] != d {
                item.push(chars[i]);
                i += 1;
            }
        } else {
            while i < chars.len() && chars[i] != d {
                item.push(chars[i]);
                i += 1;
            }
            if required && !item.is_empty() {
                return Err(arg_error(
                    "listQualifiedToArray",
                    1,
                    "list",
                    format!("the element [{item}] is not qualified"),
                ));
            }
        }
        if include_empty || !item.is_empty() || quoted {
            out.push(Value::from(item));
        }
        if i >= chars.len() {
            break;
        }
        i += 1; // the delimiter
        if i == chars.len() {
            if include_empty {
                out.push(Value::from(""));
            }
            break;
        }
    }
    Ok(Value::Array(Array::from_vec(out)))
}

pub(super) fn get_token(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let i = to_int(args.num(1)?);
    let d = args.str_or(2, " \t\n\r")?;
    if i < 1 {
        return Err(arg_error(
            "getToken",
            2,
            "index",
            format!("Parameter which is now [{i}] must be a positive integer"),
        ));
    }
    Ok(Value::from(
        tokens(&s, &d, false)
            .get(i as usize - 1)
            .copied()
            .unwrap_or(""),
    ))
}
