//! Generated documentation: `docs/functions.md` (every registered function) and the coverage
//! section of `docs/compatibility.md` (Rime against Lucee's core function list), both built from
//! the registry. The test fails when the committed files are stale;
//! `RIME_BLESS_DOCS=1 cargo test -p rime-stdlib --test docs` rewrites them.

use rime_stdlib::registry;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

const START: &str = "<!-- coverage:start -->";
const END: &str = "<!-- coverage:end -->";
const BLESS_HINT: &str = "run `RIME_BLESS_DOCS=1 cargo test -p rime-stdlib --test docs`";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn member_type(t: rime_runtime::MemberType) -> &'static str {
    use rime_runtime::MemberType::*;
    match t {
        String => "string",
        Number => "number",
        Boolean => "boolean",
        Array => "array",
        Struct => "struct",
        Query => "query",
        Date => "date",
        Function => "function",
        Binary => "binary",
        Xml => "xml",
        Any => "any",
    }
}

fn functions_md() -> String {
    let mut rows = String::new();
    let mut per_area: Vec<(&str, usize)> = Vec::new();
    let mut total = 0;
    for &(area, table) in rime_stdlib::AREAS {
        let n = table.iter().filter(|d| !d.name.contains('.')).count();
        match per_area.iter_mut().find(|(a, _)| *a == area) {
            Some((_, count)) => *count += n,
            None => per_area.push((area, n)),
        }
        for d in table {
            let mut params: Vec<String> = d
                .params
                .iter()
                .map(|p| {
                    let mut name = p.name.to_string();
                    for a in p.aliases {
                        name.push('/');
                        name.push_str(a);
                    }
                    if !p.required {
                        name.push('?');
                    }
                    name
                })
                .collect();
            if d.variadic {
                params.push("...".to_string());
            }
            if d.any_named {
                params.push("name=value...".to_string());
            }
            let members: Vec<String> = d
                .members
                .iter()
                .map(|(t, m)| {
                    // A receiver that is not the first parameter is named.
                    match d.params.get(usize::from(d.receiver)) {
                        Some(p) if d.receiver > 0 => {
                            format!("`{}.{m}()` (receiver: `{}`)", member_type(*t), p.name)
                        }
                        _ => format!("`{}.{m}()`", member_type(*t)),
                    }
                })
                .collect();
            let _ = writeln!(
                rows,
                "| `{}` | {} | {} | {} |",
                d.name,
                if params.is_empty() {
                    String::new()
                } else {
                    format!("`{}`", params.join(", "))
                },
                members.join(" "),
                area
            );
            if !d.name.contains('.') {
                total += 1;
            }
        }
    }
    let mut out = String::new();
    out.push_str("# Built-in functions\n\n");
    out.push_str(
        "Generated from the registry by `crates/rime-stdlib/tests/docs.rs`; do not edit by hand \
         (`RIME_BLESS_DOCS=1 cargo test -p rime-stdlib --test docs` regenerates it).\n\n",
    );
    let _ = writeln!(
        out,
        "{total} functions. Parameters marked `?` are optional, `...` takes any number of further \
         arguments, `a/b` is a parameter a named argument may also call `b` (Lucee's aliases), \
         `name=value...` takes named arguments of any name. Names with a dot define member \
         functions only.\n"
    );
    out.push_str("| Area | Functions |\n|---|---|\n");
    for (area, n) in &per_area {
        let _ = writeln!(out, "| {area} | {n} |");
    }
    out.push_str("\n| Function | Parameters | Member functions | Area |\n|---|---|---|---|\n");
    out.push_str(&rows);
    out
}

