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
    let (file_port, flag_port) = (free_port(), free_port());
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
    assert!(out
        .is_ok_and(|o| o.status.success()
            && String::from_utf8_lossy(&o.stdout).contains("serve [WEBROOT]")));
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
