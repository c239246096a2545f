//! Regular-expression functions. CFML regexes follow Perl 5 (Lucee uses Jakarta ORO): POSIX
//! bracket classes, ASCII `\d \w \s`, `.` matching newlines unless `multiline` is set, and a
//! replacement syntax with `\1`..`\9` backreferences and `\U \L \E \u \l` case conversion.
//! Patterns are translated to `fancy-regex` syntax and cached per thread (no lock shared by the
//! request threads).
//!
//! Positions are 1-based character positions.

use crate::string::util::{byte_at, char_index, char_len, to_int, too_large, MAX_RESULT};
use fancy_regex::{Captures, Regex};
use rime_runtime::{
    def, opt, req, Args, Array, BuiltinDef, CfResult, CfmlError, Ctx, MemberType::String as S,
    Struct, Value,
};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

/// This thread's compiled patterns, by flags then pattern (looked up by `&str`, no
/// allocation); a flag set's map is cleared when it grows past `CACHE_CAP`.
type Cache = [HashMap<String, Arc<Regex>>; 8];
thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Default::default());
}
const CACHE_CAP: usize = 500;

const NOCASE: u8 = 1;
const MULTILINE: u8 = 2;
/// Java's defaults (`java.util.regex`): `.` stops at line ends, `^`/`$` only at the ends.
const JAVA: u8 = 4;

/// ASCII expansion of a POSIX class name, for use inside brackets.
fn posix_class(name: &str) -> Option<&'static str> {
    Some(match name {
        "alpha" => "a-zA-Z",
        "digit" => "0-9",
        "alnum" => "a-zA-Z0-9",
        "upper" => "A-Z",
        "lower" => "a-z",
        "space" => "\\t\\n\\x0B\\f\\r ",
        "blank" => " \\t",
        "punct" => "!-/:-@\\[-`\\{-~",
        "xdigit" => "0-9A-Fa-f",
        "cntrl" => "\\x00-\\x1F\\x7F",
        "print" => "\\x20-\\x7E",
        "graph" => "\\x21-\\x7E",
        "word" => "a-zA-Z0-9_",
        "ascii" => "\\x00-\\x7F",
        _ => return None,
    })
}

/// Java's POSIX `\p{Name}` classes as bracket contents.
fn java_posix_property(name: &str) -> Option<&'static str> {
    Some(match name {
        "Lower" => "a-z",
        "Upper" => "A-Z",
        "ASCII" => "\\x00-\\x7F",
        "Alpha" => "a-zA-Z",
        "Digit" => "0-9",
        "Alnum" => "a-zA-Z0-9",
        "Punct" => "!-/:-@\\[-`\\{-~",
        "Graph" => "\\x21-\\x7E",
        "Print" => "\\x20-\\x7E",
        "Blank" => " \\t",
        "Cntrl" => "\\x00-\\x1F\\x7F",
        "XDigit" => "0-9A-Fa-f",
        "Space" => "\\t\\n\\x0B\\f\\r ",
        _ => return None,
    })
}

fn hex_char(c: u32) -> String {
    format!("\\x{{{c:X}}}")
}

/// Parse a valid `{n}`, `{n,}` or `{n,m}` quantifier at `chars[i]`; its length.
fn quantifier_len(chars: &[char], i: usize) -> Option<usize> {
    let mut j = i + 1;
    let digits = |j: &mut usize| {
        let s = *j;
        while chars.get(*j).is_some_and(char::is_ascii_digit) {
            *j += 1;
        }
        *j > s
    };
    if !digits(&mut j) {
        return None;
    }
    if chars.get(j) == Some(&',') {
        j += 1;
        digits(&mut j);
    }
    if chars.get(j) == Some(&'}') {
        Some(j + 1 - i)
    } else {
        None
    }
}

