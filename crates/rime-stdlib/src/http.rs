//! The HTTP client behind `<cfhttp>` / `cfhttp()` and `<cfhttpparam>`.
//!
//! Plain Rust, no registry entry: the VM turns the tag's attributes into a struct and its
//! `<cfhttpparam>` children into [`HttpParam`]s and calls [`execute`], which returns Lucee's result
//! struct (`statusCode`, `fileContent`, `responseHeader`, ...). The request is blocking (ureq, rustls
//! for https); a caller on an async worker wraps it in its blocking section.
//!
//! Lucee's semantics kept here: redirects are followed for GET/HEAD (301/302/307/308) and for any
//! method on 303, at most 15 hops; a non-2xx status fills `errorDetail` and throws only with
//! `throwOnError`; a connection failure or timeout yields Lucee's "Connection Failure" / "408 Request
//! Time-out" result instead of an error unless `throwOnError` is set; form fields are sent
//! url-encoded, or as multipart/form-data when `multipart` is set or a file is attached.

use crate::conversion::{self, Charset};
use base64::Engine;
use parking_lot::RwLock;
use rime_runtime::{Array, CfResult, CfmlError, DateTime, Key, Query, Struct, Value};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use ureq::http;

/// One `<cfhttpparam>`.
#[derive(Clone, Debug, Default)]
pub struct HttpParam {
    /// `header`, `cgi`, `body`, `xml`, `file`, `url`, `formfield` (or `form`), `cookie`.
    pub kind: String,
    pub name: String,
    pub value: Value,
    /// The file to upload (`type="file"`), already resolved to a real path by the caller.
    pub file: Option<PathBuf>,
    pub mime_type: Option<String>,
    /// `encoded` for `url` and `cgi` params: `None` encodes only when needed (no double encoding),
    /// `Some(true)` always, `Some(false)` never.
    pub encoded: Option<bool>,
}

/// The user agent sent when the tag names none.
pub const DEFAULT_USER_AGENT: &str = "Rime (CFML Engine)";
/// Lucee's `mimeType` when the response announces none and its content tells nothing.
const NO_MIME: &str = "Unable to determine MIME type of file.";
/// Redirect hops followed before the last response is returned as it is.
const MAX_REDIRECTS: u32 = 15;
/// Without a `timeout` attribute, Lucee bounds the call by the request timeout (50 s by default).
const DEFAULT_TIMEOUT_SECS: f64 = 50.0;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum AsBinary {
    No,
    Yes,
    Auto,
    Never,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Encode {
    Auto,
    Always,
    Never,
}

impl Encode {
    fn of(flag: Option<bool>) -> Encode {
        match flag {
            None => Encode::Auto,
            Some(true) => Encode::Always,
            Some(false) => Encode::Never,
        }
    }
}

/// The tag's attributes, cast and defaulted.
struct Options {
    url: String,
    method: http::Method,
    port: Option<u16>,
    timeout: Duration,
    username: Option<String>,
    password: String,
    user_agent: String,
    charset_name: String,
    charset: Charset,
    resolve_url: bool,
    redirect: bool,
    throw_on_error: bool,
    as_binary: AsBinary,
    multipart: bool,
    multipart_type: &'static str,
    proxy: Option<String>,
    path: Option<String>,
    file: Option<String>,
    compression: bool,
    encode_url: bool,
}

fn app_err(msg: impl Into<String>) -> Box<CfmlError> {
    CfmlError::application(msg)
}

fn attr_text(attrs: &Struct, name: &str) -> CfResult<Option<String>> {
    Ok(attrs
        .get_text(name)?
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty()))
}

fn attr_bool(attrs: &Struct, name: &str, default: bool) -> CfResult<bool> {
    match attrs.get(name) {
        None | Some(Value::Null) => Ok(default),
        Some(Value::Str(s)) if s.trim().is_empty() => Ok(default),
        Some(v) => v.to_bool().map_err(|_| {
            app_err(format!(
                "attribute [{name}] of the tag [http] must be a boolean value, [{}] is not",
                v.to_str().unwrap_or_default()
            ))
        }),
    }
}

fn attr_num(attrs: &Struct, name: &str) -> CfResult<Option<f64>> {
    match attrs.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Str(s)) if s.trim().is_empty() => Ok(None),
        Some(v) => v.to_num().map(Some).map_err(|_| {
            app_err(format!(
                "attribute [{name}] of the tag [http] must be a number, [{}] is not",
                v.to_str().unwrap_or_default()
            ))
        }),
    }
}

fn attr_port(attrs: &Struct, name: &str) -> CfResult<Option<u16>> {
    match attr_num(attrs, name)? {
        None => Ok(None),
        Some(n) if n > 0.0 && n <= 65535.0 && n.fract() == 0.0 => Ok(Some(n as u16)),
        Some(n) if n <= 0.0 => Ok(None),
        Some(n) => Err(app_err(format!(
            "attribute [{name}] of the tag [http] must be a port number, [{}] is not",
            rime_runtime::number::format(n)
        ))),
    }
}

