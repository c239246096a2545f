//! Every `thread_local!` in the workspace is listed in docs/ARCHITECTURE.md's "Per-thread
//! state" table, which states the one rule they follow: a new one must be added there, with
//! its kind, or this test fails.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            // Tests may keep thread-locals of their own; the rule is about the server's code.
            if p.file_name().is_some_and(|n| n == "tests" || n == "target") {
                continue;
            }
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The names of the statics declared in `thread_local!` blocks of `text`.
fn thread_local_statics(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("thread_local!") {
        rest = &rest[i + "thread_local!".len()..];
        // The block ends where its brackets balance.
        let mut depth = 0i32;
        let mut end = rest.len();
        for (j, c) in rest.char_indices() {
            match c {
                '{' | '(' => depth += 1,
                '}' | ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = j;
                        break;
                    }
                }
                _ => {}
            }
        }
        let block = &rest[..end];
        for part in block.split("static ").skip(1) {
            let name: String = part
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                names.push(name);
            }
        }
    }
    names
}

#[test]
fn every_thread_local_is_listed_in_the_architecture() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc = std::fs::read_to_string(root.join("docs/ARCHITECTURE.md")).unwrap_or_default();
    let section = doc
        .split("## Per-thread state")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .unwrap_or_default();
    assert!(
        !section.is_empty(),
        "docs/ARCHITECTURE.md has no \"Per-thread state\" section"
    );
    let mut files = Vec::new();
    rust_files(&root.join("crates"), &mut files);
    let mut missing = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        let rel = f
            .strip_prefix(root.join("crates"))
            .unwrap_or(f)
            .to_string_lossy()
            .replace('\\', "/");
        for name in thread_local_statics(&text) {
            let listed = section
                .lines()
                .any(|l| l.contains(&format!("`{rel}`")) && l.contains(&format!("`{name}`")));
            if !listed {
                missing.push(format!("{rel}: {name}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "thread-locals missing from docs/ARCHITECTURE.md's \"Per-thread state\" table: {missing:?}"
    );
}
