//! Arithmetic and comparison in the interpreter loop: on the two values on top of the stack,
//! and the fused instructions that read slots and constants directly, with a fast path for
//! numbers and the general CFML casts (`rime_runtime::ops`) otherwise.

use crate::access::undefined_slot;
use crate::Vm;
use rime_bytecode::{Arith, Cmp, Const, FuncProto};
use rime_runtime::{ops, CfResult, CfmlError, Value};

impl Vm {
    /// `a op b` on the two values on top of the stack; numbers are computed in place.
    #[inline(always)]
    pub(crate) fn arith_top(&mut self, op: Arith) -> CfResult<()> {
        if let [.., Value::Num(a), Value::Num(b)] = self.stack.as_mut_slice() {
            if let Some(n) = arith_num(op, *a, *b) {
                *a = n;
                self.stack.discard_plain();
                return Ok(());
            }
        }
        let b = self.pop();
        let a = self.pop();
        let v = arith_slow(op, &a, &b)?;
        self.stack.push(v);
        Ok(())
    }

    /// `a cmp b` on the two values on top of the stack.
    #[inline(always)]
    pub(crate) fn compare_top(&mut self, cmp: Cmp) -> CfResult<()> {
        if let [.., Value::Num(x), Value::Num(y)] = self.stack.as_slice() {
            let r = compare_num(cmp, *x, *y);
            self.stack.discard_plain();
            if let Some(top) = self.stack.last_mut() {
                *top = Value::Bool(r);
            }
            return Ok(());
        }
        let b = self.pop();
        let a = match self.stack.last_mut() {
            Some(a) => a,
            None => return Err(CfmlError::application("internal error: stack underflow")),
        };
        let r = compare(cmp, a, &b)?;
        *a = Value::Bool(r);
        Ok(())
    }

    pub(crate) fn binop(&mut self, op: impl Fn(&Value, &Value) -> CfResult<Value>) -> CfResult<()> {
        let b = self.pop();
        let a = self.pop();
        let v = op(&a, &b)?;
        self.stack.push(v);
        Ok(())
    }
}

/// `AddSlotConst(i, c)`: `i++`, `i += 2`... on a slot holding a number (or a value that casts
/// to one).
#[inline(always)]
pub(crate) fn add_slot_const(
    slots: &mut [Option<Value>],
    base: usize,
    proto: &FuncProto,
    i: u16,
    c: u32,
) -> CfResult<()> {
    let delta = match proto.consts.get(c as usize) {
        Some(Const::Num(n)) => *n,
        _ => 0.0,
    };
    add_slot_num(slots, base, proto, i, delta)
}

/// `add_slot_const` with the number itself (`LoopStepImm`).
pub(crate) fn add_slot_num(
    slots: &mut [Option<Value>],
    base: usize,
    proto: &FuncProto,
    i: u16,
    delta: f64,
) -> CfResult<()> {
    match slots.get_mut(base + i as usize) {
        Some(Some(Value::Num(n))) => {
            *n += delta;
            Ok(())
        }
        Some(slot @ Some(_)) => match slot.as_ref().map(Value::to_num) {
            Some(Ok(n)) if !slot.as_ref().is_some_and(Value::is_null) => {
                *slot = Some(Value::Num(n + delta));
                Ok(())
            }
            Some(Err(e)) => Err(e),
            _ => Err(undefined_slot(proto, i)),
        },
        _ => Err(undefined_slot(proto, i)),
    }
}

/// `ArithSlotConstToSlot`: `dst to= slot op c`, in the order of the sequence it fuses (an unset
/// `slot` is reported before an unset `dst`).
#[inline(always)]
pub(crate) fn arith_slot_const_to_slot(
    slots: &mut [Option<Value>],
    base: usize,
    proto: &FuncProto,
    (op, slot, c): (Arith, u16, u32),
    (to, dst): (Arith, u16),
) -> CfResult<()> {
    match proto.consts.get(c as usize) {
        Some(Const::Num(y)) => {
            arith_slot_num_to_slot(slots, base, proto, (op, slot, *y), (to, dst))
        }
        k => {
            let k = k.map(Value::from).unwrap_or_default();
            let slots = slots.get_mut(base..).unwrap_or_default();
            arith_slot_value_to_slot(slots, proto, (op, slot, &k), (to, dst))
        }
    }
}