/// Translate an escape (the char after `\`) shared by both contexts; None when the
/// context-specific code must handle it.
fn common_escape(chars: &[char], i: &mut usize, out: &mut String) -> Result<bool, String> {
    let Some(&c) = chars.get(*i) else {
        return Err("trailing backslash".into());
    };
    match c {
        'e' => out.push_str("\\x1B"),
        'a' => out.push_str("\\x07"),
        'c' => {
            let Some(&l) = chars.get(*i + 1) else {
                return Err("missing control character after \\c".into());
            };
            out.push_str(&hex_char((l.to_ascii_uppercase() as u32) ^ 0x40));
            *i += 1;
        }
        '0' => {
            let mut v = 0u32;
            let mut n = 0;
            while n < 2 && chars.get(*i + 1).is_some_and(|d| ('0'..='7').contains(d)) {
                v = v * 8 + chars.get(*i + 1).and_then(|d| d.to_digit(8)).unwrap_or(0);
                *i += 1;
                n += 1;
            }
            out.push_str(&hex_char(v));
        }
        '<' | '>' => out.push(c),
        'u' if (1..=4).all(|k| chars.get(*i + k).is_some_and(char::is_ascii_hexdigit)) => {
            let h: String = chars[*i + 1..*i + 5].iter().collect();
            out.push_str(&format!("\\x{{{h}}}"));
            *i += 4;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// Rewrite a Perl/Java regex into `fancy-regex` syntax.
fn translate(pat: &str, multiline: bool) -> Result<String, String> {
    let chars: Vec<char> = pat.chars().collect();
    let mut out = String::with_capacity(pat.len() + 16);
    let mut i = 0;
    let mut in_class = false;
    while i < chars.len() {
        let c = chars[i];
        if in_class {
            match c {
                ']' => {
                    out.push(']');
                    in_class = false;
                }
                '[' => {
                    if chars.get(i + 1) == Some(&':') {
                        let rest: String = chars[i + 2..].iter().collect();
                        if let Some(end) = rest.find(":]") {
                            let name = &rest[..end];
                            if let Some(neg) = name.strip_prefix('^') {
                                if posix_class(neg).is_none() {
                                    return Err(format!("POSIX class [:{name}:] unknown"));
                                }
                                out.push_str(&format!("[:^{neg}:]"));
                            } else {
                                out.push_str(
                                    posix_class(name)
                                        .ok_or_else(|| format!("POSIX class [:{name}:] unknown"))?,
                                );
                            }
                            i += 2 + name.chars().count() + 2;
                            continue;
                        }
                    }
                    out.push_str("\\[");
                }
                '&' | '~' => {
                    out.push('\\');
                    out.push(c);
                }
                '-' if chars.get(i + 1) == Some(&'-') => out.push_str("\\-"),
                '\\' => {
                    i += 1;
                    if !common_escape(&chars, &mut i, &mut out)? {
                        let e = chars[i];
                        match e {
                            'd' => out.push_str("0-9"),
                            'w' => out.push_str("a-zA-Z0-9_"),
                            's' => out.push_str("\\t\\n\\x0B\\f\\r "),
                            'b' => out.push_str("\\x08"),
                            'D' | 'W' | 'S' | 'n' | 'r' | 't' | 'f' | 'v' | 'x' | 'p' | 'P' => {
                                out.push('\\');
                                out.push(e);
                            }
                            e if e.is_ascii_alphanumeric() => out.push(e),
                            e if e.is_ascii() => {
                                out.push('\\');
                                out.push(e);
                            }
                            e => out.push(e),
                        }
                    }
                }
                c => out.push(c),
            }
            i += 1;
            continue;
        }
        match c {
            '\\' => {
                i += 1;
                if !common_escape(&chars, &mut i, &mut out)? {
                    let e = chars[i];
                    match e {
                        'd' => out.push_str("[0-9]"),
                        'D' => out.push_str("[^0-9]"),
                        'w' => out.push_str("[a-zA-Z0-9_]"),
                        'W' => out.push_str("[^a-zA-Z0-9_]"),
                        's' => out.push_str("[\\t\\n\\x0B\\f\\r ]"),
                        'S' => out.push_str("[^\\t\\n\\x0B\\f\\r ]"),
                        'Z' => out.push_str("(?=\\n?\\z)"),
                        'Q' => {
                            i += 1;
                            while i < chars.len()
                                && !(chars[i] == '\\' && chars.get(i + 1) == Some(&'E'))
                            {
                                let q = chars[i];
                                if q.is_ascii_punctuation() || q == ' ' {
                                    out.push('\\');
                                }
                                out.push(q);
                                i += 1;
                            }
                            i += 1; // at 'E' (or past the end)
                        }
                        'E' => {}
                        'p' | 'P' => {
                            let rest: String = chars[i + 1..].iter().collect();
                            let named = rest
                                .strip_prefix('{')
                                .and_then(|r| r.find('}').map(|e| &r[..e]));
                            match named.and_then(|n| java_posix_property(n).map(|x| (n, x))) {
                                Some((n, x)) => {
                                    out.push_str(&format!(
                                        "[{}{}]",
                                        if e == 'P' { "^" } else { "" },
                                        x
                                    ));
                                    i += n.chars().count() + 2;
                                }
                                None => {
                                    out.push('\\');
                                    out.push(e);
                                }
                            }
                        }
                        '1'..='9'
                        | 'b'
                        | 'B'
                        | 'A'
                        | 'z'
                        | 'G'
                        | 'n'
                        | 'r'
                        | 't'
                        | 'f'
                        | 'v'
                        | 'x'
                        | 'k' => {
                            out.push('\\');
                            out.push(e);
                        }
                        e if e.is_ascii_alphanumeric() => out.push(e),
                        e if e.is_ascii() => {
                            out.push('\\');
                            out.push(e);
                        }
                        e => out.push(e),
                    }
                }
            }
            '[' => {
                out.push('[');
                in_class = true;
                if chars.get(i + 1) == Some(&'^') {
                    out.push('^');
                    i += 1;
                }
                if chars.get(i + 1) == Some(&']') {
                    out.push_str("\\]");
                    i += 1;
                }
            }
            '$' if !multiline => out.push_str("(?=\\n?\\z)"),
            '{' => match quantifier_len(&chars, i) {
                Some(n) => {
                    out.extend(&chars[i..i + n]);
                    i += n;
                    continue;
                }
                None => out.push_str("\\{"),
            },
            '}' => out.push_str("\\}"),
            '(' if chars.get(i + 1) == Some(&'?') && chars.get(i + 2) == Some(&'#') => {
                // a (?#comment) group
                while i < chars.len() && chars[i] != ')' {
                    i += 1;
                }
            }
            c => out.push(c),
        }
        i += 1;
    }
    if in_class {
        return Err("unmatched [".into());
    }
    Ok(out)
}

fn compile(pat: &str, nocase: bool, multiline: bool) -> CfResult<Arc<Regex>> {
    let flags = (if nocase { NOCASE } else { 0 }) | (if multiline { MULTILINE } else { 0 });
    compile_flags(pat, flags)
}

/// A pattern for the `java.lang.String` methods (`matches`, `split`, `replaceAll`): the same
/// syntax, with Java's defaults instead of CFML's (`.` does not match a line end).
pub(crate) fn compile_java(pat: &str) -> CfResult<Arc<Regex>> {
    compile_flags(pat, JAVA)
}

/// Every match of `re` in `s` (empty matches included), as captures.
pub(crate) fn all_matches<'t>(re: &Regex, s: &'t str) -> CfResult<Vec<Captures<'t>>> {
    matches(re, s, 0, true)
}

fn compile_flags(pat: &str, flags: u8) -> CfResult<Arc<Regex>> {
    let nocase = flags & NOCASE != 0;
    let multiline = flags & MULTILINE != 0;
    let slot = (flags & 7) as usize;
    if let Some(r) = CACHE.with(|c| c.borrow()[slot].get(pat).cloned()) {
        return Ok(r);
    }
    let invalid = |msg: String| {
        CfmlError::expression(format!("The provided pattern [{pat}] is invalid: {msg}"))
    };
    let body = translate(pat, multiline).map_err(invalid)?;
    let prefix = if flags & JAVA != 0 {
        String::new()
    } else {
        format!(
            "(?{}{})",
            if multiline { "m" } else { "s" },
            if nocase { "i" } else { "" }
        )
    };
    let re = Regex::new(&format!("{prefix}{body}")).map_err(|e| invalid(e.to_string()))?;
    let re = Arc::new(re);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        let map = &mut c[slot];
        if map.len() >= CACHE_CAP {
            map.clear();
        }
        map.insert(pat.to_string(), re.clone());
    });
    Ok(re)
}

