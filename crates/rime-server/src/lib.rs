//! The HTTP server: serves a webroot the way Lucee does. `.cfm` pages run on the engine's
//! request pipeline (`Engine::handle`: the application, sessions, the lifecycle, `onError`)
//! with the request scopes this crate builds from HTTP; other files are sent as
//! static files; source files and anything outside the webroot never are.
//!
//! Shape (see `../shared/DEPENDENCIES.md` for the measurements behind it): hyper 1.x HTTP/1.1
//! connections on a tokio multi-thread runtime with one worker per core, and each page runs
//! *inline* on the worker that read its request (no hand-off to another thread). Workers get
//! a large stack because CFML recursion runs on them; each page runs under `catch_unwind`.
//!
//! | module | job |
//! |---|---|
//! | `resolve` | URL path to file, traversal defence, index files, `path_info` |
//! | `handler` | one request: route, run, build the response, access log |
//! | `scopes` | `url`, `form` (with `multipart`), `cookie`, `cgi` |
//! | `static_files`, `mime`, `body`, `compress` | static files, content types, bodies, brotli/gzip |
//! | `error_page` | development and production error pages |
//! | `rest` | REST URLs (`/rest/<mapping>/...`) and their error answers |
//! | `slots` | the bound on pages running at once (`--max-concurrent-pages`) |
//! | `watch` | keeps I/O going while a page runs long: the hand-off of a long page's worker, the watchdog |

mod body;
mod compress;
mod error_page;
mod handler;
mod log;
mod mime;
mod multipart;
pub mod resolve;
pub mod rest;
mod scopes;
pub mod server_json;
mod slots;
mod static_files;
mod watch;

use handler::ConnInfo;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use rime_engine::{Engine, EngineConfig};
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};

pub use log::LogFormat;
pub use rime_engine::Sessions;

/// Server settings.
#[derive(Clone, Debug)]
pub struct Config {
    pub webroot: PathBuf,
    /// Production mode: plain error pages (details only in the log), no access log.
    pub production: bool,
    /// Worker threads; 0 means one per core.
    pub workers: usize,
    /// No access log.
    pub quiet: bool,
    /// How access lines are written (`--log-format`).
    pub log_format: log::LogFormat,
    /// Default request timeout (Lucee's is 50 s); Application.cfc and `<cfsetting>` override.
    pub request_timeout: Option<Duration>,
    /// Largest request body accepted (413 beyond).
    pub max_body_bytes: usize,
    /// Where uploaded files go for the duration of their request.
    pub upload_dir: PathBuf,
    /// Compress text responses (brotli or gzip) when the client accepts it.
    pub gzip: bool,
    /// Stack of each worker thread: CFML recursion (up to `rime_vm::MAX_CALL_DEPTH` calls) runs
    /// on it. Only touched pages are committed, so a large reservation costs address space.
    pub worker_stack_bytes: usize,
    /// How long shutdown waits for in-flight requests.
    pub shutdown_grace: Duration,
    /// How often expired sessions are dropped.
    pub session_sweep: Duration,
    /// `--log-dir`: append the access and error logs to files there instead of stderr.
    pub log_dir: Option<PathBuf>,
    /// Welcome files and blocked project files (`web.welcomeFiles`, `web.blockSensitivePaths`).
    pub resolve: resolve::Options,
    /// `web.rewrites.enable`: a URL that names no file runs `/index.cfm` with the path as
    /// `cgi.path_info` (the SES URLs of ColdBox, FW/1 and Wheels).
    pub rewrites: bool,
    /// `web.aliases`: URL prefix (`/docs`) -> folder, relative to the webroot unless absolute.
    pub aliases: Vec<(String, PathBuf)>,
    /// `web.errorPages`: status (0 for "default") -> web path of a static page sent with it.
    pub error_pages: Vec<(u16, String)>,
    /// Files never served whatever their name: `server.json`, the `.cfconfig.json` read and the
    /// files they name (certificates, keys, rewrite rules).
    pub private_files: Vec<PathBuf>,
    /// Server-wide application defaults (`.cfconfig.json`; see `rime_engine::cfconfig`).
    pub settings: rime_runtime::Struct,
    /// A connection that hasn't sent a whole request head in this time is closed (slowloris).
    pub header_read_timeout: Duration,
    /// A request body must arrive in this time, plus a second per 500 bytes received (a body
    /// that stalls or trickles is answered 408 and its connection closed).
    pub body_timeout: Duration,
    /// Largest request head (request line and headers); beyond it the answer is 431.
    pub max_header_bytes: usize,
    /// Most connections open at once; more are closed as soon as they are accepted.
    pub max_connections: usize,
    /// Most pages running at once (Tomcat's `maxThreads`, which bounds Lucee, is 200 by
    /// default); more wait for one to finish, without holding a thread.
    pub max_concurrent_pages: usize,
    /// How long a page waits for its turn before it is answered 503.
    pub page_queue_timeout: Duration,
    /// Most sessions held at once (see `session::Sessions`).
    pub max_sessions: usize,
    /// The permissions of a `Listen::Unix` socket file: owner and group may connect (a proxy
    /// such as nginx runs as another user in the server's group), others may not.
    pub socket_mode: u32,
    /// Bytes one request may allocate before it ends with a `memoryLimit` error (counted only
    /// when the binary's allocator reports to `rime_runtime::memory`, as `rime`'s does).
    pub max_request_memory: Option<u64>,
    /// REST mappings (virtual name -> folder of REST components); `.cfconfig.json`'s
    /// `restMappings` in `settings` add to them.
    pub rest_mappings: Vec<rest::RestMapping>,
    /// URL prefixes answered by REST mappings (`/rest`; server.json's `app.restMappings`).
    pub rest_prefixes: Vec<String>,
}