/// `arith_slot_const_to_slot` with a number (`ArithSlotImmToSlot` carries it).
#[inline(always)]
pub(crate) fn arith_slot_num_to_slot(
    slots: &mut [Option<Value>],
    base: usize,
    proto: &FuncProto,
    (op, slot, y): (Arith, u16, f64),
    (to, dst): (Arith, u16),
) -> CfResult<()> {
    if let Some(Some(Value::Num(x))) = slots.get(base + slot as usize) {
        if let Some(v) = arith_num(op, *x, y) {
            if let Some(Some(Value::Num(cur))) = slots.get_mut(base + dst as usize) {
                if let Some(n) = arith_num(to, *cur, v) {
                    *cur = n;
                    return Ok(());
                }
            }
        }
    }
    let slots = slots.get_mut(base..).unwrap_or_default();
    arith_slot_value_to_slot(slots, proto, (op, slot, &Value::Num(y)), (to, dst))
}

/// The general case of the two above, with the full semantics of both operators (an unset
/// `slot` is reported before an unset `dst`).
#[inline(never)]
fn arith_slot_value_to_slot(
    slots: &mut [Option<Value>],
    proto: &FuncProto,
    (op, slot, k): (Arith, u16, &Value),
    (to, dst): (Arith, u16),
) -> CfResult<()> {
    let a = match slots.get(slot as usize) {
        Some(Some(v)) if !v.is_null() => v,
        _ => return Err(undefined_slot(proto, slot)),
    };
    let v = arith_slow(op, a, k)?;
    match slots.get_mut(dst as usize) {
        Some(Some(cur)) if !cur.is_null() => {
            *cur = arith_slow(to, cur, &v)?;
            Ok(())
        }
        _ => Err(undefined_slot(proto, dst)),
    }
}

/// The test of `LoopStepImm`: `slot cmp y`.
pub(crate) fn cmp_slot_num(
    slots: &[Option<Value>],
    base: usize,
    proto: &FuncProto,
    slot: u16,
    cmp: Cmp,
    y: f64,
) -> CfResult<bool> {
    match slots.get(base + slot as usize) {
        Some(Some(Value::Num(x))) => Ok(compare_num(cmp, *x, y)),
        Some(Some(a)) if !a.is_null() => compare_slow(cmp, a, &Value::Num(y)),
        _ => Err(undefined_slot(proto, slot)),
    }
}

/// The test of `JumpCmpSlotConst`: `slot cmp constant`. The slot helpers here take the
/// frame's whole slot vector and the running function's first slot (`Frame::sbase`).
#[inline(always)]
pub(crate) fn cmp_slot_const(
    slots: &[Option<Value>],
    base: usize,
    proto: &FuncProto,
    slot: u16,
    cmp: Cmp,
    c: u32,
) -> CfResult<bool> {
    let a = match slots.get(base + slot as usize) {
        Some(Some(v)) if !v.is_null() => v,
        _ => return Err(undefined_slot(proto, slot)),
    };
    match (a, proto.consts.get(c as usize)) {
        (Value::Num(x), Some(Const::Num(y))) => Ok(compare_num(cmp, *x, *y)),
        (a, k) => compare_slow(cmp, a, &k.map(Value::from).unwrap_or_default()),
    }
}

/// The test of `JumpCmpSlotSlot`: `a cmp b` (an unset `a` is reported first, as its load came
/// first).
#[inline(always)]
pub(crate) fn cmp_slot_slot(
    slots: &[Option<Value>],
    base: usize,
    proto: &FuncProto,
    a: u16,
    b: u16,
    cmp: Cmp,
) -> CfResult<bool> {
    match (slots.get(base + a as usize), slots.get(base + b as usize)) {
        (Some(Some(x)), Some(Some(y))) if !x.is_null() && !y.is_null() => compare(cmp, x, y),
        (Some(Some(x)), _) if !x.is_null() => Err(undefined_slot(proto, b)),
        _ => Err(undefined_slot(proto, a)),
    }
}

