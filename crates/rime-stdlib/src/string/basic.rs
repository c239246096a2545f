//! Core string functions: length, substrings, searching, replacing, case, padding, wrapping.

use super::util::{
    arg_error, byte_at, char_index, char_len, find_bytes, java_trim, replace_str, substr, to_int,
    too_large, MAX_RESULT,
};
use rime_runtime::ops::compare_str_nocase;
use rime_runtime::{Args, CfResult, CfmlError, Ctx, Struct, Value};
use std::cmp::Ordering;

pub(crate) fn len(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let n = match args.raw(0) {
        None => {
            return Err(CfmlError::expression(
                "Missing argument 1 of function [len]",
            ))
        }
        Some(Value::Array(a)) => a.len(),
        Some(Value::Struct(s)) => s.len(),
        Some(Value::Query(q)) => q.read().rows,
        Some(Value::Binary(b)) => b.len(),
        Some(v) => char_len(&v.to_str()?),
    };
    Ok(Value::from(n))
}

pub(crate) fn string_len(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(char_len(&args.str(0)?)))
}

pub(crate) fn mid(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let start = to_int(args.num(1)?);
    if start < 1 {
        return Err(arg_error(
            "mid",
            2,
            "start",
            format!("Parameter which is now [{start}] must be a positive integer"),
        ));
    }
    let count = match args.get(2) {
        None => -1,
        Some(v) => to_int(v.to_num()?),
    };
    if count < -1 {
        return Err(arg_error(
            "mid",
            3,
            "count",
            format!("Parameter which is now [{count}] must be a non-negative integer"),
        ));
    }
    let count = if count == -1 {
        usize::MAX
    } else {
        count as usize
    };
    Ok(Value::from(substr(&s, (start - 1) as usize, count)))
}

pub(crate) fn left(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let n = to_int(args.num(1)?);
    if n == 0 {
        return Err(arg_error(
            "left",
            2,
            "count",
            "Parameter which is now [0] must be a non-zero integer",
        ));
    }
    let len = char_len(&s) as i64;
    let take = if n > 0 { n } else { len + n };
    if take <= 0 {
        return Ok(Value::from(""));
    }
    Ok(Value::from(substr(&s, 0, take as usize)))
}

pub(crate) fn right(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let n = to_int(args.num(1)?);
    if n == 0 {
        return Err(arg_error(
            "right",
            2,
            "count",
            "Parameter which is now [0] must be a non-zero integer",
        ));
    }
    let len = char_len(&s) as i64;
    let take = if n > 0 { n.min(len) } else { len + n };
    if take <= 0 {
        return Ok(Value::from(""));
    }
    Ok(Value::from(substr(
        &s,
        (len - take) as usize,
        take as usize,
    )))
}

/// 1-based char position of `sub` in `s` from 1-based `start` (Java `indexOf` + 1), or 0.
fn index_of(s: &str, sub: &str, start: i64, nocase: bool) -> usize {
    let from = (start.max(1) - 1) as usize;
    let len = char_len(s);
    if sub.is_empty() {
        return from.min(len) + 1;
    }
    let Some(b) = byte_at(s, from) else { return 0 };
    match find_bytes(s, sub, b, nocase) {
        Some((a, _)) => char_index(s, a) + 1,
        None => 0,
    }
}

fn find_impl(args: &Args, nocase: bool) -> CfResult<Value> {
    let sub = args.str(0)?;
    let s = args.str(1)?;
    let start = to_int(args.num_or(2, 1.0)?);
    Ok(Value::from(index_of(&s, &sub, start, nocase)))
}

pub(crate) fn find(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    find_impl(args, false)
}

pub(crate) fn find_no_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    find_impl(args, true)
}

pub(crate) fn find_one_of(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let set = args.str(0)?;
    let s = args.str(1)?;
    let start = (to_int(args.num_or(2, 1.0)?).max(1) - 1) as usize;
    for (i, c) in s.chars().enumerate().skip(start) {
        if set.contains(c) {
            return Ok(Value::from(i + 1));
        }
    }
    Ok(Value::from(0usize))
}

