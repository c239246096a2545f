//! The `rime` command: run, serve, repl, check, parse, disasm.

// mimalloc measured ~35% less CPU per request than glibc malloc (../shared/DEPENDENCIES.md);
// the wrapper counts each thread's bytes for the per-request memory budget.
#[global_allocator]
static GLOBAL: rime_runtime::memory::Counting<rime_runtime::memory::MiMalloc> =
    rime_runtime::memory::Counting(rime_runtime::memory::MiMalloc);

use clap::{Args, Parser, Subcommand};
use rime_engine::{render_error, Engine};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Rime: a CFML application server (Lucee dialect) in one native binary.
#[derive(Parser)]
#[command(name = "rime", version, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a template and print its output
    ///
    /// An uncaught error prints its type, message, file:line:col and source line to stderr and
    /// exits with 1. The webroot is the current folder when the template is inside it, else the
    /// template's folder.
    Run {
        /// The template (.cfm)
        file: PathBuf,
    },
    /// Serve a webroot over HTTP (default: the current folder)
    Serve(Box<ServeArgs>),
    /// Evaluate CFML statements and expressions interactively
    Repl,
    /// Compile every .cfm/.cfc and report all syntax errors (exit 1 when any)
    Check {
        /// A folder (searched recursively) or one file
        #[arg(default_value = ".", value_name = "DIR|FILE")]
        path: PathBuf,
    },
    /// Print the syntax tree of a template
    Parse { file: PathBuf },
    /// Print the compiled bytecode of a template
    Disasm { file: PathBuf },
    /// Print the version (also --version, -V)
    Version,
}

/// `rime serve`: every flag overrides what server.json says.
#[derive(Args)]
#[command(
    after_help = "A server.json (CommandBox) in WEBROOT, or the one given with --config, supplies \
defaults (its web.webroot is then what is served); flags on the command line win over it. \
RIME_PRODUCTION=1 in the environment means --production. Ctrl-C or SIGTERM stops the server \
after the requests in flight."
)]
struct ServeArgs {
    /// The folder to serve, or the project folder holding a server.json
    #[arg(value_name = "WEBROOT")]
    webroot: Option<PathBuf>,
    /// Address to listen on [default: 127.0.0.1]
    #[arg(long, value_name = "HOST")]
    host: Option<String>,
    /// Port to listen on [default: 8500]
    #[arg(long, value_name = "N")]
    port: Option<u16>,
    /// Listen on a Unix socket (for a reverse proxy) instead of TCP
    #[arg(long, value_name = "PATH")]
    socket: Option<PathBuf>,
    /// The socket file's permissions, in octal [default: 660: owner and group]
    #[arg(long, value_name = "OCTAL", requires = "socket", value_parser = parse_mode)]
    socket_mode: Option<u32>,
    /// Worker threads [default: one per core]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    workers: Option<u32>,
    /// One worker thread (the same as --workers 1)
    #[arg(long, conflicts_with = "workers")]
    single_threaded: bool,
    /// Production mode: plain error pages; templates and URLs resolved once for the process
    /// [default: on when listening on an address other than loopback]
    #[arg(long, conflicts_with = "dev")]
    production: bool,
    /// Development mode (error pages with details and source), also on a non-loopback address
    #[arg(long)]
    dev: bool,
    /// No access log
    #[arg(long)]
    quiet: bool,
    /// How access lines are written: combined (Apache's Combined Log Format, then the duration
    /// in microseconds) or json (one object per line) [default: combined]
    #[arg(long, value_name = "FORMAT", value_parser = parse_log_format)]
    log_format: Option<rime_server::LogFormat>,
    /// Append access.log and error.log in this folder instead of writing to stderr
    #[arg(long, value_name = "DIR")]
    log_dir: Option<PathBuf>,
    /// The server.json to read [default: WEBROOT/server.json when there is one]
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Profile the CFML for this many seconds from start, then print the functions and lines
    /// where time went (self and total) to stderr
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..))]
    profile: Option<u32>,
    #[command(flatten)]
    limits: Limits,
}

