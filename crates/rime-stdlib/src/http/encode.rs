//! URL and form encoding, header values, content types, MIME sniffing and charsets.

use super::*;

pub(super) fn push_pct(out: &mut String, b: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(HEX[(b >> 4) as usize] as char);
    out.push(HEX[(b & 15) as usize] as char);
}

/// Percent-encode everything but unreserved characters (userinfo of a proxy URL).
pub(super) fn pct_all(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            push_pct(&mut out, b);
        }
    }
    out
}

/// Form encoding as Java's `URLEncoder`: alphanumerics and `.-*_` stay, space is `+`, the rest is
/// `%XX` of the bytes in `cs`.
pub(super) fn form_encode(s: &str, cs: Charset) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for b in conversion::encode(s, cs) {
        if b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'*' | b'_') {
            out.push(b as char);
        } else if b == b' ' {
            out.push('+');
        } else {
            push_pct(&mut out, b);
        }
    }
    out
}

/// Whether a value is already in encoded form (only unreserved characters, `+` and valid `%XX`
/// escapes), so that encoding "when needed" leaves it alone.
pub(super) fn looks_encoded(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' {
            let ok = b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
            if !ok {
                return false;
            }
            i += 3;
            continue;
        }
        if !(c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~' | b'*' | b'+')) {
            return false;
        }
        i += 1;
    }
    true
}

pub(super) fn encode_param(s: &str, mode: Encode, cs: Charset) -> String {
    match mode {
        Encode::Never => s.to_string(),
        Encode::Auto if looks_encoded(s) => s.to_string(),
        _ => form_encode(s, cs),
    }
}

/// Percent-encode what may not stand in a URL (spaces, non-ASCII, quotes...) and lone `%`s,
/// leaving reserved characters and valid escapes alone.
pub(super) fn encode_url_chars(url: &str) -> String {
    let b = url.as_bytes();
    let mut out = String::with_capacity(url.len() + 8);
    for (i, &c) in b.iter().enumerate() {
        let keep = c.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=".contains(&c);
        if c == b'%' {
            let ok = b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
            if ok {
                out.push('%');
            } else {
                out.push_str("%25");
            }
        } else if keep {
            out.push(c as char);
        } else {
            push_pct(&mut out, c);
        }
    }
    out
}

/// A header value as Lucee sends it: trimmed, line breaks turned into spaces.
pub(super) fn header_value(v: &str) -> String {
    v.trim().replace(['\r', '\n'], " ")
}

/// Text of a param's value (binary values as their bytes decoded in the request charset).
pub(super) fn param_text(p: &HttpParam, cs: Charset) -> CfResult<String> {
    match &p.value {
        Value::Binary(b) => Ok(conversion::decode(b, cs)),
        v => Ok(v.to_str()?.into_owned()),
    }
}

/// Split `type/subtype; charset=x` into the type and the charset.
pub(super) fn split_content_type(ct: &str) -> (String, Option<String>) {
    let mut parts = ct.split(';');
    let mime = parts.next().unwrap_or_default().trim().to_string();
    let charset = parts.find_map(|p| {
        let (k, v) = p.split_once('=')?;
        k.trim()
            .eq_ignore_ascii_case("charset")
            .then(|| v.trim().trim_matches('"').to_string())
            .filter(|v| !v.is_empty())
    });
    (mime, charset)
}

pub(super) fn is_text_mime(ct: &str) -> bool {
    let mt = split_content_type(ct).0.to_ascii_lowercase();
    mt.starts_with("text/")
        || mt.ends_with("+xml")
        || mt.ends_with("+json")
        || mt.contains("xml")
        || mt.contains("json")
        || mt.contains("javascript")
        || mt.contains("ecmascript")
        || mt == "application/x-www-form-urlencoded"
        || mt.contains("csv")
        || mt == "message/http"
}

/// What a body with no `Content-Type` is: known binary signatures, else text when it is UTF-8.
pub(super) fn sniff_mime(body: &[u8]) -> Option<&'static str> {
    if body.is_empty() {
        return None;
    }
    let starts = |sig: &[u8]| body.starts_with(sig);
    Some(if starts(b"%PDF-") {
        "application/pdf"
    } else if starts(b"\x89PNG\r\n\x1a\n") {
        "image/png"
    } else if starts(b"\xff\xd8\xff") {
        "image/jpeg"
    } else if starts(b"GIF87a") || starts(b"GIF89a") {
        "image/gif"
    } else if starts(b"PK\x03\x04") {
        "application/zip"
    } else if starts(b"\x1f\x8b") {
        "application/gzip"
    } else if std::str::from_utf8(body).is_ok()
        && !body
            .iter()
            .any(|&c| c < 0x09 || (c > 0x0d && c < 0x20 && c != 0x1b))
    {
        let head = String::from_utf8_lossy(&body[..body.len().min(256)]).to_ascii_lowercase();
        let head = head.trim_start();
        if head.starts_with("<?xml") {
            "application/xml"
        } else if head.starts_with("<!doctype html") || head.starts_with("<html") {
            "text/html"
        } else {
            "text/plain"
        }
    } else {
        "application/octet-stream"
    })
}

pub(super) fn charset_or_utf8(name: Option<&str>, fallback: Charset) -> Charset {
    match name {
        Some(n) => conversion::charset(n).unwrap_or(Charset::Utf8),
        None => fallback,
    }
}

// ---------------------------------------------------------------------------------------------
// URLs
