//! Robustness: every golden case, cut at several points and with bytes flipped, compiles and runs
//! to an output or a CFML error — never a panic (which the engine reports as type `internal`).

use rime_engine::{Engine, EngineConfig};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for p in rd.flatten().map(|e| e.path()) {
        if p.is_dir() {
            collect(&p, out);
        } else if matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("cfm") | Some("cfc")
        ) {
            out.push(p);
        }
    }
}

#[test]
fn mangled_templates_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases");
    let mut files = Vec::new();
    collect(&root, &mut files);
    files.sort();
    assert!(!files.is_empty());
    let engine = Engine::with_config(
        std::env::temp_dir(),
        EngineConfig {
            request_timeout: Some(Duration::from_millis(500)),
            ..Default::default()
        },
    );
    let mut runs = 0;
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let bytes = text.as_bytes();
        let mut variants = Vec::new();
        for k in 1..=4 {
            let cut = bytes.len() * k / 5;
            if let Ok(s) = std::str::from_utf8(&bytes[..cut]) {
                variants.push(s.to_string());
            }
        }
        // Swap a structural character for another.
        for (from, to) in [("(", ")"), ("{", ""), ("#", ""), ("\"", "'"), (">", "")] {
            if let Some(pos) = text.find(from) {
                let mut v = text.clone();
                v.replace_range(pos..pos + from.len(), to);
                variants.push(v);
            }
        }
        for v in variants {
            let r = engine.run_source("mangled.cfm", &v);
            runs += 1;
            if let Some(e) = &r.error {
                assert_ne!(
                    e.type_.as_str(),
                    "internal",
                    "{}: panic on a mangled variant: {}\n---\n{v}",
                    f.display(),
                    e.message
                );
            }
        }
    }
    assert!(runs > 1000, "only {runs} variants ran");
}
