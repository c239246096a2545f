//! The short soak: a few seconds of mixed traffic from concurrent clients (pages, sessions,
//! errors, uploads, static files, missing pages, traversal attempts). Every response has the
//! status its request should get, the server never stops answering, and memory does not grow
//! with the request count. The 10-minute version is `bench/soak.sh` (docs/reliability.md).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod client;

use client::{get_with, request, webroot, Resp};
use rime_server::{Config, Listen};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

const UPLOAD: &str = "--B\r\n\
Content-Disposition: form-data; name=\"title\"\r\n\r\n\
soak\r\n\
--B\r\n\
Content-Disposition: form-data; name=\"doc\"; filename=\"notes.txt\"\r\n\
Content-Type: text/plain\r\n\r\n\
hello upload\r\n\
--B\r\n\
Content-Disposition: form-data; name=\"nofile\"; filename=\"\"\r\n\
Content-Type: application/octet-stream\r\n\r\n\
\r\n\
--B--\r\n";

fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

#[test]
fn mixed_traffic_gets_the_right_answers_and_memory_stays_flat() {
    let mut c = Config::new(webroot("webroot"));
    c.quiet = true;
    c.workers = 2;
    let h = rime_server::start(c, Listen::Tcp("127.0.0.1:0".parse().unwrap())).unwrap();
    let addr = h.local_addr.unwrap();
    let requests = Arc::new(AtomicUsize::new(0));
    // A number of requests, not a time: throughput is bench/'s to measure, and a loaded
    // machine serves fewer requests in a given time (500 in 3 s once failed this test).
    let run = |per_client: usize| {
        let threads: Vec<_> = (0..8)
            .map(|t| {
                let requests = requests.clone();
                std::thread::spawn(move || {
                    // One session per client, kept across its requests.
                    let first = get_with(addr, "/session.cfm", &[]);
                    assert_eq!(first.status, 200, "{}", first.text());
                    let cfid = first
                        .all("set-cookie")
                        .iter()
                        .find_map(|c| c.strip_prefix("CFID="))
                        .map(|c| c.split(';').next().unwrap_or("").to_string())
                        .expect("a session cookie");
                    let cookie = format!("CFID={cfid}; CFTOKEN=0");
                    for i in t..t + per_client {
                        let (r, want, what): (Resp, u16, &str) = match i % 7 {
                            0 => (get_with(addr, "/hello.cfm?name=soak", &[]), 200, "page"),
                            1 => (
                                get_with(addr, "/session.cfm", &[("Cookie", &cookie)]),
                                200,
                                "session",
                            ),
                            2 => (get_with(addr, "/error.cfm", &[]), 500, "error page"),
                            3 => (
                                request(
                                    addr,
                                    "POST",
                                    "/upload.cfm",
                                    &[("Content-Type", "multipart/form-data; boundary=B")],
                                    UPLOAD.as_bytes(),
                                ),
                                200,
                                "upload",
                            ),
                            4 => (get_with(addr, "/static/data.txt", &[]), 200, "static"),
                            5 => (get_with(addr, "/no-such-page.cfm", &[]), 404, "missing"),
                            _ => (
                                get_with(addr, "/static/..%2f..%2f..%2fsoak.rs", &[]),
                                400,
                                "traversal",
                            ),
                        };
                        // A traversal attempt is refused, as 400 or 404 alike.
                        let ok = r.status == want || (what == "traversal" && r.status == 404);
                        assert!(ok, "{what}: {} {}", r.status, r.text());
                        if what == "session" {
                            assert!(r.text().contains("count="), "{}", r.text());
                        }
                        requests.fetch_add(1, Ordering::Relaxed);
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().expect("a client thread failed");
        }
    };
    run(50);
    let warm = rss_kb();
    let after_warm_up = requests.load(Ordering::Relaxed);
    run(250);
    let end = rss_kb();
    let served = requests.load(Ordering::Relaxed) - after_warm_up;
    assert_eq!(served, 8 * 250, "every request answered as intended");
    // Flat: allocator noise, not growth with the thousands of requests just served.
    assert!(
        end < warm + warm / 4 + 8 * 1024,
        "RSS grew from {warm} kB to {end} kB over {served} requests"
    );
}