fn run_error(e: fancy_regex::Error) -> Box<CfmlError> {
    CfmlError::expression(format!("regular expression could not be matched: {e}"))
}

/// Every match from byte `from` on (or only the first), as captures.
fn matches<'t>(re: &Regex, s: &'t str, from: usize, all: bool) -> CfResult<Vec<Captures<'t>>> {
    let mut out = Vec::new();
    let mut pos = from;
    while pos <= s.len() {
        let Some(caps) = re.captures_from_pos(s, pos).map_err(run_error)? else {
            break;
        };
        let Some(m) = caps.get(0) else { break };
        let (start, end) = (m.start(), m.end());
        out.push(caps);
        if !all {
            break;
        }
        pos = if end > start {
            end
        } else {
            // after an empty match, continue one character further
            match s.get(end..).and_then(|r| r.chars().next()) {
                Some(c) => end + c.len_utf8(),
                None => break,
            }
        };
    }
    Ok(out)
}

/// The search start: 1-based `start` clamped to 1; None when past the end of the string.
fn start_byte(s: &str, start: f64) -> Option<usize> {
    let st = to_int(start).max(1) as usize;
    if st > char_len(s) {
        return None;
    }
    byte_at(s, st - 1)
}

fn match_struct(s: &str, caps: &Captures) -> Value {
    let (pos, len, mat) = (Array::new(), Array::new(), Array::new());
    for i in 0..caps.len() {
        match caps.get(i) {
            Some(m) => {
                pos.push(Value::from(char_index(s, m.start()) + 1));
                len.push(Value::from(char_len(m.as_str())));
                mat.push(Value::from(m.as_str()));
            }
            None => {
                pos.push(Value::from(0usize));
                len.push(Value::from(0usize));
                mat.push(Value::Null);
            }
        }
    }
    sub_struct(pos, len, mat)
}

