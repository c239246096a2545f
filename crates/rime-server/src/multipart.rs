//! `multipart/form-data` bodies (RFC 7578), parsed from the whole body in memory (the body size
//! limit bounds it).

/// One part of a multipart body.
#[derive(Debug)]
pub struct Part<'a> {
    pub name: String,
    /// Present for file inputs (possibly empty when no file was chosen).
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub data: &'a [u8],
}

/// The `boundary` parameter of a `multipart/form-data` content type.
pub fn boundary(content_type: &str) -> Option<String> {
    let mut params = content_type.split(';');
    let media = params.next()?.trim();
    if !media.eq_ignore_ascii_case("multipart/form-data") {
        return None;
    }
    params.find_map(|p| {
        let (k, v) = p.split_once('=')?;
        if !k.trim().eq_ignore_ascii_case("boundary") {
            return None;
        }
        let v = v.trim().trim_matches('"');
        (!v.is_empty() && v.len() <= 200).then(|| v.to_string())
    })
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let mut i = from;
    while i + needle.len() <= hay.len() {
        // Jump to the next candidate first byte, then compare the rest.
        let off = hay.get(i..)?.iter().position(|&b| b == first)?;
        i += off;
        if hay.get(i + 1..i + needle.len()) == Some(rest) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Split a body into parts. `None` when it is not well-formed.
pub fn parse<'a>(body: &'a [u8], boundary: &str) -> Option<Vec<Part<'a>>> {
    let delim = format!("--{boundary}");
    let delim = delim.as_bytes();
    // Anything before the first delimiter is a preamble and is ignored.
    let mut pos = find(body, delim, 0)? + delim.len();
    let mut parts = Vec::new();
    loop {
        let rest = body.get(pos..)?;
        if rest.starts_with(b"--") {
            return Some(parts);
        }
        // The delimiter line may carry trailing whitespace before its CRLF.
        let line_end = find(body, b"\r\n", pos)?;
        let head_start = line_end + 2;
        let (headers, data_start) = if body.get(head_start..)?.starts_with(b"\r\n") {
            // A part with no headers at all.
            ("", head_start + 2)
        } else {
            let head_end = find(body, b"\r\n\r\n", head_start)?;
            (
                std::str::from_utf8(body.get(head_start..head_end)?).ok()?,
                head_end + 4,
            )
        };
        let mut close = Vec::with_capacity(delim.len() + 2);
        close.extend_from_slice(b"\r\n");
        close.extend_from_slice(delim);
        let data_end = find(body, &close, data_start)?;
        let data = body.get(data_start..data_end)?;
        pos = data_end + close.len();

        let mut name = None;
        let mut filename = None;
        let mut content_type = None;
        for line in headers.split("\r\n") {
            let Some((k, v)) = line.split_once(':') else {
                continue;
            };
            let k = k.trim();
            if k.eq_ignore_ascii_case("content-disposition") {
                for (pk, pv) in disposition_params(v) {
                    if pk.eq_ignore_ascii_case("name") {
                        name = Some(pv);
                    } else if pk.eq_ignore_ascii_case("filename") {
                        // Old browsers send the client's full path: keep the last segment.
                        let base = pv.rsplit(['/', '\\']).next().unwrap_or("").to_string();
                        filename = Some(base);
                    }
                }
            } else if k.eq_ignore_ascii_case("content-type") {
                content_type = Some(v.trim().to_string());
            }
        }
        if let Some(name) = name {
            parts.push(Part {
                name,
                filename,
                content_type,
                data,
            });
        }
    }
}

/// The `key=value` parameters of a `Content-Disposition` value (quoted values unescaped).
fn disposition_params(v: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut chars = v.chars().peekable();
    // Skip the disposition type (`form-data`).
    for c in chars.by_ref() {
        if c == ';' {
            break;
        }
    }
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace() || *c == ';') {
            chars.next();
        }
        let mut key = String::new();
        while let Some(&c) = chars.peek() {
            if c == '=' || c == ';' {
                break;
            }
            key.push(c);
            chars.next();
        }
        if key.is_empty() && chars.peek().is_none() {
            return out;
        }
        let mut value = String::new();
        if chars.peek() == Some(&'=') {
            chars.next();
            if chars.peek() == Some(&'"') {
                chars.next();
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        // Browsers escape `"` as `%22`, but a backslash escape is also valid.
                        '\\' => {
                            if let Some(n) = chars.next() {
                                value.push(n);
                            }
                        }
                        c => value.push(c),
                    }
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c == ';' {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
        }
        out.push((key.trim().to_string(), value.trim_end().to_string()));
        if chars.peek().is_none() {
            return out;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_fields_and_files() {
        let body =
            b"preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n\
--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"C:\\\\dir\\\\x.txt\"\r\n\
Content-Type: text/plain\r\n\r\nline1\r\nline2\r\n--XyZ--\r\n";
        let parts = parse(body, "XyZ").unwrap_or_default();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].name, "a");
        assert_eq!(parts[0].data, b"one");
        assert_eq!(parts[1].filename.as_deref(), Some("x.txt"));
        assert_eq!(parts[1].content_type.as_deref(), Some("text/plain"));
        assert_eq!(parts[1].data, b"line1\r\nline2");
    }

    #[test]
    fn malformed_bodies_are_rejected_not_panics() {
        for body in [
            &b""[..],
            b"--b",
            b"--b\r\n",
            b"--b\r\nContent-Disposition: form-data; name=x\r\n\r\nno end",
        ] {
            assert!(parse(body, "b").is_none_or(|p| p.is_empty()));
        }
        assert_eq!(
            boundary("multipart/form-data; boundary=\"abc\"").as_deref(),
            Some("abc")
        );
        assert_eq!(boundary("text/plain; boundary=abc"), None);
    }
}