fn find_last_impl(args: &Args, nocase: bool) -> CfResult<Value> {
    let sub = args.str(0)?;
    let s = args.str(1)?;
    let chars: Vec<char> = s.chars().collect();
    let subc: Vec<char> = sub.chars().collect();
    if subc.len() > chars.len() {
        return Ok(Value::from(0usize));
    }
    // the last match starting at or before `start` (whole string when not given)
    let mut last = chars.len() - subc.len();
    if let Some(v) = args.get(2) {
        let start = to_int(v.to_num()?);
        if start < 1 {
            return Ok(Value::from(0usize));
        }
        last = last.min((start - 1) as usize);
    }
    let mut i = last as i64;
    while i >= 0 {
        let at = i as usize;
        let ok = subc.iter().enumerate().all(|(k, c)| {
            chars.get(at + k).is_some_and(|h| {
                if nocase {
                    super::util::char_eq_nocase(*h, *c)
                } else {
                    h == c
                }
            })
        });
        if ok {
            return Ok(Value::from(at + 1));
        }
        i -= 1;
    }
    Ok(Value::from(0usize))
}

pub(crate) fn find_last(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    find_last_impl(args, false)
}

pub(crate) fn find_last_no_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    find_last_impl(args, true)
}

/// The byte length of `prefix` at the start of `s` when `s` starts with it.
fn prefix_len(s: &str, prefix: &str, nocase: bool) -> Option<usize> {
    if !nocase {
        return s.starts_with(prefix).then_some(prefix.len());
    }
    let mut it = s.char_indices();
    let mut end = 0;
    for pc in prefix.chars() {
        let (i, c) = it.next()?;
        if !super::util::char_eq_nocase(c, pc) {
            return None;
        }
        end = i + c.len_utf8();
    }
    Some(end)
}

/// Replace every key of `map` found in `s` by its value, in one pass (longest key wins).
fn replace_struct(s: &str, map: &Struct, nocase: bool) -> CfResult<String> {
    let mut pairs = Vec::new();
    for (k, v) in map.entries() {
        if !k.as_str().is_empty() {
            pairs.push((k.as_str().to_string(), v.to_str()?.into_owned()));
        }
    }
    let mut out = String::with_capacity(s.len());
    let mut pos = 0;
    while pos < s.len() {
        let mut best: Option<(usize, &str)> = None;
        for (k, v) in &pairs {
            let hit = prefix_len(s.get(pos..).unwrap_or(""), k, nocase).map(|l| pos + l);
            if let Some(end) = hit {
                if best.is_none_or(|(e, _)| end > e) {
                    best = Some((end, v));
                }
            }
        }
        match best {
            Some((end, v)) => {
                out.push_str(v);
                if out.len() > MAX_RESULT {
                    return Err(too_large("replace"));
                }
                pos = end;
            }
            None => {
                let c = s.get(pos..).and_then(|r| r.chars().next()).unwrap_or(' ');
                out.push(c);
                pos += c.len_utf8();
            }
        }
    }
    Ok(out)
}

fn replace_impl(ctx: &mut dyn Ctx, args: &Args, nocase: bool) -> CfResult<Value> {
    let fname = if nocase { "replaceNoCase" } else { "replace" };
    let s = args.arcstr(0)?;
    let sub = args.val(1)?;
    let Some(repl) = args.get(2) else {
        if let Value::Struct(m) = sub {
            return Ok(Value::from(replace_struct(&s, m, nocase)?));
        }
        return Err(arg_error(
            fname,
            2,
            "substring",
            "When passing only two parameters, the second parameter must be a Struct.",
        ));
    };
    if !sub.is_simple() {
        return Err(arg_error(
            fname,
            2,
            "substring",
            "When passing three parameters or more, the second parameter must be a simple value.",
        ));
    }
    let sub = sub.to_str()?;
    let all = args.str_or(3, "one")?.trim().eq_ignore_ascii_case("all");
    if sub.is_empty() {
        return Ok(Value::Str(s));
    }
    if let Value::Func(_) = repl {
        let mut out = String::with_capacity(s.len());
        let mut pos = 0;
        while let Some((a, b)) = find_bytes(&s, &sub, pos, nocase) {
            out.push_str(s.get(pos..a).unwrap_or(""));
            let found = Value::from(s.get(a..b).unwrap_or(""));
            let index = Value::from(char_index(&s, a) + 1);
            let r = ctx.call(repl, vec![found, index, Value::Str(s.clone())])?;
            r.write_to(&mut out)?;
            if out.len() > MAX_RESULT {
                return Err(too_large(fname));
            }
            pos = b;
            if !all {
                break;
            }
        }
        out.push_str(s.get(pos..).unwrap_or(""));
        return Ok(Value::from(out));
    }
    let repl = repl.to_str()?;
    Ok(Value::from(replace_str(&s, &sub, &repl, all, nocase)?))
}

