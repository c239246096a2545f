//! The server end to end: each test starts the real server on an ephemeral port (or a Unix
//! socket) in this process and talks HTTP/1.1 to it over a socket.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod client;

use client::{assert_status, get, get_with, request, send_raw, start_server, webroot, Resp};
use rime_server::{Config, Handle, Listen};
use std::io::{BufReader, Read, Write};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

fn server_with(root: &str, tweak: impl FnOnce(&mut Config)) -> (Handle, SocketAddr) {
    start_server(&webroot(root), tweak)
}

fn server(root: &str) -> (Handle, SocketAddr) {
    server_with(root, |_| {})
}

#[test]
fn hello_page_index_and_directories() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/hello.cfm?name=%3Cb%3EAnn%3C/b%3E");
    assert_status(&r, 200, "hello");
    assert!(
        r.text().trim().starts_with("Hello, &lt;b&gt;Ann&lt;"),
        "{}",
        r.text()
    );
    assert_eq!(r.header("content-type"), Some("text/html; charset=UTF-8"));

    let r = get(addr, "/");
    assert_status(&r, 200, "/");
    assert_eq!(r.text().trim(), "Hello from index, starts=1");

    let r = get(addr, "/sub/");
    assert_status(&r, 200, "/sub/");
    assert_eq!(r.text().trim(), "sub index");

    let r = get(addr, "/sub?x=1");
    assert_status(&r, 302, "/sub");
    assert_eq!(r.header("location"), Some("/sub/?x=1"));
}

#[test]
fn path_info_follows_the_page() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/pathinfo.cfm/extra/path");
    assert_status(&r, 200, "path_info");
    assert_eq!(r.text().trim(), "script=[/pathinfo.cfm] info=[/extra/path]");
    let r = get(addr, "/pathinfo.cfm");
    assert_eq!(r.text().trim(), "script=[/pathinfo.cfm] info=[]");
    // A static file has no path_info.
    assert_status(
        &get(addr, "/static/style.css/x"),
        404,
        "static with path_info",
    );
}

#[test]
fn url_cgi_and_cookie_scopes() {
    let (_h, addr) = server("webroot");
    let r = get_with(
        addr,
        "/scopes.cfm?a=1&a=two%20words&b=x",
        &[
            ("Cookie", "c=choc%20chip; other=1"),
            ("User-Agent", "rime-test/1.0"),
            ("X-Custom-Thing", "custom value"),
        ],
    );
    assert_status(&r, 200, "scopes");
    let t = r.text();
    for expected in [
        "url.a=[1,two words]",
        "cookie.c=[choc chip]",
        "method=[GET]",
        "query=[a=1&a=two%20words&b=x]",
        "script=[/scopes.cfm]",
        "host=[127.0.0.1]",
        "server=[127.0.0.1]",
        "agent=[rime-test/1.0]",
        "custom=[custom value]",
        "remote=[127.0.0.1]",
        "https=[off]",
        "url=[http://127.0.0.1/scopes.cfm?a=1&a=two%20words&b=x]",
        "missing=[]",
    ] {
        assert!(t.contains(expected), "missing {expected:?} in\n{t}");
    }
}

#[test]
fn urlencoded_form_post() {
    let (_h, addr) = server("webroot");
    let r = request(
        addr,
        "POST",
        "/scopes.cfm",
        &[("Content-Type", "application/x-www-form-urlencoded")],
        b"f=hello+there&f=2&g=%26",
    );
    assert_status(&r, 200, "post");
    let t = r.text();
    assert!(t.contains("form.f=[hello there,2]"), "{t}");
    assert!(t.contains("method=[POST]"), "{t}");
    assert!(
        t.contains("ctype=[application/x-www-form-urlencoded]"),
        "{t}"
    );
}

#[test]
fn chunked_request_body_is_read() {
    let (_h, addr) = server("webroot");
    let raw = b"POST /scopes.cfm HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n\
4\r\nf=ch\r\n5\r\nunked\r\n0\r\n\r\n";
    let r = send_raw(addr, raw);
    assert!(r.text().contains("form.f=[chunked]"), "{}", r.text());
}

/// `cgi.server_name` is the Host header's name without its port (an IPv6 literal keeps its
/// brackets); `cgi.http_host` is the whole header.
#[test]
fn server_name_comes_from_the_host_header() {
    let (_h, addr) = server("webroot");
    for (host, name) in [
        ("example.com:8500", "example.com"),
        ("[::1]:8500", "[::1]"),
        ("[::1]", "[::1]"),
    ] {
        let raw = format!("GET /scopes.cfm HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        let t = send_raw(addr, raw.as_bytes()).text();
        assert!(t.contains(&format!("server=[{name}]")), "{host}: {t}");
        assert!(t.contains(&format!("host=[{host}]")), "{host}: {t}");
    }
}

#[test]
fn multipart_form_with_upload() {
    let uploads = client::temp_dir("uploads");
    let up = uploads.clone();
    let (_h, addr) = server_with("webroot", move |c| c.upload_dir = up);
    let body = "--BOUNDARY\r\n\
Content-Disposition: form-data; name=\"title\"\r\n\r\n\
My <title>\r\n\
--BOUNDARY\r\n\
Content-Disposition: form-data; name=\"doc\"; filename=\"notes.txt\"\r\n\
Content-Type: text/plain\r\n\r\n\
file contents\r\nline two\r\n\
--BOUNDARY\r\n\
Content-Disposition: form-data; name=\"nofile\"; filename=\"\"\r\n\
Content-Type: application/octet-stream\r\n\r\n\
\r\n\
--BOUNDARY--\r\n";
    let r = request(
        addr,
        "POST",
        "/upload.cfm",
        &[("Content-Type", "multipart/form-data; boundary=BOUNDARY")],
        body.as_bytes(),
    );
    assert_status(&r, 200, "upload");
    let t = r.text();
    assert!(t.contains("title=[My <title>]"), "{t}");
    assert!(t.contains("fieldnames=[title,doc,nofile]"), "{t}");
    assert!(t.contains("empty=[]"), "{t}");
    let doc = t
        .split("doc=[")
        .nth(1)
        .and_then(|s| s.split(']').next())
        .unwrap_or("");
    assert!(
        std::path::Path::new(doc).starts_with(&uploads),
        "upload path {doc:?}"
    );
    // The temp file lived for the request only.
    assert!(!std::path::Path::new(doc).exists());
    let _ = std::fs::remove_dir_all(&uploads);
}

#[test]
fn oversized_body_is_refused() {
    let (_h, addr) = server_with("webroot", |c| c.max_body_bytes = 100);
    let r = request(
        addr,
        "POST",
        "/scopes.cfm",
        &[("Content-Type", "application/x-www-form-urlencoded")],
        &[b'a'; 1000],
    );
    assert_status(&r, 413, "too large");
}

#[test]
fn static_files_types_validators_and_ranges() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/static/style.css");
    assert_status(&r, 200, "css");
    assert_eq!(r.header("content-type"), Some("text/css; charset=utf-8"));
    assert!(r.text().contains("font-family"));
    let etag = r.header("etag").unwrap().to_string();
    let modified = r.header("last-modified").unwrap().to_string();

    let r = get_with(addr, "/static/style.css", &[("If-None-Match", &etag)]);
    assert_status(&r, 304, "If-None-Match");
    assert!(r.body.is_empty());
    let r = get_with(
        addr,
        "/static/style.css",
        &[("If-Modified-Since", &modified)],
    );
    assert_status(&r, 304, "If-Modified-Since");
    let r = get_with(addr, "/static/style.css", &[("If-None-Match", "\"other\"")]);
    assert_status(&r, 200, "other etag");

    let full = std::fs::read(webroot("webroot/static/data.txt")).unwrap();
    let r = get_with(addr, "/static/data.txt", &[("Range", "bytes=5-14")]);
    assert_status(&r, 206, "range");
    assert_eq!(
        r.header("content-range"),
        Some(format!("bytes 5-14/{}", full.len()).as_str())
    );
    assert_eq!(r.body, full[5..15]);
    let r = get_with(addr, "/static/data.txt", &[("Range", "bytes=-7")]);
    assert_eq!(r.body, full[full.len() - 7..]);
    let r = get_with(addr, "/static/data.txt", &[("Range", "bytes=999999-")]);
    assert_status(&r, 416, "unsatisfiable");
    let r = get_with(
        addr,
        "/static/data.txt",
        &[("Range", "bytes=0-3"), ("If-Range", "\"stale\"")],
    );
    assert_status(&r, 200, "If-Range mismatch");
    assert_eq!(r.body, full);

    assert_status(&get(addr, "/static/nope.css"), 404, "missing static");
    let r = request(addr, "POST", "/static/style.css", &[], b"");
    assert_status(&r, 405, "POST to a static file");
}

