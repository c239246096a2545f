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

/// The `form` scope of an `application/x-www-form-urlencoded` body (other bodies, but
/// multipart ones, leave it empty); `form.fieldNames` lists the fields.
pub fn urlencoded_form(content_type: &str, body: &[u8]) -> Struct {
    let mut fields = Fields::default();
    let media = content_type.split(';').next().unwrap_or("").trim();
    if media.eq_ignore_ascii_case("application/x-www-form-urlencoded") {
        fields.add_urlencoded(body);
    }
    fields.into_scope(true)
}

/// Builds the `form` scope of a multipart body as the parser hands it the parts: fields in
/// memory, file parts written as they arrive to `upload_dir` under random names (the field holds
/// the temporary file's path, as in Lucee; the caller deletes the files after the request).
pub struct MultipartForm<'a> {
    upload_dir: &'a Path,
    fields: Fields,
    uploads: Vec<Upload>,
    part: Option<Part>,
}

enum Part {
    Field {
        name: String,
        value: Vec<u8>,
    },
    /// The file is created at its first byte: a file input left empty sends no data.
    File {
        upload: Upload,
        file: Option<std::io::BufWriter<std::fs::File>>,
    },
}

impl<'a> MultipartForm<'a> {
    pub fn new(upload_dir: &'a Path) -> MultipartForm<'a> {
        MultipartForm {
            upload_dir,
            fields: Fields::default(),
            uploads: Vec::new(),
            part: None,
        }
    }

    /// The scope and the uploads, once the body has been parsed.
    pub fn finish(mut self) -> (Struct, Vec<Upload>) {
        let uploads = std::mem::take(&mut self.uploads);
        let fields = std::mem::take(&mut self.fields);
        (fields.into_scope(true), uploads)
    }

    /// The body was refused: remove what was written.
    pub fn discard(mut self) {
        if let Some(Part::File { upload, file }) = self.part.take() {
            drop(file);
            let _ = std::fs::remove_file(&upload.path);
        }
        for u in &self.uploads {
            let _ = std::fs::remove_file(&u.path);
        }
    }
}

impl multipart::Sink for MultipartForm<'_> {
    fn start(&mut self, head: multipart::PartHead) -> std::io::Result<()> {
        let Some(name) = head.name else {
            self.part = None;
            return Ok(());
        };
        self.part = Some(match head.filename {
            Some(client_file) => Part::File {
                upload: Upload {
                    field: name,
                    client_file,
                    content_type: head
                        .content_type
                        .unwrap_or_else(|| "application/octet-stream".into()),
                    path: PathBuf::new(),
                    size: 0,
                },
                file: None,
            },
            None => Part::Field {
                name,
                value: Vec::new(),
            },
        });
        Ok(())
    }

    fn data(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        use std::io::Write;
        match &mut self.part {
            Some(Part::Field { value, .. }) => value.extend_from_slice(bytes),
            Some(Part::File { upload, file }) if !bytes.is_empty() => {
                let f = match file {
                    Some(f) => f,
                    None => {
                        let (path, f) = new_upload_file(self.upload_dir)?;
                        upload.path = path;
                        file.insert(std::io::BufWriter::with_capacity(64 * 1024, f))
                    }
                };
                f.write_all(bytes)?;
                upload.size += bytes.len() as u64;
            }
            _ => {}
        }
        Ok(())
    }

    fn end(&mut self) -> std::io::Result<()> {
        use std::io::Write;
        match self.part.take() {
            Some(Part::Field { name, value }) => {
                self.fields.add(&name, &String::from_utf8_lossy(&value));
            }
            // A file input with no file chosen: an empty field.
            Some(Part::File { upload, file: None }) if upload.client_file.is_empty() => {
                self.fields.add(&upload.field, "");
            }
            Some(Part::File { mut upload, file }) => {
                match file {
                    Some(mut f) => f.flush()?,
                    // A chosen file that is empty.
                    None => upload.path = new_upload_file(self.upload_dir)?.0,
                }
                self.fields
                    .add(&upload.field, &upload.path.to_string_lossy());
                self.uploads.push(upload);
            }
            None => {}
        }
        Ok(())
    }
}

/// A new empty file for an upload, with an unguessable name.
fn new_upload_file(dir: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    use rand::RngCore;
    std::fs::create_dir_all(dir)?;
    let mut r = [0u8; 12];
    rand::rngs::OsRng
        .try_fill_bytes(&mut r)
        .map_err(std::io::Error::other)?;
    let name: String = r.iter().map(|b| format!("{b:02x}")).collect();
    let path = dir.join(format!("rime-upload-{name}.tmp"));
    // `create_new`: never follow or overwrite something already there.
    let f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)?;
    Ok((path, f))
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
        let f = urlencoded_form("application/x-www-form-urlencoded", b"name=Ann&age=3");
        assert_eq!(s(&f, "fieldnames"), "name,age");
        assert!(urlencoded_form("application/json", b"name=Ann").is_empty());
    }
}
