//! A small HTTP/1.1 client over raw sockets for the server tests: it sends exactly the bytes
//! given (no path normalisation, so traversal attempts reach the server as written), parses one
//! response (Content-Length, chunked, or until close), and never waits longer than `TIMEOUT`.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub const TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug)]
pub struct Resp {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Resp {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn all(&self, name: &str) -> Vec<&str> {
        self.headers
            .iter()
            .filter(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
            .collect()
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

fn line(r: &mut impl BufRead) -> std::io::Result<String> {
    let mut s = String::new();
    let n = r.read_line(&mut s)?;
    if n == 0 {
        return Err(std::io::Error::new(
            std::io::ErrorKind::UnexpectedEof,
            "connection closed",
        ));
    }
    Ok(s.trim_end_matches(['\r', '\n']).to_string())
}

/// Read one response. `head`: the request was HEAD (no body follows).
pub fn read_response(r: &mut impl BufRead, head: bool) -> std::io::Result<Resp> {
    let status_line = line(r)?;
    let status = status_line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad status line {status_line:?}")))?;
    let mut headers = Vec::new();
    loop {
        let l = line(r)?;
        if l.is_empty() {
            break;
        }
        if let Some((n, v)) = l.split_once(':') {
            headers.push((n.trim().to_string(), v.trim().to_string()));
        }
    }
    let mut resp = Resp {
        status,
        headers,
        body: Vec::new(),
    };
    if head || status == 204 || status == 304 || (100..200).contains(&status) {
        return Ok(resp);
    }
    let chunked = resp
        .header("transfer-encoding")
        .is_some_and(|v| v.eq_ignore_ascii_case("chunked"));
    if chunked {
        loop {
            let size = line(r)?;
            let size = usize::from_str_radix(size.split(';').next().unwrap_or("").trim(), 16)
                .map_err(std::io::Error::other)?;
            if size == 0 {
                // Trailers until the blank line.
                while !line(r)?.is_empty() {}
                break;
            }
            let mut chunk = vec![0; size];
            r.read_exact(&mut chunk)?;
            resp.body.extend_from_slice(&chunk);
            line(r)?;
        }
    } else if let Some(len) = resp.header("content-length") {
        let len: usize = len.parse().map_err(std::io::Error::other)?;
        resp.body = vec![0; len];
        r.read_exact(&mut resp.body)?;
    } else {
        r.read_to_end(&mut resp.body)?;
    }
    Ok(resp)
}

pub fn connect(addr: SocketAddr) -> TcpStream {
    let s = TcpStream::connect_timeout(&addr, TIMEOUT).expect("connect");
    s.set_read_timeout(Some(TIMEOUT)).expect("timeout");
    s.set_write_timeout(Some(TIMEOUT)).expect("timeout");
    s
}

/// Send raw request bytes on a new connection and read one response.
pub fn send_raw(addr: SocketAddr, raw: &[u8]) -> Resp {
    let mut s = connect(addr);
    s.write_all(raw).expect("write");
    let head = raw.starts_with(b"HEAD ");
    let mut r = BufReader::new(s);
    read_response(&mut r, head).expect("response")
}

/// Build a request with `Connection: close`.
pub fn build(method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Vec<u8> {
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for (n, v) in headers {
        req.push_str(&format!("{n}: {v}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        req.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    req.push_str("\r\n");
    let mut bytes = req.into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Resp {
    send_raw(addr, &build(method, path, headers, body))
}

pub fn get(addr: SocketAddr, path: &str) -> Resp {
    request(addr, "GET", path, &[], b"")
}

pub fn get_with(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> Resp {
    request(addr, "GET", path, headers, b"")
}

/// A webroot folder under `tests/`.
pub fn webroot(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(name)
}

/// A fresh empty folder under the system temp folder.
pub fn temp_dir(tag: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let d = std::env::temp_dir().join(format!(
        "rime-server-test-{}-{tag}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// Start the server on `root` on an ephemeral port, quiet, with two workers, after `tweak`.
pub fn start_server(
    root: &Path,
    tweak: impl FnOnce(&mut rime_server::Config),
) -> (rime_server::Handle, SocketAddr) {
    let mut c = rime_server::Config::new(root);
    c.quiet = true;
    c.workers = 2;
    c.shutdown_grace = Duration::from_secs(5);
    tweak(&mut c);
    let listen = rime_server::Listen::Tcp(SocketAddr::from(([127, 0, 0, 1], 0)));
    let h = rime_server::start(c, listen).expect("the server starts");
    let addr = h.local_addr.expect("a TCP address");
    (h, addr)
}

pub fn assert_status(r: &Resp, status: u16, what: &str) {
    assert_eq!(r.status, status, "{what}: {}", r.text());
}