impl Config {
    pub fn new(webroot: impl Into<PathBuf>) -> Config {
        Config {
            webroot: webroot.into(),
            production: false,
            workers: 0,
            quiet: false,
            log_format: log::LogFormat::Combined,
            request_timeout: Some(Duration::from_secs(50)),
            max_body_bytes: 100 * 1024 * 1024,
            upload_dir: std::env::temp_dir().join("rime-uploads"),
            gzip: true,
            worker_stack_bytes: 64 * 1024 * 1024,
            shutdown_grace: Duration::from_secs(30),
            session_sweep: Duration::from_secs(30),
            log_dir: None,
            resolve: resolve::Options::default(),
            rewrites: false,
            aliases: Vec::new(),
            error_pages: Vec::new(),
            private_files: Vec::new(),
            settings: rime_runtime::Struct::new(),
            header_read_timeout: Duration::from_secs(30),
            body_timeout: Duration::from_secs(20),
            max_header_bytes: 64 * 1024,
            max_connections: 10_000,
            max_concurrent_pages: 200,
            page_queue_timeout: Duration::from_secs(30),
            max_sessions: rime_engine::DEFAULT_MAX_SESSIONS,
            socket_mode: 0o660,
            max_request_memory: Some(1 << 30),
            rest_mappings: Vec::new(),
            rest_prefixes: vec!["/rest".to_string()],
        }
    }
}

/// Where to listen.
#[derive(Clone, Debug)]
pub enum Listen {
    Tcp(SocketAddr),
    /// A Unix domain socket (for a reverse proxy); a stale socket file is replaced.
    Unix(PathBuf),
}

/// What every request shares.
pub(crate) struct State {
    pub engine: Arc<Engine>,
    /// The canonical webroot.
    pub root: PathBuf,
    /// `web.aliases` with canonical folders, longest prefix first.
    pub aliases: Vec<(String, PathBuf)>,
    /// REST mappings with canonical folders, longest virtual path first.
    pub rest: Vec<(rest::RestMapping, PathBuf)>,
    pub config: Config,
    pub logs: log::Logs,
    /// One permit per open connection (`Config::max_connections`).
    pub connections: Arc<tokio::sync::Semaphore>,
    /// One slot per running page (`Config::max_concurrent_pages`).
    pub pages: slots::PageSlots,
    /// Production mode: URL paths resolved once.
    pub resolved: resolve::ResolveCache,
    pub compress_cache: static_files::CompressCache,
    /// Pages in flight, for the watchdog that keeps I/O going during long ones.
    pub watch: Arc<watch::Watch>,
}

