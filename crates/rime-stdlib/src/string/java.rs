//! The `java.lang.String` methods CFML code calls on strings (`name.startsWith("a")`). Lucee's
//! strings are Java strings, and a member name that is no CFML function falls through to the
//! Java method of the same name; Rime has no Java, so the methods templates use most are
//! registered here as member functions (`string.<name>`, never global functions).
//!
//! Positions are Java's: 0-based, `-1` for "not found"; `substring` takes a start and an
//! exclusive end. Positions count characters (Java counts UTF-16 units, which differ only for
//! characters outside the Basic Multilingual Plane). Comparisons are case-sensitive unless the
//! name says otherwise, as in Java. The regular-expression methods (`matches`, `split`,
//! `replaceAll`, `replaceFirst`) take the pattern syntax of `reFind` with Java's defaults (`.`
//! does not match a line end) and Java's replacement syntax (`$1`, `${name}`, `\$`).

use super::util::{byte_at, char_index, char_len, eq_nocase, to_int};
use rime_runtime::{Args, CfResult, CfmlError, Ctx, Value};

/// Java's `StringIndexOutOfBoundsException`, as a CFML error.
fn out_of_bounds(method: &str, detail: String) -> Box<CfmlError> {
    CfmlError::expression(format!(
        "string index out of range in method [{method}]: {detail}"
    ))
}

/// An index argument (Java `int`).
fn index(args: &Args, i: usize) -> CfResult<i64> {
    Ok(to_int(args.num(i)?))
}

/// `s.startsWith(prefix [, offset])`.
pub(crate) fn starts_with(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let prefix = args.str(1)?;
    let from = match args.get(2) {
        Some(_) => index(args, 2)?,
        None => 0,
    };
    if from < 0 || from as usize > char_len(&s) {
        return Ok(Value::Bool(false));
    }
    let b = byte_at(&s, from as usize).unwrap_or(s.len());
    Ok(Value::Bool(s[b..].starts_with(prefix.as_ref())))
}

/// `s.endsWith(suffix)`.
pub(crate) fn ends_with(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    Ok(Value::Bool(s.ends_with(args.str(1)?.as_ref())))
}

/// `s.contains(part)`: whether `part` occurs in `s` (case-sensitive).
pub(crate) fn contains(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    Ok(Value::Bool(s.contains(args.str(1)?.as_ref())))
}

/// `s.indexOf(part [, from])`: 0-based position of the first occurrence at or after `from`, or -1.
pub(crate) fn index_of(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let part = args.str(1)?;
    let from = match args.get(2) {
        Some(_) => index(args, 2)?.max(0),
        None => 0,
    };
    if from as usize > char_len(&s) {
        return Ok(Value::Num(-1.0));
    }
    let start = byte_at(&s, from as usize).unwrap_or(s.len());
    Ok(Value::Num(match s[start..].find(part.as_ref()) {
        Some(b) => char_index(&s, start + b) as f64,
        None => -1.0,
    }))
}

/// `s.lastIndexOf(part [, from])`: 0-based position of the last occurrence starting at or before
/// `from`, or -1.
pub(crate) fn last_index_of(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let part = args.str(1)?;
    let len = char_len(&s) as i64;
    let from = match args.get(2) {
        Some(_) => index(args, 2)?.min(len),
        None => len,
    };
    if from < 0 {
        return Ok(Value::Num(-1.0));
    }
    // The match may start at `from` at the latest, so it may end `part` bytes later.
    let start_limit = byte_at(&s, from as usize).unwrap_or(s.len());
    let end = (start_limit + part.len()).min(s.len());
    let end = (0..=end)
        .rev()
        .find(|&e| s.is_char_boundary(e))
        .unwrap_or(0);
    Ok(Value::Num(match s[..end].rfind(part.as_ref()) {
        Some(b) => char_index(&s, b) as f64,
        None => -1.0,
    }))
}

/// `s.charAt(i)`: the character at 0-based position `i`.
pub(crate) fn char_at(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let i = index(args, 1)?;
    let c = usize::try_from(i).ok().and_then(|i| s.chars().nth(i));
    match c {
        Some(c) => Ok(Value::from(c.to_string())),
        None => Err(out_of_bounds(
            "charAt",
            format!("index {i}, length {}", char_len(&s)),
        )),
    }
}

/// `s.length()`: the number of characters.
pub(crate) fn length(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Num(char_len(&args.str(0)?) as f64))
}