pub(crate) fn replace(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    replace_impl(ctx, args, false)
}

pub(crate) fn replace_no_case(ctx: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    replace_impl(ctx, args, true)
}

fn replace_list_impl(args: &Args, nocase: bool) -> CfResult<Value> {
    let mut s = args.str(0)?.into_owned();
    let list1 = args.str(1)?;
    let list2 = args.str(2)?;
    let d1 = args.str_or(3, ",")?;
    let d2 = match args.get(4) {
        Some(v) => v.to_str()?.into_owned(),
        None => d1.to_string(),
    };
    let include_empty = args.bool_or(5, false)?;
    let from = crate::list::split(&list1, &d1, include_empty, false);
    let to = crate::list::split(&list2, &d2, include_empty, false);
    for (i, f) in from.iter().enumerate() {
        if f.is_empty() {
            continue;
        }
        let r = to.get(i).copied().unwrap_or("");
        s = replace_str(&s, f, r, true, nocase)?;
    }
    Ok(Value::from(s))
}

pub(crate) fn replace_list(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    replace_list_impl(args, false)
}

pub(crate) fn replace_list_no_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    replace_list_impl(args, true)
}

pub(crate) fn trim(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let v = args.arcstr(0)?;
    let t = java_trim(&v);
    Ok(if t.len() == v.len() {
        Value::Str(v)
    } else {
        Value::from(t)
    })
}

pub(crate) fn ltrim(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(
        args.str(0)?.trim_start_matches(|c: char| c <= ' '),
    ))
}

pub(crate) fn rtrim(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(
        args.str(0)?.trim_end_matches(|c: char| c <= ' '),
    ))
}

pub(crate) fn ucase(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(args.str(0)?.to_uppercase()))
}

pub(crate) fn lcase(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(args.str(0)?.to_lowercase()))
}

pub(crate) fn reverse(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(args.str(0)?.chars().rev().collect::<String>()))
}

pub(crate) fn repeat_string(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let n = to_int(args.num(1)?);
    if n < 0 {
        return Err(arg_error(
            "repeatString",
            2,
            "count",
            format!("Parameter which is now [{n}] must be a non-negative integer"),
        ));
    }
    if (s.len() as u128) * (n as u128) > MAX_RESULT as u128 {
        return Err(too_large("repeatString"));
    }
    rime_runtime::memory::check_room(s.len() * n as usize)?;
    Ok(Value::from(s.repeat(n as usize)))
}

pub(crate) fn insert(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let sub = args.str(0)?;
    let s = args.str(1)?;
    let pos = to_int(args.num(2)?);
    let len = char_len(&s) as i64;
    if pos < 0 || pos > len {
        return Err(arg_error(
            "insert",
            3,
            "position",
            format!("Parameter which is now [{pos}] must be a value between 0 and {len}"),
        ));
    }
    let b = byte_at(&s, pos as usize).unwrap_or(s.len());
    let mut out = String::with_capacity(s.len() + sub.len());
    out.push_str(s.get(..b).unwrap_or(""));
    out.push_str(&sub);
    out.push_str(s.get(b..).unwrap_or(""));
    Ok(Value::from(out))
}

pub(crate) fn remove_chars(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let start = to_int(args.num(1)?);
    let count = to_int(args.num(2)?);
    if start < 1 {
        return Err(arg_error(
            "removeChars",
            2,
            "start",
            format!("Parameter which is now [{start}] must be a positive integer"),
        ));
    }
    if count < 0 {
        return Err(arg_error(
            "removeChars",
            3,
            "count",
            format!("Parameter which is now [{count}] must be a non-negative integer"),
        ));
    }
    let len = char_len(&s);
    let from = (start - 1) as usize;
    if from >= len {
        return Ok(Value::from(s.into_owned()));
    }
    let a = byte_at(&s, from).unwrap_or(s.len());
    let b = byte_at(&s, from.saturating_add(count as usize).min(len)).unwrap_or(s.len());
    let mut out = String::with_capacity(s.len());
    out.push_str(s.get(..a).unwrap_or(""));
    out.push_str(s.get(b..).unwrap_or(""));
    Ok(Value::from(out))
}

pub(crate) fn span_including(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let set = args.str(1)?;
    let end = s.find(|c: char| !set.contains(c)).unwrap_or(s.len());
    Ok(Value::from(s.get(..end).unwrap_or("")))
}