/// Request and resource limits (defaults in `rime_server::Config::new`).
#[derive(clap::Args)]
struct Limits {
    /// Largest request body, uploads included (413 beyond) [default: 100M]
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    max_body: Option<usize>,
    /// Largest request head, request line and headers (431 beyond; at least 8K) [default: 64K]
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    max_header: Option<usize>,
    /// Most connections open at once [default: 10000]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_connections: Option<u32>,
    /// Most pages running at once; more wait for a turn (without holding a thread), then get 503
    /// [default: 200]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_concurrent_pages: Option<u32>,
    /// Seconds a page waits for its turn under --max-concurrent-pages before 503 [default: 30]
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..))]
    page_queue_timeout: Option<u32>,
    /// Seconds a request body has to arrive, plus one per 500 bytes received (a stalled or
    /// trickling body gets 408) [default: 20]
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..))]
    body_timeout: Option<u32>,
    /// Seconds a client has to send a whole request head (against slowloris) [default: 30]
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..))]
    header_timeout: Option<u32>,
    /// Most sessions held at once; at the cap, sessions never used again make room [default: 100000]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_sessions: Option<u32>,
    /// Memory one request may allocate before it ends with a memoryLimit error [default: 1G]
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    max_request_memory: Option<usize>,
}

impl Limits {
    fn apply(&self, c: &mut rime_server::Config) {
        if let Some(n) = self.max_body {
            c.max_body_bytes = n;
        }
        if let Some(n) = self.max_header {
            c.max_header_bytes = n;
        }
        if let Some(n) = self.max_connections {
            c.max_connections = n as usize;
        }
        if let Some(n) = self.max_concurrent_pages {
            c.max_concurrent_pages = n as usize;
        }
        if let Some(s) = self.page_queue_timeout {
            c.page_queue_timeout = std::time::Duration::from_secs(u64::from(s));
        }
        if let Some(s) = self.body_timeout {
            c.body_timeout = std::time::Duration::from_secs(u64::from(s));
        }
        if let Some(s) = self.header_timeout {
            c.header_read_timeout = std::time::Duration::from_secs(u64::from(s));
        }
        if let Some(n) = self.max_sessions {
            c.max_sessions = n as usize;
        }
        if let Some(n) = self.max_request_memory {
            c.max_request_memory = Some(n as u64);
        }
    }
}

fn parse_log_format(s: &str) -> Result<rime_server::LogFormat, String> {
    match s.to_ascii_lowercase().as_str() {
        "combined" => Ok(rime_server::LogFormat::Combined),
        "json" => Ok(rime_server::LogFormat::Json),
        _ => Err(format!("`{s}` is not a log format (combined or json)")),
    }
}

/// A size in bytes: a number with an optional K, M or G suffix (powers of 1024).
fn parse_size(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => t.split_at(i),
        None => (t, ""),
    };
    let shift = match unit.to_ascii_uppercase().trim_end_matches('B') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        _ => {
            return Err(format!(
                "`{s}` is not a size (a number, optionally K, M or G)"
            ))
        }
    };
    digits
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_mul(1usize << shift))
        .filter(|n| *n > 0)
        .ok_or_else(|| format!("`{s}` is not a size (a number, optionally K, M or G)"))
}

fn main() -> ExitCode {
    // A bad command line exits here with 2 and the message on stderr; `--help`, `help` and
    // `--version` print to stdout and exit with 0.
    let cli = Cli::parse();
    match cli.command {
        Command::Run { file } => run(&file),
        Command::Serve(args) => serve(*args),
        Command::Repl => repl(),
        Command::Check { path } => check(&path),
        Command::Parse { file } => parse(&file),
        Command::Disasm { file } => disasm(&file),
        Command::Version => {
            println!("rime {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
    }
}

fn absolute(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

fn run(file: &Path) -> ExitCode {
    let file = absolute(file);
    // The web root is the current directory when the page is inside it, else the page's folder:
    // `/`-relative includes and the Application.cfc search stop there.
    let cwd = std::env::current_dir().map(|d| absolute(&d)).ok();
    let root = match cwd {
        Some(d) if file.starts_with(&d) => d,
        _ => file
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from(".")),
    };
    // The server-wide settings `rime serve` would read for this web root (.cfconfig.json):
    // datasources, mappings, locale, time zone, request timeout.
    let settings = match rime_engine::cfconfig::locate(&root, None) {
        Some(f) => match rime_engine::cfconfig::load(&f, &|name| std::env::var(name).ok()) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("rime run: {e}");
                return ExitCode::from(2);
            }
        },
        None => rime_runtime::Struct::new(),
    };
    let request_timeout = settings
        .get("requestTimeout")
        .and_then(|v| rime_runtime::value::timeout_setting(&v).ok().flatten());
    let engine = Engine::with_config(
        root,
        rime_engine::EngineConfig {
            settings,
            request_timeout,
            ..Default::default()
        },
    );
    let r = engine.run_file(&file);
    let mut stdout = std::io::stdout();
    let _ = stdout.write_all(r.output.as_bytes());
    let _ = stdout.flush();
    match r.error {
        Some(e) => {
            eprint!("{}", render_error(&e));
            ExitCode::from(1)
        }
        None => ExitCode::SUCCESS,
    }
}

