//! Context-specific output encoders modelled on OWASP ESAPI (Lucee's `encodeFor*` functions):
//! HTML, HTML attribute, JavaScript and URL, with optional canonicalization of the input.

use super::entities;
use super::format::url_decode_str;
use rime_runtime::{Args, CfResult, Ctx, Value};
use std::borrow::Cow;

/// Decode HTML entities (`&name;`, `&#nn;`, `&#xhh;`, semicolon optional), percent escapes and
/// JavaScript escapes until the text stops changing.
pub(crate) fn canonicalize(s: &str) -> CfResult<String> {
    let mut cur = s.to_string();
    for _ in 0..10 {
        let mut next = decode_entities(&cur);
        if next.contains('%') {
            next = url_decode_str(&next.replace('+', "%2B"), "utf-8")?;
        }
        next = decode_js(&next);
        if next == cur {
            break;
        }
        cur = next;
    }
    Ok(cur)
}

/// `decodeForHTML(string [, canonicalize])` (ESAPI, as Lucee): the text an HTML encoding stands
/// for (`&lt;b&gt;` is `<b>`).
pub(crate) fn decode_for_html(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let s = a.str(0)?;
    if a.bool_or(1, false)? {
        return canonicalize(&s).map(Value::from);
    }
    Ok(Value::from(decode_entities(&s)))
}

/// `decodeFromURL(string [, canonicalize])` (ESAPI): `%XX` escapes and `+` decoded, as UTF-8.
pub(crate) fn decode_from_url(_: &mut dyn Ctx, a: &Args) -> CfResult<Value> {
    let s = a.str(0)?;
    if a.bool_or(1, false)? {
        return canonicalize(&s).map(Value::from);
    }
    url_decode_str(&s, "utf-8").map(Value::from)
}

fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let (decoded, used) = decode_one_entity(after);
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &after[used..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// One entity after the `&`: the char and the bytes consumed (including an optional `;`).
fn decode_one_entity(s: &str) -> (Option<char>, usize) {
    let b = s.as_bytes();
    if b.first() == Some(&b'#') {
        let (radix, start) = if matches!(b.get(1), Some(b'x') | Some(b'X')) {
            (16, 2)
        } else {
            (10, 1)
        };
        let digits = b
            .iter()
            .skip(start)
            .take_while(|c| {
                if radix == 16 {
                    c.is_ascii_hexdigit()
                } else {
                    c.is_ascii_digit()
                }
            })
            .count();
        if digits == 0 {
            return (None, 0);
        }
        let end = start + digits;
        let c = s
            .get(start..end)
            .and_then(|d| u32::from_str_radix(d, radix).ok())
            .and_then(char::from_u32);
        let used = if b.get(end) == Some(&b';') {
            end + 1
        } else {
            end
        };
        return (c, if c.is_some() { used } else { 0 });
    }
    let name_len = b.iter().take_while(|c| c.is_ascii_alphanumeric()).count();
    // the longest known entity name that prefixes the text
    for l in (2..=name_len).rev() {
        if let Some(c) = s.get(..l).and_then(entities::lookup) {
            let used = if b.get(l) == Some(&b';') { l + 1 } else { l };
            return (Some(c), used);
        }
    }
    (None, 0)
}

fn decode_js(s: &str) -> String {
    if !s.contains('\\') {
        return s.to_string();
    }
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' {
            let hex = |from: usize, n: usize| -> Option<u32> {
                let t: String = chars.get(from..from + n)?.iter().collect();
                if t.chars().all(|h| h.is_ascii_hexdigit()) {
                    u32::from_str_radix(&t, 16).ok()
                } else {
                    None
                }
            };
            match chars.get(i + 1) {
                Some('x') => {
                    if let Some(c) = hex(i + 2, 2).and_then(char::from_u32) {
                        out.push(c);
                        i += 4;
                        continue;
                    }
                }
                Some('u') => {
                    if let Some(u) = hex(i + 2, 4) {
                        // surrogate pairs arrive as two escapes
                        if (0xD800..0xDC00).contains(&u)
                            && chars.get(i + 6) == Some(&'\\')
                            && chars.get(i + 7) == Some(&'u')
                        {
                            if let Some(lo) = hex(i + 8, 4) {
                                if let Some(c) = char::decode_utf16([u as u16, lo as u16])
                                    .next()
                                    .and_then(Result::ok)
                                {
                                    out.push(c);
                                    i += 12;
                                    continue;
                                }
                            }
                        }
                        if let Some(c) = char::from_u32(u) {
                            out.push(c);
                            i += 6;
                            continue;
                        }
                    }
                }
                _ => {}
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

fn input(args: &Args) -> CfResult<Cow<'_, str>> {
    let s = args.str(0)?;
    if args.bool_or(1, false)? {
        canonicalize(&s).map(Cow::Owned)
    } else {
        Ok(s)
    }
}

/// Append `v` in hexadecimal, at least `width` digits (`upper`: A-F).
fn push_hex(out: &mut String, v: u32, width: usize, upper: bool) {
    let digits: &[u8; 16] = if upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    let mut buf = [b'0'; 8];
    let mut at = buf.len();
    let mut n = v;
    while n > 0 || at == buf.len() {
        at -= 1;
        buf[at] = digits[(n & 15) as usize];
        n >>= 4;
    }
    at = at.min(buf.len().saturating_sub(width));
    out.extend(buf[at..].iter().map(|&b| b as char));
}

fn html_encode(s: &str, immune: &[char]) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 4);
    // ASCII letters, digits and the immune characters pass through; runs of them are copied
    // whole.
    let passes = |b: u8| b.is_ascii_alphanumeric() || immune.iter().any(|&c| c as u32 == b as u32);
    let mut rest = s;
    loop {
        let run = rest.bytes().take_while(|&b| passes(b)).count();
        out.push_str(&rest[..run]);
        rest = &rest[run..];
        let Some(c) = rest.chars().next() else {
            break;
        };
        rest = &rest[c.len_utf8()..];
        let cp = c as u32;
        if (cp <= 0x1f && c != '\t' && c != '\n' && c != '\r') || (0x7f..=0x9f).contains(&cp) {
            out.push_str("&#xfffd;");
        } else if let Some(name) = entities::any(c) {
            out.push('&');
            out.push_str(name);
            out.push(';');
        } else {
            out.push_str("&#x");
            push_hex(&mut out, cp, 1, false);
            out.push(';');
        }
    }
    out
}