#[test]
fn head_sends_length_but_no_body() {
    let (_h, addr) = server("webroot");
    for path in ["/static/data.txt", "/hello.cfm"] {
        let mut s = client::connect(addr);
        s.write_all(
            format!("HEAD {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
        )
        .unwrap();
        let mut r = BufReader::new(s);
        let resp = client::read_response(&mut r, true).unwrap();
        assert_status(&resp, 200, path);
        let len: usize = resp.header("content-length").unwrap().parse().unwrap();
        assert!(len > 0, "{path}");
        let mut rest = Vec::new();
        r.read_to_end(&mut rest).unwrap();
        assert!(rest.is_empty(), "{path} sent a body to HEAD");
    }
}

#[test]
fn brotli_or_gzip_for_text_bodies_when_accepted() {
    let (_h, addr) = server("webroot");
    let plain = get(addr, "/big.cfm");
    assert!(plain.header("content-encoding").is_none());
    // brotli first when the client takes it.
    let r = get_with(addr, "/big.cfm", &[("Accept-Encoding", "gzip, br")]);
    assert_eq!(r.header("content-encoding"), Some("br"));
    let mut out = String::new();
    brotli::Decompressor::new(&r.body[..], 4096)
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(out, plain.text());
    let r = get_with(addr, "/static/data.txt", &[("Accept-Encoding", "br")]);
    assert_eq!(r.header("content-encoding"), Some("br"));
    assert!(r.header("etag").unwrap().contains("-br"));
    // Over several Accept-Encoding lines too, for pages and static files.
    let twice = [("Accept-Encoding", "gzip"), ("Accept-Encoding", "br")];
    for path in ["/big.cfm", "/static/data.txt"] {
        assert_eq!(
            get_with(addr, path, &twice).header("content-encoding"),
            Some("br")
        );
    }

    let r = get_with(addr, "/big.cfm", &[("Accept-Encoding", "gzip, br;q=0")]);
    assert_eq!(r.header("content-encoding"), Some("gzip"));
    let mut out = String::new();
    flate2::read::GzDecoder::new(&r.body[..])
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(out, plain.text());
    assert!(r.body.len() < plain.body.len());

    let r = get_with(addr, "/static/data.txt", &[("Accept-Encoding", "gzip")]);
    assert_eq!(r.header("content-encoding"), Some("gzip"));
    assert!(r.header("etag").unwrap().contains("-gzip"));
    // Small bodies go as they are.
    let r = get_with(addr, "/hello.cfm", &[("Accept-Encoding", "gzip")]);
    assert!(r.header("content-encoding").is_none());
}

#[test]
fn response_tags_set_status_headers_and_cookies() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/headers.cfm");
    assert_status(&r, 201, "cfheader status");
    assert_eq!(r.header("x-rime-test"), Some("yes"));
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert!(r
        .all("set-cookie")
        .iter()
        .any(|c| c.starts_with("flavour=oat%20meal")));
    assert_eq!(r.text().trim(), "{\"ok\":true}");
    let r = get(addr, "/redirect.cfm");
    assert_status(&r, 302, "cflocation");
    assert_eq!(r.header("location"), Some("/hello.cfm?name=moved"));
}

#[test]
fn source_and_private_files_are_never_served() {
    let (_h, addr) = server("webroot");
    let secrets = [
        "component",
        "onApplicationStart",
        "<cfoutput>",
        "SECRET",
        "component source",
        "SQLite format",
    ];
    for path in [
        "/Application.cfc",
        "/application.cfc",
        "/APPLICATION.CFC",
        "/Application.cfc.",
        "/Application.cfm",
        "/sub/Helper.cfc",
        "/sub/helper.CFC",
        "/index.cfm.",
        "/index.cfm%20",
        "/index.CFM",
        "/index.cfm::$DATA",
        "/.env",
        "/.hidden/secret.txt",
        "/static/../.env",
        "/WEB-INF/web.xml",
        "/web-inf/web.xml",
        // A copy of a page's source, and a database file, that exist in the webroot.
        "/hello.cfm.bak",
        "/data/app.sqlite",
    ] {
        let r = get(addr, path);
        assert!(
            matches!(r.status, 400 | 403 | 404),
            "{path}: status {}",
            r.status
        );
        let t = r.text();
        for s in secrets {
            assert!(!t.contains(s), "{path} leaked {s:?}: {t}");
        }
    }
    // The page runs; its source is not what comes back.
    let r = get(addr, "/index.cfm");
    assert!(!r.text().contains("cfoutput"));
}

