//! Criterion benchmarks of the pipeline over a shared corpus, the golden cases in `tests/cases`:
//! parse every template, compile every template, and run a fixed set of self-contained cases
//! (no Application.cfc, datasource, file or network work).
//!
//! `cargo bench -p rime-engine --bench pipeline` (docs/performance.md has the figures).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::path::{Path, PathBuf};

fn cases_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases")
}

/// Every `.cfm` under tests/cases, with its text.
fn corpus() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut dirs = vec![cases_root()];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "cfm") {
                if let Ok(text) = std::fs::read_to_string(&p) {
                    out.push((p.to_string_lossy().into_owned(), text));
                }
            }
        }
    }
    out.sort();
    out
}

/// Cases that only compute and print: what the execute benchmark runs.
const RUN: &[&str] = &[
    "string/basic.cfm",
    "string/format.cfm",
    "list/transform.cfm",
    "list/sort_qualify.cfm",
    "array/nested.cfm",
    "struct/nested_access.cfm",
    "closures/higher_order.cfm",
    "closures/counter.cfm",
    "math/functions.cfm",
    "operators/precedence.cfm",
    "json/serialize.cfm",
    "date/format.cfm",
];

fn pipeline(c: &mut Criterion) {
    let corpus = corpus();
    let bytes: usize = corpus.iter().map(|(_, t)| t.len()).sum();
    eprintln!("corpus: {} templates, {bytes} bytes", corpus.len());
    c.bench_function("parse corpus", |b| {
        b.iter(|| {
            for (_, text) in &corpus {
                black_box(rime_syntax::parse_template(text));
            }
        })
    });
    let parsed: Vec<_> = corpus
        .iter()
        .map(|(path, text)| (path, text, rime_syntax::parse_template(text)))
        .collect();
    c.bench_function("compile corpus", |b| {
        b.iter(|| {
            for (path, text, p) in &parsed {
                let source = rime_bytecode::Source::new(path.as_str(), text.as_str());
                black_box(rime_compiler::compile_template(&p.template, source));
            }
        })
    });
    let root = cases_root();
    let engine = rime_engine::Engine::new(root.clone());
    let pages: Vec<PathBuf> = RUN
        .iter()
        .map(|p| root.join(p))
        .filter(|p| p.is_file())
        .collect();
    eprintln!("execute: {} cases", pages.len());
    c.bench_function("execute cases", |b| {
        b.iter(|| {
            for page in &pages {
                let r = engine.run_file(page);
                black_box(r.output);
            }
        })
    });
}

criterion_group!(benches, pipeline);
criterion_main!(benches);
