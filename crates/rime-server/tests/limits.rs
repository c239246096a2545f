//! The server under load and against slow or hostile clients, end to end over real sockets:
//! pages that spin or sleep never hold the server's threads, the bound on pages running at
//! once, request timeouts, slow and stalled clients, the exact head limit, the connection
//! limit and idle keep-alive connections.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod client;

use client::{assert_status, get, get_with, send_raw, start_server, temp_dir, webroot};
use rime_server::{Config, Handle};
use std::io::{Read, Write};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

fn server_with(root: &str, tweak: impl FnOnce(&mut Config)) -> (Handle, SocketAddr) {
    start_server(&webroot(root), tweak)
}

#[test]
fn an_infinite_loop_times_out_while_others_are_served() {
    let (_h, addr) = server_with("webroot", |c| c.workers = 2);
    let started = Instant::now();
    let slow = std::thread::spawn(move || get(addr, "/timeout.cfm"));
    std::thread::sleep(Duration::from_millis(150));
    for path in [
        "/hello.cfm",
        "/static/style.css",
        "/pathinfo.cfm",
        "/hello.cfm?name=x",
    ] {
        let r = get(addr, path);
        assert_status(&r, 200, "parallel request");
        // Served while the loop still runs on the other worker.
        assert!(!slow.is_finished(), "{path} waited for the loop");
        std::thread::sleep(Duration::from_millis(30));
    }
    let r = slow.join().unwrap();
    assert_status(&r, 500, "timeout");
    assert!(r.text().contains("requestTimeout"), "{}", r.text());
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(5),
        "timed out after {took:?}"
    );
}

#[test]
fn slow_clients_do_not_stop_normal_requests() {
    let (_h, addr) = server_with("webroot", |c| {
        c.header_read_timeout = Duration::from_secs(1);
    });
    // 500 connections that send part of a request head and then stall.
    let mut slow = Vec::new();
    for _ in 0..500 {
        if let Ok(mut s) = std::net::TcpStream::connect(addr) {
            let _ = s.write_all(b"GET /hello.cfm HTTP/1.1\r\nHost: x\r\nX-Slow: ");
            slow.push(s);
        }
    }
    assert!(
        slow.len() >= 450,
        "only {} slow connections opened",
        slow.len()
    );
    let start = Instant::now();
    let r = get(addr, "/hello.cfm");
    assert_status(&r, 200, "a normal request among slow ones");
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
    // After the header timeout the server has closed the stalled connections.
    std::thread::sleep(Duration::from_millis(1500));
    let mut closed = 0;
    for s in &mut slow {
        let _ = s.set_read_timeout(Some(Duration::from_millis(200)));
        // Closed: EOF, possibly after a 408 answer.
        let mut buf = Vec::new();
        if s.read_to_end(&mut buf).is_ok() {
            closed += 1;
        }
    }
    assert!(
        closed >= slow.len() * 9 / 10,
        "{closed} of {} closed",
        slow.len()
    );
}

/// `--max-header` is exact: hyper's buffer alone let a 64 KB limit take heads of about 100 KB.
#[test]
fn the_request_head_limit_is_exact() {
    let (_h, addr) = server_with("webroot", |c| c.max_header_bytes = 64 * 1024);
    let over = "y".repeat(70 * 1024);
    let r = get_with(addr, "/hello.cfm", &[("X-Over", &over)]);
    assert_status(&r, 431, "a head over the limit");
    let under = "z".repeat(60 * 1024);
    let r = get_with(addr, "/hello.cfm", &[("X-Under", &under)]);
    assert_status(&r, 200, "a head under the limit");
}