#[test]
fn traversal_attempts_are_refused() {
    let (_h, addr) = server("webroot");
    for path in [
        "/../outside.txt",
        "/static/../../outside.txt",
        "/./../outside.txt",
        "/%2e%2e/outside.txt",
        "/%2E%2E/outside.txt",
        "/.%2e/outside.txt",
        "/static/%2e%2e/%2e%2e/outside.txt",
        "/..%2foutside.txt",
        "/static%2f..%2f..%2foutside.txt",
        "/..%5coutside.txt",
        "/..\\outside.txt",
        "/static\\..\\..\\outside.txt",
        "/%00",
        "/outside.txt%00.css",
        "/index.cfm%00.txt",
        "/%252e%252e/outside.txt",
        "/static/..%252f..%252foutside.txt",
        "/%c0%ae%c0%ae/outside.txt",
        "/%e0%80%ae%e0%80%ae/outside.txt",
        "//../outside.txt",
        "/static/../../../../../../etc/passwd",
        "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    ] {
        let r = get(addr, path);
        assert!(
            matches!(r.status, 400 | 403 | 404),
            "{path}: status {}",
            r.status
        );
        let t = r.text();
        assert!(
            !t.contains("TOP-SECRET-OUTSIDE"),
            "{path} escaped the webroot"
        );
        assert!(!t.contains("root:"), "{path} read /etc/passwd");
    }
    // A request target that is not a path at all.
    let r = send_raw(
        addr,
        b"GET ../outside.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert!(
        matches!(r.status, 400 | 403 | 404),
        "relative target: {}",
        r.status
    );
    let r = send_raw(
        addr,
        b"GET http://x/../outside.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert!(!r.text().contains("TOP-SECRET-OUTSIDE"));
}

#[test]
fn symlinks_out_of_the_webroot_are_refused() {
    let dir = client::temp_dir("symlinks");
    let root = dir.join("root");
    let outside = dir.join("outside");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("secret.txt"), "TOP-SECRET-OUTSIDE").unwrap();
    std::fs::write(outside.join("page.cfm"), "TOP-SECRET-OUTSIDE page").unwrap();
    std::fs::write(root.join("index.cfm"), "<cfoutput>inside #1+1#</cfoutput>").unwrap();
    std::fs::write(
        root.join("Application.cfc"),
        "component { this.name = 'x'; }",
    )
    .unwrap();
    use std::os::unix::fs::symlink;
    symlink(outside.join("secret.txt"), root.join("link.txt")).unwrap();
    symlink(&outside, root.join("linkdir")).unwrap();
    symlink(outside.join("page.cfm"), root.join("out.cfm")).unwrap();
    symlink(root.join("index.cfm"), root.join("source.css")).unwrap();
    symlink(root.join("Application.cfc"), root.join("app.txt")).unwrap();
    let mut c = Config::new(&root);
    c.quiet = true;
    c.workers = 1;
    let h = rime_server::start(c, Listen::Tcp("127.0.0.1:0".parse().unwrap())).unwrap();
    let addr = h.local_addr.unwrap();
    assert_eq!(get(addr, "/").text(), "inside 2");
    for path in [
        "/link.txt",
        "/linkdir/secret.txt",
        "/linkdir/page.cfm",
        "/linkdir",
        "/linkdir/",
        "/out.cfm",
        "/source.css",
        "/app.txt",
    ] {
        let r = get(addr, path);
        assert!(matches!(r.status, 403 | 404), "{path}: status {}", r.status);
        let t = r.text();
        assert!(!t.contains("TOP-SECRET-OUTSIDE"), "{path} escaped");
        assert!(
            !t.contains("cfoutput") && !t.contains("component"),
            "{path} leaked source"
        );
    }
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_pages_and_on_missing_template() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/magic/thing.cfm");
    assert_status(&r, 404, "onMissingTemplate");
    assert_eq!(r.text().trim(), "custom missing: /magic/thing.cfm");
    let r = get(addr, "/nothing.cfm");
    assert_status(&r, 404, "onMissingTemplate returned false");
    assert!(r.text().contains("404"));
    let (_h2, addr2) = server("webroot-noapp");
    assert_status(&get(addr2, "/nothing.cfm"), 404, "no application");
}

#[test]
fn error_page_in_development_shows_the_source() {
    let (_h, addr) = server("webroot-noapp");
    let r = get(addr, "/error.cfm");
    assert_status(&r, 500, "dev error");
    let t = r.text();
    assert!(t.contains("zero_is_not_defined"), "{t}");
    assert!(t.contains("error.cfm"), "{t}");
    assert!(t.contains("line 2"), "{t}");
    // The source line, escaped.
    assert!(
        t.contains("&lt;cfset y = x / zero_is_not_defined&gt;"),
        "{t}"
    );
    assert!(!t.contains("<cfset"), "{t}");
}

#[test]
fn error_page_in_production_hides_everything() {
    let (_h, addr) = server_with("webroot-noapp", |c| c.production = true);
    let r = get(addr, "/error.cfm");
    assert_status(&r, 500, "prod error");
    let t = r.text();
    for leak in [
        "zero_is_not_defined",
        "error.cfm",
        "cfset",
        "webroot",
        "line 2",
    ] {
        assert!(!t.contains(leak), "production page shows {leak:?}: {t}");
    }
    assert!(t.contains("500"));
}

#[test]
fn error_after_output_keeps_the_output_in_development() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/error.cfm");
    assert_status(&r, 500, "error after output");
    let t = r.text();
    assert!(t.contains("before the error"), "{t}");
    assert!(
        t.contains("noSuchVariable") || t.contains("NOSUCHVARIABLE"),
        "{t}"
    );
    assert!(!t.contains("<p>after</p>"), "{t}");
}

fn cookie_pair(r: &Resp, name: &str) -> Option<String> {
    r.all("set-cookie")
        .into_iter()
        .find(|c| c.starts_with(&format!("{name}=")))
        .map(|c| c.split(';').next().unwrap_or("").to_string())
}

