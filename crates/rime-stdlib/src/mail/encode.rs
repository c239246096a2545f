//! Text encodings a mail message needs: CRLF line ends, `wraptext`, quoted-printable and base64
//! bodies, RFC 2047 encoded-words for non-ASCII header text, RFC 2231 parameters for file
//! names, and folding of long header lines.

use crate::conversion::{self, Charset};
use base64::Engine;

/// Longest header line before it is folded (RFC 5322 recommends 78).
const FOLD_AT: usize = 78;
/// Longest line of a quoted-printable or base64 body (RFC 2045).
const BODY_LINE: usize = 76;
/// Longest line a 7bit body may have (RFC 5322: 998 characters plus CRLF).
const MAX_7BIT_LINE: usize = 998;
/// Bytes of text per encoded-word: 45 bytes are 60 base64 characters, which with
/// `=?UTF-8?B?` and `?=` stays under the 75-character limit of RFC 2047.
const WORD_BYTES: usize = 45;

/// Every line break (`\r\n`, `\r`, `\n`) as CRLF, as SMTP and MIME require.
pub(crate) fn crlf(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 32);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str("\r\n");
            }
            '\n' => out.push_str("\r\n"),
            c => out.push(c),
        }
    }
    out
}

/// `wraptext`: lines longer than `width` characters break at the last space or tab before
/// `width` (which the break replaces), or at `width` when there is none, as Lucee does.
pub(crate) fn wrap_text(text: &str, width: usize) -> String {
    if width == 0 {
        return text.to_string();
    }
    let lines: Vec<String> = text
        .split('\n')
        .map(|l| match l.strip_suffix('\r') {
            Some(l) => wrap_line(l, width) + "\r",
            None => wrap_line(l, width),
        })
        .collect();
    lines.join("\n")
}

fn wrap_line(line: &str, width: usize) -> String {
    let mut out = String::new();
    let mut rest: Vec<char> = line.chars().collect();
    while rest.len() > width {
        let head = &rest[..width];
        if matches!(rest.get(width), Some(' ' | '\t')) {
            out.extend(head.iter());
            out.push('\n');
            rest.drain(..=width);
            continue;
        }
        match head.iter().rposition(|c| *c == ' ' || *c == '\t') {
            Some(i) => {
                out.extend(rest[..i].iter());
                out.push('\n');
                rest.drain(..=i);
            }
            None => {
                out.extend(head.iter());
                out.push('\n');
                rest.drain(..width);
            }
        }
    }
    out.extend(rest.iter());
    out
}

/// Whether CRLF text can travel as `7bit`: ASCII without NUL and no line past 998 bytes.
pub(crate) fn is_7bit(bytes: &[u8]) -> bool {
    bytes.iter().all(|b| *b != 0 && *b < 128)
        && bytes
            .split(|b| *b == b'\n')
            .all(|l| l.len() <= MAX_7BIT_LINE + 1)
}

/// Quoted-printable (RFC 2045 6.7) of text whose line breaks are CRLF: hard breaks stay, long
/// lines get soft breaks, and a space or tab before a break is encoded.
pub(crate) fn quoted_printable(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + bytes.len() / 8);
    let lines: Vec<&[u8]> = split_crlf(bytes);
    for (n, line) in lines.iter().enumerate() {
        if n > 0 {
            out.push_str("\r\n");
        }
        let mut len = 0;
        for (i, &b) in line.iter().enumerate() {
            let last = i + 1 == line.len();
            let literal =
                ((b == b' ' || b == b'\t') && !last) || ((33..=126).contains(&b) && b != b'=');
            let token = if literal {
                (b as char).to_string()
            } else {
                format!("={b:02X}")
            };
            // Leave room for the `=` of a soft break unless this token ends the line.
            let room = if last { BODY_LINE } else { BODY_LINE - 1 };
            if len + token.len() > room {
                out.push_str("=\r\n");
                len = 0;
            }
            len += token.len();
            out.push_str(&token);
        }
    }
    out
}

