//! List functions: a CFML list is a string whose elements are separated by any of the
//! characters of a delimiter string (or, with `multiCharacterDelimiter`, by the whole
//! delimiter). Empty elements are skipped unless `includeEmptyFields` is true. Functions that
//! rebuild a list join with the whole delimiter string, as Lucee does.
//!
//! Closure-based functions accept Lucee's `parallel`/`maxThreads` arguments but always run
//! sequentially, which gives the same results.

use crate::string::util::{arg_error, eq_nocase, java_trim, to_int, too_large, MAX_RESULT};
use rime_runtime::ops::compare_str_nocase;
use rime_runtime::{def, opt, req, Args, Array, BuiltinDef, CfResult, CfmlError, Ctx, MemberType::String as S, Value};
use std::cmp::Ordering;

/// Split on any character of `delims`; empty elements kept when `include_empty`.
/// An empty delimiter string means no delimiter: the list is one element.
fn tokens<'a>(list: &'a str, delims: &str, include_empty: bool) -> Vec<&'a str> {
    if list.is_empty() {
        return Vec::new();
    }
    let parts: Vec<&str> = if delims.is_empty() {
        vec![list]
    } else if delims.len() == 1 {
        let d = delims.as_bytes()[0] as char;
        list.split(d).collect()
    } else {
        list.split(|c: char| delims.contains(c)).collect()
    };
    if include_empty {
        parts
    } else {
        parts.into_iter().filter(|p| !p.is_empty()).collect()
    }
}

/// `listToArray` splitting: like `tokens`, plus the whole-string delimiter mode
/// (`multi`), and an empty delimiter splits into characters (framed by two empty
/// elements when empty fields are included, for ACF compatibility).
pub(crate) fn split<'a>(list: &'a str, delims: &str, include_empty: bool, multi: bool) -> Vec<&'a str> {
    if list.is_empty() {
        return Vec::new();
    }
    if delims.is_empty() {
        let mut v: Vec<&str> = list.char_indices().map(|(i, c)| &list[i..i + c.len_utf8()]).collect();
        if include_empty {
            v.insert(0, "");
            v.push("");
        }
        return v;
    }
    if multi && delims.chars().nth(1).is_some() {
        let parts = list.split(delims);
        return if include_empty { parts.collect() } else { parts.filter(|p| !p.is_empty()).collect() };
    }
    tokens(list, delims, include_empty)
}

fn is_delim(delims: &[char], c: char) -> bool {
    delims.contains(&c)
}

/// The delimiter characters, `,` when empty (listFirst/listLast/listRest).
fn delim_chars(d: &str) -> Vec<char> {
    if d.is_empty() {
        vec![',']
    } else {
        d.chars().collect()
    }
}

/// Lucee's `getDelimIndex`: byte index of the delimiter that ends item `item` (1-based),
/// the list length when there are fewer items, -1 for an empty list.
fn delim_index(list: &str, item: i64, delims: &[char], ignore_empty: bool) -> i64 {
    if list.is_empty() {
        return -1;
    }
    let (mut last, mut curr, mut n) = (-1i64, -1i64, 0i64);
    for (i, c) in list.char_indices() {
        if is_delim(delims, c) {
            curr = i as i64;
            if ignore_empty {
                if curr == last + 1 {
                    last = curr + c.len_utf8() as i64 - 1;
                    continue;
                }
                last = curr + c.len_utf8() as i64 - 1;
            }
            n += 1;
            if n == item {
                break;
            }
        }
    }
    if n < item {
        return list.len() as i64;
    }
    curr
}

fn ltrim_delims<'a>(s: &'a str, delims: &[char]) -> &'a str {
    s.trim_start_matches(|c| is_delim(delims, c))
}

fn rtrim_delims<'a>(s: &'a str, delims: &[char]) -> &'a str {
    s.trim_end_matches(|c| is_delim(delims, c))
}

fn list_first_str(list: &str, d: &str, ignore_empty: bool, count: i64) -> String {
    if count < 1 {
        return String::new();
    }
    let delims = delim_chars(d);
    let ix = delim_index(list, count, &delims, ignore_empty);
    if ix < 0 {
        return list.to_string();
    }
    let r = list.get(..ix as usize).unwrap_or(list);
    if ignore_empty {
        ltrim_delims(r, &delims).to_string()
    } else {
        r.to_string()
    }
}