#[test]
fn sessions_persist_and_start_once() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/session.cfm");
    assert_eq!(r.text().trim(), "count=1 sessionStarts=1");
    let set = r
        .all("set-cookie")
        .into_iter()
        .find(|c| c.starts_with("CFID="))
        .unwrap()
        .to_string();
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Lax"),
        "{set}"
    );
    let cfid = cookie_pair(&r, "CFID").unwrap();
    let id = cfid.trim_start_matches("CFID=");
    assert_eq!(id.len(), 36);
    assert!(cookie_pair(&r, "CFTOKEN").is_some());
    let cookie = format!("{cfid}; CFTOKEN=0");

    let r = get_with(addr, "/session.cfm", &[("Cookie", &cookie)]);
    assert_eq!(r.text().trim(), "count=2 sessionStarts=1");
    assert!(
        cookie_pair(&r, "CFID").is_none(),
        "no new cookie for a live session"
    );
    let r = get_with(addr, "/session.cfm", &[("Cookie", &cookie)]);
    assert_eq!(r.text().trim(), "count=3 sessionStarts=1");

    // An id the server never issued starts a new session with a new id.
    let forged = "CFID=00000000-0000-0000-0000-000000000000";
    let r = get_with(addr, "/session.cfm", &[("Cookie", forged)]);
    assert_eq!(r.text().trim(), "count=1 sessionStarts=2");
    let new_id = cookie_pair(&r, "CFID").unwrap();
    assert_ne!(new_id, forged);
    assert_ne!(new_id, cfid);
}

#[test]
fn client_variables_follow_the_cfid_cookie() {
    let (_h, addr) = server("webroot-client");
    let r = get(addr, "/index.cfm");
    assert_eq!(r.text().trim(), "n=1 hits=1");
    let cfid = cookie_pair(&r, "CFID").expect("a client gets its CFID cookie");
    let r = get_with(addr, "/index.cfm", &[("Cookie", &cfid)]);
    assert_eq!(r.text().trim(), "n=2 hits=2");
    // An id the server never issued gets a client of its own, with a new id.
    let forged = "CFID=00000000-0000-0000-0000-000000000000";
    let r = get_with(addr, "/index.cfm", &[("Cookie", forged)]);
    assert_eq!(r.text().trim(), "n=1 hits=1");
    assert_ne!(cookie_pair(&r, "CFID").as_deref(), Some(forged));
}

#[test]
fn on_application_start_runs_once_under_concurrent_first_requests() {
    let (_h, addr) = server_with("webroot-concurrent", |c| c.workers = 4);
    let threads: Vec<_> = (0..20)
        .map(|_| std::thread::spawn(move || get(addr, "/app.cfm")))
        .collect();
    for t in threads {
        let r = t.join().unwrap();
        assert_status(&r, 200, "concurrent start");
        assert_eq!(r.text().trim(), "starts=1");
    }
}

#[test]
fn a_failing_request_does_not_disturb_others() {
    let (_h, addr) = server_with("webroot-noapp", |c| c.workers = 2);
    let threads: Vec<_> = (0..12)
        .map(|i| {
            std::thread::spawn(move || {
                let path = if i % 2 == 0 {
                    "/error.cfm"
                } else {
                    "/good.cfm"
                };
                (path, get(addr, path))
            })
        })
        .collect();
    for t in threads {
        let (path, r) = t.join().unwrap();
        if path == "/good.cfm" {
            assert_status(&r, 200, path);
            assert_eq!(r.text().trim(), "good 2");
        } else {
            assert_status(&r, 500, path);
        }
    }
}

#[test]
fn deep_recursion_runs_on_the_worker_stack() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/recurse.cfm");
    assert_status(&r, 200, "recursion");
    assert_eq!(r.text().trim(), "depth=900");
    // Past the VM's depth limit: a CFML error for this request, and the server lives on.
    let r = get(addr, "/recurse_deep.cfm");
    assert_status(&r, 500, "runaway recursion");
    assert!(r.text().contains("stackOverflow"), "{}", r.text());
    assert_status(&get(addr, "/recurse.cfm"), 200, "after a stack overflow");
}

#[test]
fn deeply_nested_values_never_abort_the_server() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/deep_values.cfm");
    assert_status(&r, 200, "deep values");
    let text = r.text();
    for walk in ["duplicate", "serializeJSON", "serialize"] {
        assert!(
            text.contains(&format!("{walk}: {walk}: the value nests deeper than")),
            "{walk}: {text}"
        );
    }
    // The page's values, dropped at its end, did not take the process down.
    assert_status(&get(addr, "/hello.cfm"), 200, "after deep values");
}

#[test]
fn keep_alive_serves_several_requests_on_one_connection() {
    let (_h, addr) = server("webroot");
    let s = client::connect(addr);
    let mut w = s.try_clone().unwrap();
    let mut r = BufReader::new(s);
    for path in ["/hello.cfm", "/static/style.css", "/hello.cfm?name=again"] {
        w.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
            .unwrap();
        let resp = client::read_response(&mut r, false).unwrap();
        assert_status(&resp, 200, path);
    }
    // HTTP/1.0 without keep-alive: one answer, then the server closes.
    let r = send_raw(addr, b"GET /hello.cfm HTTP/1.0\r\n\r\n");
    assert_status(&r, 200, "HTTP/1.0");
    assert!(r.text().contains("Hello, world!"));
}

#[test]
fn graceful_stop_lets_in_flight_requests_finish() {
    let (h, addr) = server("webroot");
    let slow = std::thread::spawn(move || get(addr, "/slow.cfm"));
    std::thread::sleep(Duration::from_millis(150));
    h.stop();
    let r = slow.join().unwrap();
    assert_status(&r, 200, "in-flight during shutdown");
    assert_eq!(r.text().trim(), "slow done");
    assert!(std::net::TcpStream::connect_timeout(&addr, Duration::from_millis(500)).is_err());
}

