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

mod encode;
mod options;
mod request;
mod response;
#[cfg(test)]
mod tests;
mod url;

use encode::*;
use options::*;
use request::*;
use response::*;
use url::*;

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
