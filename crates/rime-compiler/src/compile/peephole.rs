//! The peephole pass: after a function's code is generated, fuse the instruction sequences that
//! loops and arithmetic produce most (compare-and-jump, arithmetic on a slot or a constant) into
//! single instructions, and turn jumps to a `Return` into that `Return`.
//!
//! Running it on the finished code (rather than while emitting) means jump targets are known
//! exactly: a sequence is fused only when no jump lands inside it, and all targets and the
//! position table are remapped afterwards. Each fused instruction behaves as its sequence did,
//! errors included (`rime-vm/src/run.rs`); fewer dispatches and stack moves are the only change.
//! A fused instruction has one source position, its first instruction's (the start of the
//! expression): sequences spanning lines are left alone, so an error's line never changes.

use rime_bytecode::opcode::{Arith, Cmp, Op, OperandKind};
use rime_bytecode::proto::Const;

/// Optimise `code` in place; `positions` is the run-length position table (`(pc, offset)`),
/// `start` the offset of instructions before its first entry, `same_line` whether two source
/// offsets are on one line.
pub(crate) fn optimize(
    code: &mut Vec<Op>,
    positions: &mut Vec<(u32, u32)>,
    start: u32,
    same_line: impl Fn(u32, u32) -> bool,
) {
    thread_returns(code);
    let n = code.len();
    let mut is_target = vec![false; n + 1];
    for op in code.iter() {
        op.operands(|o| {
            if let (OperandKind::Target, Some(t)) = (o.kind, is_target.get_mut(o.index as usize)) {
                *t = true;
            }
        });
    }
    let offsets = expand_positions(positions, n, start);
    // old pc -> new pc (interior instructions of a fused group map to the group).
    let mut map = Vec::with_capacity(n + 1);
    let mut out: Vec<Op> = Vec::with_capacity(n);
    let mut out_offsets: Vec<u32> = Vec::with_capacity(n);
    let mut i = 0;
    while i < n {
        // Only the first instruction of a fused group may be a jump target, and the group
        // must be on one line.
        let free = |len: usize| {
            i + len <= n
                && (i + 1..i + len).all(|j| !is_target[j] && same_line(offsets[i], offsets[j]))
        };
        let (op, len) = match fuse(&code[i..], free(5), free(4), free(3), free(2)) {
            Some(f) => f,
            None => (code[i], 1),
        };
        for _ in 0..len {
            map.push(out.len() as u32);
        }
        out.push(op);
        out_offsets.push(offsets[i]);
        i += len;
    }
    map.push(out.len() as u32);
    // Every jump target the opcode table declares, fused instructions' included.
    for op in out.iter_mut() {
        op.map_targets(|t| map.get(t as usize).copied().unwrap_or(t));
    }
    *code = out;
    *positions = compress_positions(&out_offsets);
}

/// Carry the integer constants of fused loop steps and slot arithmetic in the instruction
/// itself: the loop then reads no constant table and checks no constant's type.
pub(crate) fn immediates(code: &mut [Op], consts: &[Const]) {
    let int = |c: u32| match consts.get(c as usize) {
        // An exact integer (`-0` keeps its constant: an integer would lose the sign).
        Some(Const::Num(n)) if n.fract() == 0.0 && !(*n == 0.0 && n.is_sign_negative()) => {
            Some(*n as i64)
        }
        _ => None,
    };
    for op in code.iter_mut() {
        match *op {
            Op::LoopStepConst {
                slot,
                cmp,
                step,
                limit,
                target,
            } => {
                let step = int(step).and_then(|n| i16::try_from(n).ok());
                let limit = int(limit).and_then(|n| i32::try_from(n).ok());
                if let (Some(step), Some(limit)) = (step, limit) {
                    *op = Op::LoopStepImm {
                        slot,
                        cmp,
                        step,
                        limit,
                        target,
                    };
                }
            }
            Op::ArithSlotConstToSlot {
                op: a,
                slot,
                c,
                to,
                dst,
            } => {
                if let Some(imm) = int(c).and_then(|n| i32::try_from(n).ok()) {
                    *op = Op::ArithSlotImmToSlot {
                        op: a,
                        slot,
                        imm,
                        to,
                        dst,
                    };
                }
            }
            _ => {}
        }
    }
}

