//! The golden conformance runner: every `tests/cases/**/NAME.cfm` runs and its output must equal
//! `NAME.out` exactly (trailing whitespace at the very end ignored), or its error must match
//! `NAME.err` (first line: the error type; optional `line N`).
//!
//! Every case runs three times: in development mode, in production mode (templates cached for
//! good and their strings made static, per-thread caches in front of the shared ones), and in
//! development mode again with the peephole fusion off (`rime_compiler::CompileOptions::fuse`,
//! what `RIME_NO_FUSE=1` does), so the unfused instructions and each fused one are both held to
//! every case's output. The unfused pass runs in one mode only: fusion happens when a template
//! is compiled, which the two modes do alike, so a fourth pass (production, unfused) would cost
//! as much as the third (about 3 s of the runner's 14 in a debug build) for no code path the
//! three do not cover.
//!
//! `RIME_BLESS=1 cargo test --test cases` writes the current output to missing `.out` files
//! (one fused development pass).
//! `RIME_CASES=substring` runs only the cases whose path contains the substring.

use rime_compiler::CompileOptions;
use rime_engine::Engine;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            // Folders named `_*` hold includes and components used by cases, not cases.
            if !p
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with('_'))
            {
                collect(&p, out);
            }
        } else if p.extension().and_then(|e| e.to_str()) == Some("cfm")
            && !p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                // `_*` files are includes; the legacy application files run around cases.
                n.starts_with('_')
                    || n.eq_ignore_ascii_case("Application.cfm")
                    || n.eq_ignore_ascii_case("OnRequestEnd.cfm")
            })
        {
            out.push(p);
        }
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases");
    let root = std::fs::canonicalize(&root).unwrap_or(root);
    let mut files = Vec::new();
    collect(&root, &mut files);
    let bless = std::env::var("RIME_BLESS").is_ok();
    // Each pass has an engine of its own, so no template compiled by one is run by another.
    rime_compiler::set_options(CompileOptions { fuse: true });
    let mut failed = run_all(&root, &files, Mode::Development, bless);
    if !bless {
        failed += run_all(&root, &files, Mode::Production, false);
        rime_compiler::set_options(CompileOptions { fuse: false });
        failed += run_all(&root, &files, Mode::Unfused, false);
    }
    if failed > 0 {
        std::process::exit(1);
    }
}

/// How a pass runs the cases (the compiler's options are set by `main`).
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Development,
    Production,
    /// Development, with the peephole fusion off.
    Unfused,
}

/// Run the cases with a fresh engine; prints the failures and the tally, returns the failures.
fn run_all(root: &Path, files: &[PathBuf], mode: Mode, bless: bool) -> usize {
    let production = mode == Mode::Production;
    let filter = std::env::var("RIME_CASES").ok();
    let engine = Engine::with_config(
        root.to_path_buf(),
        rime_engine::EngineConfig {
            request_timeout: Some(std::time::Duration::from_secs(10)),
            production,
            ..Default::default()
        },
    );
    let (mut passed, mut failed) = (0, 0);
    let mut failures = Vec::new();
    for f in files {
        let rel = f.strip_prefix(root).unwrap_or(f).display().to_string();
        if filter.as_ref().is_some_and(|s| !rel.contains(s.as_str())) {
            continue;
        }
        let out_path = f.with_extension("out");
        let err_path = f.with_extension("err");
        let r = engine.run_file(f);
        let verdict: Result<(), String> = if let Ok(expected) = std::fs::read_to_string(&err_path) {
            let mut lines = expected.lines();
            let ty = lines.next().unwrap_or("").trim().to_string();
            let line: Option<u32> = lines
                .find_map(|l| {
                    l.trim()
                        .strip_prefix("line ")
                        .map(|n| n.trim().parse().ok())
                })
                .flatten();
            match &r.error {
                None => Err(format!(
                    "expected a {ty} error, got none; output:\n{}",
                    r.output
                )),
                Some(e) => {
                    let got_line = e.tag_context.first().map(|t| t.line);
                    if !e.type_.eq_ignore_ascii_case(&ty) {
                        Err(format!(
                            "expected error type {ty}, got {}: {}",
                            e.type_, e.message
                        ))
                    } else if line.is_some() && line != got_line {
                        Err(format!(
                            "expected error on line {line:?}, got {got_line:?}: {}",
                            e.message
                        ))
                    } else {
                        Ok(())
                    }
                }
            }
        } else {
            match (&r.error, std::fs::read_to_string(&out_path)) {
                (Some(e), _) => Err(format!(
                    "unexpected error: {}\n  output so far: {:?}",
                    rime_engine::render_error(e).trim_end(),
                    r.output
                )),
                (None, Ok(expected)) => {
                    if r.output.trim_end() == expected.trim_end() {
                        Ok(())
                    } else {
                        Err(format!(
                            "output differs\n--- expected\n{}\n--- got\n{}\n---",
                            expected.trim_end(),
                            r.output.trim_end()
                        ))
                    }
                }
                (None, Err(_)) if bless => {
                    let _ = std::fs::write(&out_path, r.output.trim_end().to_string() + "\n");
                    Ok(())
                }
                (None, Err(_)) => Err("no .out or .err file".to_string()),
            }
        };
        match verdict {
            Ok(()) => passed += 1,
            Err(msg) => {
                failed += 1;
                failures.push(format!("FAIL {rel}: {msg}"));
            }
        }
    }
    for f in &failures {
        println!("{f}\n");
    }
    // A newline first: a case may have written to the process stdout (systemOutput).
    let mode = match mode {
        Mode::Development => "",
        Mode::Production => " (production)",
        Mode::Unfused => " (unfused)",
    };
    println!("\ncases: {passed} passed, {failed} failed{mode}");
    failed
}