fn list_rest_str(list: &str, d: &str, ignore_empty: bool, offset: i64) -> String {
    if offset < 1 {
        return list.to_string();
    }
    let delims = delim_chars(d);
    let ix = delim_index(list, offset, &delims, ignore_empty);
    if ix < 0 || ix as usize >= list.len().saturating_sub(1) {
        return String::new();
    }
    let after = list
        .get(ix as usize..)
        .and_then(|r| r.chars().next().map(|c| ix as usize + c.len_utf8()))
        .unwrap_or(list.len());
    let r = list.get(after..).unwrap_or("");
    if ignore_empty {
        ltrim_delims(r, &delims).to_string()
    } else {
        r.to_string()
    }
}

/// The last `count` items, keeping the delimiters between them.
fn list_last_str(list: &str, d: &str, ignore_empty: bool, count: i64) -> String {
    if count < 1 || list.is_empty() {
        return String::new();
    }
    let delims = delim_chars(d);
    let body = if ignore_empty { rtrim_delims(list, &delims) } else { list };
    let mut seen = 0;
    let mut prev_was_delim_at: Option<usize> = None;
    for (i, c) in body.char_indices().rev() {
        if is_delim(&delims, c) {
            let end = i + c.len_utf8();
            let empty_item = prev_was_delim_at == Some(end) || end == body.len();
            prev_was_delim_at = Some(i);
            if ignore_empty && empty_item {
                continue;
            }
            seen += 1;
            if seen == count {
                return body.get(end..).unwrap_or("").to_string();
            }
        }
    }
    if ignore_empty {
        ltrim_delims(body, &delims).to_string()
    } else {
        body.to_string()
    }
}

fn opt_delims(args: &Args, i: usize) -> CfResult<String> {
    Ok(args.str_or(i, ",")?.into_owned())
}

fn list_len(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    Ok(Value::from(tokens(&list, &d, args.bool_or(2, false)?).len()))
}

fn index_error(fname: &str, pos: usize, arg: &str, p: i64, len: usize) -> Box<CfmlError> {
    arg_error(fname, pos, arg, format!("invalid string list index [{p}], indexes go from 1 to [{len}]"))
}

fn list_get_at(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let p = to_int(args.num(1)?);
    let d = opt_delims(args, 2)?;
    let t = tokens(&list, &d, args.bool_or(3, false)?);
    if p < 1 || p as usize > t.len() {
        return Err(index_error("listGetAt", 2, "position", p, t.len()));
    }
    Ok(Value::from(t.get(p as usize - 1).copied().unwrap_or("")))
}

fn list_set_at(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
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
        return Err(arg_error("listSetAt", 2, "position", format!("invalid string list index [{p}]")));
    }
    if all.len() < p as usize {
        return Err(arg_error("listSetAt", 2, "position", format!("invalid string list index [{p}], indexes go from 1 to {}", all.len())));
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
        return Err(arg_error("listSetAt", 2, "position", format!("invalid string list index [{p}]")));
    }
    Ok(Value::from(out))
}

/// Drop the empty elements of a list built with delimiter `d0`.
fn clean_empty(list: &str, d: &str, d0: char) -> String {
    tokens(list, d, false).join(d0.encode_utf8(&mut [0u8; 4]))
}

fn list_append(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let value = args.str(1)?;
    let d = opt_delims(args, 2)?;
    let include_empty = args.bool_or(3, true)?;
    let Some(d0) = d.chars().next() else {
        return Ok(Value::from(if list.is_empty() { value.into_owned() } else { list.into_owned() }));
    };
    let out = if list.is_empty() { value.into_owned() } else { format!("{list}{d0}{value}") };
    Ok(Value::from(if include_empty { out } else { clean_empty(&out, &d, d0) }))
}

fn list_prepend(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let value = args.str(1)?;
    let d = opt_delims(args, 2)?;
    let include_empty = args.bool_or(3, true)?;
    // an empty delimiter falls back to a comma here (unlike listAppend), as in Lucee
    let d0 = d.chars().next().unwrap_or(',');
    let out = if list.is_empty() { value.into_owned() } else { format!("{value}{d0}{list}") };
    let all_d = if d.is_empty() { "," } else { d.as_str() };
    Ok(Value::from(if include_empty { out } else { clean_empty(&out, all_d, d0) }))
}

