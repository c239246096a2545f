//! `rime-ceiling [PORT] [WORKERS]`: the physical limit of Rime's HTTP stack on this machine.
//!
//! The same stack as `rime serve` (tokio multi-thread runtime, hyper http1 with keep-alive,
//! mimalloc, TCP_NODELAY) answering every request with the bytes and headers `hello.cfm` sends,
//! without running any CFML. Every HTTP figure in docs/performance.md is also given as a
//! percentage of this server's.

use bytes::Bytes;
use http_body_util::Full;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;

#[global_allocator]
static GLOBAL: rime_runtime::memory::MiMalloc = rime_runtime::memory::MiMalloc;

/// What `bench/webroot/hello.cfm` renders (the year varies; the length does not).
fn page() -> Bytes {
    let year = httpdate::fmt_http_date(std::time::SystemTime::now());
    let year = year.split(' ').nth(3).unwrap_or("2026");
    Bytes::from(format!(
        "<!DOCTYPE html><html><head><title>Hello</title></head><body><h1>Hello, World!</h1>\
         <p>{year}</p></body></html>\n"
    ))
}

async fn answer(
    body: Bytes,
    _req: Request<hyper::body::Incoming>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let mut r = Response::new(Full::new(body));
    let h = r.headers_mut();
    h.insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("text/html; charset=UTF-8"),
    );
    Ok(r)
}

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let port: u16 = args.next().and_then(|p| p.parse().ok()).unwrap_or(8600);
    let workers: usize = args
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers.max(1))
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
        eprintln!("rime-ceiling on http://127.0.0.1:{port}/");
        let body = page();
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let _ = stream.set_nodelay(true);
            let body = body.clone();
            tokio::spawn(async move {
                let svc = service_fn(move |req| answer(body.clone(), req));
                let _ = http1::Builder::new()
                    .keep_alive(true)
                    .timer(TokioTimer::new())
                    .serve_connection(TokioIo::new(stream), svc)
                    .await;
            });
        }
    })
}
