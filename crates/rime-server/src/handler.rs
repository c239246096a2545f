//! One HTTP request: resolve the URL, then serve a static file or run a page inline on this
//! worker thread (under `catch_unwind`), and turn the result into a response (headers, cookies,
//! gzip, error pages, the access log line).

use crate::body::Body;
use crate::compress::{self, Coding};
use crate::error_page;
use crate::resolve::{self, Target};
use crate::{multipart, scopes};
use crate::{static_files, State};
use bytes::Bytes;
use http_body_util::BodyExt;
use hyper::body::{Body as _, Incoming};
use hyper::header::{self, HeaderName, HeaderValue};
use hyper::{Method, Request, Response, StatusCode, Version};
use rime_engine::page::{Outcome, Page, PageInput, PageKind, PageResult};
use rime_request::{CgiInfo, HttpRequest, LazyScope, RequestHeaders, RequestScopes};
use rime_runtime::{CfmlError, Struct};
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The rate a request body must keep up once its `--body-timeout` has passed (Apache's
/// `RequestReadTimeout body=20,MinRate=500`): each 500 bytes received buy one more second.
const BODY_MIN_RATE: u64 = 500;

/// What the server knows about the connection a request came on.
pub struct ConnInfo {
    pub remote_addr: Arc<str>,
    /// The name and port the server listens on (`server_name` when there's no Host header).
    pub server_name: Arc<str>,
    pub server_port: u16,
}

fn text_response(status: StatusCode, body: String) -> Response<Body> {
    let mut r = Response::new(Body::bytes(body));
    *r.status_mut() = status;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=UTF-8"),
    );
    r
}

/// The size of the request head as sent: the request line, each `name: value` line and the
/// blank line that ends it.
fn head_bytes(req: &Request<Incoming>) -> usize {
    let uri = req.uri();
    let target = uri.path_and_query().map_or(1, |p| p.as_str().len())
        + uri.authority().map_or(0, |a| {
            a.as_str().len() + uri.scheme_str().map_or(0, |s| s.len() + 3)
        });
    // `METHOD target HTTP/1.1\r\n`
    let line = req.method().as_str().len() + 1 + target + 11;
    req.headers()
        .iter()
        .fold(line + 2, |n, (k, v)| n + k.as_str().len() + 2 + v.len() + 2)
}

fn status_page(status: StatusCode) -> Response<Body> {
    let reason = status.canonical_reason().unwrap_or("");
    let text = match status {
        StatusCode::NOT_FOUND => "The requested URL was not found on this server.",
        StatusCode::FORBIDDEN => "You don't have permission to access this URL.",
        StatusCode::BAD_REQUEST => "The request could not be understood.",
        StatusCode::PAYLOAD_TOO_LARGE => "The request body is too large.",
        StatusCode::METHOD_NOT_ALLOWED => "The method is not allowed for this URL.",
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => "The request's headers are too large.",
        StatusCode::REQUEST_TIMEOUT => "The request body did not arrive in time.",
        StatusCode::SERVICE_UNAVAILABLE => "The server is too busy to answer now; try again later.",
        _ => "",
    };
    text_response(
        status,
        error_page::status_page(status.as_u16(), reason, text),
    )
}