enum Listener {
    Tcp(tokio::net::TcpListener),
    Unix(tokio::net::UnixListener, PathBuf),
}

/// A running server. Dropping it stops the server (gracefully) and waits for it.
pub struct Handle {
    /// The bound TCP address (`None` on a Unix socket).
    pub local_addr: Option<SocketAddr>,
    /// `http://host:port/`, or `unix:PATH`.
    pub url: String,
    /// The canonical webroot.
    pub root: PathBuf,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Handle {
    /// Stop accepting, let in-flight requests finish, and wait.
    pub fn stop(mut self) {
        self.shutdown();
    }

    /// Wait until the server ends (on a signal, when started by `run`).
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    fn shutdown(&mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Handle {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Start serving in the background; returns once the socket is bound. Stops via the handle.
pub fn start(config: Config, listen: Listen) -> io::Result<Handle> {
    start_inner(config, listen, false)
}

/// Serve until Ctrl-C or SIGTERM, printing the URL once listening.
pub fn run(config: Config, listen: Listen) -> io::Result<()> {
    let production = config.production;
    let workers = worker_count(&config);
    let handle = start_inner(config, listen, true)?;
    println!(
        "Rime {} serving {} at {} ({} mode, {} worker{}; Ctrl-C stops)",
        env!("CARGO_PKG_VERSION"),
        handle.root.display(),
        handle.url,
        if production {
            "production"
        } else {
            "development"
        },
        workers,
        if workers == 1 { "" } else { "s" }
    );
    handle.wait();
    Ok(())
}

fn worker_count(config: &Config) -> usize {
    if config.workers > 0 {
        config.workers
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

fn start_inner(config: Config, listen: Listen, signals: bool) -> io::Result<Handle> {
    let root = config.webroot.canonicalize().map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("webroot {}: {e}", config.webroot.display()),
        )
    })?;
    if !root.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("webroot {} is not a directory", root.display()),
        ));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(worker_count(&config))
        .thread_stack_size(config.worker_stack_bytes)
        // A long page, a sleep or a database call hands its worker to a thread of the blocking
        // pool (`block_in_place`) and goes on on its own thread: the pool needs a thread per
        // page that may run at once, and a replacement per worker. Uncapped (tokio's default
        // is 512) a burst of queries left ~160 threads of touched stack and allocator caches
        // behind: 230 MB RSS for a SQLite page; idle ones end after 10 s.
        .max_blocking_threads(config.max_concurrent_pages.max(1) + worker_count(&config) * 2)
        .thread_name("rime-worker")
        .enable_all()
        .build()?;
    let (listener, local_addr, url) = {
        let _guard = runtime.enter();
        bind(&listen, config.socket_mode)?
    };
    // REST mappings are the server's, not an application setting: out of the settings that
    // Application.cfc sees.
    let settings = config.settings.copy();
    let mut rest_mappings = config.rest_mappings.clone();
    rest_mappings.extend(rest::mappings_from_settings(&settings));
    settings.remove("restMappings");
    let engine = Engine::with_config(
        root.clone(),
        EngineConfig {
            request_timeout: config.request_timeout,
            // Database calls block: let tokio move other work off this worker meanwhile.
            block_in_place: Some(|f| tokio::task::block_in_place(f)),
            // A long page hands its worker's other work to another thread.
            hand_off: Some(watch::hand_off),
            production: config.production,
            settings,
            request_memory: config.max_request_memory,
            max_sessions: Some(config.max_sessions),
        },
    );
    for f in &config.private_files {
        engine.keep_private(f);
    }
    // Scheduled tasks run while the server runs; a task URL written as a path is this server's.
    engine.start_scheduler(local_addr.map(|a| {
        let ip = match a.ip() {
            ip if ip.is_unspecified() && a.is_ipv6() => "[::1]".to_string(),
            ip if ip.is_unspecified() => "127.0.0.1".to_string(),
            std::net::IpAddr::V6(ip) => format!("[{ip}]"),
            ip => ip.to_string(),
        };
        format!("http://{ip}:{}", a.port())
    }));
    let mut rest = Vec::new();
    for m in rest_mappings {
        let dir = if m.physical.is_absolute() {
            m.physical.clone()
        } else {
            root.join(&m.physical)
        };
        let dir = dir.canonicalize().map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("REST mapping {} -> {}: {e}", m.virtual_path, dir.display()),
            )
        })?;
        rest.push((m, dir));
    }
    rest.sort_by_key(|m| std::cmp::Reverse(m.0.virtual_path.len()));
    let mut aliases = Vec::new();
    for (prefix, dir) in &config.aliases {
        let dir = if dir.is_absolute() {
            dir.clone()
        } else {
            root.join(dir)
        };
        let dir = dir.canonicalize().map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("alias {prefix} -> {}: {e}", dir.display()),
            )
        })?;
        aliases.push((format!("/{}", prefix.trim_matches('/')), dir));
    }
    aliases.sort_by_key(|a| std::cmp::Reverse(a.0.len()));
    let logs = log::Logs::new(config.log_dir.as_deref(), config.quiet, config.log_format)
        .map_err(|e| io::Error::new(e.kind(), format!("log folder: {e}")))?;
    let state = Arc::new(State {
        connections: Arc::new(tokio::sync::Semaphore::new(config.max_connections.max(1))),
        pages: slots::PageSlots::new(config.max_concurrent_pages),
        logs,
        aliases,
        rest,
        engine,
        root: root.clone(),
        config,
        resolved: Default::default(),
        compress_cache: Default::default(),
        watch: watch::Watch::new(),
    });
    let watchdog = state.watch.spawn(runtime.handle().clone())?;
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::Builder::new()
        .name("rime-server".into())
        .spawn(move || {
            let grace = state.config.shutdown_grace;
            runtime.block_on(async move {
                let stop = async move {
                    if signals {
                        tokio::select! {
                            _ = rx => {}
                            _ = shutdown_signal() => {}
                        }
                    } else {
                        let _ = rx.await;
                    }
                };
                serve(listener, state, stop).await;
            });
            drop(watchdog);
            runtime.shutdown_timeout(grace);
        })?;
    Ok(Handle {
        local_addr,
        url,
        root,
        stop: Some(tx),
        thread: Some(thread),
    })
}