/// The fused instruction starting at `ops[0]` and how many instructions it replaces. `f5`...
/// `f2`: whether a group of that length is free of jump targets inside (and on one line).
fn fuse(ops: &[Op], f5: bool, f4: bool, f3: bool, f2: bool) -> Option<(Op, usize)> {
    let get = |k: usize| ops.get(k).copied();
    let jump = |op: Option<Op>| match op {
        Some(Op::JumpIfFalse(t)) => Some((false, t)),
        Some(Op::JumpIfTrue(t)) => Some((true, t)),
        _ => None,
    };
    if f5 {
        // The step and test of a rotated counting loop: `i++` then `i <= n` jumping back.
        if let (
            Some(Op::AddSlotConst(slot, step)),
            Some(Op::LoadSlot(s)),
            Some(cmp),
            Some((true, target)),
        ) = (get(0), get(1), get(3).and_then(cmp_of), jump(get(4)))
        {
            if s == slot {
                match get(2) {
                    Some(Op::Const(limit)) => {
                        let op = Op::LoopStepConst {
                            slot,
                            cmp,
                            step,
                            limit,
                            target,
                        };
                        return Some((op, 5));
                    }
                    Some(Op::LoadSlot(limit)) => {
                        let op = Op::LoopStepSlot {
                            slot,
                            limit,
                            cmp,
                            step,
                            target,
                        };
                        return Some((op, 5));
                    }
                    _ => {}
                }
            }
        }
    }
    if f4 {
        if let (Some(cmp), Some((when, target))) = (get(2).and_then(cmp_of), jump(get(3))) {
            match (get(0), get(1)) {
                (Some(Op::LoadSlot(slot)), Some(Op::Const(c))) => {
                    let op = Op::JumpCmpSlotConst {
                        slot,
                        cmp,
                        when,
                        c,
                        target,
                    };
                    return Some((op, 4));
                }
                (Some(Op::LoadSlot(a)), Some(Op::LoadSlot(b))) => {
                    let op = Op::JumpCmpSlotSlot {
                        a,
                        b,
                        cmp,
                        when,
                        target,
                    };
                    return Some((op, 4));
                }
                _ => {}
            }
        }
        if let (
            Some(Op::LoadSlot(slot)),
            Some(Op::Const(c)),
            Some(op),
            Some(Op::ArithToSlot { op: to, slot: dst }),
        ) = (get(0), get(1), get(2).and_then(arith_of), get(3))
        {
            return Some((
                Op::ArithSlotConstToSlot {
                    op,
                    slot,
                    c,
                    to,
                    dst,
                },
                4,
            ));
        }
    }
    if f3 {
        if let (Some(Op::Const(c)), Some(cmp), Some((when, target))) =
            (get(0), get(1).and_then(cmp_of), jump(get(2)))
        {
            let op = Op::JumpCmpConst {
                cmp,
                when,
                c,
                target,
            };
            return Some((op, 3));
        }
        if let Some(op) = get(2).and_then(arith_of) {
            match (get(0), get(1)) {
                (Some(Op::LoadSlot(slot)), Some(Op::Const(c))) => {
                    return Some((Op::ArithSlotConst { op, slot, c }, 3))
                }
                (Some(Op::LoadSlot(a)), Some(Op::LoadSlot(b))) => {
                    return Some((Op::ArithSlotSlot { op, a, b }, 3))
                }
                _ => {}
            }
        }
    }
    if f2 {
        if let (Some(Op::LoadSlot(slot)), Some(Op::Return)) = (get(0), get(1)) {
            return Some((Op::ReturnSlot(slot), 2));
        }
        if let (Some(cmp), Some((when, target))) = (get(0).and_then(cmp_of), jump(get(1))) {
            return Some((Op::JumpCmp { cmp, when, target }, 2));
        }
        if let Some(op) = get(1).and_then(arith_of) {
            match get(0) {
                Some(Op::Const(c)) => return Some((Op::ArithConst { op, c }, 2)),
                Some(Op::LoadSlot(slot)) => return Some((Op::ArithSlot { op, slot }, 2)),
                _ => {}
            }
        }
    }
    None
}