fn list_insert_at(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let pos = to_int(args.num(1)?);
    let value = args.str(2)?;
    let d = opt_delims(args, 3)?;
    let ignore_empty = !args.bool_or(4, false)?;
    if pos < 1 {
        return Err(arg_error("listInsertAt", 2, "position", format!("invalid string list index [{pos}]")));
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
        return Err(arg_error("listInsertAt", 2, "position", format!("invalid string list index [{pos}], indexes go from 1 to {count}")));
    }
    result.push_str(end);
    Ok(Value::from(result))
}

fn list_delete_at(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let pos = to_int(args.num(1)?);
    let d = opt_delims(args, 2)?;
    let include_empty = args.bool_or(3, false)?;
    if pos < 1 {
        return Err(arg_error("listDeleteAt", 2, "position", "index must be greater than 0"));
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
            return Err(arg_error("listDeleteAt", 2, "position", format!("index must be a integer between 1 and {index}")));
        }
        return Ok(Value::from(out));
    }
    out.extend(&chars[i..]);
    Ok(Value::from(out))
}

fn find_impl(args: &Args, nocase: bool) -> CfResult<Value> {
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
    let hit = t.iter().position(|x| if nocase { eq_nocase(x, &value) } else { *x == value.as_ref() });
    Ok(Value::from(hit.map(|i| i + 1).unwrap_or(0)))
}

fn list_find(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    find_impl(args, false)
}

fn list_find_no_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    find_impl(args, true)
}

fn contains_impl(args: &Args, nocase: bool) -> CfResult<Value> {
    let list = args.str(0)?;
    let sub = args.str(1)?;
    let d = opt_delims(args, 2)?;
    if sub.is_empty() {
        return Ok(Value::from(0usize));
    }
    let t = split(&list, &d, args.bool_or(3, false)?, args.bool_or(4, false)?);
    let lsub = sub.to_lowercase();
    let hit = t.iter().position(|x| if nocase { x.to_lowercase().contains(&lsub) } else { x.contains(sub.as_ref()) });
    Ok(Value::from(hit.map(|i| i + 1).unwrap_or(0)))
}

fn list_contains(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    contains_impl(args, false)
}

fn list_contains_no_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    contains_impl(args, true)
}

fn list_sort(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let sort_type = args.str_or(1, "textNoCase")?.trim().to_ascii_lowercase();
    let order = args.str_or(2, "asc")?.trim().to_ascii_lowercase();
    let d = opt_delims(args, 3)?;
    let include_empty = args.bool_or(4, false)?;
    let desc = match order.as_str() {
        "asc" => false,
        "desc" => true,
        _ => {
            return Err(arg_error("listSort", 3, "sortOrder", format!("invalid sort order type [{order}], sort order types are [asc and desc]")))
        }
    };
    let items: Vec<&str> = if include_empty {
        split(&list, &d, true, false)
    } else {
        let delims: Vec<char> = d.chars().collect();
        tokens(rtrim_delims(ltrim_delims(&list, &delims), &delims), &d, false)
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
            return Err(arg_error("listSort", 2, "sortType", format!("invalid sort type [{other}], sort types are [text, textNoCase, numeric]")))
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
    Ok(Value::from(keyed.iter().map(|(_, s)| *s).collect::<Vec<_>>().join(&d)))
}

fn str_array(items: &[&str]) -> Value {
    Value::Array(Array::from_vec(items.iter().map(|s| Value::from(*s)).collect()))
}

fn list_to_array(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    Ok(str_array(&split(&list, &d, args.bool_or(2, false)?, args.bool_or(3, false)?)))
}

fn list_first(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    let ignore_empty = !args.bool_or(2, false)?;
    let count = to_int(args.num_or(3, 1.0)?);
    Ok(Value::from(list_first_str(&list, &d, ignore_empty, count)))
}

fn list_last(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    let ignore_empty = !args.bool_or(2, false)?;
    let count = to_int(args.num_or(3, 1.0)?);
    Ok(Value::from(list_last_str(&list, &d, ignore_empty, count)))
}

fn list_rest(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    let ignore_empty = !args.bool_or(2, false)?;
    let offset = to_int(args.num_or(3, 1.0)?);
    Ok(Value::from(list_rest_str(&list, &d, ignore_empty, offset)))
}

fn list_qualify(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let q = args.str(1)?;
    let d = opt_delims(args, 2)?;
    let all = args.str_or(3, "all")?.eq_ignore_ascii_case("all");
    let include_empty = args.bool_or(4, false)?;
    if list.is_empty() {
        return Ok(Value::from(""));
    }
    let mut items = if include_empty { split(&list, &d, true, false) } else { tokens(&list, &d, false) };
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

fn list_remove_duplicates(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    let ignore_case = args.bool_or(2, false)?;
    let mut seen = std::collections::HashSet::new();
    let mut kept = Vec::new();
    for t in tokens(&list, &d, false) {
        let key = if ignore_case { t.to_lowercase() } else { t.to_string() };
        if seen.insert(key) {
            kept.push(t);
        }
    }
    Ok(Value::from(kept.join(&d)))
}

fn list_change_delims(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let new_d = args.str(1)?;
    let d = opt_delims(args, 2)?;
    let items = split(&list, &d, args.bool_or(3, false)?, args.bool_or(4, false)?);
    let out = items.join(&new_d);
    if out.len() > MAX_RESULT {
        return Err(too_large("listChangeDelims"));
    }
    Ok(Value::from(out))
}

fn value_count_impl(args: &Args, nocase: bool) -> CfResult<Value> {
    let list = args.str(0)?;
    let value = args.str(1)?;
    let d = opt_delims(args, 2)?;
    let t = split(&list, &d, args.bool_or(3, false)?, false);
    let n = t.iter().filter(|x| if nocase { eq_nocase(x, &value) } else { **x == value.as_ref() }).count();
    Ok(Value::from(n))
}

fn list_value_count(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    value_count_impl(args, false)
}

fn list_value_count_no_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    value_count_impl(args, true)
}

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
    let items = split(&list, &delim, include_empty, multi).into_iter().map(str::to_string).collect();
    Ok(Iter { list: Value::Str(list), delim, items })
}

