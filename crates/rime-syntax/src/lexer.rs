//! Lexical analysis.
//!
//! Two layers:
//! - byte scanners shared by both modes: quoted strings with `#expr#` interpolation
//!   ([`scan_string`]), the end of an interpolated expression ([`scan_hash`]), the end of a tag whose
//!   content is an expression ([`find_tag_end`]) and the `</cfscript>` that closes a script block
//!   ([`find_script_end`]);
//! - the script tokenizer ([`tokenize`]) that turns a byte range into [`Token`]s.
//!
//! Everything here is total: out-of-range reads yield `None`, slices use `str::get`, and every loop
//! advances at least one byte per iteration.

use crate::span::{Diagnostic, Span};

/// How deeply strings and `#...#` may nest inside each other before the scanners give up.
const MAX_SCAN_DEPTH: u32 = 64;

/// Punctuation and operator tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum P {
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Comma,
    Semi,
    Dot,
    /// `?.`
    QDot,
    Colon,
    ColonColon,
    Question,
    /// `?:`
    Elvis,
    Assign,
    EqEq,
    EqEqEq,
    NotEq,
    NotEqEq,
    LtGt,
    Lt,
    Lte,
    Gt,
    Gte,
    Plus,
    Minus,
    Star,
    Slash,
    Backslash,
    Percent,
    Caret,
    Amp,
    AndAnd,
    OrOr,
    Bang,
    PlusPlus,
    MinusMinus,
    PlusEq,
    MinusEq,
    StarEq,
    SlashEq,
    AmpEq,
    PercentEq,
    /// `=>`
    Arrow,
    Hash,
}

/// A piece of a quoted string: literal text (escapes resolved) or the byte range of a `#expr#`
/// (without the `#`s).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum StrSeg {
    Lit(String),
    Expr(usize, usize),
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    /// An identifier or keyword; its text is the token's source range.
    Ident,
    Num(f64),
    Str(Vec<StrSeg>),
    P(P),
    /// A tag island: template code between ```` ``` ```` fences inside script (Lucee 6); the
    /// token's range is the code between the fences.
    Island,
    Eof,
}

#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub tok: Tok,
    pub start: usize,
    pub end: usize,
    /// A line break separates this token from the previous one.
    pub nl_before: bool,
}

impl Token {
    pub fn span(&self) -> Span {
        Span::new(self.start, self.end)
    }
}

#[inline]
pub(crate) fn byte(b: &[u8], i: usize, limit: usize) -> Option<u8> {
    if i < limit {
        b.get(i).copied()
    } else {
        None
    }
}

pub(crate) fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c >= 0x80
}

pub(crate) fn is_ident_char(c: u8) -> bool {
    is_ident_start(c) || c.is_ascii_digit()
}

/// Case-insensitive ASCII prefix test at byte `i`.
pub(crate) fn starts_with_ci(b: &[u8], i: usize, limit: usize, pat: &str) -> bool {
    let p = pat.as_bytes();
    if i.checked_add(p.len()).is_none_or(|e| e > limit) {
        return false;
    }
    p.iter()
        .enumerate()
        .all(|(k, pc)| b.get(i + k).is_some_and(|c| c.eq_ignore_ascii_case(pc)))
}

/// The next char boundary strictly after `i` (for skipping one possibly multi-byte character).
pub(crate) fn next_char(src: &str, i: usize) -> usize {
    let mut j = i + 1;
    while j < src.len() && !src.is_char_boundary(j) {
        j += 1;
    }
    j
}

/// The result of scanning a quoted string.
pub(crate) struct StrScan {
    pub segs: Vec<StrSeg>,
    /// Just past the closing quote (or the limit when unterminated).
    pub end: usize,
    pub closed: bool,
    /// Position of a `#` that has no closing `#` (kept as a literal).
    pub bad_hash: Option<usize>,
}

fn push_lit(segs: &mut Vec<StrSeg>, s: &str) {
    if s.is_empty() {
        return;
    }
    if let Some(StrSeg::Lit(l)) = segs.last_mut() {
        l.push_str(s);
    } else {
        segs.push(StrSeg::Lit(s.to_string()));
    }
}