#[test]
fn oversized_request_heads_and_connection_limits() {
    let (_h, addr) = server_with("webroot", |c| {
        c.max_header_bytes = 16 * 1024;
        c.max_connections = 2;
    });
    let big = "x".repeat(64 * 1024);
    let r = get_with(addr, "/hello.cfm", &[("X-Big", &big)]);
    assert_status(&r, 431, "oversized head");

    // Two connections held open use the limit; a third is closed without an answer.
    let a = std::net::TcpStream::connect(addr).unwrap();
    let b = std::net::TcpStream::connect(addr).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let mut c = std::net::TcpStream::connect(addr).unwrap();
    let _ = c.write_all(b"GET /hello.cfm HTTP/1.1\r\nHost: x\r\n\r\n");
    let _ = c.set_read_timeout(Some(Duration::from_secs(2)));
    let mut buf = Vec::new();
    let n = c.read_to_end(&mut buf).unwrap_or(0);
    assert_eq!(n, 0, "over the limit: {}", String::from_utf8_lossy(&buf));
    drop((a, b));
    std::thread::sleep(Duration::from_millis(200));
    assert_status(&get(addr, "/hello.cfm"), 200, "after the limit frees up");
}

/// Pages that spin (twice as many as workers) and pages that sleep never hold the server's
/// threads: a static file and a quick page are answered while they all run (#24: on two
/// workers, two spinning pages made a static file wait for their timeout, and sleeping pages
/// ran one after another).
#[test]
fn busy_pages_never_hold_the_server_threads() {
    let (_h, addr) = server_with("webroot-busy", |c| c.workers = 2);
    let started = Instant::now();
    let spinning: Vec<_> = (0..4)
        .map(|_| std::thread::spawn(move || get(addr, "/spin.cfm")))
        .collect();
    let napping: Vec<_> = (0..8)
        .map(|_| std::thread::spawn(move || get(addr, "/nap.cfm")))
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    for path in ["/static.txt", "/hello.cfm", "/static.txt", "/hello.cfm"] {
        let r = get(addr, path);
        assert_status(&r, 200, path);
        assert!(
            spinning.iter().all(|t| !t.is_finished()),
            "{path} was answered only after the spinning pages ended"
        );
    }
    assert_eq!(get(addr, "/hello.cfm").text().trim(), "hello 2");
    for t in napping {
        let r = t.join().unwrap();
        assert_status(&r, 200, "a sleeping page");
        assert_eq!(r.text().trim(), "napped");
    }
    // Eight 1.5 s sleeps on two workers took 6 s when each held its worker.
    let napped = started.elapsed();
    assert!(
        spinning.iter().all(|t| !t.is_finished()),
        "the sleeping pages ran one after another ({napped:?})"
    );
    for t in spinning {
        let r = t.join().unwrap();
        assert_status(&r, 500, "a spinning page ends at its timeout");
        assert!(r.text().contains("requestTimeout"), "{}", r.text());
    }
}

/// `--max-concurrent-pages`: a page over the bound waits for a slot, and is answered 503 when
/// none comes free within `--page-queue-timeout`; static files are not pages and never wait.
#[test]
fn pages_over_the_bound_wait_then_get_503() {
    let (_h, addr) = server_with("webroot-busy", |c| {
        c.max_concurrent_pages = 1;
        c.page_queue_timeout = Duration::from_millis(500);
    });
    let spinning = std::thread::spawn(move || get(addr, "/spin.cfm"));
    std::thread::sleep(Duration::from_millis(300));
    assert_status(&get(addr, "/static.txt"), 200, "a static file");
    let r = get(addr, "/hello.cfm");
    assert_status(&r, 503, "a page over the bound");
    assert_status(&spinning.join().unwrap(), 500, "the spinning page");
    // The slot is free again.
    assert_status(&get(addr, "/hello.cfm"), 200, "the next page");
}

/// Read from `s` until the server closes it (or `within` passes): what it sent, and whether it
/// closed the connection in time.
fn read_until_closed(s: &mut std::net::TcpStream, within: Duration) -> (String, bool) {
    s.set_read_timeout(Some(within)).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return (String::from_utf8_lossy(&got).into_owned(), true),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(_) => return (String::from_utf8_lossy(&got).into_owned(), false),
        }
    }
}