fn call_item(ctx: &mut dyn Ctx, f: &Value, it: &Iter, i: usize) -> CfResult<Value> {
    let v = Value::from(it.items.get(i).map(String::as_str).unwrap_or(""));
    ctx.call(f, vec![v, Value::from(i + 1), it.list.clone(), Value::from(it.delim.as_str())])
}

fn list_each(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let f = args.func(1)?;
    let it = iter_args(args, 2)?;
    for i in 0..it.items.len() {
        call_item(ctx, f, &it, i)?;
    }
    Ok(Value::Null)
}

fn list_map(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
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

fn list_filter(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let f = args.func(1)?;
    let it = iter_args(args, 2)?;
    let mut kept: Vec<&str> = Vec::new();
    for i in 0..it.items.len() {
        if call_item(ctx, f, &it, i)?.to_bool()? {
            kept.push(it.items.get(i).map(String::as_str).unwrap_or(""));
        }
    }
    Ok(Value::from(kept.join(&it.delim)))
}

fn list_some(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let f = args.func(1)?;
    let it = iter_args(args, 2)?;
    for i in 0..it.items.len() {
        if call_item(ctx, f, &it, i)?.to_bool()? {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

fn list_every(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let f = args.func(1)?;
    let it = iter_args(args, 2)?;
    for i in 0..it.items.len() {
        if !call_item(ctx, f, &it, i)?.to_bool()? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}

fn list_reduce(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let f = args.func(1)?;
    let mut acc = args.get(2).cloned().unwrap_or(Value::Null);
    let it = iter_args(args, 3)?;
    for (i, item) in it.items.iter().enumerate() {
        acc = ctx.call(
            f,
            vec![acc, Value::from(item.as_str()), Value::from(i + 1), it.list.clone(), Value::from(it.delim.as_str())],
        )?;
    }
    Ok(acc)
}

fn list_item_trim(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    if list.is_empty() {
        return Ok(Value::from(""));
    }
    let items = if args.bool_or(2, false)? { split(&list, &d, true, false) } else { tokens(&list, &d, false) };
    Ok(Value::from(items.iter().map(|s| java_trim(s)).collect::<Vec<_>>().join(&d)))
}

/// Remove empty elements at the start and the end of the list.
fn compact(list: &str, d: &str, multi: bool) -> String {
    if multi && d.chars().nth(1).is_some() {
        let mut s = list;
        while let Some(r) = s.strip_prefix(d) {
            s = r;
        }
        while let Some(r) = s.strip_suffix(d) {
            s = r;
        }
        return s.to_string();
    }
    let delims: Vec<char> = d.chars().collect();
    rtrim_delims(ltrim_delims(list, &delims), &delims).to_string()
}

fn list_compact(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    Ok(Value::from(compact(&list, &d, args.bool_or(2, false)?)))
}

fn list_trim(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let d = opt_delims(args, 1)?;
    Ok(Value::from(compact(&list, &d, false)))
}

fn list_index_exists(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let list = args.str(0)?;
    let i = to_int(args.num(1)?);
    let d = opt_delims(args, 2)?;
    let n = tokens(&list, &d, args.bool_or(3, false)?).len() as i64;
    Ok(Value::Bool(i >= 1 && i <= n))
}

fn list_avg(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
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

fn list_qualified_to_array(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
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
                return Err(arg_error("listQualifiedToArray", 1, "list", format!("the element [{item}] is not qualified")));
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

fn get_token(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let i = to_int(args.num(1)?);
    let d = args.str_or(2, " \t\n\r")?;
    if i < 1 {
        return Err(arg_error("getToken", 2, "index", format!("Parameter which is now [{i}] must be a positive integer")));
    }
    Ok(Value::from(tokens(&s, &d, false).get(i as usize - 1).copied().unwrap_or("")))
}

pub static FUNCTIONS: &[BuiltinDef] = &[
    def("listLen", &[req("list"), opt("delimiters"), opt("includeEmptyFields")], list_len).members(&[(S, "listLen")]),
    def("listGetAt", &[req("list"), req("position"), opt("delimiters"), opt("includeEmptyFields")], list_get_at)
        .members(&[(S, "listGetAt")]),
    def("listSetAt", &[req("list"), req("position"), req("value"), opt("delimiters"), opt("includeEmptyFields")], list_set_at)
        .members(&[(S, "listSetAt")]),
    def("listAppend", &[req("list"), req("value"), opt("delimiters"), opt("includeEmptyFields")], list_append)
        .members(&[(S, "listAppend")]),
    def("listPrepend", &[req("list"), req("value"), opt("delimiters"), opt("includeEmptyFields")], list_prepend)
        .members(&[(S, "listPrepend")]),
    def("listInsertAt", &[req("list"), req("position"), req("value"), opt("delimiters"), opt("includeEmptyFields")], list_insert_at)
        .members(&[(S, "listInsertAt")]),
    def("listDeleteAt", &[req("list"), req("position"), opt("delimiters"), opt("includeEmptyFields")], list_delete_at)
        .members(&[(S, "listDeleteAt")]),
    def("listFind", &[req("list"), req("value"), opt("delimiters"), opt("includeEmptyFields")], list_find)
        .members(&[(S, "listFind")]),
    def("listFindNoCase", &[req("list"), req("value"), opt("delimiters"), opt("includeEmptyFields")], list_find_no_case)
        .members(&[(S, "listFindNoCase")]),
    def(
        "listContains",
        &[req("list"), req("substring"), opt("delimiters"), opt("includeEmptyFields"), opt("multiCharacterDelimiter")],
        list_contains,
    )
    .members(&[(S, "listContains")]),
    def(
        "listContainsNoCase",
        &[req("list"), req("substring"), opt("delimiters"), opt("includeEmptyFields"), opt("multiCharacterDelimiter")],
        list_contains_no_case,
    )
    .members(&[(S, "listContainsNoCase")]),
    def("listSort", &[req("list"), opt("sort_type"), opt("sort_order"), opt("delimiters"), opt("includeEmptyFields")], list_sort)
        .members(&[(S, "listSort")]),
    def(
        "listToArray",
        &[req("list"), opt("delimiter"), opt("includeEmptyFields"), opt("multiCharacterDelimiter")],
        list_to_array,
    )
    .members(&[(S, "listToArray")]),
    def("listFirst", &[req("list"), opt("delimiters"), opt("includeEmptyFields"), opt("count")], list_first)
        .members(&[(S, "listFirst")]),
    def("listLast", &[req("list"), opt("delimiters"), opt("includeEmptyFields"), opt("count")], list_last)
        .members(&[(S, "listLast")]),
    def("listRest", &[req("list"), opt("delimiters"), opt("includeEmptyFields"), opt("offset")], list_rest)
        .members(&[(S, "listRest")]),
    def(
        "listQualify",
        &[req("list"), req("qualifier"), opt("delimiters"), opt("elements"), opt("includeEmptyFields")],
        list_qualify,
    )
    .members(&[(S, "listQualify")]),
    def("listRemoveDuplicates", &[req("list"), opt("delimiters"), opt("ignoreCase")], list_remove_duplicates)
        .members(&[(S, "listRemoveDuplicates")]),
    def(
        "listChangeDelims",
        &[req("list"), req("new_delimiter"), opt("delimiters"), opt("includeEmptyFields"), opt("multiCharacterDelimiter")],
        list_change_delims,
    )
    .members(&[(S, "listChangeDelims"), (S, "changeDelims")]),
    def("listValueCount", &[req("list"), req("value"), opt("delimiter"), opt("includeEmptyFields")], list_value_count)
        .members(&[(S, "listValueCount")]),
    def("listValueCountNoCase", &[req("list"), req("value"), opt("delimiter"), opt("includeEmptyFields")], list_value_count_no_case)
        .members(&[(S, "listValueCountNoCase")]),
    def(
        "listEach",
        &[req("list"), req("closure"), opt("delimiter"), opt("includeEmptyFields"), opt("multiCharacterDelimiter"), opt("parallel"), opt("maxThreads")],
        list_each,
    )
    .members(&[(S, "listEach")])
    .impure(),
    def(
        "listMap",
        &[req("list"), req("closure"), opt("delimiter"), opt("includeEmptyFields"), opt("multiCharacterDelimiter"), opt("parallel"), opt("maxThreads")],
        list_map,
    )
    .members(&[(S, "listMap")])
    .impure(),
    def(
        "listFilter",
        &[req("list"), req("filter"), opt("delimiter"), opt("includeEmptyFields"), opt("multiCharacterDelimiter"), opt("parallel"), opt("maxThreads")],
        list_filter,
    )
    .members(&[(S, "listFilter")])
    .impure(),
    def(
        "listReduce",
        &[req("list"), req("closure"), opt("initialValue"), opt("delimiter"), opt("includeEmptyFields"), opt("multiCharacterDelimiter")],
        list_reduce,
    )
    .members(&[(S, "listReduce")])
    .impure(),
    def(
        "listSome",
        &[req("list"), req("closure"), opt("delimiter"), opt("includeEmptyFields"), opt("multiCharacterDelimiter"), opt("parallel"), opt("maxThreads")],
        list_some,
    )
    .members(&[(S, "listSome")])
    .impure(),
    def(
        "listEvery",
        &[req("list"), req("closure"), opt("delimiter"), opt("includeEmptyFields"), opt("multiCharacterDelimiter"), opt("parallel"), opt("maxThreads")],
        list_every,
    )
    .members(&[(S, "listEvery")])
    .impure(),
    def("listItemTrim", &[req("list"), opt("delimiters"), opt("includeEmptyFields")], list_item_trim)
        .members(&[(S, "listItemTrim")]),
    def("listCompact", &[req("list"), opt("delimiters"), opt("multiCharacterDelimiter")], list_compact)
        .members(&[(S, "listCompact")]),
    def("listTrim", &[req("list"), opt("delimiters")], list_trim),
    def("listIndexExists", &[req("list"), req("index"), opt("delimiter"), opt("includeEmptyFields")], list_index_exists)
        .members(&[(S, "listIndexExists")]),
    def("listAvg", &[req("list"), opt("delimiters"), opt("multiCharacterDelimiter")], list_avg).members(&[(S, "listAvg")]),
    def(
        "listQualifiedToArray",
        &[req("list"), opt("delimiter"), opt("qualifier"), opt("qualifierRequired"), opt("includeEmptyFields")],
        list_qualified_to_array,
    )
    .members(&[(S, "listQualifiedToArray")]),
    def("getToken", &[req("string"), req("index"), opt("delimiters")], get_token).members(&[(S, "getToken")]),
];

#[cfg(test)]
mod tests {
    use crate::string::test_ctx::call;
    use rime_runtime::Value;

    fn c(name: &str, args: &[&str]) -> String {
        call(super::FUNCTIONS, name, args.iter().map(|a| Value::from(*a)).collect())
    }

    #[test]
    fn tokenizer() {
        assert_eq!(super::split("a,,b", ",", true, false), vec!["a", "", "b"]);
        assert_eq!(super::split("a,|b|c", ",|", false, true), vec!["a", "b|c"]);
        assert_eq!(super::split("ab", "", true, false), vec!["", "a", "b", ""]);
        assert_eq!(c("listLen", &["foo,bar,,foo2", ",", "YES"]), "4");
        assert_eq!(c("listLen", &["susi,,LAS,,"]), "2");
        assert_eq!(c("listToArray", &["coldfusion,php,|test,java,|sql", ",|", "false", "true"]), "[coldfusion,php,test,java,sql]");
    }

    #[test]
    fn access() {
        assert_eq!(c("listGetAt", &["foo,bar|lorem,ipsum|me|something", "3", "|"]), "me");
        assert_eq!(c("listGetAt", &["foo,bar,,lorem,ipsum", "4", ",", "true"]), "lorem");
        assert!(c("listGetAt", &["a,b", "3"]).contains("invalid string list index [3]"));
        assert_eq!(c("listFirst", &[",,a,b"]), "a");
        assert_eq!(c("listLast", &["one/two\\three/four", "\\/"]), "four");
        assert_eq!(c("listLast", &["a,b,c,", ",", "false", "2"]), "b,c");
        assert_eq!(c("listFirst", &["a,b,c", ",", "false", "2"]), "a,b");
        assert_eq!(c("listRest", &["one,two,three,four"]), "two,three,four");
        assert_eq!(c("listRest", &[",a,,b"]), "b");
        assert_eq!(c("getToken", &["a b  c", "3"]), "c");
        assert_eq!(c("listIndexExists", &["a,b", "2"]), "true");
    }

    #[test]
    fn editing() {
        assert_eq!(c("listSetAt", &["bar|lorem,ipsum|me|something", "2", "foo", "|"]), "bar|foo|me|something");
        assert_eq!(c("listInsertAt", &["bar|lorem,ipsum|me|something", "2", "foo", "|"]), "bar|foo|lorem,ipsum|me|something");
        assert_eq!(c("listDeleteAt", &["foo,bar|lorem,ipsum|me|something", "2", "|"]), "foo,bar|me|something");
        assert_eq!(c("listDeleteAt", &["a,b,c", "3"]), "a,b");
        assert_eq!(c("listAppend", &["bar,bar2", "foo,,", ",", "false"]), "bar,bar2,foo");
        assert_eq!(c("listAppend", &["bar,bar2", "foo,,", ",", "true"]), "bar,bar2,foo,,");
        assert_eq!(c("listPrepend", &["Feb,Mar,Apr", ",,Jan,,", ",", "false"]), "Jan,Feb,Mar,Apr");
        assert_eq!(c("listQualify", &["coldfusion:railo:144::lucee::46", "|", ":", "CHAR", "true"]), "|coldfusion|:|railo|:144:||:|lucee|:||:46");
        assert_eq!(c("listChangeDelims", &["foo,bar|lorem,ipsum|me|something", "~", "|"]), "foo,bar~lorem,ipsum~me~something");
        assert_eq!(c("listRemoveDuplicates", &["one,two,three,four,five,ONE,TWO,THREE", ",", "true"]), "one,two,three,four,five");
        assert_eq!(c("listItemTrim", &["hello, world ,this, is a, ,example"]), "hello,world,this,is a,,example");
        assert_eq!(c("listCompact", &[",eggs,milk,bread,flour,"]), "eggs,milk,bread,flour");
    }

    #[test]
    fn searching_and_sorting() {
        assert_eq!(c("listFind", &["apple|orange|banana", "orange", "|"]), "2");
        assert_eq!(c("listFindNoCase", &["apple,ORANGE", "orange"]), "2");
        assert_eq!(c("listContains", &["sheep,goat,foo,bar,goo", "oo"]), "3");
        assert_eq!(c("listContainsNoCase", &["sheep,goat,Foo,bar,foo", "foo"]), "3");
        assert_eq!(c("listValueCountNoCase", &["bar|Foo|lorem,ipsum|me|foo,something|foo|FOO", "foo", "|"]), "3");
        assert_eq!(c("listSort", &["COLDFUSION,coldfusion,adobe,LucEE,RAILO", "Text", "desc"]), "coldfusion,adobe,RAILO,LucEE,COLDFUSION");
        assert_eq!(c("listSort", &["10;20;-99;46;50", "Numeric", "asc", ";"]), "-99;10;20;46;50");
        assert_eq!(c("listSort", &["10|RED|yeLLow|-246|green|ORange", "TextNoCase", "asc", "|"]), "-246|10|green|ORange|RED|yeLLow");
        assert_eq!(c("listAvg", &["1,2,3,4"]), "2.5");
        assert_eq!(c("listQualifiedToArray", &["\"a,b\",c"]), "[a,b,c]");
    }
}