/// Arithmetic on two numbers, when it needs no error check (`None`: use `arith_slow`).
#[inline(always)]
pub(crate) fn arith_num(op: Arith, x: f64, y: f64) -> Option<f64> {
    match op {
        Arith::Add => Some(x + y),
        Arith::Sub => Some(x - y),
        Arith::Mul => Some(x * y),
        Arith::Div if y != 0.0 => Some(x / y),
        Arith::Mod if y != 0.0 => Some(mod_num(x, y)),
        _ => None,
    }
}

/// `ops::fmod` with its commonest case first: both operands exact 32-bit integers (a saturated
/// or NaN conversion fails the round trip), without the range tests that pick among its cases.
#[inline(always)]
pub(crate) fn mod_num(x: f64, y: f64) -> f64 {
    let (xi, yi) = (x as i32, y as i32);
    if xi as f64 == x && yi as f64 == y && yi != 0 {
        // `i32::MIN % -1` wraps to 0, the true remainder.
        match xi.wrapping_rem(yi) {
            0 => 0.0f64.copysign(x),
            r => r as f64,
        }
    } else {
        ops::fmod(x, y)
    }
}

/// `a op b` with the operator's full semantics (`rime_runtime::ops`).
#[inline(never)]
pub(crate) fn arith_slow(op: Arith, a: &Value, b: &Value) -> CfResult<Value> {
    match op {
        Arith::Add => ops::add(a, b),
        Arith::Sub => ops::sub(a, b),
        Arith::Mul => ops::mul(a, b),
        Arith::Div => ops::div(a, b),
        Arith::IntDiv => ops::int_div(a, b),
        Arith::Pow => ops::pow(a, b),
        Arith::Mod => ops::modulo(a, b),
        Arith::Concat => ops::concat(a, b),
    }
}

#[inline(always)]
pub(crate) fn compare_num(cmp: Cmp, x: f64, y: f64) -> bool {
    match cmp {
        Cmp::Eq => x == y,
        Cmp::Neq => x != y,
        Cmp::Lt => x < y,
        Cmp::Lte => x <= y,
        Cmp::Gt => x > y,
        Cmp::Gte => x >= y,
    }
}

/// `a cmp b` with the operator's full semantics (`EQ` is `ops::equals`, `LT` `ops::compare`).
#[inline(always)]
pub(crate) fn compare(cmp: Cmp, a: &Value, b: &Value) -> CfResult<bool> {
    if let (Value::Num(x), Value::Num(y)) = (a, b) {
        return Ok(compare_num(cmp, *x, *y));
    }
    compare_slow(cmp, a, b)
}

#[inline(never)]
pub(crate) fn compare_slow(cmp: Cmp, a: &Value, b: &Value) -> CfResult<bool> {
    Ok(match cmp {
        Cmp::Eq => ops::equals(a, b)?,
        Cmp::Neq => !ops::equals(a, b)?,
        Cmp::Lt => ops::compare(a, b)?.is_lt(),
        Cmp::Lte => ops::compare(a, b)?.is_le(),
        Cmp::Gt => ops::compare(a, b)?.is_gt(),
        Cmp::Gte => ops::compare(a, b)?.is_ge(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mod_num_is_fmod() {
        let edge = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            7.0,
            -7.0,
            2.5,
            -2.5,
            2147483647.0,
            -2147483648.0,
            2147483648.0,
            9007199254740993.0,
            1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        for x in edge.iter().chain(&[10.0, -10.0, 13.0, 1e9]) {
            for y in edge.iter().filter(|y| **y != 0.0) {
                let (a, b) = (mod_num(*x, *y), ops::fmod(*x, *y));
                assert!(
                    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
                    "{x} mod {y}: {a} vs {b}"
                );
            }
        }
    }
}
