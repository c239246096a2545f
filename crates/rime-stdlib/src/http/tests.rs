//! Tests against a real local HTTP server started in the test.

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