fn sub_struct(pos: Array, len: Array, mat: Array) -> Value {
    let st = Struct::new();
    st.set_str("pos", Value::Array(pos));
    st.set_str("len", Value::Array(len));
    st.set_str("match", Value::Array(mat));
    Value::Struct(st)
}

fn not_found_struct() -> Value {
    sub_struct(
        Array::from_vec(vec![Value::from(0usize)]),
        Array::from_vec(vec![Value::from(0usize)]),
        Array::from_vec(vec![Value::from("")]),
    )
}

fn refind_impl(args: &Args, nocase: bool) -> CfResult<Value> {
    let pat = args.str(0)?;
    let s = args.str(1)?;
    let start = args.num_or(2, 1.0)?;
    let subs = args.bool_or(3, false)?;
    let all = args.str_or(4, "one")?.trim().eq_ignore_ascii_case("all");
    let multiline = args.bool_or(5, false)?;
    let re = compile(&pat, nocase, multiline)?;
    let found = match start_byte(&s, start) {
        Some(b) => matches(&re, &s, b, all)?,
        None => Vec::new(),
    };
    if subs {
        if found.is_empty() {
            return Ok(if all {
                Value::Array(Array::from_vec(vec![not_found_struct()]))
            } else {
                not_found_struct()
            });
        }
        if !all {
            return Ok(found
                .first()
                .map(|c| match_struct(&s, c))
                .unwrap_or_else(not_found_struct));
        }
        return Ok(Value::Array(Array::from_vec(
            found.iter().map(|c| match_struct(&s, c)).collect(),
        )));
    }
    let positions: Vec<Value> = found
        .iter()
        .filter_map(|c| c.get(0))
        .map(|m| Value::from(char_index(&s, m.start()) + 1))
        .collect();
    if positions.is_empty() {
        return Ok(Value::from(0usize));
    }
    if all {
        Ok(Value::Array(Array::from_vec(positions)))
    } else {
        Ok(positions.into_iter().next().unwrap_or(Value::from(0usize)))
    }
}

