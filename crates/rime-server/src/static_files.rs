//! Static files: content type, `ETag`/`Last-Modified` validators and `304`, single byte ranges
//! (`206`/`416`), `HEAD`, and brotli/gzip of text files (cached per file version and coding).

use crate::body::Body;
use crate::compress::{self, Coding};
use crate::mime;
use bytes::Bytes;
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, Response, StatusCode};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::io::{Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Files up to this size are read in one go; larger ones are streamed.
const INLINE_MAX: u64 = 256 * 1024;
/// Text files up to this size are compressed (larger ones go as they are, streamed).
const GZIP_MAX: u64 = 4 * 1024 * 1024;
/// Total bytes of compressed files kept; the cache is emptied when it would grow past this.
const GZIP_CACHE_BYTES: usize = 32 * 1024 * 1024;

/// Compressed file contents by path and coding, valid while the file's validator is unchanged.
#[derive(Default)]
pub struct CompressCache {
    entries: Mutex<HashMap<(PathBuf, Coding), (String, Bytes)>>,
    bytes: Mutex<usize>,
}

impl CompressCache {
    fn get(&self, path: &Path, coding: Coding, etag: &str) -> Option<Bytes> {
        match self.entries.lock().get(&(path.to_path_buf(), coding)) {
            Some((tag, b)) if tag == etag => Some(b.clone()),
            _ => None,
        }
    }

    fn put(&self, path: &Path, coding: Coding, etag: &str, data: Bytes) {
        let mut entries = self.entries.lock();
        let mut total = self.bytes.lock();
        if *total + data.len() > GZIP_CACHE_BYTES {
            entries.clear();
            *total = 0;
        }
        *total += data.len();
        let key = (path.to_path_buf(), coding);
        if let Some((_, old)) = entries.insert(key, (etag.to_string(), data)) {
            *total = total.saturating_sub(old.len());
        }
    }
}

fn status(code: StatusCode) -> Response<Body> {
    let mut r = Response::new(Body::empty());
    *r.status_mut() = code;
    r
}

/// The entity tag of a file version: size and modification time. Strong, because the bytes of
/// one size and mtime are taken to be the same (as nginx and Apache do).
fn etag_of(len: u64, modified: Option<SystemTime>) -> String {
    let nanos = modified
        .and_then(|m| m.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    format!("\"{len:x}-{nanos:x}\"")
}

/// Whether an `If-None-Match` value matches `etag` (weak comparison, as RFC 9110 asks).
fn none_match(header: &str, etag: &str) -> bool {
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_string();
    let etag = bare(etag);
    header
        .split(',')
        .any(|t| t.trim() == "*" || bare(t) == etag)
}

/// A parsed `Range` request against a file of `len` bytes.
#[derive(Debug, PartialEq, Eq)]
enum Range {
    /// Serve the whole file (no header, several ranges, or a unit we don't know).
    Full,
    /// `start..=end`.
    Part(u64, u64),
    Unsatisfiable,
}

fn parse_range(header: &str, len: u64) -> Range {
    let Some(spec) = header.trim().strip_prefix("bytes=") else {
        return Range::Full;
    };
    if spec.contains(',') {
        // Multipart/byteranges is rare in practice; the whole file is a valid answer.
        return Range::Full;
    }
    let Some((a, b)) = spec.trim().split_once('-') else {
        return Range::Full;
    };
    let (a, b) = (a.trim(), b.trim());
    if a.is_empty() {
        // `bytes=-N`: the last N bytes.
        return match b.parse::<u64>() {
            Err(_) => Range::Full,
            Ok(0) => Range::Unsatisfiable,
            Ok(_) if len == 0 => Range::Unsatisfiable,
            Ok(n) => Range::Part(len.saturating_sub(n), len - 1),
        };
    }
    let Ok(start) = a.parse::<u64>() else {
        return Range::Full;
    };
    if start >= len {
        return Range::Unsatisfiable;
    }
    let end = if b.is_empty() {
        len - 1
    } else {
        match b.parse::<u64>() {
            Ok(e) if e >= start => e.min(len - 1),
            _ => return Range::Full,
        }
    };
    Range::Part(start, end)
}

/// Serve `file` (canonical, checked by the resolver) for a GET or HEAD.
pub fn serve(
    method: &Method,
    headers: &HeaderMap,
    file: &Path,
    coding: Option<Coding>,
    cache: &CompressCache,
) -> Response<Body> {
    let meta = match std::fs::metadata(file) {
        Ok(m) if m.is_file() => m,
        _ => return status(StatusCode::NOT_FOUND),
    };
    let len = meta.len();
    let modified = meta.modified().ok();
    let etag = etag_of(len, modified);
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let ctype = mime::content_type(&name);
    let header = |n: header::HeaderName| headers.get(n).and_then(|v| v.to_str().ok());

    let mut r = status(StatusCode::OK);
    let h = r.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    if let Some(m) = modified {
        if let Ok(v) = HeaderValue::from_str(&httpdate::fmt_http_date(m)) {
            h.insert(header::LAST_MODIFIED, v);
        }
    }
    h.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    let compressible = compress::compressible(ctype);
    if compressible {
        h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }

    // Validators: If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2).
    let not_modified = match header(header::IF_NONE_MATCH) {
        Some(inm) => none_match(inm, &etag),
        None => match (header(header::IF_MODIFIED_SINCE), modified) {
            (Some(ims), Some(m)) => httpdate::parse_http_date(ims).ok().is_some_and(|since| {
                // HTTP dates have whole seconds.
                let m_secs = m.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
                let s_secs = since.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
                m_secs <= s_secs
            }),
            _ => false,
        },
    };
    if not_modified {
        *r.status_mut() = StatusCode::NOT_MODIFIED;
        return r;
    }
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(ctype));

    // A Range applies only while If-Range (when sent) still names this version.
    let if_range_ok = match header(header::IF_RANGE) {
        None => true,
        Some(v) if v.trim().starts_with('"') || v.trim().starts_with("W/") => v.trim() == etag,
        Some(v) => match (httpdate::parse_http_date(v), modified) {
            (Ok(d), Some(m)) => {
                let m_secs = m.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
                let d_secs = d.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
                m_secs == d_secs
            }
            _ => false,
        },
    };
    let range = match header(header::RANGE) {
        Some(v) if if_range_ok && *method == Method::GET => parse_range(v, len),
        _ => Range::Full,
    };
    let (start, count) = match range {
        Range::Full => (0, len),
        Range::Part(s, e) => {
            *r.status_mut() = StatusCode::PARTIAL_CONTENT;
            if let Ok(v) = HeaderValue::from_str(&format!("bytes {s}-{e}/{len}")) {
                r.headers_mut().insert(header::CONTENT_RANGE, v);
            }
            (s, e - s + 1)
        }
        Range::Unsatisfiable => {
            let mut r = status(StatusCode::RANGE_NOT_SATISFIABLE);
            if let Ok(v) = HeaderValue::from_str(&format!("bytes */{len}")) {
                r.headers_mut().insert(header::CONTENT_RANGE, v);
            }
            return r;
        }
    };

    let whole = count == len;
    let coding = coding
        .filter(|_| whole && compressible && (compress::MIN_SIZE as u64..=GZIP_MAX).contains(&len));
    if let Some(coding) = coding {
        let tag = format!("{}-{}\"", etag.trim_end_matches('"'), coding.name());
        let data = match cache.get(file, coding, &tag) {
            Some(d) => Some(d),
            None => std::fs::read(file)
                .ok()
                .and_then(|raw| coding.encode(&raw).ok())
                .map(|packed| {
                    let b = Bytes::from(packed);
                    cache.put(file, coding, &tag, b.clone());
                    b
                }),
        };
        if let Some(data) = data {
            let h = r.headers_mut();
            h.insert(
                header::CONTENT_ENCODING,
                HeaderValue::from_static(coding.name()),
            );
            if let Ok(v) = HeaderValue::from_str(&tag) {
                h.insert(header::ETAG, v);
            }
            return finish(r, method, data.len() as u64, || Ok(Body::bytes(data)));
        }
    }
    finish(r, method, count, || {
        if count <= INLINE_MAX {
            let mut f = std::fs::File::open(file)?;
            f.seek(SeekFrom::Start(start))?;
            let mut buf = vec![0u8; count as usize];
            std::io::Read::read_exact(&mut f, &mut buf)?;
            Ok(Body::bytes(buf))
        } else {
            let mut f = std::fs::File::open(file)?;
            f.seek(SeekFrom::Start(start))?;
            Ok(Body::file(f, count))
        }
    })
}

/// Attach the body, or for HEAD only its length.
fn finish(
    mut r: Response<Body>,
    method: &Method,
    len: u64,
    body: impl FnOnce() -> std::io::Result<Body>,
) -> Response<Body> {
    if *method == Method::HEAD {
        r.headers_mut()
            .insert(header::CONTENT_LENGTH, HeaderValue::from(len));
        return r;
    }
    match body() {
        Ok(b) => {
            *r.body_mut() = b;
            r
        }
        Err(_) => status(StatusCode::INTERNAL_SERVER_ERROR),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(parse_range("bytes=0-9", 100), Range::Part(0, 9));
        assert_eq!(parse_range("bytes=90-", 100), Range::Part(90, 99));
        assert_eq!(parse_range("bytes=-10", 100), Range::Part(90, 99));
        assert_eq!(parse_range("bytes=-500", 100), Range::Part(0, 99));
        assert_eq!(parse_range("bytes=50-500", 100), Range::Part(50, 99));
        assert_eq!(parse_range("bytes=100-", 100), Range::Unsatisfiable);
        assert_eq!(parse_range("bytes=0-1,5-6", 100), Range::Full);
        assert_eq!(parse_range("items=0-1", 100), Range::Full);
        assert_eq!(parse_range("bytes=5-1", 100), Range::Full);
        assert_eq!(parse_range("bytes=-0", 100), Range::Unsatisfiable);
        assert_eq!(parse_range("bytes=0-", 0), Range::Unsatisfiable);
    }

    #[test]
    fn etag_matching() {
        assert!(none_match("\"a\", W/\"b\"", "\"b\""));
        assert!(none_match("*", "\"x\""));
        assert!(!none_match("\"a\"", "\"b\""));
    }
}