pub(crate) fn span_excluding(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let set = args.str(1)?;
    let end = s.find(|c: char| set.contains(c)).unwrap_or(s.len());
    Ok(Value::from(s.get(..end).unwrap_or("")))
}

fn ord_num(o: Ordering) -> Value {
    Value::from(match o {
        Ordering::Less => -1.0,
        Ordering::Equal => 0.0,
        Ordering::Greater => 1.0,
    })
}

pub(crate) fn compare(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.str(0)?;
    let b = args.str(1)?;
    Ok(ord_num(a.as_ref().cmp(b.as_ref())))
}

pub(crate) fn compare_no_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let a = args.str(0)?;
    let b = args.str(1)?;
    Ok(ord_num(compare_str_nocase(&a, &b)))
}

pub(crate) fn asc(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    if s.is_empty() {
        return Ok(Value::from(0usize));
    }
    let pos = to_int(args.num_or(1, 1.0)?);
    let len = char_len(&s) as i64;
    if pos < 1 || pos > len {
        return Err(arg_error(
            "asc",
            2,
            "position",
            format!("Parameter which is now [{pos}] must be a value between 1 and {len}"),
        ));
    }
    let c = s.chars().nth((pos - 1) as usize).unwrap_or('\0');
    Ok(Value::from(c as u32 as f64))
}

pub(crate) fn chr(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let n = to_int(args.num(0)?);
    if n == 0 {
        // CFML returns an empty string for chr(0)
        return Ok(Value::from(""));
    }
    match u32::try_from(n).ok().and_then(char::from_u32) {
        Some(c) => Ok(Value::from(c.to_string())),
        None => Err(arg_error(
            "chr",
            1,
            "number",
            format!("Parameter which is now [{n}] must be a valid unicode code point"),
        )),
    }
}

/// Wrap one line at `limit` characters, breaking at the last space or tab when possible.
fn wrap_line(line: &[char], limit: usize, out: &mut String) {
    let mut rest: Vec<char> = line.to_vec();
    loop {
        if rest.len() <= limit {
            out.extend(rest.iter());
            return;
        }
        let sub = &rest[..limit];
        let tail = &rest[limit..];
        if matches!(tail.first(), Some(' ') | Some('\t')) {
            out.extend(sub.iter());
            out.push('\n');
            rest = tail[1..].to_vec();
            continue;
        }
        match sub.iter().rposition(|c| *c == ' ' || *c == '\t') {
            None => {
                out.extend(sub.iter());
                out.push('\n');
                rest = tail.to_vec();
            }
            Some(i) => {
                out.extend(sub[..i].iter());
                out.push('\n');
                let mut next: Vec<char> = sub[i + 1..].to_vec();
                next.extend_from_slice(tail);
                rest = next;
            }
        }
    }
}

pub(crate) fn wrap(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let mut s = args.str(0)?.into_owned();
    let limit = args.num(1)?;
    if args.bool_or(2, false)? {
        // Lucee replaces [[:space:]] with a blank before wrapping
        s = s.replace([' ', '\t', '\n', '\x0B', '\x0C', '\r'], " ");
    }
    if limit.is_nan() || limit < 1.0 {
        return Err(arg_error(
            "wrap",
            2,
            "limit",
            "value must be a positive number",
        ));
    }
    let limit = to_int(limit).max(1) as usize;
    let mut out = String::with_capacity(s.len() + s.len() / limit.max(1));
    for (i, line) in s.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let chars: Vec<char> = line.chars().collect();
        wrap_line(&chars, limit, &mut out);
    }
    Ok(Value::from(out))
}

pub(crate) fn uc_first(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let mut s = args.str(0)?.into_owned();
    let do_all = args.bool_or(1, false)?;
    let lower_if_upper = args.bool_or(2, false)?;
    if lower_if_upper && s.chars().any(char::is_alphabetic) && !s.chars().any(char::is_lowercase) {
        s = s.to_lowercase();
    }
    let mut out = String::with_capacity(s.len());
    let mut prev: Option<char> = None;
    for c in s.chars() {
        let word_start = match prev {
            None => true,
            Some(p) => do_all && (p.is_whitespace() || p == '.' || p == '-' || p == '('),
        };
        if word_start {
            out.extend(c.to_uppercase());
        } else {
            out.push(c);
        }
        prev = Some(c);
    }
    Ok(Value::from(out))
}

pub(crate) fn strip_cr(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(args.str(0)?.replace('\r', "")))
}