/// Serve one request and log it.
pub async fn handle(st: &State, conn: &ConnInfo, req: Request<Incoming>) -> Response<Body> {
    let method = req.method().clone();
    // What the access line needs, only when there is an access log.
    let logged = st.logs.access_enabled().then(|| {
        let h = |n: HeaderName| {
            req.headers()
                .get(n)
                .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
        };
        let target = req
            .uri()
            .path_and_query()
            .map_or_else(|| req.uri().path().to_string(), |p| p.as_str().to_string());
        (
            Instant::now(),
            target,
            protocol_name(req.version()),
            h(header::REFERER),
            h(header::USER_AGENT),
        )
    });
    // hyper's read buffer bounds the head only roughly (a 64 KB limit let about 100 KB
    // through): the exact limit is checked here.
    let mut resp = if head_bytes(&req) > st.config.max_header_bytes {
        let mut r = status_page(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
        r.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
        r
    } else {
        route(st, conn, req).await
    };
    if method == Method::HEAD {
        // HEAD answers carry the length of the body a GET would get, but no body.
        let len = resp.body().size_hint().exact();
        if let Some(len) = len.filter(|l| *l > 0) {
            resp.headers_mut()
                .insert(header::CONTENT_LENGTH, HeaderValue::from(len));
        }
        *resp.body_mut() = Body::empty();
    }
    if let Some((start, target, version, referer, user_agent)) = logged {
        let bytes = resp
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok())
            .or_else(|| resp.body().size_hint().exact())
            .unwrap_or(0);
        st.logs.access(&crate::log::AccessEntry {
            remote: &conn.remote_addr,
            request: Some(crate::log::RequestLine {
                method: method.as_str(),
                target: &target,
                protocol: version,
                referer: referer.as_deref(),
                user_agent: user_agent.as_deref(),
            }),
            status: resp.status().as_u16(),
            bytes,
            duration: start.elapsed(),
        });
    }
    resp
}

/// What a URL path names: through `web.aliases`, the webroot, then (when rewrites are on) the
/// front controller `/index.cfm` for paths that name no file.
fn locate(st: &State, path: &str) -> Target {
    let opts = &st.config.resolve;
    for (prefix, dir) in &st.aliases {
        let Some(rest) = path
            .get(..prefix.len())
            .filter(|h| h.eq_ignore_ascii_case(prefix))
            .map(|_| &path[prefix.len()..])
        else {
            continue;
        };
        if rest.is_empty() || rest.starts_with('/') {
            let rest = if rest.is_empty() { "/" } else { rest };
            return resolve::under_prefix(resolve::resolve_with(dir, rest, opts), prefix);
        }
    }
    let target = resolve::resolve_with(&st.root, path, opts);
    if !st.config.rewrites || !matches!(target, Target::NotFound | Target::MissingPage { .. }) {
        return target;
    }
    let Some(decoded) = resolve::decode_path(path) else {
        return target;
    };
    let front = decoded
        .get(..10)
        .is_some_and(|h| h.eq_ignore_ascii_case("/index.cfm"));
    if front || resolve::is_private(&decoded, opts) {
        return target;
    }
    match resolve::resolve_with(&st.root, "/index.cfm", opts) {
        Target::Page {
            file, script_name, ..
        } => Target::Page {
            file,
            script_name,
            path_info: decoded,
        },
        _ => target,
    }
}

/// A 404, with the configured error page (`web.errorPages`) when there is one.
fn not_found(st: &State) -> Response<Body> {
    custom_error_page(st, StatusCode::NOT_FOUND)
        .unwrap_or_else(|| status_page(StatusCode::NOT_FOUND))
}

/// The static page configured for `status` (or the default one), sent with that status.
fn custom_error_page(st: &State, status: StatusCode) -> Option<Response<Body>> {
    let web = st
        .config
        .error_pages
        .iter()
        .find(|(code, _)| *code == status.as_u16())
        .or_else(|| st.config.error_pages.iter().find(|(code, _)| *code == 0))
        .map(|(_, p)| p.clone())?;
    let Target::Static { file } = resolve::resolve_with(&st.root, &web, &st.config.resolve) else {
        return None;
    };
    let body = std::fs::read(&file).ok()?;
    let mut r = Response::new(Body::bytes(body));
    *r.status_mut() = status;
    let ctype = crate::mime::content_type(&file.to_string_lossy());
    if let Ok(v) = HeaderValue::from_str(ctype) {
        r.headers_mut().insert(header::CONTENT_TYPE, v);
    }
    Some(r)
}