#[test]
fn unix_socket_serving_replaces_a_stale_socket() {
    use std::os::unix::net::UnixStream;
    let dir = client::temp_dir("unix");
    let path = dir.join("rime.sock");
    // A socket file left behind by an earlier run.
    drop(std::os::unix::net::UnixListener::bind(&path).unwrap());
    assert!(path.exists());
    let mut c = Config::new(webroot("webroot"));
    c.quiet = true;
    c.workers = 1;
    let h = rime_server::start(c, Listen::Unix(path.clone())).unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o660, "socket mode {mode:o}");
    }
    let mut s = UnixStream::connect(&path).unwrap();
    s.set_read_timeout(Some(client::TIMEOUT)).unwrap();
    s.write_all(
        b"GET /hello.cfm?name=unix HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    )
    .unwrap();
    let mut r = BufReader::new(s);
    let resp = client::read_response(&mut r, false).unwrap();
    assert_status(&resp, 200, "unix socket");
    assert_eq!(resp.text().trim(), "Hello, unix!");
    h.stop();
    assert!(!path.exists(), "socket file removed on shutdown");

    // A regular file at the path is not ours to delete.
    std::fs::write(&path, "not a socket").unwrap();
    let c = Config::new(webroot("webroot"));
    assert!(rime_server::start(c, Listen::Unix(path.clone())).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn on_error_handles_uncaught_errors() {
    let (_h, addr) = server("webroot-onerror");
    let r = get(addr, "/fail.cfm");
    assert_status(&r, 200, "onError");
    assert_eq!(r.text().trim(), "handled [boom] in [onRequest]");
    // The event name says which lifecycle method failed.
    let r = get(addr, "/startfail.cfm");
    assert_eq!(r.text().trim(), "handled [early] in [onRequestStart]");
}

#[test]
fn the_demo_site_works() {
    let demo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/webroot");
    let mut c = Config::new(demo);
    c.quiet = true;
    c.workers = 1;
    let h = rime_server::start(c, Listen::Tcp("127.0.0.1:0".parse().unwrap())).unwrap();
    let addr = h.local_addr.unwrap();
    let r = get(addr, "/");
    assert_status(&r, 200, "demo index");
    assert!(r.text().contains("served 1 time(s)"), "{}", r.text());
    assert!(get(addr, "/").text().contains("served 2 time(s)"));
    let r = get(addr, "/session.cfm");
    assert!(
        r.text().contains("seen this page 1 time(s)"),
        "{}",
        r.text()
    );
    let cookie = cookie_pair(&r, "CFID").unwrap();
    let r = get_with(addr, "/session.cfm", &[("Cookie", &cookie)]);
    assert!(
        r.text().contains("seen this page 2 time(s)"),
        "{}",
        r.text()
    );
    let r = request(
        addr,
        "POST",
        "/form.cfm",
        &[("Content-Type", "application/x-www-form-urlencoded")],
        b"name=%3Cscript%3Ex%3C%2Fscript%3E&message=hi",
    );
    assert_status(&r, 200, "demo form");
    assert!(r.text().contains("&lt;script&gt;x"), "{}", r.text());
    assert!(!r.text().contains("<script>"), "{}", r.text());
    let r = get(addr, "/static/style.css");
    assert_status(&r, 200, "demo css");
    assert_eq!(r.header("content-type"), Some("text/css; charset=utf-8"));
}

#[test]
fn remote_component_methods() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/api/Math.cfc?method=add&a=2&b=40");
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.text(), "42");
    assert!(r.header("content-type").is_some_and(|t| t.contains("json")));
    let r = get(addr, "/api/Math.cfc?method=info&name=Ann");
    assert_eq!(r.text(), r#"{"NAME":"Ann","LIST":[1,2]}"#);
    let r = get(addr, "/api/Math.cfc?method=hello&who=Bob");
    assert_eq!(r.text(), "hi Bob");
    let r = get(addr, "/api/Math.cfc?method=add&a=1&b=1&returnFormat=plain");
    assert_eq!(r.text(), "2");
    for path in [
        "/api/Math.cfc?method=internal",
        "/api/Math.cfc?method=hidden",
        "/api/Math.cfc?method=nope",
    ] {
        let r = get(addr, path);
        assert_eq!(r.status, 403, "{path}");
        assert!(!r.text().contains("never over http") && !r.text().contains("hidden\""));
    }
    let r = get(addr, "/api/Math.cfc");
    assert_eq!(r.status, 400);
    assert!(!r.text().contains("component"), "{}", r.text());
}

#[test]
fn pages_use_the_embedded_sqlite_datasource() {
    let (_h, addr) = server("webroot");
    let who = format!("t{}", std::process::id());
    let first = get(addr, &format!("/db.cfm?who={who}"));
    assert_eq!(first.status, 200, "{}", first.text());
    assert_eq!(first.text().trim(), "count=1");
    let second = get(addr, &format!("/db.cfm?who={who}"));
    assert_eq!(second.text().trim(), "count=2");
}

#[test]
fn dump_is_html_and_escaped_on_the_web() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/dump.cfm");
    assert_eq!(r.status, 200);
    let t = r.text();
    assert!(t.contains("<table class=\"rime-dump\""), "{t}");
    assert!(t.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "{t}");
    assert!(!t.contains("<script>alert"), "{t}");
}

#[test]
fn session_rotate_and_invalidate() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/rotate.cfm?do=set");
    let first = cookie_pair(&r, "CFID").unwrap_or_default();
    assert!(first.len() > 5);
    let r = get_with(addr, "/rotate.cfm?do=rotate", &[("Cookie", &first)]);
    assert_eq!(r.text().trim(), "rotated:ann");
    let rotated = cookie_pair(&r, "CFID").unwrap_or_default();
    assert!(
        rotated.len() > 5 && rotated != first,
        "{rotated} vs {first}"
    );
    // The data moved to the new id; the old id no longer names a session.
    let r = get_with(addr, "/rotate.cfm", &[("Cookie", &rotated)]);
    assert_eq!(r.text().trim(), "user=ann");
    let r = get_with(addr, "/rotate.cfm", &[("Cookie", &first)]);
    assert_eq!(r.text().trim(), "user=none");
    // Invalidate: the session ends; the same cookie starts afresh.
    let r = get_with(addr, "/rotate.cfm?do=invalidate", &[("Cookie", &rotated)]);
    assert_eq!(r.text().trim(), "invalidated:false");
    let r = get_with(addr, "/rotate.cfm", &[("Cookie", &rotated)]);
    assert_eq!(r.text().trim(), "user=none");
}

#[test]
fn session_and_application_end_events() {
    let (_h, addr) = server_with("webroot-lifecycle", |c| {
        c.session_sweep = Duration::from_millis(100);
    });
    let r = get(addr, "/index.cfm?user=ann");
    assert_eq!(r.text().trim(), "appStart");
    let ann = cookie_pair(&r, "CFID").unwrap_or_default();
    // sessionInvalidate: onSessionEnd sees the session's data and the application scope.
    let r = get(addr, "/index.cfm?user=bob");
    let bob = cookie_pair(&r, "CFID").unwrap_or_default();
    let r = get_with(addr, "/index.cfm?do=invalidate", &[("Cookie", &bob)]);
    assert_eq!(r.text().trim(), "appStart");
    let r = get_with(addr, "/index.cfm", &[("Cookie", &ann)]);
    assert_eq!(r.text().trim(), "appStart,sessionEnd:bob:true");
    // applicationStop: onApplicationEnd runs after the request; the next one starts it again.
    get_with(addr, "/index.cfm?do=stop", &[("Cookie", &ann)]);
    let r = get_with(addr, "/index.cfm", &[("Cookie", &ann)]);
    assert_eq!(
        r.text().trim(),
        "appStart,sessionEnd:bob:true,appEnd:true,appStart"
    );
    // Expiry: with no requests, the sessions (1 s) and then the application (2 s) time out.
    std::thread::sleep(Duration::from_millis(2600));
    let r = get(addr, "/index.cfm");
    let log = r.text();
    let tail = log.trim().split(',').skip(4).collect::<Vec<_>>();
    // ann's session ends (with the application scope still there), then the application, then
    // this request starts it again.
    assert_eq!(
        tail,
        ["sessionEnd:ann:true", "appEnd:true", "appStart"],
        "{log}"
    );
}

