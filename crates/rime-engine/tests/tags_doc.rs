//! Generated documentation: `docs/tags.md`, every tag of the tag table
//! (`crates/rime-syntax/data/tags.tsv`) with its body rule, its script form and how Rime runs
//! it. Whether a tag is supported is not declared but found out: each tag is compiled and the
//! compiler's "not supported" error counts. The test fails when the committed file is stale;
//! `RIME_BLESS_DOCS=1 cargo test -p rime-engine --test tags_doc` rewrites it.

use rime_syntax::tag_table::{tags, Body, Script};
use std::fmt::Write;
use std::path::Path;

fn tags_md() -> String {
    let dir = std::env::temp_dir().join(format!("rime-tags-doc-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let engine = rime_engine::Engine::new(&dir);
    let mut out = String::from(
        "# Tags\n\n\
         Generated from the tag table (`crates/rime-syntax/data/tags.tsv`) by\n\
         `crates/rime-engine/tests/tags_doc.rs`; do not edit. **Body**: whether the tag has a\n\
         body (`interpolated`: `#expr#` works in it as in `<cfoutput>`). **Script**: `statement`\n\
         for `lock name=\"x\" { … }` (and `cflock(…)`), `call` for the `cfabort(…)` form only.\n\
         **Rime**: `generic` tags compile to one tag instruction with their attributes, run by\n\
         the VM's tag dispatch; `compiled` tags lower to instructions of their own; `not\n\
         supported` tags are a compile error naming the tag. **Lucee**: Lucee's status\n\
         (`extension`: not in Lucee's core tag library).\n\n\
         | tag | body | script | Rime | Lucee |\n|---|---|---|---|---|\n",
    );
    let mut sorted: Vec<_> = tags().iter().collect();
    sorted.sort_by_key(|t| t.name.to_ascii_lowercase());
    for (i, t) in sorted.iter().enumerate() {
        let name = t.name.to_ascii_lowercase();
        // Supported when one of the places and shapes a tag is written in compiles without the
        // compiler's "not supported" error for it (some tags only exist inside another: an
        // argument in a function, a loop with attributes).
        let unsupported = format!("[cf{name}] is not supported by Rime");
        let shapes = [
            format!("<cf{name}>"),
            format!("<cf{name}></cf{name}>"),
            format!("<cf{name} condition=\"false\"></cf{name}>"),
            format!("<cffunction name=\"f\"><cf{name} name=\"a\"></cffunction>"),
            format!("<cfcomponent><cf{name}></cf{name}></cfcomponent>"),
        ];
        let supported = shapes.iter().enumerate().any(|(j, src)| {
            let file = dir.join(format!("t{i}_{j}.cfm"));
            let _ = std::fs::write(&file, src);
            match engine.template(&file) {
                Ok(_) => true,
                Err(e) => !e.message.contains(&unsupported),
            }
        });
        let body = match t.body {
            Body::None => "none",
            Body::Optional => "optional",
            Body::Required => "required",
            Body::Interpolated => "interpolated",
        };
        let script = match t.script {
            Script::None => "",
            Script::Statement => "statement",
            Script::Call => "call",
        };
        let rime = match (supported, t.generic) {
            (false, _) => "not supported",
            (true, true) => "generic",
            (true, false) => "compiled",
        };
        let lucee = if t.lucee_status.is_empty() {
            "implemented"
        } else {
            t.lucee_status
        };
        let _ = writeln!(out, "| `cf{name}` | {body} | {script} | {rime} | {lucee} |");
    }
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[test]
fn tags_md_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/tags.md");
    let want = tags_md();
    if std::env::var("RIME_BLESS_DOCS").is_ok_and(|v| v == "1") {
        let written = std::fs::write(&path, &want);
        assert!(written.is_ok(), "can't write docs/tags.md: {written:?}");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "docs/tags.md is stale: run `RIME_BLESS_DOCS=1 cargo test -p rime-engine --test tags_doc`"
    );
}