async fn route(st: &State, conn: &ConnInfo, req: Request<Incoming>) -> Response<Body> {
    let path = req.uri().path();
    match crate::rest::locate(st, path) {
        Some(Ok(rest)) => {
            // Only the folder matters: the mapping's Application.cfc governs the request.
            let file = rest.call.dir.join("index.cfm");
            let (script_name, path_info) = (rest.script_name, rest.path_info);
            let kind = PageKind::Rest(Box::new(rest.call));
            return run_page(
                st,
                conn,
                req,
                file.into(),
                script_name.into(),
                path_info,
                kind,
            )
            .await;
        }
        Some(Err(status)) => return status_page(status),
        None => {}
    }
    let target = if st.config.production {
        st.resolved.get_or(path, || locate(st, path))
    } else {
        locate(st, path)
    };
    match target {
        Target::BadRequest => status_page(StatusCode::BAD_REQUEST),
        Target::NotFound => not_found(st),
        Target::Forbidden => status_page(StatusCode::FORBIDDEN),
        Target::Redirect(path) => {
            // The path came from a decoded URL: re-encode what a header can't carry.
            let mut loc = encode_location(&path);
            if let Some(q) = req.uri().query() {
                loc.push('?');
                loc.push_str(q);
            }
            let mut r = Response::new(Body::empty());
            *r.status_mut() = StatusCode::FOUND;
            if let Ok(v) = HeaderValue::from_str(&loc) {
                r.headers_mut().insert(header::LOCATION, v);
            }
            r
        }
        Target::Static { file } if st.engine.is_private_file(&file) => not_found(st),
        Target::Static { file } => {
            let method = req.method();
            if *method != Method::GET && *method != Method::HEAD {
                let mut r = status_page(StatusCode::METHOD_NOT_ALLOWED);
                r.headers_mut()
                    .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
                return r;
            }
            let (coding, _) = scan_headers(st, req.headers());
            static_files::serve(method, req.headers(), &file, coding, &st.compress_cache)
        }
        Target::Page {
            file,
            script_name,
            path_info,
        } => run_page(st, conn, req, file, script_name, path_info, PageKind::Page).await,
        Target::Component { file, script_name } => {
            run_page(
                st,
                conn,
                req,
                file,
                script_name,
                String::new(),
                PageKind::Remote,
            )
            .await
        }
        Target::MissingPage { file, script_name } => {
            if st.engine.find_application(&file).is_none() {
                // No Application.cfc, so no onMissingTemplate: skip the VM.
                return not_found(st);
            }
            run_page(
                st,
                conn,
                req,
                file,
                script_name,
                String::new(),
                PageKind::Missing,
            )
            .await
        }
    }
}

/// One pass over the request headers, without allocating: the best coding any Accept-Encoding
/// header allows (brotli first; None when compression is off), and whether there is a cookie.
fn scan_headers(st: &State, headers: &hyper::HeaderMap) -> (Option<Coding>, bool) {
    let mut coding = None;
    let mut has_cookie = false;
    for (name, value) in headers {
        if name == header::COOKIE {
            has_cookie = true;
        } else if name == header::ACCEPT_ENCODING && st.config.gzip {
            if let Some(c) = value.to_str().ok().and_then(compress::negotiate) {
                coding = prefer(coding, c);
            }
        }
    }
    (coding, has_cookie)
}

/// Of two Accept-Encoding headers' codings, brotli, else the first.
fn prefer(best: Option<Coding>, c: Coding) -> Option<Coding> {
    match best {
        Some(b) if b == Coding::Brotli || c != Coding::Brotli => Some(b),
        _ => Some(c),
    }
}