#[test]
fn get_http_request_data_sees_method_headers_and_body() {
    let (_h, addr) = server("webroot");
    let r = get_with(addr, "/requestdata.cfm", &[("X-Test", "hello")]);
    assert_eq!(r.text().trim(), "GET|HTTP/1.1|hello||0");
    let body = br#"{"name":"ann"}"#;
    let r = request(
        addr,
        "POST",
        "/requestdata.cfm",
        &[("X-Test", "t"), ("Content-Type", "application/json")],
        body,
    );
    assert_eq!(r.text().trim(), r#"POST|HTTP/1.1|t|{"name":"ann"}|ann|0"#);
    let r = request(
        addr,
        "PUT",
        "/requestdata.cfm",
        &[
            ("X-Test", "b"),
            ("Content-Type", "application/octet-stream"),
        ],
        &[0u8, 159, 146, 150],
    );
    assert_eq!(r.text().trim(), "PUT|HTTP/1.1|b|binary:4|0");
}

#[test]
fn cfcontent_file_and_variable_replace_the_output() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/content.cfm?kind=variable");
    assert_status(&r, 200, "variable");
    assert_eq!(r.body, b"AB");
    assert_eq!(r.header("content-type"), Some("application/octet-stream"));
    let r = get(addr, "/content.cfm?kind=text");
    assert_eq!(r.text(), "plain text");
    let r = get(addr, "/content.cfm?kind=file");
    assert!(
        r.text().starts_with("/* test stylesheet */"),
        "{}",
        r.text()
    );
    assert_eq!(r.header("content-type"), Some("text/css"));
}

#[test]
fn legacy_application_cfm_with_sessions() {
    let (_h, addr) = server("webroot-legacy");
    let r = get(addr, "/index.cfm");
    assert_eq!(r.text().replace('\n', ""), "legacyServer visits=1 (end)");
    let cookie = cookie_pair(&r, "CFID").unwrap_or_default();
    assert!(cookie.len() > 5, "a session cookie: {:?}", r.headers);
    let r = get_with(addr, "/index.cfm", &[("Cookie", &cookie)]);
    assert_eq!(r.text().replace('\n', ""), "legacyServer visits=2 (end)");
    // The source of Application.cfm and OnRequestEnd.cfm is never served.
    assert_status(&get(addr, "/Application.cfm"), 403, "Application.cfm");
    get_with(addr, "/index.cfm?logout=1", &[("Cookie", &cookie)]);
    let r = get_with(addr, "/index.cfm", &[("Cookie", &cookie)]);
    assert_eq!(r.text().replace('\n', ""), "legacyServer visits=1 (end)");
}