/// `rime serve`: serve until Ctrl-C or SIGTERM.
fn serve(args: ServeArgs) -> ExitCode {
    let ServeArgs {
        webroot,
        host,
        port,
        socket,
        socket_mode,
        workers,
        single_threaded,
        production,
        dev,
        quiet,
        log_format,
        log_dir,
        config: config_file,
        limits,
        profile,
    } = args;
    // Flags given on the command line override `server.json`; `None` leaves it to the file.
    let production = (production
        || matches!(
            std::env::var("RIME_PRODUCTION").as_deref(),
            Ok("1") | Ok("true") | Ok("yes")
        ))
    .then_some(true);
    let workers = if single_threaded {
        1
    } else {
        workers.map_or(0, |n| n as usize)
    };
    // CommandBox's server.json: given with --config, or in the folder served (or the current
    // one), which is then the project folder: the file's `web.webroot` is served.
    let explicit_config = config_file.is_some();
    let config_file = config_file.or_else(|| {
        let f = webroot
            .clone()
            .unwrap_or_else(|| PathBuf::from("."))
            .join("server.json");
        f.is_file().then_some(f)
    });
    let server_json = match config_file
        .as_deref()
        .map(rime_server::server_json::ServerJson::load)
    {
        Some(Ok(s)) => {
            for key in &s.ignored {
                eprintln!("rime serve: server.json: {key} is not supported by Rime; ignored");
            }
            Some(s)
        }
        Some(Err(e)) => {
            eprintln!("rime serve: {e}");
            return ExitCode::from(2);
        }
        None => None,
    };
    let sj = server_json.as_ref();
    let from_file = sj.and_then(|s| s.webroot.clone());
    let webroot = if explicit_config {
        webroot.or(from_file)
    } else {
        from_file.or(webroot)
    };
    let webroot = webroot
        .or_else(|| sj.map(|s| s.dir.clone()))
        .unwrap_or_else(|| PathBuf::from("."));
    let host = host
        .or_else(|| sj.and_then(|s| s.host.clone()))
        .unwrap_or_else(|| "127.0.0.1".to_string());
    let port = port.or_else(|| sj.and_then(|s| s.port)).unwrap_or(8500);
    // A server others can reach shows them no details: production unless --dev says otherwise.
    let production = match (production, dev) {
        (Some(p), _) => p,
        (None, true) => false,
        (None, false) => sj.map_or(!rime_server::server_json::is_loopback(&host), |s| {
            s.is_production(&host)
        }),
    };
    // Server-wide application defaults from .cfconfig.json (CFConfigFile, server.json's
    // cfconfigfile, then the webroot).
    let cfconfig = rime_engine::cfconfig::locate(&webroot, sj.and_then(|s| s.cfconfig.as_deref()));
    let settings = match &cfconfig {
        Some(f) => match rime_engine::cfconfig::load(f, &|name| std::env::var(name).ok()) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("rime serve: {e}");
                return ExitCode::from(2);
            }
        },
        None => rime_runtime::Struct::new(),
    };
    let mut config = rime_server::Config::new(webroot);
    if let Some(s) = sj {
        s.apply(&mut config);
    }
    config.private_files.extend(cfconfig);
    if let Some(t) = settings
        .get("requestTimeout")
        .and_then(|v| rime_runtime::value::timeout_setting(&v).ok().flatten())
    {
        config.request_timeout = Some(t);
    }
    config.settings = settings;
    limits.apply(&mut config);
    config.production = production;
    if let Some(m) = socket_mode {
        config.socket_mode = m;
    }
    config.workers = workers;
    config.log_dir = log_dir;
    // Every mode logs every request unless --quiet (or server.json turns the access log off).
    let access_log_off = sj.and_then(|s| s.access_log) == Some(false);
    config.quiet = quiet || access_log_off;
    config.log_format = log_format.unwrap_or_default();
    let listen = match socket {
        Some(p) => rime_server::Listen::Unix(p),
        None => {
            use std::net::ToSocketAddrs;
            match (host.as_str(), port)
                .to_socket_addrs()
                .map(|mut a| a.next())
            {
                Ok(Some(addr)) => rime_server::Listen::Tcp(addr),
                _ => {
                    eprintln!("rime serve: can't resolve host {host}");
                    return ExitCode::from(2);
                }
            }
        }
    };
    if let Some(secs) = profile {
        rime_engine::profile::start();
        let timer = std::thread::Builder::new()
            .name("rime-profile".into())
            .spawn(move || {
                std::thread::sleep(std::time::Duration::from_secs(u64::from(secs)));
                if let Some(r) = rime_engine::profile::report(25) {
                    eprintln!("{r}");
                }
            });
        if let Err(e) = timer {
            eprintln!("rime serve: can't start the profiler: {e}");
        }
    }
    match rime_server::run(config, listen) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rime serve: {e}");
            ExitCode::from(1)
        }
    }
}