/// Percent-encode the bytes of a decoded path that may not appear in a header, or that would
/// change a URL's meaning (`?`, `#`, `%`).
fn encode_location(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_graphic() && !matches!(b, b'?' | b'#' | b'%') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Read the whole request body, bounded by the configured limit.
/// Read a request body chunk by chunk into `take`, which may refuse it with a status. Most
/// requests (GET) have none: no timer then.
async fn read_frames(
    st: &State,
    mut body: Incoming,
    mut take: impl FnMut(&[u8]) -> Result<(), StatusCode>,
) -> Result<(), StatusCode> {
    if body.is_end_stream() {
        return Ok(());
    }
    let limit = st.config.max_body_bytes;
    if body.size_hint().lower() > limit as u64 {
        return Err(StatusCode::PAYLOAD_TOO_LARGE);
    }
    // A client that stalls or trickles its body must not hold its connection: the body has
    // `--body-timeout` to arrive, plus a second per `BODY_MIN_RATE` bytes it has sent.
    let started = tokio::time::Instant::now();
    let mut received = 0usize;
    loop {
        let allowed = st.config.body_timeout + Duration::from_secs(received as u64 / BODY_MIN_RATE);
        let frame = match tokio::time::timeout_at(started + allowed, body.frame()).await {
            Err(_) => return Err(StatusCode::REQUEST_TIMEOUT),
            Ok(None) => return Ok(()),
            Ok(Some(Err(_))) => return Err(StatusCode::BAD_REQUEST),
            Ok(Some(Ok(f))) => f,
        };
        if let Ok(data) = frame.into_data() {
            received += data.len();
            if received > limit {
                return Err(StatusCode::PAYLOAD_TOO_LARGE);
            }
            take(&data)?;
        }
    }
}

/// A body the page reads whole (`getHttpRequestData().content`, urlencoded forms): held in
/// memory, so it counts toward the request's memory budget as well as `--max-body`.
async fn read_body(st: &State, body: Incoming) -> Result<Bytes, StatusCode> {
    let limit = st
        .config
        .max_request_memory
        .map_or(usize::MAX, |m| usize::try_from(m).unwrap_or(usize::MAX));
    let mut received: Vec<u8> =
        Vec::with_capacity((body.size_hint().lower() as usize).min(st.config.max_body_bytes));
    read_frames(st, body, |data| {
        if received.len() + data.len() > limit {
            return Err(StatusCode::PAYLOAD_TOO_LARGE);
        }
        received.extend_from_slice(data);
        Ok(())
    })
    .await?;
    Ok(Bytes::from(received))
}

/// A multipart body, parsed as it arrives: file parts go to disk chunk by chunk, so an upload
/// costs a buffer, not its size in memory.
async fn read_multipart(
    st: &State,
    body: Incoming,
    boundary: &str,
) -> Result<(Struct, Vec<rime_request::Upload>), Response<Body>> {
    let mut parser = multipart::Parser::new(boundary);
    let mut form = scopes::MultipartForm::new(&st.config.upload_dir);
    let mut failure = None;
    let read = read_frames(st, body, |data| {
        parser.feed(data, &mut form).map_err(|e| match e {
            multipart::Error::Malformed => StatusCode::BAD_REQUEST,
            multipart::Error::Io(e) => {
                failure = Some(e);
                StatusCode::INTERNAL_SERVER_ERROR
            }
        })
    })
    .await;
    let read = read.and_then(|()| parser.finish().map_err(|_| StatusCode::BAD_REQUEST));
    match read {
        Ok(()) => Ok(form.finish()),
        Err(status) => {
            form.discard();
            if let Some(e) = failure {
                st.logs
                    .error(&format!("rime: could not store an upload: {e}"));
            }
            Err(status_page(status))
        }
    }
}

#[allow(clippy::too_many_arguments)]
async fn run_page(
    st: &State,
    conn: &ConnInfo,
    req: Request<Incoming>,
    file: Arc<Path>,
    script_name: Arc<str>,
    path_info: String,
    kind: PageKind,
) -> Response<Body> {
    let (mut parts, body) = req.into_parts();
    let (coding, has_cookie) = scan_headers(st, &parts.headers);
    let header = |n: HeaderName| {
        parts
            .headers
            .get(n)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    };
    let content_type = header(header::CONTENT_TYPE);
    let (body, form, uploads) = match multipart::boundary(content_type) {
        // As in Lucee, a multipart body is the form, not content the page reads.
        Some(boundary) if !body.is_end_stream() => {
            match read_multipart(st, body, &boundary).await {
                Ok((f, u)) => (Bytes::new(), LazyScope::of(f), u),
                Err(r) => return r,
            }
        }
        _ => {
            let body = match read_body(st, body).await {
                Ok(b) => b,
                Err(code) => return status_page(code),
            };
            let form = if body.is_empty() {
                LazyScope::default()
            } else {
                LazyScope::of(scopes::urlencoded_form(content_type, &body))
            };
            (body, form, Vec::new())
        }
    };
    let query = parts.uri.query().unwrap_or("");
    let cookie = if has_cookie {
        LazyScope::of(scopes::cookie_scope(&parts.headers))
    } else {
        LazyScope::default()
    };
    let protocol = protocol_name(parts.version);
    // The headers become text only if the page asks for them.
    let headers = std::mem::take(&mut parts.headers);
    let http = Arc::new(HttpRequest {
        cgi: CgiInfo {
            script_name: script_name.clone(),
            path_info,
            path_translated: file.clone(),
            query_string: query.to_string(),
            remote_addr: conn.remote_addr.clone(),
            server_name: conn.server_name.clone(),
            server_port: conn.server_port,
            https: false,
        },
        method: standard_method(&parts.method)
            .map_or_else(|| parts.method.as_str().to_string().into(), Into::into),
        protocol,
        headers: RequestHeaders::new(Box::new(move || {
            headers
                .iter()
                .map(|(k, v)| {
                    let value = match v.to_str() {
                        Ok(text) => text.to_owned(),
                        Err(_) => String::from_utf8_lossy(v.as_bytes()).into_owned(),
                    };
                    (k.as_str().to_string(), value)
                })
                .collect()
        })),
        body: if body.is_empty() {
            empty_body()
        } else {
            Arc::new(body.to_vec())
        },
        uploads: uploads.clone(),
    });
    let scopes = RequestScopes {
        url: if query.is_empty() {
            LazyScope::default()
        } else {
            LazyScope::of(scopes::url_scope(query))
        },
        form,
        cookie,
        http: Some(http),
        request: LazyScope::default(),
        cgi: LazyScope::default(),
        application: None,
        session: None,
        client: None,
    };
    let request_line = RequestLine(&parts.method, parts.uri.path());
    // A page that uses <cfflush> runs on its own thread so its output can go out while it runs.
    // The template fetched to know is the one the page runs (numbered as this request, so a
    // development server checks the file now).
    let compiled = if kind == PageKind::Page {
        rime_engine::begin_request();
        st.engine.template(&file).ok()
    } else {
        None
    };
    let flushes = compiled.as_ref().is_some_and(|p| p.flushes);
    let rest = matches!(kind, PageKind::Rest(_));
    let input = PageInput {
        page: Page {
            file,
            web_path: script_name,
            kind,
            compiled,
        },
        scopes,
        flush: None,
    };
    // At most `max_concurrent_pages` run; the rest wait here (no thread held), then 503.
    let Some(_slot) = st.pages.take(st.config.page_queue_timeout).await else {
        remove_uploads(&uploads);
        st.logs.error(&format!(
            "{request_line}: no page slot came free within {} s (--max-concurrent-pages {})",
            st.config.page_queue_timeout.as_secs(),
            st.config.max_concurrent_pages
        ));
        return status_page(StatusCode::SERVICE_UNAVAILABLE);
    };
    if flushes {
        return streamed_page(st, input, uploads, request_line.to_string()).await;
    }
    // The VM runs inline on this worker; a panic ends this request only.
    let running = st.watch.begin();
    let result = std::panic::catch_unwind(AssertUnwindSafe(|| st.engine.handle(input)));
    drop(running);
    remove_uploads(&uploads);
    match result {
        Ok(r) if rest => crate::rest::response(st, r, coding, &request_line),
        Ok(r) => page_response(st, r, coding, &request_line),
        Err(p) => {
            let msg = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".into());
            let e = CfmlError::new("internal", format!("internal error: {msg}"));
            error_response(st, &e, "", Vec::new(), &request_line)
        }
    }
}

/// The protocol as `cgi.server_protocol` and the access log write it.
fn protocol_name(v: Version) -> &'static str {
    match v {
        Version::HTTP_09 => "HTTP/0.9",
        Version::HTTP_10 => "HTTP/1.0",
        Version::HTTP_2 => "HTTP/2.0",
        Version::HTTP_3 => "HTTP/3.0",
        _ => "HTTP/1.1",
    }
}