fn cmp_of(op: Op) -> Option<Cmp> {
    Some(match op {
        Op::Eq => Cmp::Eq,
        Op::Neq => Cmp::Neq,
        Op::Lt => Cmp::Lt,
        Op::Lte => Cmp::Lte,
        Op::Gt => Cmp::Gt,
        Op::Gte => Cmp::Gte,
        _ => return None,
    })
}

fn arith_of(op: Op) -> Option<Arith> {
    Some(match op {
        Op::Add => Arith::Add,
        Op::Sub => Arith::Sub,
        Op::Mul => Arith::Mul,
        Op::Div => Arith::Div,
        Op::IntDiv => Arith::IntDiv,
        Op::Pow => Arith::Pow,
        Op::Mod => Arith::Mod,
        Op::Concat => Arith::Concat,
        _ => return None,
    })
}

/// `Jump(t)` where `t` holds `Return` becomes `Return` (the `a ? b : c` of `return a ? b : c`).
fn thread_returns(code: &mut [Op]) {
    for i in 0..code.len() {
        if let Op::Jump(t) = code[i] {
            if matches!(code.get(t as usize), Some(Op::Return)) {
                code[i] = Op::Return;
            }
        }
    }
}

/// The source offset of every instruction, from the run-length table.
fn expand_positions(positions: &[(u32, u32)], n: usize, start: u32) -> Vec<u32> {
    let mut out = Vec::with_capacity(n);
    let mut next = positions.iter().peekable();
    let mut cur = start;
    for pc in 0..n as u32 {
        while let Some((p, o)) = next.peek() {
            if *p <= pc {
                cur = *o;
                next.next();
            } else {
                break;
            }
        }
        out.push(cur);
    }
    out
}