fn read(file: &Path) -> Option<String> {
    match std::fs::read_to_string(file) {
        Ok(t) => Some(t),
        Err(e) => {
            eprintln!("rime: can't read {}: {e}", file.display());
            None
        }
    }
}

fn parse(file: &Path) -> ExitCode {
    let Some(text) = read(file) else {
        return ExitCode::from(1);
    };
    let parsed = rime_syntax::parse_template(&text);
    println!("{:#?}", parsed.template);
    report(file, &text, &parsed.diagnostics)
}

fn report(file: &Path, text: &str, diags: &[rime_syntax::Diagnostic]) -> ExitCode {
    let idx = rime_syntax::LineIndex::new(text);
    for d in diags {
        let (l, c) = idx.line_col(d.span.start);
        eprintln!("{}:{l}:{c}: error: {}", file.display(), d.message);
    }
    if diags.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn disasm(file: &Path) -> ExitCode {
    let Some(text) = read(file) else {
        return ExitCode::from(1);
    };
    match rime_compiler::compile(&file.to_string_lossy(), &text) {
        Ok(p) => {
            print!("{}", rime_bytecode::disasm::disassemble(&p));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprint!("{}", render_error(&e));
            ExitCode::from(1)
        }
    }
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    if dir.is_file() {
        out.push(dir.to_path_buf());
        return;
    }
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with('.') || name == "target" || name == "node_modules" {
            continue;
        }
        if p.is_dir() {
            collect(&p, out);
        } else if matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("cfm") | Some("cfc") | Some("cfml")
        ) {
            out.push(p);
        }
    }
}

fn check(dir: &Path) -> ExitCode {
    // A mistyped path is a usage error, not "checked 0 file(s)" and success.
    if !dir.exists() {
        eprintln!("rime check: {} does not exist", dir.display());
        return ExitCode::from(2);
    }
    let mut files = Vec::new();
    collect(dir, &mut files);
    let mut errors = 0;
    for f in &files {
        let Some(text) = read(f) else {
            errors += 1;
            continue;
        };
        let parsed = rime_syntax::parse_template(&text);
        let mut diags = parsed.diagnostics;
        if diags.is_empty() {
            let (_, d) = rime_compiler::compile_template(
                &parsed.template,
                rime_bytecode::Source::new(&f.to_string_lossy(), &text),
            );
            diags = d;
        }
        errors += diags.len();
        let _ = report(f, &text, &diags);
    }
    println!("checked {} file(s), {} error(s)", files.len(), errors);
    if errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The REPL: each line (or block ending with a blank line when braces are open) runs as script
/// in one persistent `variables` scope; a bare expression prints its value.
fn repl() -> ExitCode {
    let engine = Engine::new(std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")));
    let session = rime_engine::repl::Session::new(engine);
    let stdin = std::io::stdin();
    let mut buf = String::new();
    print!("rime> ");
    let _ = std::io::stdout().flush();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        buf.push_str(&line);
        buf.push('\n');
        let open = buf.matches('{').count() > buf.matches('}').count();
        if open {
            print!("  ... ");
            let _ = std::io::stdout().flush();
            continue;
        }
        let input = std::mem::take(&mut buf);
        if input.trim().is_empty() {
            print!("rime> ");
            let _ = std::io::stdout().flush();
            continue;
        }
        if matches!(input.trim(), "exit" | "quit" | ":q") {
            break;
        }
        let (out, err) = session.eval(&input);
        print!("{out}");
        if !out.is_empty() && !out.ends_with('\n') {
            println!();
        }
        if let Some(e) = err {
            eprint!("{}", render_error(&e));
        }
        print!("rime> ");
        let _ = std::io::stdout().flush();
    }
    println!();
    ExitCode::SUCCESS
}

/// `--socket-mode 660`: permission bits in octal.
fn parse_mode(s: &str) -> Result<u32, String> {
    u32::from_str_radix(s.trim_start_matches("0o"), 8)
        .ok()
        .filter(|m| *m <= 0o777)
        .ok_or_else(|| format!("[{s}] is not an octal file mode such as 660"))
}