fn refind(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    refind_impl(args, false)
}

fn refind_no_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    refind_impl(args, true)
}

fn rematch_impl(args: &Args, nocase: bool) -> CfResult<Value> {
    let pat = args.str(0)?;
    let s = args.str(1)?;
    let multiline = args.bool_or(2, false)?;
    let re = compile(&pat, nocase, multiline)?;
    // unlike reFind, reMatch also searches an empty string
    let found = matches(&re, &s, 0, true)?;
    Ok(Value::Array(Array::from_vec(
        found
            .iter()
            .filter_map(|c| c.get(0))
            .map(|m| Value::from(m.as_str()))
            .collect(),
    )))
}

fn rematch(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    rematch_impl(args, false)
}

fn rematch_no_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    rematch_impl(args, true)
}

/// A parsed CFML replacement string.
#[derive(Debug, PartialEq)]
enum Part {
    Text(String),
    Group(usize),
    Upper,
    Lower,
    End,
    UpperOnce,
    LowerOnce,
}

fn parse_replacement(r: &str) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut text = String::new();
    let mut it = r.chars().peekable();
    while let Some(c) = it.next() {
        if c == '\\' {
            let part = match it.peek() {
                Some(d) if d.is_ascii_digit() => {
                    Some(Part::Group(d.to_digit(10).unwrap_or(0) as usize))
                }
                Some('U') => Some(Part::Upper),
                Some('L') => Some(Part::Lower),
                Some('E') => Some(Part::End),
                Some('u') => Some(Part::UpperOnce),
                Some('l') => Some(Part::LowerOnce),
                _ => None,
            };
            if let Some(p) = part {
                it.next();
                if !text.is_empty() {
                    parts.push(Part::Text(std::mem::take(&mut text)));
                }
                parts.push(p);
                continue;
            }
        }
        text.push(c);
    }
    if !text.is_empty() {
        parts.push(Part::Text(text));
    }
    parts
}

#[derive(Clone, Copy, PartialEq)]
enum Case {
    Keep,
    Upper,
    Lower,
}

fn push_cased(out: &mut String, s: &str, mode: Case, once: &mut Case) {
    for c in s.chars() {
        let m = if *once != Case::Keep {
            std::mem::replace(once, Case::Keep)
        } else {
            mode
        };
        match m {
            Case::Upper => out.extend(c.to_uppercase()),
            Case::Lower => out.extend(c.to_lowercase()),
            Case::Keep => out.push(c),
        }
    }
}

fn expand(parts: &[Part], caps: &Captures, out: &mut String) {
    let mut mode = Case::Keep;
    let mut once = Case::Keep;
    for p in parts {
        match p {
            Part::Text(t) => push_cased(out, t, mode, &mut once),
            Part::Group(n) => {
                if let Some(m) = caps.get(*n) {
                    push_cased(out, m.as_str(), mode, &mut once);
                }
            }
            Part::Upper => mode = Case::Upper,
            Part::Lower => mode = Case::Lower,
            Part::End => mode = Case::Keep,
            Part::UpperOnce => once = Case::Upper,
            Part::LowerOnce => once = Case::Lower,
        }
    }
}