/// Scan a quoted string whose opening quote is at `pos`. The doubled quote is an escaped quote,
/// `##` a literal `#`, and `#expr#` an interpolated expression.
pub(crate) fn scan_string(src: &str, pos: usize, limit: usize, depth: u32) -> StrScan {
    let b = src.as_bytes();
    let q = byte(b, pos, limit).unwrap_or(b'"');
    let mut segs = Vec::new();
    let mut bad_hash = None;
    let mut i = pos + 1;
    let mut lit_start = i;
    loop {
        match byte(b, i, limit) {
            None => {
                push_lit(&mut segs, src.get(lit_start..i.min(limit)).unwrap_or(""));
                return StrScan {
                    segs,
                    end: i.min(limit).max(pos),
                    closed: false,
                    bad_hash,
                };
            }
            Some(c) if c == q => {
                if byte(b, i + 1, limit) == Some(q) {
                    push_lit(&mut segs, src.get(lit_start..i + 1).unwrap_or(""));
                    i += 2;
                    lit_start = i;
                } else {
                    push_lit(&mut segs, src.get(lit_start..i).unwrap_or(""));
                    return StrScan {
                        segs,
                        end: i + 1,
                        closed: true,
                        bad_hash,
                    };
                }
            }
            Some(b'#') => {
                if byte(b, i + 1, limit) == Some(b'#') {
                    push_lit(&mut segs, src.get(lit_start..i + 1).unwrap_or(""));
                    i += 2;
                    lit_start = i;
                } else {
                    match scan_hash(src, i + 1, limit, depth + 1, false) {
                        Some(close) => {
                            push_lit(&mut segs, src.get(lit_start..i).unwrap_or(""));
                            segs.push(StrSeg::Expr(i + 1, close));
                            i = close + 1;
                            lit_start = i;
                        }
                        None => {
                            bad_hash.get_or_insert(i);
                            i += 1;
                        }
                    }
                }
            }
            Some(_) => i += 1,
        }
    }
}

/// From `pos` (just after an opening `#`), find the closing `#` of an interpolated expression: the
/// first `#` that is not inside a nested string literal. With `stop_at_tags`, a `<cf`/`</cf` ends
/// the search unsuccessfully (template text).
pub(crate) fn scan_hash(
    src: &str,
    pos: usize,
    limit: usize,
    depth: u32,
    stop_at_tags: bool,
) -> Option<usize> {
    if depth > MAX_SCAN_DEPTH {
        return None;
    }
    let b = src.as_bytes();
    let mut i = pos;
    loop {
        match byte(b, i, limit)? {
            b'#' => return Some(i),
            b'"' | b'\'' => {
                let s = scan_string(src, i, limit, depth + 1);
                if !s.closed {
                    return None;
                }
                i = s.end;
            }
            b'<' if stop_at_tags
                && (starts_with_ci(b, i + 1, limit, "cf")
                    || starts_with_ci(b, i + 1, limit, "/cf")) =>
            {
                return None
            }
            _ => i += 1,
        }
    }
}

/// Where a tag whose content is an expression (`<cfset ...>`, `<cfif ...>`) ends.
pub(crate) struct TagEnd {
    /// End of the content (exclusive).
    pub content_end: usize,
    /// Just past the closing `>` (or where scanning stopped when unclosed).
    pub after: usize,
    pub closed: bool,
}