impl Options {
    fn read(attrs: &Struct) -> CfResult<Options> {
        let url = attr_text(attrs, "url")?
            .ok_or_else(|| app_err("attribute [url] is required for the tag [http]"))?;
        let method_name = attr_text(attrs, "method")?
            .unwrap_or_else(|| "GET".into())
            .to_ascii_uppercase();
        let method = match method_name.as_str() {
            "GET" => http::Method::GET,
            "POST" => http::Method::POST,
            "PUT" => http::Method::PUT,
            "DELETE" => http::Method::DELETE,
            "HEAD" => http::Method::HEAD,
            "OPTIONS" => http::Method::OPTIONS,
            "TRACE" => http::Method::TRACE,
            "PATCH" => http::Method::PATCH,
            _ => {
                return Err(app_err(format!(
                    "invalid value [{method_name}] for attribute [method] of the tag [http]"
                ))
                .with_detail(
                    "valid values are [GET, POST, PUT, DELETE, HEAD, OPTIONS, TRACE, PATCH]",
                ))
            }
        };
        let timeout_secs = match attrs.get("timeout") {
            // a timespan (createTimespan) is a number of days
            Some(Value::Struct(_)) | Some(Value::Array(_)) => None,
            _ => attr_num(attrs, "timeout")?,
        }
        .filter(|t| *t > 0.0 && t.is_finite())
        .unwrap_or(DEFAULT_TIMEOUT_SECS);
        let charset_name = attr_text(attrs, "charset")?.unwrap_or_else(|| "UTF-8".into());
        // a charset this build cannot encode falls back to UTF-8 (its name is still sent)
        let charset = conversion::charset(&charset_name).unwrap_or(Charset::Utf8);
        let as_binary = match attr_text(attrs, "getasbinary")?
            .unwrap_or_default()
            .to_ascii_lowercase()
            .as_str()
        {
            "yes" | "true" => AsBinary::Yes,
            "auto" => AsBinary::Auto,
            "never" => AsBinary::Never,
            "" | "no" | "false" => AsBinary::No,
            other => {
                return Err(app_err(format!(
                    "invalid value [{other}] for attribute [getAsBinary] of the tag [http]"
                ))
                .with_detail("valid values are [auto, yes, no, never]"))
            }
        };
        let multipart_type = match attr_text(attrs, "multiparttype")?
            .unwrap_or_default()
            .to_ascii_lowercase()
            .as_str()
        {
            "" | "form-data" => "multipart/form-data",
            "related" => "multipart/related",
            other => {
                return Err(app_err(format!(
                    "invalid value [{other}] for attribute [multiPartType] of the tag [http]"
                ))
                .with_detail("valid values are [form-data, related]"))
            }
        };
        let proxy = match attr_text(attrs, "proxyserver")? {
            None => None,
            Some(server) => {
                let port = attr_port(attrs, "proxyport")?.unwrap_or(80);
                let host = server
                    .split_once("://")
                    .map_or(server.as_str(), |(_, h)| h)
                    .trim_end_matches('/');
                let auth = match attr_text(attrs, "proxyuser")? {
                    Some(u) => {
                        let p = attrs.get_text("proxypassword")?.unwrap_or_default();
                        format!("{}:{}@", pct_all(&u), pct_all(&p))
                    }
                    None => String::new(),
                };
                let host_port = if host
                    .rsplit_once(':')
                    .is_some_and(|(_, p)| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
                {
                    host.to_string()
                } else {
                    format!("{host}:{port}")
                };
                Some(format!("http://{auth}{host_port}"))
            }
        };
        // `redirect` is a string in Lucee's tag definition; anything not false follows
        let redirect = match attrs.get("redirect") {
            Some(v) if !v.is_null() => v.to_bool().unwrap_or(true),
            _ => true,
        };
        let compression = match attrs.get("compression") {
            Some(Value::Str(s)) if s.trim().eq_ignore_ascii_case("none") => false,
            Some(v) if !v.is_null() => v.to_bool().unwrap_or(true),
            _ => true,
        };
        Ok(Options {
            url,
            method,
            port: attr_port(attrs, "port")?,
            timeout: Duration::from_secs_f64(timeout_secs.min(1e9)),
            username: attrs.get_text("username")?.filter(|u| !u.is_empty()),
            password: attrs.get_text("password")?.unwrap_or_default(),
            user_agent: attrs
                .get_text("useragent")?
                .filter(|u| !u.trim().is_empty())
                .unwrap_or_else(|| DEFAULT_USER_AGENT.into()),
            charset_name,
            charset,
            resolve_url: attr_bool(attrs, "resolveurl", false)?,
            redirect,
            throw_on_error: attr_bool(attrs, "throwonerror", false)?,
            as_binary,
            multipart: attr_bool(attrs, "multipart", false)?,
            multipart_type,
            proxy,
            path: attr_text(attrs, "path")?,
            file: attr_text(attrs, "file")?,
            compression,
            encode_url: attr_bool(attrs, "encodeurl", true)?,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// encoding

fn push_pct(out: &mut String, b: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(HEX[(b >> 4) as usize] as char);
    out.push(HEX[(b & 15) as usize] as char);
}

/// Percent-encode everything but unreserved characters (userinfo of a proxy URL).
fn pct_all(s: &str) -> String {
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
fn form_encode(s: &str, cs: Charset) -> String {
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
fn looks_encoded(s: &str) -> bool {
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

fn encode_param(s: &str, mode: Encode, cs: Charset) -> String {
    match mode {
        Encode::Never => s.to_string(),
        Encode::Auto if looks_encoded(s) => s.to_string(),
        _ => form_encode(s, cs),
    }
}

/// Percent-encode what may not stand in a URL (spaces, non-ASCII, quotes...) and lone `%`s,
/// leaving reserved characters and valid escapes alone.
fn encode_url_chars(url: &str) -> String {
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
fn header_value(v: &str) -> String {
    v.trim().replace(['\r', '\n'], " ")
}

/// Text of a param's value (binary values as their bytes decoded in the request charset).
fn param_text(p: &HttpParam, cs: Charset) -> CfResult<String> {
    match &p.value {
        Value::Binary(b) => Ok(conversion::decode(b, cs)),
        v => Ok(v.to_str()?.into_owned()),
    }
}

/// Split `type/subtype; charset=x` into the type and the charset.
fn split_content_type(ct: &str) -> (String, Option<String>) {
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

fn is_text_mime(ct: &str) -> bool {
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
fn sniff_mime(body: &[u8]) -> Option<&'static str> {
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

fn charset_or_utf8(name: Option<&str>, fallback: Charset) -> Charset {
    match name {
        Some(n) => conversion::charset(n).unwrap_or(Charset::Utf8),
        None => fallback,
    }
}

// ---------------------------------------------------------------------------------------------
// URLs

/// Resolve a `Location` or a link against the URL it came from.
fn resolve_relative(base: &http::Uri, rel: &str) -> Option<String> {
    let rel = rel.trim();
    if rel.is_empty() {
        return None;
    }
    let scheme = base.scheme_str().unwrap_or("http");
    if let Some((s, _)) = rel.split_once(':') {
        if !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
            && s.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
        {
            return Some(rel.to_string()); // absolute
        }
    }
    if let Some(rest) = rel.strip_prefix("//") {
        return Some(format!("{scheme}://{rest}"));
    }
    let authority = base.authority()?.as_str();
    let origin = format!("{scheme}://{authority}");
    let base_path = base.path();
    if rel.starts_with('/') {
        return Some(format!("{origin}{}", normalize_path(rel)));
    }
    if rel.starts_with('?') {
        return Some(format!("{origin}{base_path}{rel}"));
    }
    if rel.starts_with('#') {
        let q = base.query().map(|q| format!("?{q}")).unwrap_or_default();
        return Some(format!("{origin}{base_path}{q}{rel}"));
    }
    let dir = match base_path.rfind('/') {
        Some(i) => &base_path[..=i],
        None => "/",
    };
    Some(format!(
        "{origin}{}",
        normalize_path(&format!("{dir}{rel}"))
    ))
}

/// Remove `.` and `..` segments from a path (the query part is kept as it is).
fn normalize_path(p: &str) -> String {
    let (path, rest) = match p.find(['?', '#']) {
        Some(i) => (&p[..i], &p[i..]),
        None => (p, ""),
    };
    let mut out: Vec<&str> = Vec::new();
    let segs: Vec<&str> = path.split('/').collect();
    let last = segs.len().saturating_sub(1);
    for (i, seg) in segs.iter().enumerate() {
        match *seg {
            "." => {
                if i == last {
                    out.push("");
                }
            }
            ".." => {
                if out.len() > 1 {
                    out.pop();
                }
                if i == last {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    let mut joined = out.join("/");
    if !joined.starts_with('/') {
        joined.insert(0, '/');
    }
    joined + rest
}

/// Turn relative links of an HTML page into absolute ones (`resolveURL="yes"`).
fn resolve_links(html: &str, base: &http::Uri) -> String {
    const ATTRS: [&str; 5] = ["href", "src", "action", "background", "codebase"];
    let lower = html.to_ascii_lowercase();
    let bytes = html.as_bytes();
    let mut out = String::with_capacity(html.len() + 64);
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        let Some(attr) = ATTRS
            .iter()
            .find(|a| lower.as_bytes()[i..].starts_with(a.as_bytes()))
        else {
            i += 1;
            continue;
        };
        let before_ok = i > 0 && bytes[i - 1].is_ascii_whitespace();
        let mut j = i + attr.len();
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        if !before_ok || bytes.get(j) != Some(&b'=') {
            i += 1;
            continue;
        }
        j += 1;
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        let quote = bytes.get(j).copied().filter(|q| *q == b'"' || *q == b'\'');
        let start = if quote.is_some() { j + 1 } else { j };
        let mut end = start;
        while end < bytes.len() {
            let c = bytes[end];
            let stop = match quote {
                Some(q) => c == q,
                None => c.is_ascii_whitespace() || c == b'>',
            };
            if stop {
                break;
            }
            end += 1;
        }
        let value = &html[start..end];
        let low = value.trim().to_ascii_lowercase();
        let skip = low.is_empty()
            || low.starts_with('#')
            || low.starts_with("mailto:")
            || low.starts_with("javascript:")
            || low.starts_with("data:")
            || low.contains("://");
        if !skip {
            if let Some(abs) = resolve_relative(base, value) {
                out.push_str(&html[copied..start]);
                out.push_str(&abs);
                copied = end;
            }
        }
        i = end.max(i + 1);
    }
    out.push_str(&html[copied..]);
    out
}

/// The request URL: encoded, with the `port` attribute applied and the url params appended.
/// Returns the URL and the credentials found in it (`http://user:pass@host/`).
fn build_url(opts: &Options, query: &str) -> CfResult<(http::Uri, Option<(String, String)>)> {
    let mut raw = opts.url.clone();
    if !raw.contains("://") {
        raw.insert_str(0, "http://");
    }
    if let Some(i) = raw.find('#') {
        raw.truncate(i);
    }
    if opts.encode_url {
        raw = encode_url_chars(&raw);
    }
    let (scheme, rest) = raw.split_once("://").unwrap_or(("http", raw.as_str()));
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return Err(app_err(format!(
            "invalid url [{}], only the protocols http and https are supported",
            opts.url
        )));
    }
    let split = rest.find(['/', '?']).unwrap_or(rest.len());
    let (mut authority, path_query) = rest.split_at(split);
    let mut creds = None;
    if let Some((userinfo, host)) = authority.rsplit_once('@') {
        let (u, p) = userinfo.split_once(':').unwrap_or((userinfo, ""));
        let dec = |s: &str| {
            crate::string::format::url_decode_str(&s.replace('+', "%2B"), "utf-8")
                .unwrap_or_else(|_| s.to_string())
        };
        creds = Some((dec(u), dec(p)));
        authority = host;
    }
    let has_port = match authority.strip_prefix('[') {
        // IPv6 literal: a port follows the closing bracket
        Some(v6) => v6.contains("]:"),
        None => authority.contains(':'),
    };
    let authority = match opts.port {
        Some(port) if !has_port => format!("{authority}:{port}"),
        _ => authority.to_string(),
    };
    let mut path_query = if path_query.is_empty() {
        "/".to_string()
    } else if path_query.starts_with('?') {
        format!("/{path_query}")
    } else {
        path_query.to_string()
    };
    if !query.is_empty() {
        let sep = match path_query.find('?') {
            None => "?",
            Some(i) if i + 1 == path_query.len() || path_query.ends_with('&') => "",
            Some(_) => "&",
        };
        path_query.push_str(sep);
        path_query.push_str(query);
    }
    let full = format!("{scheme}://{authority}{path_query}");
    let uri = http::Uri::try_from(full.as_str())
        .map_err(|e| app_err(format!("invalid url [{}]", opts.url)).with_detail(e.to_string()))?;
    if uri.host().is_none_or(str::is_empty) {
        return Err(app_err(format!("invalid url [{}], no host name", opts.url)));
    }
    Ok((uri, creds))
}

fn same_origin(a: &http::Uri, b: &http::Uri) -> bool {
    a.scheme_str() == b.scheme_str()
        && a.host().map(str::to_ascii_lowercase) == b.host().map(str::to_ascii_lowercase)
        && a.port_u16() == b.port_u16()
}

// ---------------------------------------------------------------------------------------------
// request

/// The request as built from the attributes and params, before it is sent.
struct Prepared {
    uri: http::Uri,
    headers: Vec<(String, String)>,
    cookies: Vec<String>,
    body: Option<Vec<u8>>,
}

fn mime_of_file(path: &Path) -> String {
    crate::file::mime_by_extension(&path.to_string_lossy()).to_string()
}

fn boundary() -> String {
    let bytes: [u8; 12] = rand::random();
    let mut s = String::from("----RimeFormBoundary");
    for b in bytes {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

fn quote_name(s: &str) -> String {
    s.replace('"', "%22").replace(['\r', '\n'], " ")
}

enum Part<'a> {
    Field(&'a str, String),
    File(&'a str, PathBuf, String),
}

fn prepare(opts: &Options, params: &[HttpParam]) -> CfResult<Prepared> {
    let cs = opts.charset;
    let is_get = opts.method == http::Method::GET;
    let has_file = params.iter().any(|p| p.kind.eq_ignore_ascii_case("file"));
    let do_multipart = has_file || opts.multipart;
    // methods whose body Lucee treats as "binary" (a default form content type)
    let body_method = !matches!(opts.method, http::Method::GET | http::Method::HEAD);
    let allows_body = !matches!(
        opts.method,
        http::Method::HEAD | http::Method::OPTIONS | http::Method::TRACE
    );

    let mut query = String::new();
    let mut headers: Vec<(String, String)> = Vec::new();
    let mut cookies = Vec::new();
    let mut accept_encoding = String::new();
    let mut form: Vec<(String, String)> = Vec::new();
    let mut parts: Vec<Part> = Vec::new();
    let mut body: Option<Vec<u8>> = None;
    let mut has_form = false;
    let mut has_content_type = false;

    for p in params {
        let kind = p.kind.trim().to_ascii_lowercase();
        match kind.as_str() {
            "url" => {
                let mode = Encode::of(p.encoded);
                if !query.is_empty() {
                    query.push('&');
                }
                query.push_str(&encode_param(&p.name, mode, cs));
                query.push('=');
                query.push_str(&encode_param(&param_text(p, cs)?, mode, cs));
            }
            "formfield" | "form" => {
                has_form = true;
                if is_get {
                    return Err(app_err(
                        "httpparam with type formfield can only be used when the method attribute of the parent http tag is set to post",
                    ));
                }
                let v = param_text(p, cs)?;
                if do_multipart {
                    parts.push(Part::Field(&p.name, v));
                } else {
                    form.push((p.name.clone(), v));
                }
            }
            "cgi" => {
                let mode = Encode::of(p.encoded);
                headers.push((
                    encode_param(&p.name, mode, cs),
                    header_value(&encode_param(&param_text(p, cs)?, mode, cs)),
                ));
            }
            "header" => {
                let name = p.name.trim();
                let value = header_value(&param_text(p, cs)?);
                if name.eq_ignore_ascii_case("content-length") {
                    // computed from the body
                } else if name.eq_ignore_ascii_case("accept-encoding") {
                    accept_encoding.push_str(&value);
                    accept_encoding.push_str(", ");
                } else {
                    if name.eq_ignore_ascii_case("content-type") {
                        has_content_type = true;
                    }
                    headers.push((name.to_string(), value));
                }
            }
            "cookie" => {
                let v = param_text(p, cs)?;
                cookies.push(format!("{}={}", p.name, encode_param(&v, Encode::Auto, cs)));
            }
            "file" => {
                has_form = true;
                if is_get {
                    return Err(app_err(
                        "httpparam with type file can only be used when the method attribute of the parent http tag is set to post or put",
                    ));
                }
                let path = p.file.clone().ok_or_else(|| {
                    app_err("attribute [file] is required for a httpparam of type [file]")
                })?;
                if !path.is_file() {
                    return Err(app_err("can't upload file, path is invalid")
                        .with_detail(format!("file [{}] does not exist", path.display())));
                }
                let mime = p
                    .mime_type
                    .clone()
                    .filter(|m| !m.trim().is_empty())
                    .unwrap_or_else(|| mime_of_file(&path));
                parts.push(Part::File(&p.name, path, mime));
            }
            "xml" | "body" => {
                if !allows_body {
                    return Err(app_err(format!(
                        "type {kind} is only supported for methods get, delete, post, put and patch"
                    )));
                }
                let given = p
                    .mime_type
                    .as_deref()
                    .map(split_content_type)
                    .filter(|(m, _)| !m.is_empty());
                let part_cs = given
                    .as_ref()
                    .and_then(|(_, c)| c.clone())
                    .unwrap_or_else(|| opts.charset_name.clone());
                let bytes = match &p.value {
                    Value::Binary(b) => b.as_ref().clone(),
                    v => conversion::encode(&v.to_str()?, charset_or_utf8(Some(&part_cs), cs)),
                };
                if kind == "xml" {
                    let mt = given.map_or_else(|| "text/xml".to_string(), |(m, _)| m);
                    headers.push(("Content-Type".into(), format!("{mt}; charset={part_cs}")));
                    has_content_type = true;
                } else if let Some((mt, c)) = given {
                    let ct = match c {
                        Some(c) => format!("{mt}; charset={c}"),
                        None => mt,
                    };
                    headers.push(("Content-Type".into(), ct));
                    has_content_type = true;
                }
                body = Some(bytes);
            }
            other => {
                return Err(
                    app_err(format!("invalid type [{other}] for the tag [httpparam]")).with_detail(
                        "valid types are [header, cgi, body, xml, file, url, formfield, cookie]",
                    ),
                )
            }
        }
    }

    if body.is_some() && has_form {
        return Err(app_err(
            "mixing httpparam type file/formfield and body/XML is not allowed",
        ));
    }

    if !form.is_empty() && body_method {
        let mut s = String::new();
        for (n, v) in &form {
            if !s.is_empty() {
                s.push('&');
            }
            s.push_str(&form_encode(n, cs));
            s.push('=');
            s.push_str(&form_encode(v, cs));
        }
        body = Some(s.into_bytes());
    }

    if do_multipart && allows_body && !is_get {
        let b = boundary();
        let mut out: Vec<u8> = Vec::new();
        for part in &parts {
            out.extend_from_slice(format!("--{b}\r\n").as_bytes());
            match part {
                Part::Field(name, value) => {
                    out.extend_from_slice(
                        format!(
                            "Content-Disposition: form-data; name=\"{}\"\r\nContent-Type: text/plain; charset={}\r\n\r\n",
                            quote_name(name),
                            opts.charset_name
                        )
                        .as_bytes(),
                    );
                    out.extend_from_slice(&conversion::encode(value, cs));
                }
                Part::File(name, path, mime) => {
                    let data = std::fs::read(path).map_err(|e| {
                        app_err("can't upload file, path is invalid").with_detail(e.to_string())
                    })?;
                    let fname = path
                        .file_name()
                        .map(|f| f.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    out.extend_from_slice(
                        format!(
                            "Content-Disposition: form-data; name=\"{}\"; filename=\"{}\"\r\nContent-Type: {mime}\r\n\r\n",
                            quote_name(name),
                            quote_name(&fname)
                        )
                        .as_bytes(),
                    );
                    out.extend_from_slice(&data);
                }
            }
            out.extend_from_slice(b"\r\n");
        }
        out.extend_from_slice(format!("--{b}--\r\n").as_bytes());
        headers.retain(|(n, _)| !n.eq_ignore_ascii_case("content-type"));
        headers.push((
            "Content-Type".into(),
            format!("{}; boundary={b}", opts.multipart_type),
        ));
        has_content_type = true;
        body = Some(out);
    }

    if !has_content_type {
        if body_method {
            let ct = if body.is_some() && form.is_empty() {
                "application/octet-stream".to_string()
            } else {
                format!(
                    "application/x-www-form-urlencoded; charset={}",
                    opts.charset_name
                )
            };
            headers.push(("Content-Type".into(), ct));
        } else if body.is_some() {
            headers.push((
                "Content-Type".into(),
                format!("text/html; charset={}", opts.charset_name),
            ));
        }
    }

    if opts.compression {
        accept_encoding.push_str("gzip");
    } else {
        accept_encoding.push_str("deflate;q=0");
        headers.push(("TE".into(), "deflate;q=0".into()));
    }
    headers.push(("Accept-Encoding".into(), accept_encoding));

    if !headers
        .iter()
        .any(|(n, _)| n.eq_ignore_ascii_case("user-agent"))
    {
        headers.push(("User-Agent".into(), opts.user_agent.clone()));
    }

    let (uri, url_creds) = build_url(opts, &query)?;
    let creds = match &opts.username {
        Some(u) => Some((u.clone(), opts.password.clone())),
        None => url_creds,
    };
    if let Some((u, p)) = creds {
        let token = base64::engine::general_purpose::STANDARD.encode(format!("{u}:{p}"));
        headers.push(("Authorization".into(), format!("Basic {token}")));
    }

    // POST, PUT and PATCH always carry a body (possibly empty, with Content-Length: 0)
    if body.is_none()
        && matches!(
            opts.method,
            http::Method::POST | http::Method::PUT | http::Method::PATCH
        )
    {
        body = Some(Vec::new());
    }
    Ok(Prepared {
        uri,
        headers,
        cookies,
        body,
    })
}

fn agent() -> &'static ureq::Agent {
    static AGENT: OnceLock<ureq::Agent> = OnceLock::new();
    AGENT.get_or_init(|| {
        ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .max_redirects_will_error(false)
            .allow_non_standard_methods(true)
            .user_agent(ureq::config::AutoHeaderValue::None)
            .accept_encoding(ureq::config::AutoHeaderValue::None)
            .build()
            .new_agent()
    })
}

/// Why a call produced no response.
enum Failure {
    Timeout,
    /// The CFML error type `throwOnError` raises (Lucee passes the Java exception on) and the text.
    Connection(&'static str, String),
}

fn failure_of(e: ureq::Error, uri: &http::Uri) -> Failure {
    use std::io::ErrorKind;
    let host = uri.host().unwrap_or_default();
    match e {
        ureq::Error::Timeout(_) => Failure::Timeout,
        ureq::Error::Io(io) if matches!(io.kind(), ErrorKind::TimedOut | ErrorKind::WouldBlock) => {
            Failure::Timeout
        }
        ureq::Error::Io(io) => {
            let what = match io.kind() {
                ErrorKind::ConnectionRefused => "Connection refused".to_string(),
                ErrorKind::ConnectionReset => "Connection reset".to_string(),
                _ => io.to_string(),
            };
            let port = uri
                .port_u16()
                .unwrap_or(if uri.scheme_str() == Some("https") {
                    443
                } else {
                    80
                });
            Failure::Connection(
                "java.net.ConnectException",
                format!("Connect to {host}:{port} failed: {what}"),
            )
        }
        ureq::Error::HostNotFound => Failure::Connection(
            "java.net.UnknownHostException",
            format!("{host}: Name or service not known"),
        ),
        other => Failure::Connection("java.io.IOException", other.to_string()),
    }
}

fn send(
    method: &http::Method,
    uri: &http::Uri,
    headers: &[(String, String)],
    body: Option<&[u8]>,
    timeout: Duration,
    proxy: Option<&ureq::Proxy>,
) -> CfResult<Result<http::Response<ureq::Body>, ureq::Error>> {
    let mut builder = http::Request::builder()
        .method(method.clone())
        .uri(uri.clone());
    for (n, v) in headers {
        let name = http::HeaderName::from_bytes(n.as_bytes())
            .map_err(|_| app_err(format!("invalid http header name [{n}]")))?;
        let value = http::HeaderValue::from_bytes(v.as_bytes())
            .map_err(|_| app_err(format!("invalid value for the http header [{n}]")))?;
        builder = builder.header(name, value);
    }
    let a = agent();
    Ok(match body {
        Some(b) => {
            let req = builder
                .body(b)
                .map_err(|e| app_err("invalid http request").with_detail(e.to_string()))?;
            let cfg = a
                .configure_request(req)
                .timeout_global(Some(timeout))
                .proxy(proxy.cloned());
            a.run(cfg.build())
        }
        None => {
            let req = builder
                .body(())
                .map_err(|e| app_err("invalid http request").with_detail(e.to_string()))?;
            let cfg = a
                .configure_request(req)
                .timeout_global(Some(timeout))
                .proxy(proxy.cloned());
            a.run(cfg.build())
        }
    })
}

/// The last response of the call, its body, and the URL it came from.
struct Fetched {
    status: u16,
    version: http::Version,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
    uri: http::Uri,
}

fn fetch(opts: &Options, prep: Prepared) -> CfResult<Result<Fetched, Failure>> {
    let proxy = match &opts.proxy {
        Some(p) => Some(ureq::Proxy::new(p).map_err(|e| {
            app_err(format!("invalid proxy server [{p}]")).with_detail(e.to_string())
        })?),
        None => None,
    };
    let deadline = Instant::now() + opts.timeout;
    let Prepared {
        mut uri,
        mut headers,
        mut cookies,
        mut body,
    } = prep;
    let mut method = opts.method.clone();
    let mut hops = 0;
    loop {
        let remaining = deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            return Ok(Err(Failure::Timeout));
        }
        let mut all_headers = headers.clone();
        if !cookies.is_empty() {
            all_headers.push(("Cookie".into(), cookies.join("; ")));
        }
        let resp = match send(
            &method,
            &uri,
            &all_headers,
            body.as_deref(),
            remaining,
            proxy.as_ref(),
        )? {
            Ok(r) => r,
            Err(e) => return Ok(Err(failure_of(e, &uri))),
        };
        let status = resp.status().as_u16();
        let location = resp
            .headers()
            .get(http::header::LOCATION)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let follow = opts.redirect
            && hops < MAX_REDIRECTS
            && matches!(status, 301 | 302 | 303 | 307 | 308)
            && (status == 303 || matches!(method, http::Method::GET | http::Method::HEAD));
        if let (true, Some(loc)) = (follow, location) {
            let next = resolve_relative(&uri, &loc)
                .map(|u| encode_url_chars(&u))
                .and_then(|u| http::Uri::try_from(u.as_str()).ok())
                .filter(|u| matches!(u.scheme_str(), Some("http") | Some("https")));
            if let Some(next) = next {
                // cookies set on the way are sent to the same server
                for v in resp.headers().get_all(http::header::SET_COOKIE) {
                    if let Some(pair) = v.to_str().ok().and_then(|s| s.split(';').next()) {
                        let name = pair.split('=').next().unwrap_or_default().trim();
                        cookies.retain(|c| c.split('=').next().unwrap_or_default().trim() != name);
                        cookies.push(pair.trim().to_string());
                    }
                }
                if !same_origin(&uri, &next) {
                    headers.retain(|(n, _)| !n.eq_ignore_ascii_case("authorization"));
                    cookies.clear();
                }
                if status == 303 && method != http::Method::HEAD {
                    method = http::Method::GET;
                    body = None;
                    headers.retain(|(n, _)| !n.eq_ignore_ascii_case("content-type"));
                }
                uri = next;
                hops += 1;
                continue;
            }
        }
        let version = resp.version();
        let mut headers_out = Vec::new();
        for (n, v) in resp.headers() {
            headers_out.push((
                header_case(n.as_str()),
                String::from_utf8_lossy(v.as_bytes()).into_owned(),
            ));
        }
        let mut resp = resp;
        let body = if method == http::Method::HEAD {
            Vec::new()
        } else {
            match resp.body_mut().with_config().limit(u64::MAX).read_to_vec() {
                Ok(b) => b,
                Err(e) => return Ok(Err(failure_of(e, &uri))),
            }
        };
        return Ok(Ok(Fetched {
            status,
            version,
            headers: headers_out,
            body,
            uri,
        }));
    }
}

/// `content-type` → `Content-Type` (header names arrive lower-cased).
fn header_case(name: &str) -> String {
    name.split('-')
        .map(|seg| {
            let mut c = seg.chars();
            match c.next() {
                Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join("-")
}

// ---------------------------------------------------------------------------------------------
// result

fn set(s: &Struct, k: &str, v: Value) {
    s.set(Key::new(k), v);
}

/// Lucee's result when no connection could be made.
fn connection_failure(detail: &str) -> Struct {
    let s = Struct::new();
    set(&s, "charset", Value::from(""));
    set(
        &s,
        "errorDetail",
        Value::from(format!("Unknown host: {detail}")),
    );
    set(&s, "fileContent", Value::from("Connection Failure"));
    set(&s, "header", Value::from(""));
    set(&s, "mimeType", Value::from(NO_MIME));
    set(&s, "responseHeader", Value::Struct(Struct::new()));
    set(
        &s,
        "statusCode",
        Value::from("Connection Failure. Status code unavailable."),
    );
    set(&s, "status_code", Value::Num(0.0));
    set(&s, "status_text", Value::from("Connection Failure"));
    set(&s, "text", Value::Bool(true));
    s
}

/// Lucee's result when the call did not finish within `timeout`.
fn timeout_result() -> Struct {
    let s = Struct::new();
    set(&s, "charset", Value::from(""));
    set(&s, "errorDetail", Value::from(""));
    set(&s, "fileContent", Value::from("Connection Timeout"));
    set(&s, "header", Value::from(""));
    set(&s, "mimeType", Value::from(NO_MIME));
    set(&s, "responseHeader", Value::Struct(Struct::new()));
    set(&s, "statusCode", Value::from("408 Request Time-out"));
    set(&s, "status_code", Value::Num(408.0));
    set(&s, "status_text", Value::from("Request Time-out"));
    set(&s, "text", Value::Bool(true));
    s
}

/// The error `throwOnError` raises for a status or a timeout (Lucee's `HTTPException`).
fn http_error(code: u16, text: &str, detail: &str, url: &str) -> Box<CfmlError> {
    let msg = format!("{code} {text}").trim().to_string();
    let mut e = app_err(msg).with_detail(detail);
    let extra = Struct::new();
    set(&extra, "statusCode", Value::from(code.to_string()));
    set(&extra, "statusText", Value::from(text));
    set(&extra, "url", Value::from(url));
    e.extra = Some(extra);
    e
}

const COOKIE_COLUMNS: [&str; 8] = [
    "name", "value", "path", "domain", "expires", "secure", "httpOnly", "samesite",
];

fn cookie_decode(s: &str, cs: &str) -> String {
    crate::string::format::url_decode_str(s, cs).unwrap_or_else(|_| s.to_string())
}

/// `Wed, 21 Oct 2015 07:28:00 GMT` or `Wed, 21-Oct-2015 07:28:00 GMT`, as a UTC date.
fn parse_cookie_date(s: &str) -> Option<DateTime> {
    let s = s.trim();
    let s = s.split_once(',').map_or(s, |(_, r)| r).trim();
    let mut it = s.split([' ', '-']).filter(|p| !p.is_empty());
    let day: u32 = it.next()?.parse().ok()?;
    let mon = it.next()?.to_ascii_lowercase();
    let months = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let month = months.iter().position(|m| mon.starts_with(m))? as u32 + 1;
    let mut year: i32 = it.next()?.parse().ok()?;
    if year < 100 {
        year += if year < 70 { 2000 } else { 1900 };
    }
    let mut t = it.next()?.split(':');
    let h = t.next()?.parse().ok()?;
    let mi = t.next()?.parse().ok()?;
    let se = t.next()?.parse().ok()?;
    DateTime::from_parts(year, month, day, h, mi, se)
}

fn add_cookie_row(q: &mut Query, raw: &str, cs: &str) {
    let items: Vec<&str> = raw
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let Some(first) = items.first() else {
        return;
    };
    let row = q.add_row();
    let put = |q: &mut Query, col: &str, v: Value| {
        if let Some(c) = q.column_index(col) {
            q.set(c, row, v);
        }
    };
    match first.split_once('=') {
        Some((n, v)) => {
            put(q, "name", Value::from(cookie_decode(n, cs)));
            put(q, "value", Value::from(cookie_decode(v, cs)));
        }
        None => put(q, "name", Value::from(cookie_decode(first, cs))),
    }
    put(q, "secure", Value::Bool(false));
    put(q, "httpOnly", Value::Bool(false));
    for item in &items[1..] {
        match item.split_once('=') {
            None => put(q, item, Value::Bool(true)),
            Some((n, v)) => {
                let n = n.trim();
                let v = cookie_decode(v.trim(), cs);
                if n.eq_ignore_ascii_case("expires") {
                    if let Some(d) = parse_cookie_date(&v) {
                        put(q, n, Value::Date(d));
                        continue;
                    }
                }
                put(q, n, Value::from(v));
            }
        }
    }
}

fn version_text(v: http::Version) -> &'static str {
    match v {
        http::Version::HTTP_09 => "HTTP/0.9",
        http::Version::HTTP_10 => "HTTP/1.0",
        http::Version::HTTP_2 => "HTTP/2",
        http::Version::HTTP_3 => "HTTP/3",
        _ => "HTTP/1.1",
    }
}

/// Where `path`/`file` say the body goes.
fn target_file(opts: &Options, uri: &http::Uri) -> Option<PathBuf> {
    match (&opts.path, &opts.file) {
        (Some(dir), Some(f)) => Some(Path::new(dir).join(f)),
        (None, Some(f)) => Some(PathBuf::from(f)),
        (Some(p), None) => {
            let p = PathBuf::from(p);
            if p.is_dir() {
                let name = uri
                    .path()
                    .rsplit('/')
                    .next()
                    .filter(|n| !n.is_empty())
                    .unwrap_or("index.html");
                Some(p.join(name))
            } else {
                Some(p)
            }
        }
        (None, None) => None,
    }
}

fn build_result(opts: &Options, f: Fetched) -> CfResult<Struct> {
    let status_text = http::StatusCode::from_u16(f.status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("");
    let version = version_text(f.version);
    let res = Struct::new();
    set(&res, "errorDetail", Value::from(""));
    set(
        &res,
        "statusCode",
        Value::from(format!("{} {status_text}", f.status).trim().to_string()),
    );
    set(&res, "status_code", Value::Num(f.status as f64));
    set(&res, "status_text", Value::from(status_text));
    set(&res, "http_version", Value::from(version));

    let mut raw = format!("{version} {} {status_text}", f.status)
        .trim()
        .to_string();
    raw.push(' ');
    let response_header = Struct::new();
    let set_cookie = Array::new();
    let mut cookies = Query::new(&COOKIE_COLUMNS);
    let mut content_type: Option<String> = None;
    for (name, value) in &f.headers {
        raw.push_str(&format!("{name}: {value} "));
        if name.eq_ignore_ascii_case("set-cookie") {
            set_cookie.push(Value::from(value.as_str()));
            add_cookie_row(&mut cookies, value, &opts.charset_name);
            continue;
        }
        if name.eq_ignore_ascii_case("content-type") {
            content_type = Some(value.clone());
        }
        match response_header.get(name) {
            None => response_header.set(Key::new(name), Value::from(value.as_str())),
            Some(Value::Array(a)) => a.push(Value::from(value.as_str())),
            Some(prev) => response_header.set(
                Key::new(name),
                Value::Array(Array::from_vec(vec![prev, Value::from(value.as_str())])),
            ),
        }
    }
    response_header.set(Key::new("Status_Code"), Value::Num(f.status as f64));
    response_header.set(Key::new("Explanation"), Value::from(status_text));
    if !set_cookie.is_empty() {
        response_header.set(Key::new("Set-Cookie"), Value::Array(set_cookie));
    }
    set(&res, "responseHeader", Value::Struct(response_header));
    set(
        &res,
        "cookies",
        Value::Query(Arc::new(RwLock::new(cookies))),
    );

    // text or binary
    let mut mime = content_type.clone();
    let mut is_text = mime.as_deref().is_some_and(is_text_mime);
    if !is_text {
        if let Some(sniffed) = (mime.is_none()).then(|| sniff_mime(&f.body)).flatten() {
            is_text = is_text_mime(sniffed);
            mime = Some(sniffed.to_string());
        }
    }
    set(&res, "text", Value::Bool(is_text));
    let mut response_charset = None;
    match &mime {
        Some(m) if is_text => {
            let (mt, cs) = split_content_type(m);
            set(&res, "mimeType", Value::from(mt));
            if let Some(cs) = cs {
                set(&res, "charset", Value::from(cs.as_str()));
                response_charset = Some(cs);
            }
        }
        Some(m) => set(&res, "mimeType", Value::from(m.as_str())),
        None => set(&res, "mimeType", Value::from(NO_MIME)),
    }

    let as_text = match opts.as_binary {
        AsBinary::Yes => false,
        AsBinary::Never => true,
        AsBinary::No | AsBinary::Auto => is_text || f.body.is_empty(),
    };
    let file = target_file(opts, &f.uri);
    if as_text {
        let cs = charset_or_utf8(response_charset.as_deref(), opts.charset);
        let mut text = conversion::decode(&f.body, cs);
        if text.starts_with('\u{feff}') {
            text.remove(0);
        }
        if opts.resolve_url && is_text {
            text = resolve_links(&text, &f.uri);
        }
        if let Some(path) = &file {
            std::fs::write(path, text.as_bytes()).map_err(|e| {
                app_err(format!("can't write file [{}]", path.display())).with_detail(e.to_string())
            })?;
        }
        set(&res, "fileContent", Value::from(text));
    } else {
        if let Some(path) = &file {
            std::fs::write(path, &f.body).map_err(|e| {
                app_err(format!("can't write file [{}]", path.display())).with_detail(e.to_string())
            })?;
        }
        set(&res, "fileContent", Value::Binary(Arc::new(f.body)));
    }
    set(&res, "header", Value::from(raw));

    if !(200..=299).contains(&f.status) {
        let msg = format!("{} {status_text}", f.status).trim().to_string();
        set(&res, "errorDetail", Value::from(msg));
        if opts.throw_on_error {
            return Err(http_error(f.status, status_text, "", &f.uri.to_string()));
        }
    }
    Ok(res)
}

/// Run one `<cfhttp>` call. `attrs` holds the tag's attributes (keys case-insensitive: `url`,
/// `method`, `port`, `timeout` in seconds, `username`, `password`, `userAgent`, `charset`,
/// `resolveURL`, `redirect`, `throwOnError`, `getAsBinary`, `multipart`, `multipartType`,
/// `proxyServer`, `proxyPort`, `proxyUser`, `proxyPassword`, `path`, `file`, `compression`,
/// `encodeUrl`); `path`/`file` must already be absolute (the caller expands them).
///
/// Returns Lucee's result struct. Errors: invalid attributes or params, an unreadable upload or
/// unwritable target file, and, with `throwOnError`, a non-2xx status, a timeout or a failed
/// connection.
pub fn execute(attrs: &Struct, params: &[HttpParam]) -> CfResult<Struct> {
    let opts = Options::read(attrs)?;
    let prep = prepare(&opts, params)?;
    let url = prep.uri.to_string();
    match fetch(&opts, prep)? {
        Ok(fetched) => build_result(&opts, fetched),
        Err(Failure::Timeout) => {
            if opts.throw_on_error {
                Err(http_error(
                    408,
                    "Request Time-out",
                    "a timeout occurred in tag http",
                    &url,
                ))
            } else {
                Ok(timeout_result())
            }
        }
        Err(Failure::Connection(type_, detail)) => {
            if opts.throw_on_error {
                let mut e = CfmlError::new(type_, detail.clone());
                let extra = Struct::new();
                set(&extra, "url", Value::from(url));
                e.extra = Some(extra);
                Err(e)
            } else {
                Ok(connection_failure(&detail))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::{TcpListener, TcpStream};

    /// A request as the test server saw it.
    fn read_request(stream: &mut TcpStream) -> Option<(String, Vec<u8>)> {
        let mut buf = Vec::new();
        let mut chunk = [0u8; 4096];
        let head_end = loop {
            let n = stream.read(&mut chunk).ok()?;
            if n == 0 {
                return None;
            }
            buf.extend_from_slice(&chunk[..n]);
            if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break i + 4;
            }
        };
        let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
        let len = head
            .lines()
            .find_map(|l| {
                let (n, v) = l.split_once(':')?;
                n.eq_ignore_ascii_case("content-length")
                    .then(|| v.trim().parse::<usize>().ok())
                    .flatten()
            })
            .unwrap_or(0);
        while buf.len() < head_end + len {
            let n = stream.read(&mut chunk).ok()?;
            if n == 0 {
                break;
            }
            buf.extend_from_slice(&chunk[..n]);
        }
        Some((head, buf[head_end..].to_vec()))
    }

    fn respond(stream: &mut TcpStream, status: &str, headers: &[(&str, &str)], body: &[u8]) {
        let mut out = format!(
            "HTTP/1.1 {status}\r\nConnection: close\r\nContent-Length: {}\r\n",
            body.len()
        );
        for (n, v) in headers {
            out.push_str(&format!("{n}: {v}\r\n"));
        }
        out.push_str("\r\n");
        let _ = stream.write_all(out.as_bytes());
        let _ = stream.write_all(body);
        let _ = stream.flush();
    }

    fn handle(mut stream: TcpStream) {
        let Some((head, body)) = read_request(&mut stream) else {
            return;
        };
        let target = head.split(' ').nth(1).unwrap_or("/").to_string();
        let path = target.split('?').next().unwrap_or("/").to_string();
        match path.as_str() {
            "/echo" => {
                let mut all = head.into_bytes();
                all.extend_from_slice(&body);
                respond(&mut stream, "200 OK", &[("Content-Type", "text/plain; charset=UTF-8")], &all);
            }
            "/json" => respond(
                &mut stream,
                "201 Created",
                &[("Content-Type", "application/json")],
                br#"{"ok":true}"#,
            ),
            "/redirect" => respond(
                &mut stream,
                "302 Found",
                &[("Location", "/echo?from=redirect"), ("Set-Cookie", "hop=1; Path=/")],
                b"moved",
            ),
            "/loop" => respond(&mut stream, "302 Found", &[("Location", "/loop")], b""),
            "/see-other" => respond(&mut stream, "303 See Other", &[("Location", "echo?after=post")], b""),
            "/bin" => respond(
                &mut stream,
                "200 OK",
                &[("Content-Type", "image/png")],
                b"\x89PNG\r\n\x1a\n\x00\x01\x02\xff",
            ),
            "/sniff" => respond(&mut stream, "200 OK", &[], b"GIF89a\x00\x01"),
            "/cookies" => respond(
                &mut stream,
                "200 OK",
                &[
                    ("Content-Type", "text/html"),
                    ("Set-Cookie", "a=1; Path=/; HttpOnly"),
                    ("Set-Cookie", "b=two%20words; Domain=example.com; Secure; Expires=Wed, 21 Oct 2037 07:28:00 GMT"),
                    ("X-Multi", "one"),
                    ("X-Multi", "two"),
                ],
                b"<a href=\"page.html\">x</a> <img src='/img/a.png'> <a href=\"http://other/x\">y</a>",
            ),
            "/slow" => {
                std::thread::sleep(Duration::from_secs(3));
                respond(&mut stream, "200 OK", &[("Content-Type", "text/plain")], b"late");
            }
            _ => respond(&mut stream, "404 Not Found", &[("Content-Type", "text/html")], b"<h1>missing</h1>"),
        }
    }

    /// Start a server on an ephemeral port; it serves until the test process ends.
    fn server() -> String {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("bind: {e}"));
        let addr = listener
            .local_addr()
            .unwrap_or_else(|e| panic!("addr: {e}"));
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                std::thread::spawn(move || handle(stream));
            }
        });
        format!("http://{addr}")
    }

    fn attrs(pairs: &[(&str, Value)]) -> Struct {
        let s = Struct::new();
        for (k, v) in pairs {
            s.set(Key::new(*k), v.clone());
        }
        s
    }

    fn param(kind: &str, name: &str, value: &str) -> HttpParam {
        HttpParam {
            kind: kind.into(),
            name: name.into(),
            value: Value::from(value),
            ..Default::default()
        }
    }

    fn text(s: &Struct, k: &str) -> String {
        s.get(k)
            .map(|v| {
                v.to_str()
                    .map(|c| c.into_owned())
                    .unwrap_or_else(|e| panic!("{k}: {e:?}"))
            })
            .unwrap_or_else(|| panic!("missing key {k}"))
    }

    fn run(url: String, extra: &[(&str, Value)], params: &[HttpParam]) -> Struct {
        let mut pairs = vec![("url", Value::from(url))];
        pairs.extend(extra.iter().cloned());
        execute(&attrs(&pairs), params).unwrap_or_else(|e| panic!("{}: {}", e.message, e.detail))
    }

    #[test]
    fn get_with_url_params_and_headers() {
        let base = server();
        let r = run(
            format!("{base}/echo?x=1"),
            &[("userAgent", Value::from("Tester/1.0"))],
            &[
                param("url", "q", "a b&c"),
                param("url", "done", "a%20b"),
                param("header", "X-Token", "secret"),
                param("cgi", "X-Cgi", "a b"),
                param("cookie", "sess", "abc"),
            ],
        );
        assert_eq!(text(&r, "statusCode"), "200 OK");
        assert_eq!(
            r.get("status_code").and_then(|v| v.as_numeric()),
            Some(200.0)
        );
        assert_eq!(text(&r, "status_text"), "OK");
        assert_eq!(text(&r, "mimeType"), "text/plain");
        assert_eq!(text(&r, "charset"), "UTF-8");
        assert_eq!(text(&r, "errorDetail"), "");
        assert!(matches!(r.get("text"), Some(Value::Bool(true))));
        let body = text(&r, "fileContent");
        assert!(
            body.starts_with("GET /echo?x=1&q=a+b%26c&done=a%20b HTTP/1.1"),
            "{body}"
        );
        assert!(
            body.contains("x-token: secret") || body.contains("X-Token: secret"),
            "{body}"
        );
        assert!(body.to_ascii_lowercase().contains("x-cgi: a+b"), "{body}");
        assert!(
            body.to_ascii_lowercase().contains("cookie: sess=abc"),
            "{body}"
        );
        assert!(
            body.to_ascii_lowercase().contains("user-agent: tester/1.0"),
            "{body}"
        );
        assert!(text(&r, "header").starts_with("HTTP/1.1 200 OK "));
        let Some(Value::Struct(h)) = r.get("responseHeader") else {
            panic!("responseHeader")
        };
        assert_eq!(text(&h, "Content-Type"), "text/plain; charset=UTF-8");
        assert_eq!(
            h.get("status_code").and_then(|v| v.as_numeric()),
            Some(200.0)
        );
        assert_eq!(text(&h, "explanation"), "OK");
    }

    #[test]
    fn post_form_fields() {
        let base = server();
        let r = run(
            format!("{base}/echo"),
            &[("method", Value::from("post"))],
            &[
                param("formfield", "name", "Zoë & co"),
                param("formfield", "n", "1"),
            ],
        );
        let body = text(&r, "fileContent");
        assert!(body.starts_with("POST /echo HTTP/1.1"), "{body}");
        assert!(
            body.to_ascii_lowercase()
                .contains("content-type: application/x-www-form-urlencoded; charset=utf-8"),
            "{body}"
        );
        assert!(body.ends_with("name=Zo%C3%AB+%26+co&n=1"), "{body}");
    }

    #[test]
    fn formfield_on_get_is_an_error() {
        let base = server();
        let e = execute(
            &attrs(&[("url", Value::from(format!("{base}/echo")))]),
            &[param("formfield", "a", "1")],
        );
        assert!(e.is_err());
    }

    #[test]
    fn multipart_with_file() {
        let base = server();
        let dir = std::env::temp_dir().join(format!("rime-http-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let f = dir.join("upload.txt");
        std::fs::write(&f, b"file body").unwrap_or_else(|e| panic!("{e}"));
        let mut file_param = param("file", "doc", "");
        file_param.file = Some(f.clone());
        let r = run(
            format!("{base}/echo"),
            &[("method", Value::from("POST"))],
            &[param("formfield", "title", "hello"), file_param],
        );
        let body = text(&r, "fileContent");
        assert!(
            body.to_ascii_lowercase()
                .contains("content-type: multipart/form-data; boundary="),
            "{body}"
        );
        assert!(
            body.contains("Content-Disposition: form-data; name=\"title\""),
            "{body}"
        );
        assert!(
            body.contains("Content-Disposition: form-data; name=\"doc\"; filename=\"upload.txt\"\r\nContent-Type: text/plain\r\n\r\nfile body\r\n"),
            "{body}"
        );
        assert!(body.trim_end().ends_with("--"), "{body}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn raw_json_body_and_201() {
        let base = server();
        let mut p = param("body", "", r#"{"a":1}"#);
        p.mime_type = Some("application/json".into());
        let r = run(
            format!("{base}/echo"),
            &[("method", Value::from("PUT"))],
            &[p, param("header", "X-A", "b")],
        );
        let body = text(&r, "fileContent");
        assert!(body.starts_with("PUT /echo"), "{body}");
        assert!(
            body.to_ascii_lowercase()
                .contains("content-type: application/json"),
            "{body}"
        );
        assert!(body.ends_with(r#"{"a":1}"#), "{body}");

        let r = run(format!("{base}/json"), &[], &[]);
        assert_eq!(text(&r, "statusCode"), "201 Created");
        assert_eq!(text(&r, "mimeType"), "application/json");
        assert_eq!(text(&r, "fileContent"), r#"{"ok":true}"#);
        assert_eq!(text(&r, "errorDetail"), "");
    }

    #[test]
    fn redirects_followed_and_not() {
        let base = server();
        let r = run(format!("{base}/redirect"), &[], &[]);
        assert_eq!(text(&r, "statusCode"), "200 OK");
        let body = text(&r, "fileContent");
        assert!(body.starts_with("GET /echo?from=redirect "), "{body}");
        assert!(
            body.to_ascii_lowercase().contains("cookie: hop=1"),
            "{body}"
        );

        let r = run(
            format!("{base}/redirect"),
            &[("redirect", Value::Bool(false))],
            &[],
        );
        assert_eq!(text(&r, "statusCode"), "302 Found");
        assert_eq!(text(&r, "errorDetail"), "302 Found");
        let Some(Value::Struct(h)) = r.get("responseHeader") else {
            panic!("responseHeader")
        };
        assert_eq!(text(&h, "location"), "/echo?from=redirect");

        // a POST is not redirected on 302, but is on 303 (as a GET)
        let r = run(
            format!("{base}/redirect"),
            &[("method", Value::from("POST"))],
            &[],
        );
        assert_eq!(text(&r, "statusCode"), "302 Found");
        let r = run(
            format!("{base}/see-other"),
            &[("method", Value::from("POST"))],
            &[param("formfield", "a", "1")],
        );
        assert!(text(&r, "fileContent").starts_with("GET /echo?after=post "));

        // endless redirects stop and return the last response
        let r = run(format!("{base}/loop"), &[], &[]);
        assert_eq!(text(&r, "statusCode"), "302 Found");
    }

    #[test]
    fn binary_responses() {
        let base = server();
        let r = run(format!("{base}/bin"), &[], &[]);
        assert_eq!(text(&r, "mimeType"), "image/png");
        assert!(matches!(r.get("text"), Some(Value::Bool(false))));
        let Some(Value::Binary(b)) = r.get("fileContent") else {
            panic!("binary")
        };
        assert_eq!(b.len(), 12);

        let r = run(format!("{base}/sniff"), &[], &[]);
        assert_eq!(text(&r, "mimeType"), "image/gif");
        assert!(matches!(r.get("fileContent"), Some(Value::Binary(_))));

        let r = run(
            format!("{base}/json"),
            &[("getAsBinary", Value::from("yes"))],
            &[],
        );
        assert!(matches!(r.get("fileContent"), Some(Value::Binary(_))));
        assert!(matches!(r.get("text"), Some(Value::Bool(true))));
    }

    #[test]
    fn not_found_and_throw_on_error() {
        let base = server();
        let r = run(format!("{base}/nothing"), &[], &[]);
        assert_eq!(text(&r, "statusCode"), "404 Not Found");
        assert_eq!(text(&r, "errorDetail"), "404 Not Found");
        assert_eq!(text(&r, "fileContent"), "<h1>missing</h1>");

        let e = execute(
            &attrs(&[
                ("url", Value::from(format!("{base}/nothing"))),
                ("throwOnError", Value::Bool(true)),
            ]),
            &[],
        )
        .err()
        .unwrap_or_else(|| panic!("expected an error"));
        assert_eq!(e.message, "404 Not Found");
        assert_eq!(e.type_.as_str(), "application");
        let extra = e.extra.unwrap_or_default();
        assert_eq!(text(&extra, "statusCode"), "404");
    }

    #[test]
    fn connection_refused() {
        let port = {
            let l = TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("{e}"));
            l.local_addr().unwrap_or_else(|e| panic!("{e}")).port()
        };
        let r = run(format!("http://127.0.0.1:{port}/"), &[], &[]);
        assert_eq!(
            text(&r, "statusCode"),
            "Connection Failure. Status code unavailable."
        );
        assert_eq!(text(&r, "fileContent"), "Connection Failure");
        assert_eq!(r.get("status_code").and_then(|v| v.as_numeric()), Some(0.0));
        assert!(text(&r, "errorDetail").starts_with("Unknown host: "));
        assert_eq!(text(&r, "mimeType"), NO_MIME);

        let e = execute(
            &attrs(&[
                ("url", Value::from(format!("http://127.0.0.1:{port}/"))),
                ("throwOnError", Value::from("yes")),
            ]),
            &[],
        )
        .err()
        .unwrap_or_else(|| panic!("expected an error"));
        assert_eq!(e.type_.as_str(), "java.net.ConnectException");
        assert!(e.message.contains("Connection refused"), "{}", e.message);
    }

    #[test]
    fn timeout() {
        let base = server();
        let start = Instant::now();
        let r = run(format!("{base}/slow"), &[("timeout", Value::Num(1.0))], &[]);
        assert!(start.elapsed() < Duration::from_millis(2500));
        assert_eq!(text(&r, "statusCode"), "408 Request Time-out");
        assert_eq!(text(&r, "fileContent"), "Connection Timeout");
        assert_eq!(
            r.get("status_code").and_then(|v| v.as_numeric()),
            Some(408.0)
        );

        let e = execute(
            &attrs(&[
                ("url", Value::from(format!("{base}/slow"))),
                ("timeout", Value::from("0.5")),
                ("throwOnError", Value::Bool(true)),
            ]),
            &[],
        )
        .err()
        .unwrap_or_else(|| panic!("expected an error"));
        assert_eq!(e.message, "408 Request Time-out");
        assert_eq!(e.detail, "a timeout occurred in tag http");
    }

    #[test]
    fn cookies_repeated_headers_and_resolve_url() {
        let base = server();
        let r = run(
            format!("{base}/cookies"),
            &[("resolveUrl", Value::Bool(true))],
            &[],
        );
        let Some(Value::Struct(h)) = r.get("responseHeader") else {
            panic!("responseHeader")
        };
        let Some(Value::Array(multi)) = h.get("X-Multi") else {
            panic!("array for a repeated header")
        };
        assert_eq!(multi.len(), 2);
        let Some(Value::Array(sc)) = h.get("Set-Cookie") else {
            panic!("set-cookie array")
        };
        assert_eq!(sc.len(), 2);
        let Some(Value::Query(q)) = r.get("cookies") else {
            panic!("cookies query")
        };
        let q = q.read();
        assert_eq!(q.rows, 2);
        let col = |n: &str| q.column_index(n).unwrap_or_else(|| panic!("column {n}"));
        assert_eq!(
            q.get(col("name"), 1)
                .map(|v| v.to_str().map(|s| s.into_owned()).ok()),
            Some(Some("a".into()))
        );
        assert!(matches!(q.get(col("httpOnly"), 1), Some(Value::Bool(true))));
        assert_eq!(
            q.get(col("value"), 2)
                .map(|v| v.to_str().map(|s| s.into_owned()).ok()),
            Some(Some("two words".into()))
        );
        assert!(matches!(q.get(col("secure"), 2), Some(Value::Bool(true))));
        assert!(matches!(q.get(col("expires"), 2), Some(Value::Date(_))));
        let body = text(&r, "fileContent");
        assert!(
            body.contains(&format!("href=\"{base}/page.html\"")),
            "{body}"
        );
        assert!(body.contains(&format!("src='{base}/img/a.png'")), "{body}");
        assert!(body.contains("href=\"http://other/x\""), "{body}");
    }

    #[test]
    fn save_to_file_and_head() {
        let base = server();
        let dir = std::env::temp_dir().join(format!("rime-http-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let r = run(
            format!("{base}/bin"),
            &[
                ("path", Value::from(dir.to_string_lossy().into_owned())),
                ("file", Value::from("out.png")),
            ],
            &[],
        );
        assert_eq!(text(&r, "statusCode"), "200 OK");
        let saved = std::fs::read(dir.join("out.png")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(saved.len(), 12);
        let _ = std::fs::remove_dir_all(&dir);

        let r = run(
            format!("{base}/json"),
            &[("method", Value::from("head"))],
            &[],
        );
        assert_eq!(text(&r, "statusCode"), "201 Created");
        assert_eq!(text(&r, "fileContent"), "");
    }

    #[test]
    fn basic_auth_port_and_bad_input() {
        let base = server();
        let r = run(
            format!("{base}/echo"),
            &[
                ("username", Value::from("u")),
                ("password", Value::from("p w")),
            ],
            &[],
        );
        let auth = base64::engine::general_purpose::STANDARD.encode("u:p w");
        assert!(text(&r, "fileContent").contains(&format!("Basic {auth}")));

        // the port attribute applies when the url names none
        let port = base.rsplit(':').next().unwrap_or_default().to_string();
        let r = run(
            "http://127.0.0.1/echo?v=a b".into(),
            &[("port", Value::from(port.as_str()))],
            &[],
        );
        assert!(
            text(&r, "fileContent").starts_with("GET /echo?v=a%20b "),
            "{} {}",
            text(&r, "statusCode"),
            text(&r, "errorDetail")
        );

        assert!(execute(&attrs(&[]), &[]).is_err());
        assert!(execute(
            &attrs(&[
                ("url", Value::from(base.clone())),
                ("method", Value::from("FETCH"))
            ]),
            &[]
        )
        .is_err());
        assert!(execute(&attrs(&[("url", Value::from("ftp://x/"))]), &[]).is_err());
        assert!(execute(
            &attrs(&[("url", Value::from(base))]),
            &[param("bogus", "a", "b")]
        )
        .is_err());
    }

    #[test]
    fn helpers() {
        assert_eq!(form_encode("a b+c/é", Charset::Utf8), "a+b%2Bc%2F%C3%A9");
        assert!(looks_encoded("a%20b+c"));
        assert!(!looks_encoded("a b"));
        assert!(!looks_encoded("100%"));
        assert_eq!(
            encode_url_chars("http://h/a b?x=ü&y=%zz"),
            "http://h/a%20b?x=%C3%BC&y=%25zz"
        );
        let base = http::Uri::from_static("http://h:8/dir/page.html?q=1");
        assert_eq!(
            resolve_relative(&base, "x.html").as_deref(),
            Some("http://h:8/dir/x.html")
        );
        assert_eq!(
            resolve_relative(&base, "../up").as_deref(),
            Some("http://h:8/up")
        );
        assert_eq!(
            resolve_relative(&base, "/abs").as_deref(),
            Some("http://h:8/abs")
        );
        assert_eq!(
            resolve_relative(&base, "//cdn/x").as_deref(),
            Some("http://cdn/x")
        );
        assert_eq!(
            resolve_relative(&base, "https://o/").as_deref(),
            Some("https://o/")
        );
        assert_eq!(header_case("x-powered-by"), "X-Powered-By");
        assert!(is_text_mime("application/vnd.api+json; charset=utf-8"));
        assert!(!is_text_mime("image/png"));
        assert!(parse_cookie_date("Wed, 21 Oct 2037 07:28:00 GMT").is_some());
        let base = http::Uri::from_static("http://h/d/p");
        assert_eq!(
            resolve_links("<p>é</p><a  HREF=x>ü</a><img src=\"/i.png\">", &base),
            "<p>é</p><a  HREF=http://h/d/x>ü</a><img src=\"http://h/i.png\">"
        );
    }
}