fn bind(listen: &Listen, socket_mode: u32) -> io::Result<(Listener, Option<SocketAddr>, String)> {
    match listen {
        Listen::Tcp(addr) => {
            let std_listener = std::net::TcpListener::bind(addr)?;
            std_listener.set_nonblocking(true)?;
            let l = tokio::net::TcpListener::from_std(std_listener)?;
            let a = l.local_addr()?;
            let url = if a.is_ipv6() {
                format!("http://[{}]:{}/", a.ip(), a.port())
            } else {
                format!("http://{a}/")
            };
            Ok((Listener::Tcp(l), Some(a), url))
        }
        Listen::Unix(path) => {
            remove_stale_socket(path)?;
            let l = tokio::net::UnixListener::bind(path)?;
            {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(path, std::fs::Permissions::from_mode(socket_mode))?;
            }
            Ok((
                Listener::Unix(l, path.clone()),
                None,
                format!("unix:{}", path.display()),
            ))
        }
    }
}

/// Remove a socket file left by an earlier run, but never a file that isn't a socket.
fn remove_stale_socket(path: &Path) -> io::Result<()> {
    use std::os::unix::fs::FileTypeExt;
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_socket() => std::fs::remove_file(path),
        Ok(_) => Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} exists and is not a socket", path.display()),
        )),
        Err(_) => Ok(()),
    }
}

async fn shutdown_signal() {
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term => {}
    }
}

