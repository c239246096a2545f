//! Bytecode tests over the compiler's output.
//!
//! Snapshots: each `tests/bytecode/NAME.cfm` compiles to the disassembly checked in as
//! `NAME.txt` (fused, as templates run) and `NAME.unfused.txt` (`CompileOptions::fuse` off), so
//! a change to the code generator or to the peephole fusion shows up in review.
//! `RIME_BLESS=1 cargo test -p rime-compiler --test bytecode` rewrites the snapshots.
//! Builtins are not known here (the registry is above the compiler), so every call is a
//! `CallName`; the VM's link step turns builtins' into `CallBuiltin`.
//!
//! Well-formed code: every golden case (`tests/cases`) compiles, fused and unfused, to code
//! whose operands all refer to something that exists (`FuncProto::verify`, from the opcode
//! table's operand kinds), and unfused code holds no instruction only the peephole pass makes.

use rime_bytecode::disasm::disassemble;
use rime_bytecode::{FuncProto, Op, Source};
use rime_compiler::{compile_template_with, CompileOptions};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn compile(path: &str, text: &str, fuse: bool) -> Arc<FuncProto> {
    let parsed = rime_syntax::parse_template(text);
    let (proto, _) = compile_template_with(
        &parsed.template,
        Source::new(path, text),
        CompileOptions { fuse },
    );
    proto
}

fn files(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, exts, out);
        } else if p
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| exts.contains(&e))
        {
            out.push(p);
        }
    }
}

#[test]
fn disassembly_matches_the_snapshots() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bytecode");
    let bless = std::env::var_os("RIME_BLESS").is_some();
    let mut sources = Vec::new();
    files(&dir, &["cfm"], &mut sources);
    assert!(
        !sources.is_empty(),
        "no snapshot cases in {}",
        dir.display()
    );
    let mut stale = Vec::new();
    for src in &sources {
        let Ok(text) = std::fs::read_to_string(src) else {
            panic!("cannot read {}", src.display());
        };
        let name = src.file_name().and_then(|n| n.to_str()).unwrap_or("");
        for (fuse, ext) in [(true, "txt"), (false, "unfused.txt")] {
            let proto = compile(name, &text, fuse);
            if let Err(e) = proto.verify() {
                panic!("{name}: {e}");
            }
            let got = disassemble(&proto);
            let snap = src.with_extension(ext);
            if bless {
                if let Err(e) = std::fs::write(&snap, &got) {
                    panic!("cannot write {}: {e}", snap.display());
                }
                continue;
            }
            let want = std::fs::read_to_string(&snap).unwrap_or_default();
            if want != got {
                stale.push(format!(
                    "{}:\n--- checked in\n{want}--- compiled\n{got}",
                    snap.display()
                ));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "bytecode snapshots differ (RIME_BLESS=1 rewrites them):\n\n{}",
        stale.join("\n")
    );
}

/// Made only by the peephole pass (`compile/peephole.rs`), never by the code generator.
fn fused_only(op: &Op) -> bool {
    matches!(
        op,
        Op::JumpCmpSlotConst { .. }
            | Op::JumpCmpSlotSlot { .. }
            | Op::LoopStepConst { .. }
            | Op::LoopStepImm { .. }
            | Op::LoopStepSlot { .. }
            | Op::JumpCmpConst { .. }
            | Op::JumpCmp { .. }
            | Op::ArithSlotConst { .. }
            | Op::ArithSlotSlot { .. }
            | Op::ArithConst { .. }
            | Op::ArithSlot { .. }
            | Op::ArithSlotConstToSlot { .. }
            | Op::ArithSlotImmToSlot { .. }
            | Op::ReturnSlot(_)
    )
}

fn any_op(p: &FuncProto, f: &impl Fn(&Op) -> bool) -> bool {
    p.code.iter().any(f) || p.functions.iter().any(|g| any_op(g, f))
}

#[test]
fn every_golden_case_compiles_to_well_formed_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases");
    let mut sources = Vec::new();
    files(&root, &["cfm", "cfc"], &mut sources);
    assert!(
        sources.len() > 100,
        "golden cases not found in {}",
        root.display()
    );
    let mut fused_somewhere = false;
    for src in &sources {
        // A few cases are deliberately not UTF-8 or not text.
        let Ok(text) = std::fs::read_to_string(src) else {
            continue;
        };
        let path = src.display().to_string();
        for fuse in [true, false] {
            let proto = compile(&path, &text, fuse);
            if let Err(e) = proto.verify() {
                panic!("{path} (fuse {fuse}): {e}");
            }
            let fused = any_op(&proto, &fused_only);
            assert!(
                fuse || !fused,
                "{path}: unfused code holds a fused instruction"
            );
            fused_somewhere |= fused;
        }
    }
    assert!(fused_somewhere, "no golden case fused anything");
}
