//! Building the request (params, forms, multipart bodies) and sending it: the shared agent,
//! redirects, timeouts and the failures Lucee reports as results.

use super::*;

/// The request as built from the attributes and params, before it is sent.
pub(super) struct Prepared {
    pub(super) uri: http::Uri,
    pub(super) headers: Vec<(String, String)>,
    pub(super) cookies: Vec<String>,
    pub(super) body: Option<Vec<u8>>,
}

pub(super) fn mime_of_file(path: &Path) -> String {
    crate::file::mime_by_extension(&path.to_string_lossy()).to_string()
}

pub(super) fn boundary() -> String {
    let bytes: [u8; 12] = rand::random();
    let mut s = String::from("----RimeFormBoundary");
    for b in bytes {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

pub(super) fn quote_name(s: &str) -> String {
    s.replace('"', "%22").replace(['\r', '\n'], " ")
}

pub(super) enum Part<'a> {
    Field(&'a str, String),
    File(&'a str, PathBuf, String),
}

pub(super) fn prepare(opts: &Options, params: &[HttpParam]) -> CfResult<Prepared> {
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

pub(super) fn agent() -> &'static ureq::Agent {
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
pub(super) enum Failure {
    Timeout,
    /// The CFML error type `throwOnError` raises (Lucee passes the Java exception on) and the text.
    Connection(&'static str, String),
}

pub(super) fn failure_of(e: ureq::Error, uri: &http::Uri) -> Failure {
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

pub(super) fn send(
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
pub(super) struct Fetched {
    pub(super) status: u16,
    pub(super) version: http::Version,
    pub(super) headers: Vec<(String, String)>,
    pub(super) body: Vec<u8>,
    pub(super) uri: http::Uri,
}

pub(super) fn fetch(opts: &Options, prep: Prepared) -> CfResult<Result<Fetched, Failure>> {
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