/// The coverage section (between the markers, markers excluded), or `None` without the list.
fn coverage_md() -> Option<String> {
    let tsv = root().join("../shared/reference/lucee-core-functions.tsv");
    let text = match std::fs::read_to_string(&tsv) {
        Ok(t) => t,
        Err(_) => {
            println!(
                "note: {} not found; the coverage table is not checked",
                tsv.display()
            );
            return None;
        }
    };
    let reg = registry();
    // package -> (implemented names, missing names)
    let mut by_pkg: BTreeMap<String, (Vec<String>, Vec<String>)> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (Some(name), Some(status), Some(class)) = (cols.first(), cols.get(2), cols.get(3))
        else {
            continue;
        };
        if !status.trim().is_empty() || name.trim().is_empty() {
            continue;
        }
        let parts: Vec<&str> = class.split('.').collect();
        let pkg = parts
            .len()
            .checked_sub(2)
            .and_then(|i| parts.get(i))
            .copied()
            .unwrap_or("other")
            .to_string();
        let have = reg
            .lookup(name.trim())
            .and_then(|id| reg.get(id))
            .is_some_and(|d| !d.name.contains('.'));
        let entry = by_pkg.entry(pkg).or_default();
        if have {
            entry.0.push(name.trim().to_string());
        } else {
            entry.1.push(name.trim().to_string());
        }
    }
    let (done, all) = by_pkg.values().fold((0, 0), |(d, a), (i, m)| {
        (d + i.len(), a + i.len() + m.len())
    });
    let pct = |d: usize, a: usize| (d * 100).checked_div(a).unwrap_or(0);
    let mut out = String::new();
    out.push_str("\n\n## Coverage of Lucee's core functions\n\n");
    out.push_str(
        "Generated by `crates/rime-stdlib/tests/docs.rs` from the registry and Lucee 6.2's core \
         function list (`lucee-core-functions.tsv`, functions that are not hidden, internal or \
         deprecated), grouped by the package of the Lucee class that implements each function. \
         Functions Rime registers beyond this list (for example the ESAPI encoders of Lucee's \
         extension) are not counted. The full list of Rime's functions is in `functions.md`.\n\n",
    );
    let _ = writeln!(out, "**Overall: {done} of {all} ({}%).**\n", pct(done, all));
    out.push_str("| Lucee package | Implemented | Total | % |\n|---|---|---|---|\n");
    for (pkg, (have, missing)) in &by_pkg {
        let total = have.len() + missing.len();
        let _ = writeln!(
            out,
            "| {pkg} | {} | {total} | {}% |",
            have.len(),
            pct(have.len(), total)
        );
    }
    let missing_total: usize = by_pkg.values().map(|(_, m)| m.len()).sum();
    let _ = writeln!(
        out,
        "\n<details><summary>Not yet implemented ({missing_total})</summary>\n"
    );
    for (pkg, (_, missing)) in &by_pkg {
        if !missing.is_empty() {
            let _ = writeln!(out, "- **{pkg}**: {}", missing.join(", "));
        }
    }
    out.push_str("\n</details>\n\n");
    Some(out)
}

/// Replace (or append) the marked section of `doc`.
fn with_section(doc: &str, section: &str) -> String {
    match (doc.find(START), doc.find(END)) {
        (Some(s), Some(e)) if e > s => {
            let before = doc.get(..s + START.len()).unwrap_or("");
            let after = doc.get(e..).unwrap_or("");
            format!("{before}{section}{after}")
        }
        _ => {
            let mut out = doc.trim_end().to_string();
            out.push_str("\n\n");
            out.push_str(START);
            out.push_str(section);
            out.push_str(END);
            out.push('\n');
            out
        }
    }
}

#[test]
fn generated_docs_are_current() {
    let bless = std::env::var("RIME_BLESS_DOCS").is_ok_and(|v| v == "1");
    let docs = root().join("docs");
    let functions_path = docs.join("functions.md");
    let functions = functions_md();
    let compat_path = docs.join("compatibility.md");
    let coverage = coverage_md();

    if bless {
        let written = std::fs::write(&functions_path, &functions);
        assert!(
            written.is_ok(),
            "can't write docs/functions.md: {written:?}"
        );
        if let Some(section) = &coverage {
            let doc = std::fs::read_to_string(&compat_path).unwrap_or_default();
            let written = std::fs::write(&compat_path, with_section(&doc, section));
            assert!(
                written.is_ok(),
                "can't write docs/compatibility.md: {written:?}"
            );
        }
        return;
    }

    let current = std::fs::read_to_string(&functions_path).unwrap_or_default();
    assert!(
        current == functions,
        "docs/functions.md is stale: {BLESS_HINT}"
    );
    if let Some(section) = &coverage {
        let doc = std::fs::read_to_string(&compat_path).unwrap_or_default();
        assert!(
            doc.contains(START) && doc.contains(END),
            "docs/compatibility.md has no coverage markers: {BLESS_HINT}"
        );
        assert!(
            with_section(&doc, section) == doc,
            "the coverage table in docs/compatibility.md is stale: {BLESS_HINT}"
        );
    }
}