/// `s.substring(begin [, end])`: the characters from 0-based `begin` up to, not including, `end`.
pub(crate) fn substring(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let len = char_len(&s) as i64;
    let begin = index(args, 1)?;
    let end = match args.get(2) {
        Some(_) => index(args, 2)?,
        None => len,
    };
    if begin < 0 || end > len || begin > end {
        return Err(out_of_bounds(
            "substring",
            format!("begin {begin}, end {end}, length {len}"),
        ));
    }
    let b = byte_at(&s, begin as usize).unwrap_or(s.len());
    let e = byte_at(&s, end as usize).unwrap_or(s.len());
    Ok(Value::from(s[b..e].to_string()))
}

/// `s.toUpperCase()`.
pub(crate) fn to_upper_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(args.str(0)?.to_uppercase()))
}

/// `s.toLowerCase()`.
pub(crate) fn to_lower_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(args.str(0)?.to_lowercase()))
}

/// `s.equalsIgnoreCase(other)`.
pub(crate) fn equals_ignore_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Bool(eq_nocase(&args.str(0)?, &args.str(1)?)))
}

/// `s.equals(other)`: case-sensitive equality (CFML's `==` ignores case).
pub(crate) fn equals(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Bool(args.str(0)? == args.str(1)?))
}

/// Java's `compareTo`: the difference of the first UTF-16 units that differ, else of the lengths.
fn java_compare(a: &str, b: &str, fold: bool) -> i64 {
    let unit = |u: u16| -> u16 {
        if !fold {
            return u;
        }
        // Java folds each char to upper case, then to lower case.
        char::from_u32(u as u32)
            .map(|c| {
                let up = c.to_uppercase().next().unwrap_or(c);
                up.to_lowercase().next().unwrap_or(up)
            })
            .and_then(|c| u16::try_from(c as u32).ok())
            .unwrap_or(u)
    };
    let (mut x, mut y) = (a.encode_utf16(), b.encode_utf16());
    loop {
        match (x.next(), y.next()) {
            (Some(p), Some(q)) => {
                let (p, q) = (unit(p), unit(q));
                if p != q {
                    return p as i64 - q as i64;
                }
            }
            (Some(_), None) => return 1 + x.count() as i64,
            (None, Some(_)) => return -1 - y.count() as i64,
            (None, None) => return 0,
        }
    }
}

/// `s.compareTo(other)`: Java's ordering number (negative, 0 or positive, not just -1/0/1).
pub(crate) fn compare_to(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Num(
        java_compare(&args.str(0)?, &args.str(1)?, false) as f64,
    ))
}

/// `s.compareToIgnoreCase(other)`.
pub(crate) fn compare_to_ignore_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Num(
        java_compare(&args.str(0)?, &args.str(1)?, true) as f64
    ))
}

/// `s.concat(other)`.
pub(crate) fn concat(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let (a, b) = (args.str(0)?, args.str(1)?);
    if a.len() + b.len() > super::util::MAX_RESULT {
        return Err(super::util::too_large("concat"));
    }
    Ok(Value::from(format!("{a}{b}")))
}

/// `s.hashCode()`: Java's string hash (`s[0]*31^(n-1) + ... + s[n-1]` over UTF-16 units, as a
/// 32-bit signed integer).
pub(crate) fn hash_code(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let h = args
        .str(0)?
        .encode_utf16()
        .fold(0i32, |h, u| h.wrapping_mul(31).wrapping_add(u as i32));
    Ok(Value::Num(h as f64))
}

/// `s.isBlank()`: empty or only white space.
pub(crate) fn is_blank(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Bool(args.str(0)?.chars().all(char::is_whitespace)))
}

/// `s.matches(regex)`: whether the whole string matches.
pub(crate) fn matches(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let re = crate::regex::compile_java(&format!("^(?:{})$", args.str(1)?))?;
    let whole = crate::regex::all_matches(&re, &s)?
        .first()
        .and_then(|c| c.get(0))
        .is_some_and(|m| m.start() == 0 && m.end() == s.len());
    Ok(Value::Bool(whole))
}