/// A request body that stalls, or trickles in below the minimum rate, is answered 408 and its
/// connection closed once `--body-timeout` has passed (#24: such bodies held their
/// connections for ever, and 60 of them under `--max-connections 50` locked every client out).
#[test]
fn stalled_and_trickling_bodies_are_cut_off() {
    let (_h, addr) = server_with("webroot", |c| c.body_timeout = Duration::from_secs(1));
    let head = "POST /echo.cfm HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n";
    // Stalls after five bytes.
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(b"a=123").unwrap();
    let started = Instant::now();
    let (answer, closed) = read_until_closed(&mut s, Duration::from_secs(5));
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(closed, "the connection stays open");
    assert!(started.elapsed() < Duration::from_secs(4));
    // One byte every 100 ms: a second of allowance, never earned more.
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.write_all(head.as_bytes()).unwrap();
    let trickle = {
        let mut w = s.try_clone().unwrap();
        std::thread::spawn(move || {
            for _ in 0..40 {
                if w.write_all(b"x").is_err() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        })
    };
    let (answer, closed) = read_until_closed(&mut s, Duration::from_secs(5));
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(closed, "the connection stays open");
    trickle.join().unwrap();
    // A body sent at once is read as before.
    let r = send_raw(
        addr,
        b"POST /echo.cfm HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n\r\na=1",
    );
    assert_status(&r, 200, "a prompt body");
    assert!(r.text().contains("a=1"), "{}", r.text());
}

/// A keep-alive connection that sends no next request is closed after `--header-timeout`
/// (hyper arms the head timer while it waits for the next request).
#[test]
fn idle_keep_alive_connections_are_closed() {
    let (_h, addr) = server_with("webroot", |c| {
        c.header_read_timeout = Duration::from_secs(1)
    });
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.write_all(b"GET /static/style.css HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let started = Instant::now();
    let (answer, closed) = read_until_closed(&mut s, Duration::from_secs(5));
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(closed, "the idle connection stays open");
    assert!(started.elapsed() >= Duration::from_millis(900));
}

#[test]
fn files_a_datasource_or_server_json_names_are_never_served() {
    let root = temp_dir("named-private");
    let w = |rel: &str, text: &str| {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    // Names no extension rule knows: only the configuration says they are private.
    w(
        ".cfconfig.json",
        r#"{"datasources": {"shared": {"type": "sqlite", "database": "data/shared.dat"}}}"#,
    );
    w("data/shared.dat", "the server's data");
    w("data/shared.dat-wal", "its journal");
    w("certs/site.pem", "PRIVATE KEY");
    w("data/readme.txt", "public");
    w(
        "app/Application.cfc",
        r#"component { this.name = "named-private";
            this.datasources.store = {type: "sqlite", database: expandPath("../data/store.bin")};
            this.datasource = "store"; }"#,
    );
    w(
        "app/index.cfm",
        r#"<cfquery>create table if not exists t (x int)</cfquery><cfquery>insert into t values (1)</cfquery>ok"#,
    );
    let settings =
        rime_engine::cfconfig::load(&root.join(".cfconfig.json"), &|n| std::env::var(n).ok())
            .unwrap();
    let key = root.join("certs/site.pem");
    let (_h, addr) = start_server(&root, move |c| {
        c.settings = settings;
        c.private_files.push(key);
    });
    // Before any page has run, the server-wide datasource's file and journal are private.
    for path in [
        "/data/shared.dat",
        "/data/shared.dat-wal",
        "/certs/site.pem",
    ] {
        assert_status(&get(addr, path), 404, path);
    }
    assert_status(&get(addr, "/data/readme.txt"), 200, "a file nothing names");
    // An application's datasource, once its Application.cfc has been read.
    assert_status(&get(addr, "/app/index.cfm"), 200, "the page");
    assert!(root.join("data/store.bin").is_file());
    assert_status(
        &get(addr, "/data/store.bin"),
        404,
        "the application's database",
    );
    let _ = std::fs::remove_dir_all(&root);
}