/// The name of a standard method, as a static string.
fn standard_method(m: &Method) -> Option<&'static str> {
    ["GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"]
        .into_iter()
        .find(|name| *name == m.as_str())
}

/// One shared empty request body (most requests have none).
fn empty_body() -> Arc<Vec<u8>> {
    static EMPTY: std::sync::OnceLock<Arc<Vec<u8>>> = std::sync::OnceLock::new();
    EMPTY.get_or_init(|| Arc::new(Vec::new())).clone()
}

/// `METHOD /path` for error log lines, formatted only when an error is logged.
struct RequestLine<'a>(&'a Method, &'a str);

impl std::fmt::Display for RequestLine<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.0, self.1)
    }
}

/// Uploads not moved away by the page are temporary.
fn remove_uploads(uploads: &[rime_request::Upload]) {
    for u in uploads {
        let _ = std::fs::remove_file(&u.path);
    }
}

/// How a streamed page starts: its first `<cfflush>` (the head; the text goes down the chunk
/// channel), or its end when it never flushed.
enum Start {
    Head(Box<rime_request::Response>),
    Done(std::thread::Result<PageResult>),
}

/// Run a page that uses `<cfflush>` on a thread of its own: each flush sends what was written so
/// far (the first one with the status and headers), and the rest follows when the page ends.
/// An error after the first flush can only be appended to what was sent.
async fn streamed_page(
    st: &State,
    mut input: PageInput,
    uploads: Vec<rime_request::Upload>,
    request_line: String,
) -> Response<Body> {
    let (start_tx, start_rx) = tokio::sync::oneshot::channel::<Start>();
    let (chunk_tx, chunk_rx) = tokio::sync::mpsc::unbounded_channel::<Bytes>();
    let start_tx = Arc::new(parking_lot::Mutex::new(Some(start_tx)));
    {
        let start_tx = start_tx.clone();
        let chunk_tx = chunk_tx.clone();
        input.flush = Some(Box::new(
            move |head: &rime_request::Response, text: String| {
                if let Some(tx) = start_tx.lock().take() {
                    let _ = tx.send(Start::Head(Box::new(head.clone())));
                }
                if !text.is_empty() {
                    let _ = chunk_tx.send(Bytes::from(text));
                }
            },
        ));
    }
    let engine = st.engine.clone();
    let production = st.config.production;
    let spawned = std::thread::Builder::new()
        .name("rime-stream".into())
        .stack_size(st.config.worker_stack_bytes)
        .spawn(move || {
            let result = std::panic::catch_unwind(AssertUnwindSafe(|| engine.handle(input)));
            remove_uploads(&uploads);
            match start_tx.lock().take() {
                Some(tx) => {
                    let _ = tx.send(Start::Done(result));
                }
                None => {
                    // Already streaming: the rest of the output, and in development what
                    // went wrong.
                    let tail = match result {
                        Ok(r) => match r.outcome {
                            Outcome::Error(e) if !production => {
                                format!("{}{}", r.body, error_page::development_page(&e, ""))
                            }
                            _ => r.body,
                        },
                        Err(_) => String::new(),
                    };
                    if !tail.is_empty() {
                        let _ = chunk_tx.send(Bytes::from(tail));
                    }
                }
            }
        });
    if let Err(e) = spawned {
        let e = CfmlError::new("internal", format!("could not start the page thread: {e}"));
        return error_response(st, &e, "", Vec::new(), &request_line);
    }
    match start_rx.await {
        Ok(Start::Head(head)) => {
            let mut resp = response_head(&head);
            *resp.body_mut() = Body::Stream(chunk_rx);
            resp
        }
        Ok(Start::Done(Ok(r))) => page_response(st, r, None, &request_line),
        Ok(Start::Done(Err(_))) | Err(_) => {
            let e = CfmlError::new("internal", "internal error: the page thread failed");
            error_response(st, &e, "", Vec::new(), &request_line)
        }
    }
}

