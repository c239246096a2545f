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