/// `s.split(regex [, limit])`: the parts between the matches, as an array. As in Java, a
/// positive `limit` caps the number of parts (the last keeps the rest), zero (the default) drops
/// trailing empty parts, a negative one keeps them; an empty match at the very start makes no
/// leading empty part.
pub(crate) fn split(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let limit = match args.get(2) {
        Some(_) => index(args, 2)?,
        None => 0,
    };
    let re = crate::regex::compile_java(&args.str(1)?)?;
    let mut parts: Vec<&str> = Vec::new();
    let mut last = 0;
    for caps in crate::regex::all_matches(&re, &s)? {
        let Some(m) = caps.get(0) else { continue };
        if limit > 0 && parts.len() as i64 == limit - 1 {
            break;
        }
        if m.end() == 0 {
            continue;
        }
        parts.push(s.get(last..m.start()).unwrap_or(""));
        last = m.end();
    }
    parts.push(s.get(last..).unwrap_or(""));
    if limit == 0 {
        while parts.len() > 1 && parts.last().is_some_and(|p| p.is_empty()) {
            parts.pop();
        }
        if parts.len() == 1 && parts[0].is_empty() && !s.is_empty() {
            parts.clear();
        }
    }
    Ok(Value::Array(rime_runtime::Array::from_vec(
        parts
            .into_iter()
            .map(|p| Value::from(p.to_string()))
            .collect(),
    )))
}

/// A Java replacement string: `$n` and `${name}` are groups, `\c` is `c`.
fn expand_java(rep: &str, caps: &fancy_regex::Captures, out: &mut String) -> CfResult<()> {
    let bad = |why: &str| CfmlError::expression(format!("invalid replacement [{rep}]: {why}"));
    let mut it = rep.char_indices().peekable();
    while let Some((_, c)) = it.next() {
        match c {
            '\\' => match it.next() {
                Some((_, n)) => out.push(n),
                None => return Err(bad("it ends with a backslash")),
            },
            '$' => {
                if it.peek().is_some_and(|(_, n)| *n == '{') {
                    it.next();
                    let mut name = String::new();
                    loop {
                        match it.next() {
                            Some((_, '}')) => break,
                            Some((_, n)) => name.push(n),
                            None => return Err(bad("a group name is not closed")),
                        }
                    }
                    let m = caps
                        .name(&name)
                        .ok_or_else(|| bad(&format!("no group named [{name}]")))?;
                    out.push_str(m.as_str());
                    continue;
                }
                let Some((_, d)) = it.next().filter(|(_, d)| d.is_ascii_digit()) else {
                    return Err(bad("a $ is not followed by a group"));
                };
                let mut group = d.to_digit(10).unwrap_or(0) as usize;
                if group >= caps.len() {
                    return Err(bad(&format!("no group {group}")));
                }
                // Further digits belong to the number while it names a group (Java's rule).
                while let Some((_, n)) = it.peek().copied() {
                    let Some(dn) = n.to_digit(10) else { break };
                    let next = group * 10 + dn as usize;
                    if next >= caps.len() {
                        break;
                    }
                    group = next;
                    it.next();
                }
                if let Some(m) = caps.get(group) {
                    out.push_str(m.as_str());
                }
            }
            c => out.push(c),
        }
    }
    Ok(())
}

fn replace_regex(args: &Args, all: bool) -> CfResult<Value> {
    let s = args.str(0)?;
    let rep = args.str(2)?;
    let re = crate::regex::compile_java(&args.str(1)?)?;
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    for caps in crate::regex::all_matches(&re, &s)? {
        let Some(m) = caps.get(0) else { continue };
        out.push_str(s.get(last..m.start()).unwrap_or(""));
        expand_java(&rep, &caps, &mut out)?;
        last = m.end();
        if out.len() > super::util::MAX_RESULT {
            return Err(super::util::too_large(args.fname));
        }
        if !all {
            break;
        }
    }
    out.push_str(s.get(last..).unwrap_or(""));
    Ok(Value::from(out))
}

/// `s.replaceAll(regex, replacement)`: every match replaced (`$1` is a group).
pub(crate) fn replace_all(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    replace_regex(args, true)
}

/// `s.replaceFirst(regex, replacement)`.
pub(crate) fn replace_first(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    replace_regex(args, false)
}

/// `s.toString()`: the string itself.
pub(crate) fn to_string(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::Str(args.arcstr(0)?))
}

/// `s.getBytes([charset])`: the string encoded (UTF-8 by default), as binary.
pub(crate) fn get_bytes(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let cs = crate::conversion::charset(&args.str_or(1, "utf-8")?)?;
    Ok(Value::Binary(std::sync::Arc::new(
        crate::conversion::encode(&s, cs),
    )))
}
