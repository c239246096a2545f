//! A readable listing of compiled bytecode (`rime disasm`).

use crate::opcode::Op;
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
        let slot = |i: u16| p.slot_names.get(i as usize).map(|k| k.as_str().to_string());
        let konst = |i: u32| match p.consts.get(i as usize) {
            Some(Const::Num(n)) => format!("{n}"),
            Some(Const::Str(s)) => format!("{s:?}"),
            None => String::new(),
        };
        let note = match op {
            Op::Const(i) => Some(konst(*i)),
            Op::Text(i) | Op::TextOutsideOutput(i) | Op::CatchMatches(i) | Op::Tag(i) => {
                p.consts.get(*i as usize).map(|c| format!("{c:?}"))
            }
            Op::LoadName(i)
            | Op::LoadNameOrNull(i)
            | Op::StoreName(i)
            | Op::DeclareLocal(i)
            | Op::LoadNameForWrite(i)
            | Op::GetMember(i)
            | Op::GetMemberOrNull(i)
            | Op::GetMemberForWrite(i)
            | Op::SetMember(i)
            | Op::CallName { name: i, .. }
            | Op::CallUdf { name: i, .. }
            | Op::CallMethod { name: i, .. } => {
                p.names.get(*i as usize).map(|k| k.as_str().to_string())
            }
            Op::LoadSlot(i)
            | Op::ReturnSlot(i)
            | Op::StoreSlot(i)
            | Op::LoadSlotOrNull(i)
            | Op::ArithSlot { slot: i, .. }
            | Op::ArithToSlot { slot: i, .. } => slot(*i),
            Op::ArithSlotSlot { a, b, .. } | Op::JumpCmpSlotSlot { a, b, .. } => Some(format!(
                "{}, {}",
                slot(*a).unwrap_or_default(),
                slot(*b).unwrap_or_default()
            )),
            Op::ArithSlotConst { slot: i, c, .. } | Op::JumpCmpSlotConst { slot: i, c, .. } => {
                Some(format!("{}, {}", slot(*i).unwrap_or_default(), konst(*c)))
            }
            Op::ArithConst { c, .. } | Op::JumpCmpConst { c, .. } => Some(konst(*c)),
            Op::ArithSlotConstToSlot {
                slot: i, c, dst, ..
            } => Some(format!(
                "{} <- {}, {}",
                slot(*dst).unwrap_or_default(),
                slot(*i).unwrap_or_default(),
                konst(*c)
            )),
            Op::LoopStepConst {
                slot: i,
                step,
                limit,
                ..
            } => Some(format!(
                "{} += {}, {}",
                slot(*i).unwrap_or_default(),
                konst(*step),
                konst(*limit)
            )),
            Op::ArithSlotImmToSlot {
                slot: i, imm, dst, ..
            } => Some(format!(
                "{} <- {}, {imm}",
                slot(*dst).unwrap_or_default(),
                slot(*i).unwrap_or_default()
            )),
            Op::LoopStepImm {
                slot: i,
                step,
                limit,
                ..
            } => Some(format!(
                "{} += {step}, {limit}",
                slot(*i).unwrap_or_default()
            )),
            Op::LoopStepSlot {
                slot: i,
                step,
                limit,
                ..
            } => Some(format!(
                "{} += {}, {}",
                slot(*i).unwrap_or_default(),
                konst(*step),
                slot(*limit).unwrap_or_default()
            )),
            _ => None,
        };
        if let Some(n) = note {
            let _ = write!(out, "    ; {n}");
        }
        out.push('\n');
    }
    for f in &p.functions {
        out.push('\n');
        write_proto(f, out, depth + 1);
    }
}
