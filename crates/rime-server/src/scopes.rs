//! The request scopes a page sees, built from the HTTP request: `url` (query string), `form`
//! (urlencoded and multipart bodies, uploads written to a temp folder), `cookie` and `cgi`.

use crate::multipart;
use hyper::HeaderMap;
use rime_runtime::{Key, Struct, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Decode one `application/x-www-form-urlencoded` component: `+` is a space, `%XX` a byte; a
/// malformed escape stays as written, and bytes that are not UTF-8 become U+FFFD.
pub fn decode_component(s: &[u8]) -> String {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b'%' => {
                let hi = s.get(i + 1).and_then(|b| (*b as char).to_digit(16));
                let lo = s.get(i + 2).and_then(|b| (*b as char).to_digit(16));
                match (hi, lo) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 3;
                    }
                    _ => {
                        out.push(b'%');
                        i += 1;
                    }
                }
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Fields in arrival order. A repeated name (compared case-insensitively, as scope keys are)
/// joins its values with commas, as CFML does. Built before the scope so that many repeats or
/// many names cost linear time, not quadratic.
#[derive(Default)]
pub struct Fields {
    fields: Vec<(String, String)>,
    index: HashMap<String, usize>,
}

impl Fields {
    pub fn add(&mut self, name: &str, value: &str) {
        match self.index.get(&name.to_lowercase()) {
            Some(&i) => {
                let v = &mut self.fields[i].1;
                v.push(',');
                v.push_str(value);
            }
            None => {
                self.index.insert(name.to_lowercase(), self.fields.len());
                self.fields.push((name.to_string(), value.to_string()));
            }
        }
    }

    /// Parse `a=1&b=2&a=3`.
    pub fn add_urlencoded(&mut self, text: &[u8]) {
        for pair in text.split(|b| *b == b'&') {
            if pair.is_empty() {
                continue;
            }
            let (k, v) = match pair.iter().position(|b| *b == b'=') {
                Some(i) => (&pair[..i], &pair[i + 1..]),
                None => (pair, &b""[..]),
            };
            let name = decode_component(k);
            if !name.is_empty() {
                self.add(&name, &decode_component(v));
            }
        }
    }

    /// The scope; with `field_names`, plus `fieldNames` listing the names (the `form` scope).
    pub fn into_scope(self, field_names: bool) -> Struct {
        let scope = Struct::new();
        for (n, v) in &self.fields {
            scope.set(Key::new(n.as_str()), Value::from(v.as_str()));
        }
        if field_names && !self.fields.is_empty() {
            let names: Vec<&str> = self.fields.iter().map(|(n, _)| n.as_str()).collect();
            scope.set_str("fieldnames", Value::from(names.join(",")));
        }
        scope
    }
}

/// The `url` scope of a query string.
pub fn url_scope(query: &str) -> Struct {
    let mut f = Fields::default();
    f.add_urlencoded(query.as_bytes());
    f.into_scope(false)
}

/// The `cookie` scope from the request's `Cookie` headers. Values are URL-decoded (as
/// `<cfcookie>` encodes them); the first of two same-named cookies wins (the most specific
/// path, as browsers order them).
pub fn cookie_scope(headers: &HeaderMap) -> Struct {
    let scope = Struct::new();
    for h in headers.get_all(hyper::header::COOKIE) {
        let Ok(h) = h.to_str() else { continue };
        for item in h.split(';') {
            let Some((name, value)) = item.split_once('=') else {
                continue;
            };
            let name = name.trim();
            if name.is_empty() || scope.contains(name) {
                continue;
            }
            let value = value.trim().trim_matches('"');
            let decoded = decode_component(value.replace('+', "%2B").as_bytes());
            scope.set(Key::new(name), Value::from(decoded));
        }
    }
    scope
}

/// A file part of a multipart form, written to the upload folder; `fileUpload()` and
/// `<cffile action="upload">` read it through the request (`HttpRequest::uploads`).
pub use rime_request::Upload;

/// Why a body could not become a `form` scope.
#[derive(Debug)]
pub enum FormError {
    /// The multipart body is malformed: a 400.
    Malformed,
    /// Writing an upload failed: a 500.
    Io(std::io::Error),
}

/// Fill the `form` scope from a request body, by its content type. File parts are written to
/// `upload_dir` under random names and the field holds the temp file's path (as Lucee does);
/// the caller deletes them after the request. `form.fieldNames` lists the fields.
pub fn form_scope(
    content_type: &str,
    body: &[u8],
    upload_dir: &Path,
) -> Result<(Struct, Vec<Upload>), FormError> {
    let mut fields = Fields::default();
    let mut uploads: Vec<Upload> = Vec::new();
    let media = content_type.split(';').next().unwrap_or("").trim();
    if media.eq_ignore_ascii_case("application/x-www-form-urlencoded") {
        fields.add_urlencoded(body);
    } else if let Some(boundary) = multipart::boundary(content_type) {
        let parts = multipart::parse(body, &boundary).ok_or(FormError::Malformed)?;
        for part in parts {
            match part.filename {
                // A file input with no file chosen: an empty field.
                Some(f) if f.is_empty() && part.data.is_empty() => fields.add(&part.name, ""),
                Some(client_file) => {
                    let path = match write_upload(upload_dir, part.data) {
                        Ok(p) => p,
                        Err(e) => {
                            // Don't leave the earlier parts of this request behind.
                            for u in &uploads {
                                let _ = std::fs::remove_file(&u.path);
                            }
                            return Err(FormError::Io(e));
                        }
                    };
                    fields.add(&part.name, &path.to_string_lossy());
                    uploads.push(Upload {
                        field: part.name,
                        client_file,
                        content_type: part
                            .content_type
                            .unwrap_or_else(|| "application/octet-stream".into()),
                        path,
                        size: part.data.len() as u64,
                    });
                }
                None => fields.add(&part.name, &String::from_utf8_lossy(part.data)),
            }
        }
    }
    Ok((fields.into_scope(true), uploads))
}

/// Write one upload to a new file with an unguessable name.
fn write_upload(dir: &Path, data: &[u8]) -> std::io::Result<PathBuf> {
    use rand::RngCore;
    std::fs::create_dir_all(dir)?;
    let mut r = [0u8; 12];
    rand::rngs::OsRng
        .try_fill_bytes(&mut r)
        .map_err(std::io::Error::other)?;
    let name: String = r.iter().map(|b| format!("{b:02x}")).collect();
    let path = dir.join(format!("rime-upload-{name}.tmp"));
    // `create_new`: never follow or overwrite something already there.
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)?;
    std::io::Write::write_all(&mut f, data)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(scope: &Struct, k: &str) -> String {
        scope
            .get(k)
            .and_then(|v| v.to_str().ok().map(|s| s.into_owned()))
            .unwrap_or_else(|| "<none>".into())
    }

    #[test]
    fn query_strings_decode_and_join_repeats() {
        let u = url_scope("a=1&b=x+y%21&a=2&flag&=skip&c=%zz");
        assert_eq!(s(&u, "a"), "1,2");
        assert_eq!(s(&u, "B"), "x y!");
        assert_eq!(s(&u, "flag"), "");
        assert_eq!(s(&u, "c"), "%zz");
        assert_eq!(u.len(), 4);
    }

    #[test]
    fn cookies_decode_and_first_wins() {
        let mut h = HeaderMap::new();
        h.append(
            hyper::header::COOKIE,
            hyper::header::HeaderValue::from_static("a=1; b=hello%20world; a=2; c=x+y"),
        );
        let c = cookie_scope(&h);
        assert_eq!(s(&c, "a"), "1");
        assert_eq!(s(&c, "b"), "hello world");
        assert_eq!(s(&c, "c"), "x+y");
    }

    #[test]
    fn many_repeats_stay_linear() {
        let body = "a=1&".repeat(200_000);
        let t = std::time::Instant::now();
        let u = url_scope(&body);
        assert_eq!(s(&u, "a").len(), 200_000 * 2 - 1);
        assert!(t.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn urlencoded_form_lists_fieldnames() {
        let dir = std::env::temp_dir();
        let r = form_scope("application/x-www-form-urlencoded", b"name=Ann&age=3", &dir);
        let Ok((f, up)) = r else {
            panic!("form did not parse");
        };
        assert_eq!(s(&f, "fieldnames"), "name,age");
        assert!(up.is_empty());
    }
}