/// Lines of CRLF text (a bare LF also ends a line).
fn split_crlf(bytes: &[u8]) -> Vec<&[u8]> {
    bytes
        .split(|b| *b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .collect()
}

/// Base64 in lines of 76 characters, each ended by CRLF.
pub(crate) fn base64_lines(bytes: &[u8]) -> String {
    let all = base64::engine::general_purpose::STANDARD.encode(bytes);
    let mut out = String::with_capacity(all.len() + all.len() / BODY_LINE * 2 + 2);
    for chunk in all.as_bytes().chunks(BODY_LINE) {
        out.push_str(&String::from_utf8_lossy(chunk));
        out.push_str("\r\n");
    }
    out
}

/// The charset header text is encoded in: the message's, except UTF-16 (no mail reader expects
/// it in a header), which becomes UTF-8.
pub(crate) fn header_charset(cs: Charset, label: &str) -> (Charset, &str) {
    match cs {
        Charset::Utf16 | Charset::Utf16Be | Charset::Utf16Le => (Charset::Utf8, "UTF-8"),
        _ => (cs, label),
    }
}

/// RFC 2047 `B` encoded-words for `text`, each under 76 characters; adjacent words are joined
/// with a space, which readers drop when decoding.
pub(crate) fn encoded_words(text: &str, cs: Charset, label: &str) -> String {
    let (cs, label) = header_charset(cs, label);
    let mut words = Vec::new();
    let mut chunk = String::new();
    let mut chunk_bytes = 0;
    for c in text.chars() {
        let n = conversion::encode(c.encode_utf8(&mut [0; 4]), cs).len();
        if chunk_bytes + n > WORD_BYTES && !chunk.is_empty() {
            words.push(word(&chunk, cs, label));
            chunk.clear();
            chunk_bytes = 0;
        }
        chunk.push(c);
        chunk_bytes += n;
    }
    if !chunk.is_empty() || words.is_empty() {
        words.push(word(&chunk, cs, label));
    }
    words.join(" ")
}

fn word(text: &str, cs: Charset, label: &str) -> String {
    let b64 = base64::engine::general_purpose::STANDARD.encode(conversion::encode(text, cs));
    format!("=?{label}?B?{b64}?=")
}

/// Header text that is not an address or parameter (`Subject`, custom headers): as it is when
/// printable ASCII, else encoded-words.
pub(crate) fn unstructured(text: &str, cs: Charset, label: &str) -> String {
    if text.chars().all(|c| (' '..='~').contains(&c) || c == '\t') {
        text.to_string()
    } else {
        encoded_words(text, cs, label)
    }
}

/// A MIME parameter (`filename`, `name`): a quoted string for ASCII, RFC 2231 `name*=UTF-8''...`
/// (percent-encoded) otherwise.
pub(crate) fn param(name: &str, value: &str) -> String {
    if value.chars().all(|c| (' '..='~').contains(&c)) {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        return format!("{name}=\"{escaped}\"");
    }
    let mut enc = String::new();
    for b in value.as_bytes() {
        if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(b) {
            enc.push(*b as char);
        } else {
            enc.push_str(&format!("%{b:02X}"));
        }
    }
    format!("{name}*=UTF-8''{enc}")
}

/// `Name: value` as one header, folded before spaces so no line passes 78 characters when the
/// value has spaces to fold at. The result has no final CRLF.
pub(crate) fn fold(name: &str, value: &str) -> String {
    let line = format!("{name}: {value}");
    if line.len() <= FOLD_AT {
        return line;
    }
    let mut out = String::with_capacity(line.len() + 16);
    let mut current = 0;
    for (i, piece) in line.split(' ').enumerate() {
        if i == 0 {
            out.push_str(piece);
            current = piece.len();
            continue;
        }
        if current + 1 + piece.len() > FOLD_AT && current > name.len() + 1 && !piece.is_empty() {
            out.push_str("\r\n ");
            current = 1;
        } else {
            out.push(' ');
            current += 1;
        }
        out.push_str(piece);
        current += piece.len();
    }
    out
}