/// Accept connections until `stop` completes, then wait (up to the grace period) for the
/// connections' in-flight requests.
async fn serve(listener: Listener, state: Arc<State>, stop: impl Future<Output = ()>) {
    let graceful = GracefulShutdown::new();
    let sweeper = {
        let state = state.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(state.config.session_sweep);
            loop {
                tick.tick().await;
                let ended = state.engine.sessions().sweep();
                let engine = state.engine.clone();
                // End events run CFML: on a request thread, off the async workers.
                let _ = tokio::task::spawn_blocking(move || {
                    engine.clone().on_request_thread(move || {
                        for (app, scope) in ended {
                            engine.end_session(&app, scope);
                        }
                        engine.sweep_applications();
                        rime_engine::RunResult {
                            output: String::new(),
                            error: None,
                        }
                    })
                })
                .await;
            }
        })
    };
    tokio::pin!(stop);
    loop {
        let accepted = match &listener {
            Listener::Tcp(l) => tokio::select! {
                _ = &mut stop => break,
                r = l.accept() => r.map(|(s, peer)| {
                    let _ = s.set_nodelay(true);
                    let port = s.local_addr().map_or(0, |a| a.port());
                    let host = s.local_addr().map_or_else(|_| "localhost".into(), |a| a.ip().to_string().into());
                    (Conn::Tcp(s), ConnInfo {
                        remote_addr: peer.ip().to_string().into(),
                        server_name: host,
                        server_port: port,
                    })
                }),
            },
            Listener::Unix(l, _) => tokio::select! {
                _ = &mut stop => break,
                r = l.accept() => r.map(|(s, _)| (Conn::Unix(s), ConnInfo {
                    // A Unix socket is local: the proxy in front is the client.
                    remote_addr: "127.0.0.1".into(),
                    server_name: "localhost".into(),
                    server_port: 80,
                })),
            },
        };
        match accepted {
            Ok((Conn::Tcp(s), info)) => spawn_connection(s, info, &state, &graceful),
            Ok((Conn::Unix(s), info)) => spawn_connection(s, info, &state, &graceful),
            Err(e) => {
                // Out of file descriptors and the like: back off instead of spinning.
                eprintln!("rime: accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
    if let Listener::Unix(_, path) = &listener {
        let _ = std::fs::remove_file(path);
    }
    drop(listener);
    sweeper.abort();
    let grace = state.config.shutdown_grace;
    if tokio::time::timeout(grace, graceful.shutdown())
        .await
        .is_err()
    {
        eprintln!("rime: requests still running after {grace:?}; stopping anyway");
    }
}

/// The status hyper answered a request it could not parse with (its `on_error`: 431 for a
/// head over `--max-header`, 414 for an over-long URI), for the log; None for what is not a
/// rejected request (a reset, a closed connection, and the head timeout, which also ends every
/// idle keep-alive connection).
fn rejected_status(e: &hyper::Error) -> Option<u16> {
    if e.is_parse_too_large() {
        // hyper tells the two apart only in its message.
        Some(if e.to_string().contains("URI too long") {
            414
        } else {
            431
        })
    } else if e.is_parse() {
        Some(400)
    } else {
        None
    }
}

enum Conn {
    Tcp(tokio::net::TcpStream),
    Unix(tokio::net::UnixStream),
}

fn spawn_connection<I>(io: I, info: ConnInfo, state: &Arc<State>, graceful: &GracefulShutdown)
where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    // Past the connection limit the connection is closed at once (dropping the stream).
    let Ok(permit) = state.connections.clone().try_acquire_owned() else {
        return;
    };
    // One allocation per connection holding the server state and the connection's details:
    // each request clones this connection's counter, not the `State` every worker shares.
    let conn = Arc::new((state.clone(), info));
    let log_state = conn.clone();
    let svc = service_fn(move |req| {
        let conn = conn.clone();
        async move { Ok::<_, Infallible>(handler::handle(&conn.0, &conn.1, req).await) }
    });
    let conn = http1::Builder::new()
        .keep_alive(true)
        .timer(TokioTimer::new())
        .header_read_timeout(state.config.header_read_timeout)
        // hyper's floor for its read buffer is 8 KiB.
        .max_buf_size(state.config.max_header_bytes.max(8192))
        .serve_connection(TokioIo::new(io), svc);
    let conn = graceful.watch(conn);
    tokio::spawn(async move {
        // Errors here are the client's (reset, malformed request); hyper has answered those it
        // could parse no request from, which the access log records.
        let started = std::time::Instant::now();
        if let Err(e) = conn.await {
            if let Some(status) = rejected_status(&e) {
                log_state.0.logs.access(&log::AccessEntry {
                    remote: &log_state.1.remote_addr,
                    request: None,
                    status,
                    bytes: 0,
                    duration: started.elapsed(),
                });
            }
        }
        drop(permit);
    });
}