#[test]
fn file_upload_saves_renames_and_rejects() {
    let uploads = client::temp_dir("uploads-save");
    let dest = client::temp_dir("uploads-dest");
    let up = uploads.clone();
    let (_h, addr) = server_with("webroot", move |c| c.upload_dir = up);
    let body = "--B\r\n\
Content-Disposition: form-data; name=\"doc\"; filename=\"C:\\\\docs\\\\notes.txt\"\r\n\
Content-Type: text/plain\r\n\r\n\
hello upload\r\n\
--B--\r\n";
    let post = |how: &str| {
        let path = format!("/save_upload.cfm?how={how}&dest={}", dest.display());
        request(
            addr,
            "POST",
            &path,
            &[("Content-Type", "multipart/form-data; boundary=B")],
            body.as_bytes(),
        )
    };
    let r = post("function");
    assert_eq!(
        r.text().trim(),
        "notes.txt|notes.txt|text/plain|true|false|hello upload"
    );
    // The same name again: made unique, through the tag this time.
    let r = post("tag");
    assert_eq!(
        r.text().trim(),
        "notes1.txt|notes.txt|text/plain|true|true|hello upload"
    );
    assert!(dest.join("notes.txt").is_file() && dest.join("notes1.txt").is_file());
    let r = post("reject");
    assert_eq!(r.text().trim(), "rejected");
    // A page sent as an upload is refused by its extension, whatever the page accepts, so it
    // can never be saved where it would run.
    let shell = "--B\r\n\
Content-Disposition: form-data; name=\"doc\"; filename=\"shell.cfm\"\r\n\
Content-Type: text/plain\r\n\r\n\
<cfexecute name=\"sh\">\r\n\
--B--\r\n";
    let path = format!("/save_upload.cfm?how=blocked&dest={}", dest.display());
    let r = request(
        addr,
        "POST",
        &path,
        &[("Content-Type", "multipart/form-data; boundary=B")],
        shell.as_bytes(),
    );
    assert!(
        r.text()
            .trim()
            .starts_with("blocked: Upload of the file [shell.cfm] is not permitted"),
        "{}",
        r.text()
    );
    assert!(!dest.join("shell.cfm").exists());
    // `accept` by content type: by default the file's first bytes say what it is, so a page
    // sent as `image/png` is refused; `strict="false"` takes the browser's word.
    let png = |content: &[u8]| {
        let mut b =
            b"--B\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"photo.png\"\r\n\
Content-Type: image/png\r\n\r\n"
                .to_vec();
        b.extend_from_slice(content);
        b.extend_from_slice(b"\r\n--B--\r\n");
        b
    };
    let accept = |strict: bool, body: &[u8]| {
        let path = format!(
            "/save_upload.cfm?how=accept&strict={strict}&dest={}",
            dest.display()
        );
        let r = request(
            addr,
            "POST",
            &path,
            &[("Content-Type", "multipart/form-data; boundary=B")],
            body,
        );
        r.text().trim().to_string()
    };
    let page = png(b"<html><script>alert(1)</script></html>");
    let refused = accept(true, &page);
    assert!(
        refused.starts_with("refused: The MIME type or the Extension of the uploaded file [photo.png] (text/plain) was not accepted"),
        "{refused}"
    );
    assert!(!dest.join("photo.png").exists());
    assert_eq!(accept(false, &page), "saved photo.png");
    let real = png(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR");
    assert_eq!(accept(true, &real), "saved photo.png");
    let _ = std::fs::remove_dir_all(&uploads);
    let _ = std::fs::remove_dir_all(&dest);
}

#[test]
fn production_mode_resolves_and_compiles_once() {
    let root = client::temp_dir("production");
    std::fs::write(root.join("page.cfm"), "<cfoutput>v1 #1 + 1#</cfoutput>").unwrap();
    std::fs::create_dir_all(root.join("lib")).unwrap();
    std::fs::write(
        root.join("lib/Thing.cfc"),
        "component { function v() { return 'c1'; } }",
    )
    .unwrap();
    std::fs::write(
        root.join("comp.cfm"),
        "<cfoutput>#new lib.Thing().v()#</cfoutput>",
    )
    .unwrap();
    let mut c = Config::new(root.clone());
    c.quiet = true;
    c.production = true;
    let h = rime_server::start(c, Listen::Tcp("127.0.0.1:0".parse().unwrap())).unwrap();
    let addr = h.local_addr.unwrap();
    assert_eq!(get(addr, "/page.cfm").text(), "v1 2");
    assert_eq!(get(addr, "/comp.cfm").text(), "c1");
    // Production never looks at the files again: edits and even removals go unnoticed.
    std::fs::write(root.join("page.cfm"), "<cfoutput>v2</cfoutput>").unwrap();
    std::fs::remove_file(root.join("lib/Thing.cfc")).unwrap();
    assert_eq!(get(addr, "/page.cfm").text(), "v1 2");
    assert_eq!(get(addr, "/comp.cfm").text(), "c1");
    // Until a page clears the page pool (Lucee's pagePoolClear): on every worker thread.
    std::fs::write(
        root.join("clear.cfm"),
        "<cfoutput>#pagePoolClear()# #arrayLen(pagePoolList())#</cfoutput>",
    )
    .unwrap();
    assert_eq!(get(addr, "/clear.cfm").text(), "true 0");
    for _ in 0..4 {
        assert_eq!(get(addr, "/page.cfm").text(), "v2");
    }
    drop(h);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn session_start_time_is_the_session_creation() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/sessiontime.cfm");
    assert_eq!(r.text().trim(), "true true");
}

#[test]
fn commandbox_web_settings_rewrites_aliases_welcome_files_error_pages() {
    let (_h, addr) = server_with("webroot-commandbox", |c| {
        c.rewrites = true;
        c.resolve.welcome_files = vec!["home.cfm".into(), "index.cfm".into(), "index.html".into()];
        c.aliases = vec![("/docs".into(), "../webroot-alias".into())];
        c.error_pages = vec![(404, "/missing.html".into())];
    });
    // Welcome files in the configured order.
    assert_eq!(get(addr, "/").text().trim(), "home");
    assert_eq!(get(addr, "/sub/").text().trim(), "<p>sub index</p>");
    // SES URLs run the front controller with the path as path_info.
    assert_eq!(
        get(addr, "/users/42/edit").text().trim(),
        "front:/users/42/edit|/index.cfm"
    );
    assert_eq!(
        get(addr, "/nothing.cfm").text().trim(),
        "front:/nothing.cfm|/index.cfm"
    );
    assert_eq!(
        get(addr, "/index.cfm/a/b").text().trim(),
        "front:/a/b|/index.cfm"
    );
    // Project files and dotfiles are neither served nor rewritten.
    for p in ["/server.json", "/box.json", "/.env", "/sub/package.json"] {
        let r = get(addr, p);
        assert_status(&r, 404, p);
        assert!(r.text().contains("custom not found"), "{p}: {}", r.text());
    }
    // Aliases: another folder under a URL prefix, CFML included.
    assert_eq!(get(addr, "/docs/readme.txt").text().trim(), "alias readme");
    assert_eq!(
        get(addr, "/docs/page.cfm").text().trim(),
        "alias page /docs/page.cfm"
    );
    assert_status(&get(addr, "/docs/../server.json"), 400, "alias traversal");
}

#[test]
fn production_error_page_from_server_json_setting() {
    let (_h, addr) = server_with("webroot", |c| {
        c.production = true;
        c.error_pages = vec![(0, "/static/sorry.html".into())];
    });
    let r = get(addr, "/error.cfm");
    assert_status(&r, 500, "error page");
    assert_eq!(r.text().trim(), "<h1>sorry</h1>");
    let r = get(addr, "/no/such/file.txt");
    assert_status(&r, 404, "default page for 404");
    assert_eq!(r.text().trim(), "<h1>sorry</h1>");
}

#[test]
fn cfconfig_json_gives_server_wide_datasources_and_mappings() {
    let root = webroot("webroot-cfconfig");
    let settings =
        rime_engine::cfconfig::load(&root.join(".cfconfig.json"), &|n| std::env::var(n).ok())
            .unwrap();
    let (_h, addr) = server_with("webroot-cfconfig", move |c| c.settings = settings);
    // Without an Application.cfc: the server's default datasource and mappings.
    let words = |r: Resp| r.text().split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(words(get(addr, "/index.cfm")), "hello from the mapping 42");
    // An Application.cfc adds its own datasources; the server's stay (and stay the default).
    assert_eq!(
        words(get(addr, "/app/index.cfm")),
        "hello from the mapping default own shared"
    );
    // The file holds passwords: never served.
    assert_status(&get(addr, "/.cfconfig.json"), 404, ".cfconfig.json");
}

#[test]
fn cfhttp_calls_a_real_server() {
    let (_h, addr) = server("webroot");
    let r = get(addr, "/fetch.cfm");
    assert_eq!(
        r.text().trim(),
        "200 OK|POST x=1 a=from form h=hdr|404|<h1>sorry</h1>|GET x=2 a= h=|text/html"
    );
}

#[test]
fn cfflush_streams_output_while_the_page_runs() {
    let (_h, addr) = server("webroot");
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.write_all(b"GET /flush.cfm HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let start = Instant::now();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    let _ = s.set_read_timeout(Some(Duration::from_secs(5)));
    // The head and the first part arrive before the page's sleep ends.
    while !String::from_utf8_lossy(&got).contains("first part") {
        let n = s.read(&mut buf).unwrap_or(0);
        assert!(
            n > 0,
            "connection ended early: {}",
            String::from_utf8_lossy(&got)
        );
        got.extend_from_slice(&buf[..n]);
    }
    let first_at = start.elapsed();
    assert!(
        first_at < Duration::from_millis(1000),
        "first part after {first_at:?}"
    );
    let head = String::from_utf8_lossy(&got).to_ascii_lowercase();
    assert!(head.contains("transfer-encoding: chunked"), "{head}");
    assert!(head.contains("x-streamed: yes"), "{head}");
    let _ = s.read_to_end(&mut got);
    let all = String::from_utf8_lossy(&got);
    assert!(all.contains("|second part"), "{all}");
    assert!(start.elapsed() >= Duration::from_millis(1100));
    // A client that reads the whole (chunked) answer gets both parts.
    assert!(get(addr, "/flush.cfm")
        .text()
        .contains("first part|second part"));
}

#[test]
fn session_cookie_attributes_follow_this_session_cookie() {
    let (_h, addr) = server("webroot-cookie");
    let r = get(addr, "/index.cfm");
    assert_status(&r, 200, "cookie page");
    assert_eq!(r.text().trim(), "36");
    let cookies = r.all("set-cookie");
    let cfid = cookies
        .iter()
        .find(|c| c.starts_with("CFID="))
        .expect("a CFID cookie");
    assert!(
        cfid.ends_with("; Path=/; Domain=.example.com; HttpOnly; Secure; SameSite=Strict"),
        "{cfid}"
    );
    assert!(!cfid.contains("Evil"), "{cfid}");
}

#[test]
fn a_cookieless_flood_cannot_grow_the_session_store_or_evict_users() {
    let (_h, addr) = server_with("webroot", |c| c.max_sessions = 3);
    let r = get(addr, "/session.cfm");
    let cookie = format!("{}; CFTOKEN=0", cookie_pair(&r, "CFID").unwrap());
    let r = get_with(addr, "/session.cfm", &[("Cookie", &cookie)]);
    assert_eq!(r.text().trim(), "count=2 sessionStarts=1");
    // Clients that never send the cookie back: each gets a session, the store keeps at most
    // three, and the returning user's session is never the one that makes room.
    for _ in 0..20 {
        assert_status(&get(addr, "/session.cfm"), 200, "cookieless request");
    }
    let r = get_with(addr, "/session.cfm", &[("Cookie", &cookie)]);
    assert_eq!(r.text().trim(), "count=3 sessionStarts=21");
}

#[test]
fn when_the_session_store_is_full_of_live_sessions_new_ones_get_no_cookie() {
    let (_h, addr) = server_with("webroot", |c| c.max_sessions = 1);
    let r = get(addr, "/session.cfm");
    let cookie = format!("{}; CFTOKEN=0", cookie_pair(&r, "CFID").unwrap());
    get_with(addr, "/session.cfm", &[("Cookie", &cookie)]);
    let r = get(addr, "/session.cfm");
    assert_eq!(r.text().trim(), "count=1 sessionStarts=2");
    assert!(cookie_pair(&r, "CFID").is_none(), "{:?}", r.headers);
    let r = get_with(addr, "/session.cfm", &[("Cookie", &cookie)]);
    assert_eq!(r.text().trim(), "count=3 sessionStarts=2");
}

#[test]
fn the_cgi_scope_is_filled_on_first_read_from_any_path() {
    let (_h, addr) = server("webroot");
    // A repeated header is one variable, its values joined; a cfthread may be the first reader;
    // an unscoped name finds a CGI variable.
    let r = get_with(addr, "/cgi_lazy.cfm", &[("X-Twice", "a"), ("X-Twice", "b")]);
    assert_status(&r, 200, "cgi");
    assert_eq!(
        r.text().trim(),
        "thread=[GET a, b] unscoped=[/cgi_lazy.cfm] key=[true] count=[true]"
    );
}

#[test]
fn pages_without_application_cfc_share_the_unnamed_application() {
    let (_h, addr) = server("webroot-noapp");
    assert_eq!(get(addr, "/unnamed.cfm").text().trim(), "hits=1");
    assert_eq!(get(addr, "/unnamed.cfm").text().trim(), "hits=2");
    // applicationStop() ends it after the page; the next request starts afresh.
    assert_eq!(get(addr, "/unnamed.cfm?stop=1").text().trim(), "hits=3");
    assert_eq!(get(addr, "/unnamed.cfm").text().trim(), "hits=1");
}

/// In development a changed page is seen by the next request (the template the server fetches
/// to know whether the page streams is the one it runs), and a page under an application that
/// shares its instance (no request events) sees its settings.
#[test]
fn development_server_sees_a_changed_page() {
    let dir = client::temp_dir("devchange");
    std::fs::write(
        dir.join("Application.cfc"),
        "component { this.name = 'devChange'; }",
    )
    .unwrap();
    let page = dir.join("p.cfm");
    let write = |text: &str, age: u64| {
        std::fs::write(&page, text).unwrap();
        let t = std::time::SystemTime::now() - Duration::from_secs(age);
        std::fs::File::options()
            .write(true)
            .open(&page)
            .unwrap()
            .set_modified(t)
            .unwrap();
    };
    write(
        "<cfoutput>A #getApplicationSettings().name#</cfoutput>",
        100,
    );
    std::fs::write(dir.join("q.cfm"), "<cfinclude template=\"p.cfm\">").unwrap();
    let mut c = Config::new(dir.clone());
    c.quiet = true;
    c.workers = 1;
    let h = rime_server::start(c, Listen::Tcp("127.0.0.1:0".parse().unwrap())).unwrap();
    let addr = h.local_addr.unwrap();
    for _ in 0..3 {
        assert_eq!(get(addr, "/p.cfm").text().trim(), "A devChange");
    }
    // The last request on the (one) worker checked p.cfm through an include.
    assert_eq!(get(addr, "/q.cfm").text().trim(), "A devChange");
    write("<cfoutput>B #getApplicationSettings().name#</cfoutput>", 50);
    assert_eq!(get(addr, "/p.cfm").text().trim(), "B devChange");
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn builtin_http_component_and_page_context() {
    let (_h, addr) = server("webroot");
    // `new http()` posts back to this server while the page waits for the answer.
    let r = get(addr, "/http_component.cfm");
    assert_status(&r, 200, "http component");
    assert_eq!(r.text().trim(), "200 OK|POST:hi:7");

    // getPageContext(): the servlet response's reset, status, headers and content type.
    let r = get(addr, "/page_context.cfm");
    assert_status(&r, 201, "page context");
    assert_eq!(r.text().trim(), "kept GET 201 true");
    assert_eq!(r.header("x-frame"), Some("a"));
    assert_eq!(r.header("x-multi"), Some("1"));
    assert!(r
        .header("content-type")
        .is_some_and(|t| t.starts_with("text/plain")));
}
