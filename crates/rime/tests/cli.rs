//! The `rime` binary end to end: output, error reports and exit codes.

use std::path::PathBuf;
use std::process::Command;

fn rime() -> Command {
    Command::new(env!("CARGO_BIN_EXE_rime"))
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rime-cli-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let p = dir.join(name);
    let _ = std::fs::write(&p, text);
    p
}

#[test]
fn run_prints_output() {
    let f = temp_file("hello.cfm", "<cfset n = 6><cfoutput>#n * 7#</cfoutput>");
    let out = rime()
        .arg("run")
        .arg(&f)
        .output()
        .map_err(|e| e.to_string());
    let out = out.as_ref().map_err(|e| e.as_str());
    assert!(out.is_ok_and(|o| o.status.success() && o.stdout == b"42"));
}

#[test]
fn uncaught_error_reports_position_and_source_line() {
    let f = temp_file(
        "bad.cfm",
        "<cfset a = 1>\n<cfoutput>#a + nope#</cfoutput>\n",
    );
    let Ok(out) = rime().arg("run").arg(&f).output() else {
        panic!("could not run rime");
    };
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.contains("expression error: variable [NOPE] doesn't exist"),
        "{err}"
    );
    assert!(err.contains("bad.cfm:2:16"), "{err}");
    assert!(err.contains("<cfoutput>#a + nope#</cfoutput>"), "{err}");
}

#[test]
fn check_reports_every_syntax_error() {
    let f = temp_file(
        "five.cfm",
        "<cfscript>\nx = (1 + ;\ny = [1, 2;\nz = {a: };\nw = 1 +* 2;\nv = foo(,);\n</cfscript>\n",
    );
    let Ok(out) = rime().arg("check").arg(&f).output() else {
        panic!("could not run rime");
    };
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<&str> = err.lines().filter(|l| l.contains("five.cfm:")).collect();
    assert!(lines.len() >= 5, "expected 5 diagnostics, got:\n{err}");
    for line in 2..=6 {
        assert!(
            lines
                .iter()
                .any(|l| l.contains(&format!("five.cfm:{line}:"))),
            "no diagnostic on line {line}:\n{err}"
        );
    }
}

/// A path that does not exist is a usage error (#24: it exited 0 with "checked 0 file(s)").
#[test]
fn check_of_a_missing_path_exits_2() {
    let (out, err, code) = rime_out(&["check", "/no/such/folder/rime-check"]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("/no/such/folder/rime-check does not exist"),
        "{err}"
    );
}

#[test]
fn disasm_lists_bytecode() {
    let f = temp_file("d.cfm", "<cfset x = 1 + 2>");
    let Ok(out) = rime().arg("disasm").arg(&f).output() else {
        panic!("could not run rime");
    };
    let text = String::from_utf8_lossy(&out.stdout);
    // 1 + 2 is folded to the constant 3.
    assert!(text.contains("Const") && text.contains("; 3"), "{text}");
    assert!(text.contains("StoreName"), "{text}");
}

#[test]
fn repl_keeps_variables_between_lines() {
    use std::io::Write;
    let Ok(mut child) = rime()
        .arg("repl")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
    else {
        panic!("could not run rime");
    };
    if let Some(stdin) = child.stdin.as_mut() {
        let _ = stdin.write_all(b"x = 20\nx + 22\n");
    }
    drop(child.stdin.take());
    let Ok(out) = child.wait_with_output() else {
        panic!("repl did not finish");
    };
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("42"), "{text}");
}