/// Scan from `pos` to the `>` that ends an expression tag: the first `>` (or `/>`) outside string
/// literals and brackets. `<>` and `=>` are operators, not the end. A `<cf`/`</cf` before any `>`
/// means the tag is unclosed.
pub(crate) fn find_tag_end(src: &str, pos: usize) -> TagEnd {
    let b = src.as_bytes();
    let limit = b.len();
    let mut depth: u32 = 0;
    let mut i = pos;
    loop {
        let Some(c) = byte(b, i, limit) else {
            return TagEnd {
                content_end: limit,
                after: limit,
                closed: false,
            };
        };
        match c {
            b'"' | b'\'' => {
                let s = scan_string(src, i, limit, 0);
                if !s.closed {
                    return TagEnd {
                        content_end: limit,
                        after: limit,
                        closed: false,
                    };
                }
                i = s.end;
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                i += 1;
            }
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            b'<' if byte(b, i + 1, limit) == Some(b'>') => i += 2,
            b'=' if byte(b, i + 1, limit) == Some(b'>') => i += 2,
            b'<' if starts_with_ci(b, i + 1, limit, "cf")
                || starts_with_ci(b, i + 1, limit, "/cf")
                || starts_with_ci(b, i + 1, limit, "!---") =>
            {
                return TagEnd {
                    content_end: i,
                    after: i,
                    closed: false,
                };
            }
            b'/' if depth == 0 && byte(b, i + 1, limit) == Some(b'>') => {
                return TagEnd {
                    content_end: i,
                    after: i + 2,
                    closed: true,
                };
            }
            b'>' if depth == 0 => {
                return TagEnd {
                    content_end: i,
                    after: i + 1,
                    closed: true,
                };
            }
            _ => i += 1,
        }
    }
}

/// The end of a tag with attributes (`<cfloop ...>`): the first `>` outside quotes. Returns the
/// position just past it and whether it was `/>`. Used for look-ahead only.
pub(crate) fn find_attr_tag_end(src: &str, pos: usize) -> Option<(usize, bool)> {
    let b = src.as_bytes();
    let limit = b.len();
    let mut i = pos;
    loop {
        match byte(b, i, limit)? {
            q @ (b'"' | b'\'') => {
                // Attribute values: skip to the matching quote (doubled quotes stay inside).
                let mut j = i + 1;
                loop {
                    match byte(b, j, limit)? {
                        c if c == q => {
                            if byte(b, j + 1, limit) == Some(q) {
                                j += 2;
                            } else {
                                break;
                            }
                        }
                        _ => j += 1,
                    }
                }
                i = j + 1;
            }
            b'/' if byte(b, i + 1, limit) == Some(b'>') => return Some((i + 2, true)),
            b'>' => return Some((i + 1, false)),
            _ => i += 1,
        }
    }
}