fn error_response(
    st: &State,
    e: &CfmlError,
    before: &str,
    cookies: Vec<String>,
    request_line: &dyn std::fmt::Display,
) -> Response<Body> {
    st.logs.error(&format!(
        "rime: error in {request_line}: {}",
        rime_engine::render_error(e)
    ));
    let mut r = match custom_error_page(st, StatusCode::INTERNAL_SERVER_ERROR) {
        // A configured error page replaces the production page (development keeps the details).
        Some(r) if st.config.production => r,
        _ => text_response(
            StatusCode::INTERNAL_SERVER_ERROR,
            if st.config.production {
                error_page::production_page()
            } else {
                error_page::development_page(e, before)
            },
        ),
    };
    // Cookies set before the error (a new session's) still reach the client.
    for c in cookies {
        if let Ok(v) = HeaderValue::from_str(&c) {
            r.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    r
}

/// The status, headers and cookies a page set, as a response without a body yet.
fn response_head(response: &rime_request::Response) -> Response<Body> {
    // 1xx can't be a final answer; CFML allows setting anything from 100 to 999.
    let status = StatusCode::from_u16(response.status)
        .ok()
        .filter(|s| !s.is_informational())
        .unwrap_or(StatusCode::OK);
    let mut resp = Response::new(Body::empty());
    *resp.status_mut() = status;
    if !response.status_text.is_empty() {
        if let Ok(reason) =
            hyper::ext::ReasonPhrase::try_from(response.status_text.clone().into_bytes())
        {
            resp.extensions_mut().insert(reason);
        }
    }
    let h = resp.headers_mut();
    for (name, value) in &response.headers {
        let (Ok(n), Ok(v)) = (
            HeaderName::from_bytes(name.as_bytes()),
            HeaderValue::from_str(value),
        ) else {
            continue;
        };
        // The server frames the body itself.
        if n == header::CONTENT_LENGTH || n == header::TRANSFER_ENCODING || n == header::CONNECTION
        {
            continue;
        }
        h.insert(n, v);
    }
    for c in &response.cookies {
        if let Ok(v) = HeaderValue::from_str(c) {
            h.append(header::SET_COOKIE, v);
        }
    }
    // Without headers from the page (the common case) there is no content type to look for.
    if response.headers.is_empty() || !h.contains_key(header::CONTENT_TYPE) {
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=UTF-8"),
        );
    }
    resp
}

pub(crate) fn page_response(
    st: &State,
    r: PageResult,
    coding: Option<Coding>,
    request_line: &dyn std::fmt::Display,
) -> Response<Body> {
    let PageResult {
        outcome,
        mut response,
        body,
    } = r;
    match outcome {
        Outcome::NotFound => return not_found(st),
        Outcome::Error(e) => return error_response(st, &e, &body, response.cookies, request_line),
        Outcome::Done => {}
    }
    let mut resp = response_head(&response);
    let status = resp.status();
    let h = resp.headers_mut();
    if matches!(status, StatusCode::NO_CONTENT | StatusCode::NOT_MODIFIED) {
        return resp;
    }
    // `<cfcontent file/variable>` replaces the page's output.
    let body: Bytes = match response.body.take() {
        Some(b) => Arc::try_unwrap(b).unwrap_or_else(|b| b.to_vec()).into(),
        None => body.into(),
    };
    if body.len() >= compress::MIN_SIZE
        && compress::compressible(
            h.get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or(""),
        )
        && !h.contains_key(header::CONTENT_ENCODING)
    {
        // Caches must keep the compressed and the plain answers apart.
        h.append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        if let Some((coding, packed)) = coding.and_then(|c| Some((c, c.encode(&body).ok()?))) {
            h.insert(
                header::CONTENT_ENCODING,
                HeaderValue::from_static(coding.name()),
            );
            *resp.body_mut() = Body::bytes(packed);
            return resp;
        }
    }
    *resp.body_mut() = Body::bytes(body);
    resp
}