/// `rime serve FOLDER` reads FOLDER/server.json: its webroot and port, and a command-line flag
/// wins over the file.
#[test]
fn serve_reads_server_json() {
    use std::io::{Read, Write};
    let dir = std::env::temp_dir().join(format!("rime-cli-serverjson-{}", std::process::id()));
    let _ = std::fs::create_dir_all(dir.join("public"));
    let free_port = || {
        std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap_or(18599)
    };
    let (file_port, flag_port, eq_port) = (free_port(), free_port(), free_port());
    let _ = std::fs::write(
        dir.join("server.json"),
        format!(
            r#"{{"web": {{"http": {{"port": {file_port}}}, "webroot": "public", "rewrites": {{"enable": true}}}}}}"#
        ),
    );
    let _ = std::fs::write(
        dir.join("public/index.cfm"),
        "<cfoutput>served #cgi.path_info#</cfoutput>",
    );
    let get = |port: u16, path: &str| -> Option<String> {
        for _ in 0..100 {
            if let Ok(mut s) = std::net::TcpStream::connect(("127.0.0.1", port)) {
                let req = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
                s.write_all(req.as_bytes()).ok()?;
                let mut out = String::new();
                s.read_to_string(&mut out).ok()?;
                return Some(out);
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        None
    };
    for (args, port) in [
        (vec![], file_port),
        (vec!["--port".to_string(), flag_port.to_string()], flag_port),
        (vec![format!("--port={eq_port}")], eq_port),
    ] {
        let child = rime()
            .arg("serve")
            .arg(&dir)
            .args(&args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
        let Ok(mut child) = child else {
            panic!("rime serve did not start");
        };
        let answer = get(port, "/pretty/url");
        let _ = child.kill();
        let _ = child.wait();
        let answer = answer.unwrap_or_default();
        assert!(
            answer.contains("served /pretty/url"),
            "port {port}: {answer}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn version_and_help() {
    let out = rime().arg("--version").output().map_err(|e| e.to_string());
    let out = out.as_ref().map_err(|e| e.as_str());
    assert!(out.is_ok_and(
        |o| o.status.success() && String::from_utf8_lossy(&o.stdout).starts_with("rime ")
    ));
    let out = rime().arg("help").output().map_err(|e| e.to_string());
    let out = out.as_ref().map_err(|e| e.as_str());
    assert!(out.is_ok_and(|o| {
        let text = String::from_utf8_lossy(&o.stdout);
        o.status.success()
            && [
                "run", "serve", "repl", "check", "parse", "disasm", "version",
            ]
            .iter()
            .all(|c| text.lines().any(|l| l.trim_start().starts_with(c)))
    }));
}

/// Output, stderr and exit code of `rime ARGS`.
fn rime_out(args: &[&str]) -> (String, String, Option<i32>) {
    match rime().args(args).output() {
        Ok(o) => (
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
            o.status.code(),
        ),
        Err(e) => panic!("could not run rime: {e}"),
    }
}

#[test]
fn per_command_help() {
    // `rime help serve` and `rime serve --help` print the same page, on stdout.
    let (help_serve, _, code) = rime_out(&["help", "serve"]);
    assert_eq!(code, Some(0));
    let (serve_help, _, code) = rime_out(&["serve", "--help"]);
    assert_eq!(code, Some(0));
    assert_eq!(help_serve, serve_help);
    for flag in [
        "--host",
        "--port",
        "--socket",
        "--workers",
        "--production",
        "--quiet",
        "--log-dir",
        "--config",
        "RIME_PRODUCTION",
    ] {
        assert!(serve_help.contains(flag), "{flag} missing in\n{serve_help}");
    }
    let (run_help, _, code) = rime_out(&["run", "-h"]);
    assert_eq!(code, Some(0));
    assert!(run_help.contains("Usage: rime run <FILE>"), "{run_help}");
    let (check_help, _, _) = rime_out(&["help", "check"]);
    assert!(check_help.contains("[DIR|FILE]"), "{check_help}");
    let (version, _, code) = rime_out(&["-V"]);
    assert_eq!(
        (version.trim(), code),
        (
            format!("rime {}", env!("CARGO_PKG_VERSION")).as_str(),
            Some(0)
        )
    );
}

#[test]
fn bad_command_lines_exit_2_with_the_message_on_stderr() {
    for (args, expected) in [
        (&["serve", "--bogus"][..], "--bogus"),
        (&["serve", "--port", "http"][..], "--port"),
        (&["serve", "--port=70000"][..], "--port"),
        (&["serve", "--workers", "0"][..], "--workers"),
        (&["run"][..], "<FILE>"),
        (&["frobnicate"][..], "frobnicate"),
    ] {
        let (out, err, code) = rime_out(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: stdout {out}");
        assert!(
            err.contains("error:") && err.contains(expected),
            "{args:?}: {err}"
        );
    }
    // No command at all: the usage, on stderr.
    let (out, err, code) = rime_out(&[]);
    assert_eq!(code, Some(2));
    assert!(
        out.is_empty() && err.contains("Usage: rime <COMMAND>"),
        "{err}"
    );
}

#[test]
fn serve_help_prints_usage_and_succeeds() {
    let out = rime()
        .args(["serve", "--help"])
        .output()
        .map_err(|e| e.to_string());
    let out = out.as_ref().map_err(|e| e.as_str());
    assert!(out.is_ok_and(
        |o| o.status.success() && String::from_utf8_lossy(&o.stdout).contains("--log-dir")
    ));
}

#[test]
fn serve_limit_flags_take_effect() {
    use std::io::{Read, Write};
    let dir = std::env::temp_dir().join(format!("rime-cli-limits-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(dir.join("index.cfm"), "ok");
    // Small strings into an array: no single allocation is large, the total is.
    let _ = std::fs::write(
        dir.join("runaway.cfm"),
        "<cfscript>a = []; for (i = 1; i <= 20000000; i++) { a.append(i & repeatString('x', 100)); }</cfscript>",
    );
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or(18598);
    let child = rime()
        .args(["serve", "--port", &port.to_string(), "--max-body", "1K"])
        .args(["--max-header", "16k", "--max-sessions", "10"])
        .args(["--max-request-memory", "32M"])
        .arg(&dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    let Ok(mut child) = child else {
        panic!("rime serve did not start");
    };
    let send = |req: String| -> String {
        for _ in 0..100 {
            if let Ok(mut s) = std::net::TcpStream::connect(("127.0.0.1", port)) {
                let _ = s.write_all(req.as_bytes());
                let mut out = Vec::new();
                let _ = s.read_to_end(&mut out);
                return String::from_utf8_lossy(&out).into_owned();
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        String::new()
    };
    let head = |extra: &str, len: usize| {
        format!("POST /index.cfm HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{extra}Content-Length: {len}\r\n\r\n")
    };
    let small = send(head("", 10) + &"a".repeat(10));
    let body = send(head("", 2048) + &"a".repeat(2048));
    let header = send(head(&format!("X-Big: {}\r\n", "b".repeat(32 * 1024)), 0));
    let get = |path: &str| {
        send(format!(
            "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        ))
    };
    let runaway = get("/runaway.cfm");
    let after = get("/index.cfm");
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(small.starts_with("HTTP/1.1 200"), "{small}");
    assert!(body.starts_with("HTTP/1.1 413"), "{body}");
    assert!(header.starts_with("HTTP/1.1 431"), "{header}");
    assert!(
        runaway.starts_with("HTTP/1.1 500") && runaway.contains("memory limit of 32 MB"),
        "{runaway}"
    );
    assert!(after.starts_with("HTTP/1.1 200"), "{after}");
}

/// A server listening on an address others can reach starts in production mode (no error
/// details or source on its pages) unless `--dev` says otherwise.
#[test]
fn serve_on_a_public_address_is_production_unless_dev() {
    use std::io::{Read, Write};
    let dir = std::env::temp_dir().join(format!("rime-cli-public-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(
        dir.join("err.cfm"),
        "<cfthrow message=\"DETAIL_FOR_DEVELOPERS\">",
    );
    let get = |port: u16| -> Option<String> {
        for _ in 0..100 {
            if let Ok(mut s) = std::net::TcpStream::connect(("127.0.0.1", port)) {
                s.write_all(b"GET /err.cfm HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    .ok()?;
                let mut out = String::new();
                s.read_to_string(&mut out).ok()?;
                return Some(out);
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        None
    };
    for (args, details) in [
        (vec!["--host", "0.0.0.0"], false),
        (vec!["--host", "0.0.0.0", "--dev"], true),
        (vec!["--host", "127.0.0.1"], true),
    ] {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap_or(18598);
        let child = rime()
            .arg("serve")
            .arg(&dir)
            .args(&args)
            .args(["--port", &port.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
        let Ok(mut child) = child else {
            panic!("rime serve did not start");
        };
        let answer = get(port).unwrap_or_default();
        let _ = child.kill();
        let _ = child.wait();
        assert!(answer.starts_with("HTTP/1.1 500"), "{args:?}: {answer}");
        assert_eq!(
            answer.contains("DETAIL_FOR_DEVELOPERS"),
            details,
            "{args:?}: {answer}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The access log goes to stderr in every mode unless `--quiet`, in the Combined Log Format
/// (time, request line with its query, status, bytes, referer, user agent, duration), and a
/// request hyper rejects is logged too (#24: production logged nothing without `--log-dir`).
#[test]
fn production_writes_the_combined_access_log_to_stderr() {
    use std::io::{Read, Write};
    let dir = std::env::temp_dir().join(format!("rime-cli-access-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(dir.join("a.cfm"), "ok");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or(18597);
    let Ok(mut child) = rime()
        .arg("serve")
        .arg(&dir)
        .args(["--production", "--port", &port.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
    else {
        panic!("rime serve did not start");
    };
    let send = |raw: &[u8]| -> String {
        for _ in 0..100 {
            if let Ok(mut s) = std::net::TcpStream::connect(("127.0.0.1", port)) {
                let _ = s.write_all(raw);
                let mut out = String::new();
                let _ = s.read_to_string(&mut out);
                return out;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        String::new()
    };
    let ok = send(b"GET /a.cfm?x=1 HTTP/1.1\r\nHost: x\r\nUser-Agent: probe/1\r\nReferer: http://r/\r\nConnection: close\r\n\r\n");
    let bad = send(b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n");
    let long = send(format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(66_000)).as_bytes());
    std::thread::sleep(std::time::Duration::from_millis(200));
    let _ = child.kill();
    let mut log = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut log);
    }
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(ok.starts_with("HTTP/1.1 200"), "{ok}");
    assert!(bad.starts_with("HTTP/1.1 400"), "{bad}");
    assert!(long.starts_with("HTTP/1.1 414"), "{long}");
    assert!(
        log.lines()
            .any(|l| l.contains("] \"-\" 414 0 \"-\" \"-\" ")),
        "the over-long URI logged as answered: {log}"
    );
    let line = log
        .lines()
        .find(|l| l.contains("/a.cfm"))
        .unwrap_or_default();
    assert!(line.starts_with("127.0.0.1 - - ["), "{log}");
    assert!(
        line.contains("] \"GET /a.cfm?x=1 HTTP/1.1\" 200 2 \"http://r/\" \"probe/1\" "),
        "{line}"
    );
    assert!(
        log.lines()
            .any(|l| l.contains("] \"-\" 400 0 \"-\" \"-\" ")),
        "{log}"
    );
}

/// A large upload streams to disk: the server's peak RSS grows by a small fraction of the
/// upload's size (it held the body three times over before, #23), and the page sees the file.
#[test]
fn a_large_upload_is_not_held_in_memory() {
    use std::io::{Read, Write};
    let dir = std::env::temp_dir().join(format!("rime-cli-upload-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(
        dir.join("size.cfm"),
        "<cfoutput>#getFileInfo(form.f).size# #form.note#</cfoutput>",
    );
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or(18599);
    let Ok(mut child) = rime()
        .args(["serve", "--quiet", "--port", &port.to_string()])
        .arg(&dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    else {
        panic!("rime serve did not start");
    };
    let peak_kb = |pid: u32| -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    };
    const SIZE: usize = 60 << 20;
    let head = "--B\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhi\r\n\
--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"big.bin\"\r\n\
Content-Type: application/octet-stream\r\n\r\n";
    let tail = "\r\n--B--\r\n";
    let mut stream = None;
    for _ in 0..100 {
        if let Ok(s) = std::net::TcpStream::connect(("127.0.0.1", port)) {
            stream = Some(s);
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let Some(mut s) = stream else {
        let _ = child.kill();
        panic!("rime serve did not listen");
    };
    let before = peak_kb(child.id());
    let request = format!(
        "POST /size.cfm HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
Content-Type: multipart/form-data; boundary=B\r\nContent-Length: {}\r\n\r\n{head}",
        head.len() + SIZE + tail.len()
    );
    let _ = s.write_all(request.as_bytes());
    let chunk = vec![b'z'; 1 << 20];
    for _ in 0..SIZE >> 20 {
        let _ = s.write_all(&chunk);
    }
    let _ = s.write_all(tail.as_bytes());
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    let after = peak_kb(child.id());
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
    assert!(out.ends_with(&format!("{SIZE} hi")), "{out}");
    // 60 MB sent; the peak may grow by a few buffers, not by the upload.
    assert!(
        after.saturating_sub(before) < 16 * 1024,
        "peak RSS {before} kB -> {after} kB"
    );
}

/// `rime run` reads the web root's `.cfconfig.json` as `rime serve` does (datasources, locale,
/// time zone), and a page of an application with sessions has its session scope (#25).
#[test]
fn run_reads_cfconfig_and_has_sessions() {
    let dir = std::env::temp_dir().join(format!("rime-cli-runcfg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(
        dir.join("Application.cfc"),
        r#"component { this.name = "runcfg"; this.sessionManagement = true; }"#,
    );
    let _ = std::fs::write(
        dir.join(".cfconfig.json"),
        r#"{"locale": "de_DE", "timezone": "Asia/Tokyo",
            "datasources": {"cfgds": {"dbdriver": "SQLite", "database": "data.sqlite"}}}"#,
    );
    let _ = std::fs::write(
        dir.join("index.cfm"),
        r#"<cfscript>session.n = 1; writeOutput(session.n & "|" & getLocale() & "|" & getTimeZone() & "|");
        writeOutput(queryExecute("select 41 + 1 as x", {}, {datasource: "cfgds"}).x);</cfscript>"#,
    );
    let Ok(out) = rime().current_dir(&dir).args(["run", "index.cfm"]).output() else {
        panic!("rime run did not start");
    };
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(text, "1|german (standard)|Asia/Tokyo|42", "{err}");
}
