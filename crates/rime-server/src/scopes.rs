//! The request scopes a page sees, built from the HTTP request: `url` (query string), `form`
//! (urlencoded and multipart bodies, uploads written to a temp folder), `cookie` and `cgi`.

use crate::multipart;
use arcstr::{literal, ArcStr};
use hyper::HeaderMap;
use rime_runtime::{Key, Struct, Value};
use rime_vm::HttpRequest;
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
pub use rime_vm::Upload;

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

/// The CGI variables that have no value here (reading them must not fail).
const EMPTY: [ArcStr; 28] = [
    literal!("auth_password"),
    literal!("auth_type"),
    literal!("auth_user"),
    literal!("cert_cookie"),
    literal!("cert_flags"),
    literal!("cert_issuer"),
    literal!("cert_keysize"),
    literal!("cert_secretkeysize"),
    literal!("cert_serialnumber"),
    literal!("cert_server_issuer"),
    literal!("cert_server_subject"),
    literal!("cert_subject"),
    literal!("context_path"),
    literal!("http_accept"),
    literal!("http_accept_encoding"),
    literal!("http_accept_language"),
    literal!("http_connection"),
    literal!("http_cookie"),
    literal!("http_referer"),
    literal!("http_user_agent"),
    literal!("https_keysize"),
    literal!("https_secretkeysize"),
    literal!("https_server_issuer"),
    literal!("https_server_subject"),
    literal!("local_addr"),
    literal!("local_host"),
    literal!("remote_user"),
    literal!("web_server_api"),
];

/// The variables the server sets for each request, in the order `cgi_scope` gives their values.
const SERVER: [ArcStr; 19] = [
    literal!("request_method"),
    literal!("server_protocol"),
    literal!("script_name"),
    literal!("path_info"),
    literal!("path_translated"),
    literal!("cf_template_path"),
    literal!("query_string"),
    literal!("remote_addr"),
    literal!("remote_host"),
    literal!("server_name"),
    literal!("server_port"),
    literal!("server_port_secure"),
    literal!("server_software"),
    literal!("gateway_interface"),
    literal!("https"),
    literal!("http_host"),
    literal!("content_type"),
    literal!("content_length"),
    literal!("request_url"),
];

/// Fill an empty `cgi` scope (`HttpRequest::fill_cgi`): the standard CGI variables, `http_*` for
/// every header (repeated headers joined with ", "), and empty strings for the usual names that
/// have no value.
pub fn fill_cgi(cgi: &Struct, http: &HttpRequest) {
    let info = &http.cgi;
    // Every name first (the server's with a value below), so their order is the same each time.
    let key = |n: &ArcStr| Key::new(n.clone());
    cgi.set_all(
        EMPTY
            .iter()
            .chain(SERVER.iter())
            .map(|n| (key(n), Value::Str(ArcStr::new()))),
    );
    // Headers first, so the server's own variables below win over a client header of the same
    // CGI name.
    let headers = http.headers.list();
    let mut joined: Vec<(String, String)> = Vec::with_capacity(headers.len());
    for (name, value) in headers {
        match joined.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => {
                v.push_str(", ");
                v.push_str(value);
            }
            None => joined.push((name.clone(), value.clone())),
        }
    }
    let header = |n: &str| {
        joined
            .iter()
            .find(|(k, _)| k == n)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let host = header("host");
    // The Host header's name (`[::1]:8500` and `example.com:8500` lose the port, a bare IPv6
    // address does not), or the name the server listens on.
    let server_name = match host.rsplit_once(':') {
        Some((h, p)) if p.bytes().all(|b| b.is_ascii_digit()) && !h.is_empty() => h,
        _ if !host.is_empty() => host.as_str(),
        _ => &info.server_name,
    };
    let server_name = Value::from(server_name);
    let content_type = header("content-type");
    let content_length = header("content-length");
    cgi.set_all(joined.into_iter().map(|(name, v)| {
        let key = format!("http_{}", name.replace('-', "_"));
        (Key::new(key), Value::from(v))
    }));
    let http_host = if host.is_empty() {
        format!("{}:{}", info.server_name, info.server_port)
    } else {
        host
    };
    let scheme = if info.https { "https" } else { "http" };
    let mut request_url = format!(
        "{scheme}://{http_host}{}{}",
        info.script_name, info.path_info
    );
    if !info.query_string.is_empty() {
        request_url.push('?');
        request_url.push_str(&info.query_string);
    }
    let path_translated = Value::from(info.path_translated.to_string_lossy().into_owned());
    let values: [Value; 19] = [
        Value::from(&*http.method),
        Value::from(http.protocol),
        Value::from(&*info.script_name),
        Value::from(info.path_info.as_str()),
        path_translated.clone(),
        path_translated,
        Value::from(info.query_string.as_str()),
        Value::from(&*info.remote_addr),
        Value::from(&*info.remote_addr),
        server_name,
        Value::from(info.server_port.to_string()),
        Value::Str(if info.https {
            literal!("1")
        } else {
            literal!("0")
        }),
        Value::Str(literal!(concat!("Rime/", env!("CARGO_PKG_VERSION")))),
        Value::Str(literal!("CGI/1.1")),
        Value::Str(if info.https {
            literal!("on")
        } else {
            literal!("off")
        }),
        Value::from(http_host),
        Value::from(content_type),
        Value::from(content_length),
        Value::from(request_url),
    ];
    cgi.set_all(SERVER.iter().map(key).zip(values));
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