/// trimWhiteSpace: every run of white space (space, tab, CR, LF, form feed, backspace) becomes
/// one character: a line feed when the run holds one, else the run's first character. Runs at
/// the start and end are kept that way too, as in Lucee.
pub(crate) fn trim_white_space(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let mut out = String::with_capacity(s.len());
    let mut pending: Option<char> = None;
    for c in s.chars() {
        match c {
            '\n' => pending = Some('\n'),
            ' ' | '\t' | '\r' | '\u{c}' | '\u{8}' => {
                if pending.is_none() {
                    pending = Some(c);
                }
            }
            _ => {
                if let Some(p) = pending.take() {
                    out.push(p);
                }
                out.push(c);
            }
        }
    }
    if let Some(p) = pending {
        out.push(p);
    }
    Ok(Value::from(out))
}

fn justify(args: &Args, fname: &str, how: char) -> CfResult<Value> {
    let s = args.str(0)?;
    let n = to_int(args.num(1)?);
    if n < 1 {
        return Err(arg_error(
            fname,
            2,
            "length",
            format!("Parameter which is now [{n}] must be a positive integer"),
        ));
    }
    if n as u64 > MAX_RESULT as u64 {
        return Err(too_large(fname));
    }
    let len = char_len(&s);
    let n = n as usize;
    if len >= n {
        return Ok(Value::from(s.into_owned()));
    }
    let diff = n - len;
    let (l, r) = match how {
        'l' => (0, diff),
        'r' => (diff, 0),
        _ => (diff / 2, diff - diff / 2),
    };
    let mut out = String::with_capacity(s.len() + diff);
    out.extend(std::iter::repeat_n(' ', l));
    out.push_str(&s);
    out.extend(std::iter::repeat_n(' ', r));
    Ok(Value::from(out))
}

pub(crate) fn ljustify(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    justify(args, "lJustify", 'l')
}

pub(crate) fn rjustify(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    justify(args, "rJustify", 'r')
}

pub(crate) fn cjustify(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    justify(args, "cJustify", 'c')
}

pub(crate) fn new_line(_: &mut dyn Ctx, _: &Args) -> CfResult<Value> {
    Ok(Value::from("\n"))
}

/// American Soundex (letter + three digits), as Apache commons-codec computes it.
pub(crate) fn soundex(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let letters: Vec<char> = s
        .chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let Some(first) = letters.first().copied() else {
        return Ok(Value::from(""));
    };
    let code = |c: char| -> char {
        match c {
            'B' | 'F' | 'P' | 'V' => '1',
            'C' | 'G' | 'J' | 'K' | 'Q' | 'S' | 'X' | 'Z' => '2',
            'D' | 'T' => '3',
            'L' => '4',
            'M' | 'N' => '5',
            'R' => '6',
            'H' | 'W' => '-',
            _ => '0',
        }
    };
    let mut out = String::new();
    out.push(first);
    let mut last = code(first);
    for c in letters.iter().skip(1) {
        let d = code(*c);
        if d == '-' {
            // H and W do not separate letters with the same code
            continue;
        }
        if d != '0' && d != last {
            out.push(d);
            if out.len() == 4 {
                break;
            }
        }
        last = d;
    }
    while out.len() < 4 {
        out.push('0');
    }
    Ok(Value::from(out))
}

pub(crate) fn string_sort(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let mut chars: Vec<char> = args.str(0)?.chars().collect();
    chars.sort_unstable();
    Ok(Value::from(chars.into_iter().collect::<String>()))
}

/// Hidden Lucee function behind `"".isEmpty()`.
pub(crate) fn string_is_empty(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Bool(args.str(0)?.is_empty()))
}

fn affix_impl(args: &Args, suffix: bool) -> CfResult<Value> {
    let s = args.str(0)?;
    let a = args.str(1)?;
    let nocase = args.bool_or(2, false)?;
    let (sl, al) = (char_len(&s), char_len(&a));
    if al > sl {
        return Ok(Value::Bool(false));
    }
    let part = if suffix {
        substr(&s, sl - al, al)
    } else {
        substr(&s, 0, al)
    };
    Ok(Value::Bool(if nocase {
        super::util::eq_nocase(part, &a)
    } else {
        part == a.as_ref()
    }))
}

/// Hidden Lucee function behind `"abc".hasPrefix("a")`.
pub(crate) fn string_has_prefix(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    affix_impl(args, false)
}

/// Hidden Lucee function behind `"abc".hasSuffix("c")`.
pub(crate) fn string_has_suffix(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    affix_impl(args, true)
}