pub(crate) fn encode_for_html(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(html_encode(
        &input(args)?,
        &[',', '.', '-', '_', ' '],
    )))
}

pub(crate) fn encode_for_html_attribute(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    Ok(Value::from(html_encode(
        &input(args)?,
        &[',', '.', '-', '_'],
    )))
}

pub(crate) fn encode_for_javascript(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = input(args)?;
    let mut out = String::with_capacity(s.len() * 2);
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, ',' | '.' | '_') {
            out.push(c);
        } else if (c as u32) < 256 {
            out.push_str("\\x");
            push_hex(&mut out, c as u32, 2, true);
        } else {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str("\\u");
                push_hex(&mut out, u32::from(*u), 4, true);
            }
        }
    }
    Ok(Value::from(out))
}

pub(crate) fn encode_for_url(_: &mut dyn Ctx, args: &Args) -> CfResult<Value> {
    let s = input(args)?;
    let mut out = String::with_capacity(s.len() * 3 / 2);
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '*' | '_') {
            out.push(c);
        } else if c == ' ' {
            out.push('+');
        } else {
            let mut b = [0u8; 4];
            for byte in c.encode_utf8(&mut b).bytes() {
                out.push('%');
                push_hex(&mut out, byte as u32, 2, true);
            }
        }
    }
    Ok(Value::from(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoders() {
        assert_eq!(
            html_encode("<test> a'b/é", &[',', '.', '-', '_', ' ']),
            "&lt;test&gt; a&#x27;b&#x2f;&eacute;"
        );
        assert_eq!(canonicalize("&lt;tag&gt;").ok().as_deref(), Some("<tag>"));
        assert_eq!(canonicalize("%253C").ok().as_deref(), Some("<"));
        assert_eq!(decode_js("foo\\x28\\u0029"), "foo()");
    }
}