/// Find the `</cfscript>` closing a script block whose content starts at `pos`, outside string
/// literals and comments. Returns (content end, position after the close tag). Falls back to the
/// first `</cfscript>` anywhere when the script is broken (unterminated string or comment).
pub(crate) fn find_script_end(src: &str, pos: usize) -> Option<(usize, usize)> {
    let b = src.as_bytes();
    let limit = b.len();
    let close_at = |i: usize| -> Option<usize> {
        if !starts_with_ci(b, i, limit, "</cfscript") {
            return None;
        }
        let mut j = i + "</cfscript".len();
        while matches!(byte(b, j, limit), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            j += 1;
        }
        if byte(b, j, limit) == Some(b'>') {
            Some(j + 1)
        } else {
            None
        }
    };
    let fallback = || -> Option<(usize, usize)> {
        let mut i = pos;
        while i < limit {
            if byte(b, i, limit) == Some(b'<') {
                if let Some(after) = close_at(i) {
                    return Some((i, after));
                }
            }
            i += 1;
        }
        None
    };
    let mut i = pos;
    loop {
        let Some(c) = byte(b, i, limit) else {
            return fallback();
        };
        match c {
            b'"' | b'\'' => {
                let s = scan_string(src, i, limit, 0);
                if !s.closed {
                    return fallback();
                }
                i = s.end;
            }
            b'/' if byte(b, i + 1, limit) == Some(b'/') => {
                while let Some(c) = byte(b, i, limit) {
                    if c == b'\n' || c == b'\r' {
                        break;
                    }
                    i += 1;
                }
            }
            b'/' if byte(b, i + 1, limit) == Some(b'*') => {
                let mut j = i + 2;
                loop {
                    match byte(b, j, limit) {
                        None => return fallback(),
                        Some(b'*') if byte(b, j + 1, limit) == Some(b'/') => {
                            j += 2;
                            break;
                        }
                        _ => j += 1,
                    }
                }
                i = j;
            }
            b'<' if starts_with_ci(b, i, limit, "<!---") => match skip_tag_comment(b, i, limit) {
                Some(after) => i = after,
                None => return fallback(),
            },
            b'<' => {
                if let Some(after) = close_at(i) {
                    return Some((i, after));
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
}

/// The position after the `--->` closing the (nested) `<!---` comment that opens at `i`, or
/// None when it is not closed before `end`.
pub(crate) fn skip_tag_comment(b: &[u8], i: usize, end: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut j = i;
    while j < end {
        if starts_with_ci(b, j, end, "<!---") {
            depth += 1;
            j += 5;
        } else if starts_with_ci(b, j, end, "--->") {
            depth = depth.saturating_sub(1);
            j += 4;
            if depth == 0 {
                return Some(j);
            }
        } else {
            j += 1;
        }
    }
    None
}

/// Tokenize the script source in `[start, end)`. Lexical errors are pushed to `diags`; the token
/// list always ends with an `Eof` token at `end`.
pub(crate) fn tokenize(
    src: &str,
    start: usize,
    end: usize,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Token> {
    let end = end.min(src.len());
    let start = start.min(end);
    let b = src.as_bytes();
    let mut toks: Vec<Token> = Vec::new();
    let mut i = start;
    let mut nl = false;
    let mut bad: Option<usize> = None;
    let flush_bad = |bad: &mut Option<usize>, i: usize, diags: &mut Vec<Diagnostic>| {
        if let Some(s) = bad.take() {
            diags.push(Diagnostic::new(
                format!(
                    "unexpected character `{}`",
                    src.get(s..i).unwrap_or("?").trim()
                ),
                Span::new(s, i),
            ));
        }
    };
    while let Some(c) = byte(b, i, end) {
        // Whitespace and comments.
        match c {
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                flush_bad(&mut bad, i, diags);
                i += 1;
                continue;
            }
            b'\n' => {
                flush_bad(&mut bad, i, diags);
                nl = true;
                i += 1;
                continue;
            }
            b'/' if byte(b, i + 1, end) == Some(b'/') => {
                flush_bad(&mut bad, i, diags);
                // A line ends at `\n` or at a lone `\r` (files saved with old Mac line ends).
                while let Some(c) = byte(b, i, end) {
                    if c == b'\n' || c == b'\r' {
                        break;
                    }
                    i += 1;
                }
                continue;
            }
            b'`' if src.get(i..i + 3) == Some("```") => {
                flush_bad(&mut bad, i, diags);
                let body = i + 3;
                match src.get(body..end).and_then(|r| r.find("```")) {
                    Some(len) => {
                        toks.push(Token {
                            tok: Tok::Island,
                            start: body,
                            end: body + len,
                            nl_before: nl,
                        });
                        nl = false;
                        i = body + len + 3;
                    }
                    None => {
                        diags.push(Diagnostic::new(
                            "unterminated tag island: missing the closing ```",
                            Span::new(i, body),
                        ));
                        i = end;
                    }
                }
                continue;
            }
            b'<' if starts_with_ci(b, i, end, "<!---") => {
                // A tag comment inside script (Lucee allows it); they nest, as in tags.
                flush_bad(&mut bad, i, diags);
                match skip_tag_comment(b, i, end) {
                    Some(after) => {
                        nl |= b[i..after].contains(&b'\n');
                        i = after;
                    }
                    None => {
                        diags.push(Diagnostic::new(
                            "unterminated comment `<!---`",
                            Span::new(i, (i + 5).min(end)),
                        ));
                        i = end;
                    }
                }
                continue;
            }
            b'/' if byte(b, i + 1, end) == Some(b'*') => {
                flush_bad(&mut bad, i, diags);
                let s = i;
                i += 2;
                loop {
                    match byte(b, i, end) {
                        None => {
                            diags.push(Diagnostic::new(
                                "unterminated comment",
                                Span::new(s, (s + 2).min(end)),
                            ));
                            break;
                        }
                        Some(b'*') if byte(b, i + 1, end) == Some(b'/') => {
                            i += 2;
                            break;
                        }
                        Some(b'\n') => {
                            nl = true;
                            i += 1;
                        }
                        _ => i += 1,
                    }
                }
                continue;
            }
            _ => {}
        }
        let s = i;
        let prev = toks.last().map(|t| &t.tok);
        let after_dot = matches!(prev, Some(Tok::P(P::Dot | P::QDot | P::ColonColon)));
        let prev_operand = matches!(
            prev,
            Some(Tok::Ident | Tok::Num(_) | Tok::Str(_) | Tok::P(P::RParen | P::RBracket))
        );
        let next = byte(b, i + 1, end);
        // After `.`, a member name may start with a digit (`a.5`).
        let tok = if (after_dot && is_ident_char(c)) || is_ident_start(c) {
            while byte(b, i, end).is_some_and(is_ident_char) {
                i += 1;
            }
            Tok::Ident
        } else if c.is_ascii_digit()
            || (c == b'.' && !prev_operand && next.is_some_and(|n| n.is_ascii_digit()))
        {
            while byte(b, i, end).is_some_and(|c| c.is_ascii_digit()) {
                i += 1;
            }
            if byte(b, i, end) == Some(b'.')
                && byte(b, i + 1, end).is_some_and(|c| c.is_ascii_digit())
            {
                i += 1;
                while byte(b, i, end).is_some_and(|c| c.is_ascii_digit()) {
                    i += 1;
                }
            } else if c != b'.'
                && byte(b, i, end) == Some(b'.')
                && !byte(b, i + 1, end).is_some_and(|c| is_ident_char(c) || c == b'.')
            {
                // `235.` is a number (Lucee); `5.x` stays a member access.
                i += 1;
            }
            if matches!(byte(b, i, end), Some(b'e' | b'E')) {
                let mut j = i + 1;
                if matches!(byte(b, j, end), Some(b'+' | b'-')) {
                    j += 1;
                }
                if byte(b, j, end).is_some_and(|c| c.is_ascii_digit()) {
                    i = j;
                    while byte(b, i, end).is_some_and(|c| c.is_ascii_digit()) {
                        i += 1;
                    }
                }
            }
            let text = src.get(s..i).unwrap_or("0");
            let parsed = if text.starts_with('.') {
                format!("0{text}").parse::<f64>()
            } else {
                text.parse::<f64>()
            };
            match parsed {
                Ok(n) => Tok::Num(n),
                Err(_) => {
                    diags.push(Diagnostic::new("invalid number", Span::new(s, i)));
                    Tok::Num(0.0)
                }
            }
        } else if c == b'"' || c == b'\'' {
            let sc = scan_string(src, i, end, 0);
            if !sc.closed {
                diags.push(Diagnostic::new(
                    "unterminated string literal",
                    Span::new(s, s + 1),
                ));
            }
            if let Some(h) = sc.bad_hash {
                diags.push(Diagnostic::new(
                    "missing closing `#` in string",
                    Span::new(h, h + 1),
                ));
            }
            i = sc.end.max(i + 1);
            Tok::Str(sc.segs)
        } else {
            let n2 = byte(b, i + 2, end);
            let (p, len) = match (c, next, n2) {
                (b'(', _, _) => (P::LParen, 1),
                (b')', _, _) => (P::RParen, 1),
                (b'[', _, _) => (P::LBracket, 1),
                (b']', _, _) => (P::RBracket, 1),
                (b'{', _, _) => (P::LBrace, 1),
                (b'}', _, _) => (P::RBrace, 1),
                (b',', _, _) => (P::Comma, 1),
                (b';', _, _) => (P::Semi, 1),
                (b'.', _, _) => (P::Dot, 1),
                (b'?', Some(b'.'), n) if !n.is_some_and(|n| n.is_ascii_digit()) => (P::QDot, 2),
                (b'?', Some(b':'), _) => (P::Elvis, 2),
                (b'?', _, _) => (P::Question, 1),
                (b':', Some(b':'), _) => (P::ColonColon, 2),
                (b':', _, _) => (P::Colon, 1),
                (b'=', Some(b'='), Some(b'=')) => (P::EqEqEq, 3),
                (b'=', Some(b'='), _) => (P::EqEq, 2),
                (b'=', Some(b'>'), _) => (P::Arrow, 2),
                (b'=', _, _) => (P::Assign, 1),
                (b'!', Some(b'='), Some(b'=')) => (P::NotEqEq, 3),
                (b'!', Some(b'='), _) => (P::NotEq, 2),
                (b'!', _, _) => (P::Bang, 1),
                (b'<', Some(b'>'), _) => (P::LtGt, 2),
                (b'<', Some(b'='), _) => (P::Lte, 2),
                (b'<', _, _) => (P::Lt, 1),
                (b'>', Some(b'='), _) => (P::Gte, 2),
                (b'>', _, _) => (P::Gt, 1),
                (b'+', Some(b'+'), _) => (P::PlusPlus, 2),
                (b'+', Some(b'='), _) => (P::PlusEq, 2),
                (b'+', _, _) => (P::Plus, 1),
                (b'-', Some(b'-'), _) => (P::MinusMinus, 2),
                (b'-', Some(b'='), _) => (P::MinusEq, 2),
                (b'-', _, _) => (P::Minus, 1),
                (b'*', Some(b'='), _) => (P::StarEq, 2),
                (b'*', _, _) => (P::Star, 1),
                (b'/', Some(b'='), _) => (P::SlashEq, 2),
                (b'/', _, _) => (P::Slash, 1),
                (b'%', Some(b'='), _) => (P::PercentEq, 2),
                (b'%', _, _) => (P::Percent, 1),
                (b'&', Some(b'&'), _) => (P::AndAnd, 2),
                (b'&', Some(b'='), _) => (P::AmpEq, 2),
                (b'&', _, _) => (P::Amp, 1),
                (b'|', Some(b'|'), _) => (P::OrOr, 2),
                (b'\\', _, _) => (P::Backslash, 1),
                (b'^', _, _) => (P::Caret, 1),
                (b'#', _, _) => (P::Hash, 1),
                _ => {
                    bad.get_or_insert(i);
                    i = next_char(src, i);
                    continue;
                }
            };
            i += len;
            Tok::P(p)
        };
        flush_bad(&mut bad, s, diags);
        toks.push(Token {
            tok,
            start: s,
            end: i,
            nl_before: nl,
        });
        nl = false;
    }
    flush_bad(&mut bad, end, diags);
    toks.push(Token {
        tok: Tok::Eof,
        start: end,
        end,
        nl_before: nl,
    });
    toks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<Tok> {
        let mut d = Vec::new();
        tokenize(src, 0, src.len(), &mut d)
            .into_iter()
            .map(|t| t.tok)
            .collect()
    }

    #[test]
    fn numbers_and_members() {
        assert_eq!(
            kinds("a.5 + .5 1e3"),
            vec![
                Tok::Ident,
                Tok::P(P::Dot),
                Tok::Ident,
                Tok::P(P::Plus),
                Tok::Num(0.5),
                Tok::Num(1000.0),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn strings_interpolate() {
        let src = r#""a#b#c##""d""#;
        let k = kinds(src);
        assert_eq!(
            k[0],
            Tok::Str(vec![
                StrSeg::Lit("a".into()),
                StrSeg::Expr(3, 4),
                StrSeg::Lit("c#\"d".into())
            ])
        );
    }

    #[test]
    fn nested_string_in_hash() {
        let src = r##""x#f("#y#")#z""##;
        let k = kinds(src);
        assert_eq!(
            k[0],
            Tok::Str(vec![
                StrSeg::Lit("x".into()),
                StrSeg::Expr(3, 11),
                StrSeg::Lit("z".into())
            ])
        );
    }

    #[test]
    fn tag_end() {
        let src = "a GT (b > c) and \"x>\" />rest";
        let e = find_tag_end(src, 0);
        assert!(e.closed);
        assert_eq!(src.get(..e.content_end), Some("a GT (b > c) and \"x>\" "));
        assert_eq!(src.get(e.after..), Some("rest"));
    }

    #[test]
    fn script_end() {
        let src = "x = '</cfscript>'; // c\n/* </cfscript> */ y=1;</CFSCRIPT >z";
        let (c, a) = find_script_end(src, 0).unwrap_or((0, 0));
        assert_eq!(
            src.get(..c),
            Some("x = '</cfscript>'; // c\n/* </cfscript> */ y=1;")
        );
        assert_eq!(src.get(a..), Some("z"));
    }
}
