//! Conformance over the cfdocs examples (`../shared/reference/cfdocs/*.json`): for every function
//! that Rime registers, each example with a documented `result` is run and compared. A report, not
//! a gate: it prints per-function misses and the totals (`RIME_CFDOCS_VERBOSE=1` for details).

use rime_engine::{Engine, EngineConfig};
use std::path::Path;
use std::time::Duration;

fn wrap(code: &str) -> String {
    let trimmed = code.trim();
    if trimmed.contains("<cf") || trimmed.contains("<CF") {
        return trimmed.to_string();
    }
    // A single expression, with or without its closing semicolon, is output.
    let expr = trimmed.strip_suffix(';').unwrap_or(trimmed).trim_end();
    let (_, diags) = rime_syntax::parse_expression(expr);
    if diags.is_empty() && !has_statement_end(expr) && !expr.contains('\n') {
        return format!("<cfscript>writeOutput({expr});</cfscript>");
    }
    // Statements that output nothing and end in a bare expression (`s = f(); g(s);`): the
    // documented result is the value of that last expression, so it is output.
    let lower = trimmed.to_ascii_lowercase();
    if !["writeoutput", "dump(", "echo(", "print"]
        .iter()
        .any(|w| lower.contains(w))
    {
        if let Some((head, last)) = trimmed.rsplit_once('\n') {
            let last = last.trim();
            let last = last.strip_suffix(';').unwrap_or(last).trim_end();
            let head = head.trim_end();
            let (e, diags) = rime_syntax::parse_expression(last);
            let bare = !matches!(
                e.kind,
                rime_syntax::ast::ExprKind::Assign { .. }
                    | rime_syntax::ast::ExprKind::IncDec { .. }
            );
            if diags.is_empty()
                && bare
                && !has_statement_end(last)
                && (head.ends_with(';') || head.ends_with('}'))
            {
                return format!("<cfscript>{head}\nwriteOutput({last});</cfscript>");
            }
        }
    }
    format!("<cfscript>{trimmed}</cfscript>")
}

/// Whether `src` has a `;` outside string literals (a statement end, so not one expression).
fn has_statement_end(src: &str) -> bool {
    let mut quote: Option<char> = None;
    for c in src.chars() {
        match quote {
            // A doubled quote inside a string closes and reopens it: the same result.
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == ';' => return true,
            None => {}
        }
    }
    false
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference/cfdocs");
    let Ok(rd) = std::fs::read_dir(&dir) else {
        println!(
            "cfdocs: reference folder not found at {}; skipped",
            dir.display()
        );
        return;
    };
    let verbose = std::env::var("RIME_CFDOCS_VERBOSE").is_ok();
    let engine = Engine::with_config(
        std::env::temp_dir(),
        EngineConfig {
            request_timeout: Some(Duration::from_secs(2)),
            ..Default::default()
        },
    );
    let registry = rime_stdlib::registry();
    let mut files: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    files.sort();
    let (mut pass, mut total, mut funcs) = (0, 0, 0);
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let Ok(doc) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        if doc["type"] != "function" {
            continue;
        }
        let name = doc["name"].as_str().unwrap_or("");
        if registry.lookup(name).is_none() {
            continue;
        }
        let Some(examples) = doc["examples"].as_array() else {
            continue;
        };
        let mut counted = false;
        for ex in examples {
            let (Some(code), Some(result)) = (ex["code"].as_str(), ex["result"].as_str()) else {
                continue;
            };
            if result.trim().is_empty() {
                continue;
            }
            // Examples that write, move or delete files are not run: they act on real paths.
            let lower = code.to_ascii_lowercase();
            if [
                "filedelete",
                "filewrite",
                "fileappend",
                "filemove",
                "filecopy",
                "directorydelete",
                "directorycreate",
                "directoryrename",
                "directorycopy",
                "cffile",
                "cfdirectory",
                "setprofilestring",
            ]
            .iter()
            .any(|f| lower.contains(f))
            {
                continue;
            }
            if !counted {
                funcs += 1;
                counted = true;
            }
            total += 1;
            let r = engine.run_source(&format!("{name}.cfm"), &wrap(code));
            let ok = r.error.is_none() && r.output.trim() == result.trim();
            if ok {
                pass += 1;
            } else if verbose {
                let got = match &r.error {
                    Some(e) => format!("error: {}", e.message),
                    None => r.output.trim().to_string(),
                };
                println!(
                    "MISS {name}: {}\n  expected: {}\n  got: {}",
                    code.trim(),
                    result.trim(),
                    got
                );
            }
        }
    }
    println!(
        "cfdocs examples: {pass} of {total} give the documented result ({funcs} functions with examples)"
    );
}