fn rereplace_impl(args: &Args, nocase: bool) -> CfResult<Value> {
    let fname = if nocase {
        "reReplaceNoCase"
    } else {
        "reReplace"
    };
    let s = args.str(0)?;
    let pat = args.str(1)?;
    let repl = args.str(2)?;
    let all = args.str_or(3, "one")?.trim().eq_ignore_ascii_case("all");
    let re = compile(&pat, nocase, false)?;
    let parts = parse_replacement(&repl);
    let found = matches(&re, &s, 0, all)?;
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    for caps in &found {
        let Some(m) = caps.get(0) else { continue };
        out.push_str(s.get(last..m.start()).unwrap_or(""));
        expand(&parts, caps, &mut out);
        last = m.end();
        if out.len() > MAX_RESULT {
            return Err(too_large(fname));
        }
    }
    out.push_str(s.get(last..).unwrap_or(""));
    Ok(Value::from(out))
}

fn rereplace(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    rereplace_impl(args, false)
}

fn rereplace_no_case(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    rereplace_impl(args, true)
}

/// `reEscape(string)` (Lucee 6.2.1): the string with a backslash before each character that
/// has a meaning in a regular expression, so it matches itself.
fn re_escape(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = args.str(0)?;
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if "\\^$.|?*+()[]{}".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    Ok(Value::from(out))
}

pub static FUNCTIONS: &[BuiltinDef] = &[
    def("reEscape", &[req("string")], re_escape).members(&[(S, "reEscape")]),
    def(
        "reFind",
        &[
            req("reg_expression").alias(&["regex"]),
            req("string"),
            opt("start"),
            opt("returnSubExpressions"),
            opt("scope"),
            opt("multiline"),
        ],
        refind,
    )
    .members(&[(S, "reFind")])
    .receiver(1),
    def(
        "reFindNoCase",
        &[
            req("reg_expression").alias(&["regex"]),
            req("string"),
            opt("start"),
            opt("returnSubExpressions"),
            opt("scope"),
            opt("multiline"),
        ],
        refind_no_case,
    )
    .members(&[(S, "reFindNoCase")])
    .receiver(1),
    def(
        "reMatch",
        &[
            req("regex").alias(&["reg_expression"]),
            req("string"),
            opt("multiline"),
        ],
        rematch,
    )
    .members(&[(S, "reMatch")])
    .receiver(1),
    def(
        "reMatchNoCase",
        &[
            req("reg_expression").alias(&["regex"]),
            req("string"),
            opt("multiline"),
        ],
        rematch_no_case,
    )
    .members(&[(S, "reMatchNoCase")])
    .receiver(1),
    def(
        "reReplace",
        &[
            req("string"),
            req("regex").alias(&["reg_expression"]),
            req("substring"),
            opt("scope"),
        ],
        rereplace,
    )
    .members(&[(S, "reReplace")]),
    def(
        "reReplaceNoCase",
        &[
            req("string"),
            req("regex").alias(&["reg_expression"]),
            req("substring"),
            opt("scope"),
        ],
        rereplace_no_case,
    )
    .members(&[(S, "reReplaceNoCase")]),
];

#[cfg(test)]
mod tests {
    use crate::string::test_ctx::call;
    use rime_runtime::Value;

    fn c(name: &str, args: &[&str]) -> String {
        call(
            super::FUNCTIONS,
            name,
            args.iter().map(|a| Value::from(*a)).collect(),
        )
    }

    #[test]
    fn escape() {
        assert_eq!(
            c("reEscape", &["*.{}[]exam?ple"]),
            "\\*\\.\\{\\}\\[\\]exam\\?ple"
        );
        assert_eq!(
            c("reEscape", &["a\\b(c)|d^$+"]),
            "a\\\\b\\(c\\)\\|d\\^\\$\\+"
        );
        assert_eq!(c("reEscape", &["plain-text"]), "plain-text");
    }

