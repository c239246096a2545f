//! `internalRequest()`: a page of this server run as a request of its own, without HTTP, the
//! way Lucee's test suites call their pages. It goes through the one pipeline
//! (`Engine::handle`: the application, its lifecycle, sessions, `onError`), on a thread of its
//! own so that nothing the calling request keeps per thread (its memory budget, its young
//! containers) is disturbed, and its answer comes back as the struct Lucee returns.

use crate::page::{Outcome, Page, PageInput, PageKind};
use crate::{Engine, REQUEST_STACK_BYTES};
use rime_request::{CgiInfo, HttpRequest, LazyScope, RequestHeaders, RequestScopes};
use rime_runtime::{Array, CfResult, CfmlError, InternalRequest, Key, Struct, Value};
use rime_stdlib::string::{url_decode_utf8, url_encode_utf8};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Internal requests running in the process, and the most at once.
static RUNNING: AtomicUsize = AtomicUsize::new(0);
const MAX_RUNNING: usize = 64;

/// Counts one running internal request down when it ends.
struct Running;

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Engine {
    /// Run `request` (its template relative to `from`, the calling template, unless it starts
    /// with `/`) and return `filecontent`, `headers`, `cookies`, `request`, `status`,
    /// `status_code`, `executionTime` and, when it failed and `throw_on_error` is false,
    /// `error`.
    pub(crate) fn internal_request(
        self: Arc<Self>,
        request: InternalRequest,
        from: &str,
        throw_on_error: bool,
    ) -> CfResult<Struct> {
        let file = self.internal_target(&request.template, from)?;
        // Each one waits on a thread of its own: a page requesting itself must end in an
        // error, not in threads without end.
        let running = RUNNING.fetch_add(1, Ordering::SeqCst);
        let _done = Running;
        if running >= MAX_RUNNING {
            return Err(CfmlError::application(format!(
                "internalRequest: more than {MAX_RUNNING} internal requests are running (does a page request itself?)"
            )));
        }
        let engine = self.clone();
        let job = move || engine.run_internal(request, file);
        let joined = std::thread::Builder::new()
            .name("rime-internal-request".into())
            .stack_size(REQUEST_STACK_BYTES)
            .spawn(move || std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)))
            .map_err(|e| {
                CfmlError::application(format!("internalRequest: no thread to run it on: {e}"))
            })?
            .join();
        let (result, error) = match joined {
            Ok(Ok(r)) => r,
            _ => {
                return Err(CfmlError::application(
                    "internalRequest: the request ended in an internal error",
                ))
            }
        };
        match error {
            Some(e) if throw_on_error => Err(e),
            Some(e) => {
                result.set(Key::new("error"), e.to_value());
                Ok(result)
            }
            None => Ok(result),
        }
    }

    /// The file `template` names: a web path from the root, else relative to `from`'s folder.
    fn internal_target(&self, template: &str, from: &str) -> CfResult<PathBuf> {
        let t = template.trim().replace('\\', "/");
        if t.is_empty() || Path::new(&t).extension().is_none() {
            return Err(CfmlError::expression(
                "Invalid argument for function [internalRequest], argument [template]: template path is invalid",
            ));
        }
        let path = if t.starts_with('/') {
            self.root.join(t.trim_start_matches('/'))
        } else {
            Path::new(from).parent().unwrap_or(&self.root).join(&t)
        };
        Ok(std::fs::canonicalize(&path).unwrap_or(path))
    }

    /// The request on this (fresh) thread: its scopes, the pipeline, and the answer as a struct
    /// with the page's error apart.
    fn run_internal(
        self: &Arc<Self>,
        request: InternalRequest,
        file: PathBuf,
    ) -> (Struct, Option<Box<CfmlError>>) {
        let started = Instant::now();
        let web_path: Arc<str> = self.web_path(&file).into();
        let kind = if self.file_exists(&file) {
            PageKind::Page
        } else {
            PageKind::Missing
        };
        let query_string = request
            .url
            .entries()
            .iter()
            .map(|(k, v)| {
                format!(
                    "{}={}",
                    url_encode_utf8(k.as_str()),
                    url_encode_utf8(&v.to_str().unwrap_or_default())
                )
            })
            .collect::<Vec<_>>()
            .join("&");
        let headers: Vec<(String, String)> = request
            .headers
            .entries()
            .iter()
            .map(|(k, v)| {
                (
                    k.as_str().to_ascii_lowercase(),
                    v.to_str().unwrap_or_default().into_owned(),
                )
            })
            .collect();
        let request_scope = Struct::new();
        let http = HttpRequest {
            cgi: CgiInfo {
                script_name: web_path.clone(),
                path_info: String::new(),
                path_translated: file.as_path().into(),
                query_string,
                remote_addr: "127.0.0.1".into(),
                server_name: "localhost".into(),
                server_port: 80,
                https: false,
            },
            method: request.method.clone().into(),
            protocol: "HTTP/1.1",
            headers: RequestHeaders::of(headers),
            body: Arc::new(request.body.unwrap_or_default()),
            uploads: Vec::new(),
        };
        let scopes = RequestScopes {
            request: LazyScope::of(request_scope.clone()),
            url: LazyScope::of(request.url),
            form: LazyScope::of(request.form),
            cookie: LazyScope::of(request.cookies),
            http: Some(Arc::new(http)),
            ..Default::default()
        };
        let r = self.handle(PageInput {
            page: Page {
                file: file.as_path().into(),
                web_path: web_path.clone(),
                kind,
                compiled: None,
            },
            scopes,
            flush: None,
        });
        let (status, error) = match r.outcome {
            Outcome::Done => (r.response.status, None),
            Outcome::NotFound => (
                404,
                Some(CfmlError::new(
                    "missinginclude",
                    format!("Page [{web_path}] [{}] not found", file.display()),
                )),
            ),
            Outcome::Error(e) => (500, Some(e)),
        };
        let out = Struct::with_flags(true);
        match &r.response.body {
            Some(bytes) => out.set(Key::new("filecontent_binary"), Value::Binary(bytes.clone())),
            None => out.set(Key::new("filecontent"), Value::from(r.body.as_str())),
        }
        let headers = Struct::new();
        for (name, value) in &r.response.headers {
            headers.set(Key::new(name.as_str()), Value::from(value.as_str()));
        }
        let cookies = Struct::with_flags(true);
        if !r.response.cookies.is_empty() {
            let set = Array::new();
            for c in &r.response.cookies {
                set.push(Value::from(c.as_str()));
                let pair = c.split(';').next().unwrap_or("");
                if let Some((n, v)) = pair.split_once('=') {
                    let v = url_decode_utf8(v.trim());
                    cookies.set(Key::new(n.trim()), Value::from(v));
                }
            }
            headers.set(Key::new("Set-Cookie"), Value::Array(set));
        }
        out.set(Key::new("cookies"), Value::Struct(cookies));
        out.set(Key::new("request"), Value::Struct(request_scope));
        out.set(Key::new("headers"), Value::Struct(headers));
        out.set(
            Key::new("executionTime"),
            Value::from(started.elapsed().as_millis() as f64),
        );
        out.set(Key::new("status"), Value::from(f64::from(status)));
        out.set(Key::new("status_code"), Value::from(f64::from(status)));
        (out, error)
    }
}
