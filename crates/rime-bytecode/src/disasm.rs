//! A readable listing of compiled bytecode (`rime disasm`, the bytecode snapshot tests): each
//! instruction's `Debug` form, then what its operands refer to (constants, names, slots,
//! sub-functions, named arguments), found through the opcode table's operand kinds.

use crate::opcode::{Operand, OperandKind};
use crate::proto::{Const, FuncProto};
use std::fmt::Write;

pub fn disassemble(proto: &FuncProto) -> String {
    let mut out = String::new();
    write_proto(proto, &mut out, 0);
    out
}

fn write_proto(p: &FuncProto, out: &mut String, depth: usize) {
    let pad = "  ".repeat(depth);
    let _ = writeln!(
        out,
        "{pad}function {} (params {}, slots {}{}{})",
        if p.name.is_empty() {
            "<closure>"
        } else {
            &p.name
        },
        p.params.len(),
        p.num_slots,
        if p.dynamic_scope {
            ", dynamic scope"
        } else {
            ""
        },
        if p.is_closure { ", closure" } else { "" },
    );
    let mut last_line = 0;
    for (pc, op) in p.code.iter().enumerate() {
        let (line, _) = p.line_col(pc);
        let line_txt = if line != last_line {
            last_line = line;
            format!("{line:>4}")
        } else {
            "    ".to_string()
        };
        let _ = write!(out, "{pad}{line_txt} {pc:>5}  {op:?}");
        // What the operands refer to, from the opcode table's kinds (the instruction's own
        // `Debug` form shows the indexes and plain operands).
        let mut notes = Vec::new();
        op.operands(|o| notes.extend(note(p, o)));
        if !notes.is_empty() {
            let _ = write!(out, "    ; {}", notes.join(", "));
        }
        out.push('\n');
    }
    for f in &p.functions {
        out.push('\n');
        write_proto(f, out, depth + 1);
    }
}

/// What an operand refers to, for the listing; None for a jump target (its index is the
/// listing's own) and a builtin (the registry lives above the compiler).
fn note(p: &FuncProto, o: Operand) -> Option<String> {
    let i = o.index as usize;
    let missing = || format!("<no {:?} {}>", o.kind, o.index);
    Some(match o.kind {
        OperandKind::Const => match p.consts.get(i) {
            Some(Const::Num(n)) => format!("{n}"),
            Some(Const::Str(s)) => format!("{s:?}"),
            None => missing(),
        },
        OperandKind::Name => p
            .names
            .get(i)
            .map_or_else(missing, |k| k.as_str().to_string()),
        OperandKind::Slot => p
            .slot_names
            .get(i)
            .map_or_else(missing, |k| k.as_str().to_string()),
        OperandKind::Function => p.functions.get(i).map_or_else(missing, |f| {
            if f.name.is_empty() {
                "<closure>".to_string()
            } else {
                format!("function {}", f.name)
            }
        }),
        // Positional calls carry no list.
        OperandKind::ArgNames if o.index == u32::MAX => return None,
        OperandKind::ArgNames => p.arg_names.get(i).map_or_else(missing, |names| {
            let names: Vec<&str> = names
                .iter()
                .map(|n| n.as_ref().map_or("_", |k| k.as_str()))
                .collect();
            format!("({})", names.join(", "))
        }),
        OperandKind::Tag => rime_syntax::tag_table::tags()
            .get(i)
            .map_or_else(missing, |t| format!("cf{}", t.name.to_ascii_lowercase())),
        OperandKind::Target | OperandKind::Builtin => return None,
    })
}
