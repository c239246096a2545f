//! The result struct Lucee's `cfhttp` returns: status, content, headers, cookies, saving to a
//! file, and the results of failures.

use super::*;

/// `content-type` → `Content-Type` (header names arrive lower-cased).
pub(super) fn header_case(name: &str) -> String {
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

pub(super) fn set(s: &Struct, k: &str, v: Value) {
    s.set(Key::new(k), v);
}

/// Lucee's result when no connection could be made.
pub(super) fn connection_failure(detail: &str) -> Struct {
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
pub(super) fn timeout_result() -> Struct {
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
pub(super) fn http_error(code: u16, text: &str, detail: &str, url: &str) -> Box<CfmlError> {
    let msg = format!("{code} {text}").trim().to_string();
    let mut e = app_err(msg).with_detail(detail);
    let extra = Struct::new();
    set(&extra, "statusCode", Value::from(code.to_string()));
    set(&extra, "statusText", Value::from(text));
    set(&extra, "url", Value::from(url));
    e.extra = Some(extra);
    e
}

pub(super) const COOKIE_COLUMNS: [&str; 8] = [
    "name", "value", "path", "domain", "expires", "secure", "httpOnly", "samesite",
];

pub(super) fn cookie_decode(s: &str, cs: &str) -> String {
    crate::string::format::url_decode_str(s, cs).unwrap_or_else(|_| s.to_string())
}

/// `Wed, 21 Oct 2015 07:28:00 GMT` or `Wed, 21-Oct-2015 07:28:00 GMT`, as a UTC date.
pub(super) fn parse_cookie_date(s: &str) -> Option<DateTime> {
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

pub(super) fn add_cookie_row(q: &mut Query, raw: &str, cs: &str) {
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

pub(super) fn version_text(v: http::Version) -> &'static str {
    match v {
        http::Version::HTTP_09 => "HTTP/0.9",
        http::Version::HTTP_10 => "HTTP/1.0",
        http::Version::HTTP_2 => "HTTP/2",
        http::Version::HTTP_3 => "HTTP/3",
        _ => "HTTP/1.1",
    }
}

/// Where `path`/`file` say the body goes.
pub(super) fn target_file(opts: &Options, uri: &http::Uri) -> Option<PathBuf> {
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

pub(super) fn build_result(opts: &Options, f: Fetched) -> CfResult<Struct> {
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