fn compress_positions(offsets: &[u32]) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = Vec::new();
    for (pc, o) in offsets.iter().enumerate() {
        if out.last().map(|(_, x)| x) != Some(o) {
            out.push((pc as u32, *o));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_test_fuses_and_jumps_are_remapped() {
        // 0: LoadSlot 1: Const 2: Lte 3: JumpIfTrue(5) 4: Jump(0) 5: Null 6: Return
        let mut code = vec![
            Op::LoadSlot(0),
            Op::Const(0),
            Op::Lte,
            Op::JumpIfTrue(5),
            Op::Jump(0),
            Op::Null,
            Op::Return,
        ];
        let mut pos = vec![(0, 10), (4, 20)];
        optimize(&mut code, &mut pos, 0, |_, _| true);
        assert_eq!(
            code,
            vec![
                Op::JumpCmpSlotConst {
                    slot: 0,
                    cmp: Cmp::Lte,
                    when: true,
                    c: 0,
                    target: 2
                },
                Op::Jump(0),
                Op::Null,
                Op::Return,
            ]
        );
        assert_eq!(pos, vec![(0, 10), (1, 20)]);
    }

    #[test]
    fn a_loop_step_fuses() {
        // 0: body 1: AddSlotConst 2: LoadSlot 3: Const 4: Lt 5: JumpIfTrue(0)
        let mut code = vec![
            Op::Null,
            Op::AddSlotConst(1, 0),
            Op::LoadSlot(1),
            Op::Const(1),
            Op::Lt,
            Op::JumpIfTrue(0),
        ];
        let mut pos = vec![(0, 0)];
        optimize(&mut code, &mut pos, 0, |_, _| true);
        assert_eq!(
            code,
            vec![
                Op::Null,
                Op::LoopStepConst {
                    slot: 1,
                    cmp: Cmp::Lt,
                    step: 0,
                    limit: 1,
                    target: 0
                },
            ]
        );
    }

    #[test]
    fn slot_arithmetic_into_a_slot_fuses() {
        // `total += i MOD 7`
        let mut code = vec![
            Op::LoadSlot(1),
            Op::Const(0),
            Op::Mod,
            Op::ArithToSlot {
                op: Arith::Add,
                slot: 0,
            },
        ];
        let mut pos = vec![(0, 0)];
        optimize(&mut code, &mut pos, 0, |_, _| true);
        assert_eq!(
            code,
            vec![Op::ArithSlotConstToSlot {
                op: Arith::Mod,
                slot: 1,
                c: 0,
                to: Arith::Add,
                dst: 0
            }]
        );
    }

    #[test]
    fn no_fusion_across_a_jump_target() {
        // The Const at 1 is a jump target: LoadSlot, Const, Add must stay apart.
        let mut code = vec![Op::LoadSlot(0), Op::Const(0), Op::Add, Op::Jump(1)];
        let mut pos = vec![(0, 0)];
        optimize(&mut code, &mut pos, 0, |_, _| true);
        assert_eq!(
            code,
            vec![
                Op::LoadSlot(0),
                Op::ArithConst {
                    op: Arith::Add,
                    c: 0
                },
                Op::Jump(1),
            ]
        );
    }

    #[test]
    fn no_fusion_across_lines() {
        let mut code = vec![Op::LoadSlot(0), Op::Const(0), Op::Add];
        let mut pos = vec![(0, 0), (1, 10)];
        optimize(&mut code, &mut pos, 0, |a, b| a == b);
        assert_eq!(
            code,
            vec![
                Op::LoadSlot(0),
                Op::ArithConst {
                    op: Arith::Add,
                    c: 0
                }
            ]
        );
    }

    #[test]
    fn a_jump_to_return_returns() {
        let mut code = vec![Op::True, Op::Jump(2), Op::Return];
        let mut pos = vec![(0, 0)];
        optimize(&mut code, &mut pos, 0, |_, _| true);
        assert_eq!(code, vec![Op::True, Op::Return, Op::Return]);
    }

    #[test]
    fn integer_constants_go_into_the_instruction() {
        let consts = [
            Const::Num(1.0),
            Const::Num(100.0),
            Const::Num(0.5),
            Const::Num(1e10),
            Const::Num(-0.0),
            Const::Num(40000.0),
        ];
        let step = |step, limit| Op::LoopStepConst {
            slot: 0,
            cmp: Cmp::Lte,
            step,
            limit,
            target: 0,
        };
        let mut code = vec![
            step(0, 1),
            step(2, 1),
            step(0, 3),
            step(5, 1),
            Op::ArithSlotConstToSlot {
                op: Arith::Mod,
                slot: 1,
                c: 1,
                to: Arith::Add,
                dst: 0,
            },
            Op::ArithSlotConstToSlot {
                op: Arith::Add,
                slot: 1,
                c: 4,
                to: Arith::Add,
                dst: 0,
            },
        ];
        immediates(&mut code, &consts);
        assert_eq!(
            code[0],
            Op::LoopStepImm {
                slot: 0,
                cmp: Cmp::Lte,
                step: 1,
                limit: 100,
                target: 0
            }
        );
        // A fraction, a limit beyond 32 bits, a step beyond 16 bits stay constants.
        assert_eq!(&code[1..4], &[step(2, 1), step(0, 3), step(5, 1)]);
        assert_eq!(
            code[4],
            Op::ArithSlotImmToSlot {
                op: Arith::Mod,
                slot: 1,
                imm: 100,
                to: Arith::Add,
                dst: 0
            }
        );
        // `-0` keeps its sign in the constant.
        assert!(matches!(code[5], Op::ArithSlotConstToSlot { c: 4, .. }));
    }

    #[test]
    fn returning_a_slot_fuses_unless_the_return_is_a_target() {
        // 0: LoadSlot 1: Return 2: JumpIfTrue(4) 3: LoadSlot 4: Return
        let mut code = vec![
            Op::LoadSlot(0),
            Op::Return,
            Op::JumpIfTrue(4),
            Op::LoadSlot(1),
            Op::Return,
        ];
        let mut pos = vec![(0, 0)];
        optimize(&mut code, &mut pos, 0, |_, _| true);
        assert_eq!(
            code,
            vec![
                Op::ReturnSlot(0),
                Op::JumpIfTrue(3),
                Op::LoadSlot(1),
                Op::Return
            ]
        );
    }
}