    #[test]
    fn translation() {
        assert_eq!(
            super::translate("[[:alpha:]]+", false).ok().as_deref(),
            Some("[a-zA-Z]+")
        );
        assert_eq!(
            super::translate("a{b}", false).ok().as_deref(),
            Some("a\\{b\\}")
        );
        assert_eq!(
            super::translate("x{2,3}", false).ok().as_deref(),
            Some("x{2,3}")
        );
        assert_eq!(
            super::translate("[]a[]", false).ok().as_deref(),
            Some("[\\]a\\[]")
        );
        assert!(super::translate("[[:foo:]]", false).is_err());
        assert!(super::translate("[abc", false).is_err());
    }

    #[test]
    fn finding() {
        assert_eq!(c("reFind", &["[0-9]+", "abc123def"]), "4");
        assert_eq!(c("reFind", &["[0-9]+", "abc123def456", "7"]), "10");
        assert_eq!(c("reFind", &["x", "abc"]), "0");
        assert_eq!(c("reFindNoCase", &["B", "abc"]), "2");
        assert_eq!(
            c("reFind", &["[[:digit:]]", "a1b2", "1", "false", "all"]),
            "[2,4]"
        );
        assert_eq!(
            c("reFind", &["(a)(x)?(b)", "zab", "1", "true"]),
            "{pos:[2,2,0,3],len:[2,1,0,1],match:[ab,a,null,b]}"
        );
        assert_eq!(
            c("reFind", &["q", "zab", "1", "true"]),
            "{pos:[0],len:[0],match:[]}"
        );
        assert_eq!(c("reFind", &["é", "aébé", "3"]), "4");
        assert!(c("reFind", &["(", "abc"]).starts_with("ERR: The provided pattern [(] is invalid"));
        assert_eq!(c("reMatch", &["[0-9]+", "a1b22c333"]), "[1,22,333]");
        assert_eq!(c("reMatchNoCase", &["[a-z]+", "AB1cd"]), "[AB,cd]");
        assert_eq!(c("reFind", &["^b", "a\nb"]), "0");
        assert_eq!(
            c("reFind", &["^b", "a\nb", "1", "false", "one", "true"]),
            "3"
        );
        assert_eq!(c("reFind", &["a.b", "a\nb"]), "1");
        assert_eq!(c("reFind", &["c$", "abc\n"]), "3");
    }

    #[test]
    fn replacing() {
        assert_eq!(
            c("reReplace", &["xxabcxxabcxx", "abc", "def"]),
            "xxdefxxabcxx"
        );
        assert_eq!(
            c("reReplace", &["xxABCxxabcxx", "ABC", "def", "all"]),
            "xxdefxxabcxx"
        );
        assert_eq!(c("reReplace", &["CABARET", "C|B", "G", "ALL"]), "GAGARET");
        assert_eq!(c("reReplace", &["CABARET", "c|B", "G"]), "CAGARET");
        assert_eq!(
            c("reReplaceNoCase", &["CABARET", "c|b", "G", "all"]),
            "GAGARET"
        );
        assert_eq!(
            c("reReplace", &["John Smith", "(\\w+) (\\w+)", "\\2, \\1"]),
            "Smith, John"
        );
        assert_eq!(
            c("reReplace", &["hello world", "(\\w+)", "\\u\\1", "all"]),
            "Hello World"
        );
        assert_eq!(
            c("reReplace", &["hello world", "o w", "\\U&\\E!"]),
            "hell&!orld"
        );
        assert_eq!(
            c("reReplace", &["hello", "(ell)", "\\U\\1\\E-$1"]),
            "hELL-$1o"
        );
        assert_eq!(c("reReplace", &["baaac", "a*", "-", "all"]), "-b--c-");
        assert_eq!(
            c("reReplace", &["T8h3i53s 1i2s3", "[[:digit:]]", "", "ALL"]),
            "This is"
        );
        assert_eq!(
            c(
                "reReplace",
                &["hello john how are you:", "['[:space:]']+", "_", "ALL"]
            ),
            "hello_john_how_are_you:"
        );
        assert_eq!(c("reReplace", &["a.b", "\\.", "\\n"]), "a\\nb");
    }
}
