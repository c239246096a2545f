//! Frames and the interpreter loop.

use crate::access::undefined_slot;
use crate::arith::{
    add_slot_const, add_slot_num, arith_num, arith_slot_const_to_slot, arith_slot_num_to_slot,
    arith_slow, cmp_slot_const, cmp_slot_num, cmp_slot_slot, compare_num, compare_slow,
};
use crate::call::names_of;
use crate::call_cache::Target;
use crate::frames::Suspended;
use crate::iter::Iter;
use crate::{Vm, MAX_CALL_DEPTH};
use rime_bytecode::{Arith, Cmp, Const, FuncProto, Op};
use rime_runtime::{CapturedScope, CfResult, CfmlError, Key, Struct, TagFrame, Value};
use std::sync::Arc;

/// An installed exception handler and the heights to restore when it catches.
pub(crate) struct Handler {
    pub(crate) target: u32,
    pub(crate) stack: usize,
    pub(crate) iters: usize,
    pub(crate) exceptions: usize,
    pub(crate) bufs: usize,
    pub(crate) output_depth: u32,
    pub(crate) queries: usize,
    pub(crate) sql: usize,
    pub(crate) custom_tags: usize,
}

/// Why the inner interpreter loop stopped.
enum Exit {
    /// At an instruction for `step`.
    Step,
    /// For a call to run inline (`frames.rs`) with this many arguments on the stack.
    Call(Target, u16),
    /// An inline callee returned (its result on top of the stack).
    Return,
    /// An error.
    Error(Box<CfmlError>),
}

/// A frame's function or scope: borrowed from the calling frame when the caller already holds
/// it (a function calling itself or another function of its page, with the page's `variables`),
/// else owned. Borrowing spares a call the atomic reference-count updates of a clone and its
/// drop, the largest cost of a call once the interpreter loop is tight.
pub enum Held<'a, T> {
    Borrowed(&'a T),
    Owned(T),
}

impl<T> std::ops::Deref for Held<'_, T> {
    type Target = T;
    #[inline(always)]
    fn deref(&self) -> &T {
        match self {
            Held::Borrowed(r) => r,
            Held::Owned(v) => v,
        }
    }
}

/// One activation of a function or template.
pub struct Frame<'a> {
    pub proto: Held<'a, Arc<FuncProto>>,
    /// Identity while running (assigned by `exec`).
    pub(crate) id: u64,
    pub(crate) pc: usize,
    pub(crate) base: usize,
    /// The slots of the function running (`slots()`): those from `sbase` up. Inline callees
    /// (`frames.rs`) add theirs on top of their caller's, Lua-style, and remove them on return.
    pub(crate) slot_vec: Vec<Option<Value>>,
    pub(crate) sbase: usize,
    /// `local` and `arguments` structs of a dynamic-scope function (or of the function that
    /// included this template).
    pub local: Option<Struct>,
    pub args: Option<Struct>,
    pub captured: Option<Held<'a, Arc<[CapturedScope]>>>,
    pub variables: Held<'a, Struct>,
    pub this: Option<Value>,
    /// The parent component's methods, in a component method (`super`).
    pub super_: Option<Struct>,
    /// The component's `static` scope, in a component method or body.
    pub static_: Option<Struct>,
    pub(crate) iters: Vec<Iter>,
    /// The name this function was called by, when its body asks (`getFunctionCalledName`).
    pub(crate) called_name: Option<Key>,
    pub(crate) handlers: Vec<Handler>,
    #[allow(clippy::vec_box)] // errors travel boxed; unboxing them here would copy each one
    pub(crate) exceptions: Vec<Box<CfmlError>>,
}

impl<'a> Frame<'a> {
    pub fn new(proto: Arc<FuncProto>, variables: Struct) -> Frame<'static> {
        Frame::with_slots(Held::Owned(proto), Held::Owned(variables), Vec::new())
    }

    /// A frame reusing `slots` (an emptied vector from the VM's pool) for its locals.
    #[inline(always)]
    pub(crate) fn with_slots(
        proto: Held<'a, Arc<FuncProto>>,
        variables: Held<'a, Struct>,
        mut slots: Vec<Option<Value>>,
    ) -> Frame<'a> {
        // The pool hands out vectors of empty slots, most often of the right length already (a
        // function calling itself).
        debug_assert!(slots.iter().all(Option::is_none));
        let n = proto.num_slots as usize;
        if slots.len() != n {
            slots.clear();
            slots.resize_with(n, || None);
        }
        Frame {
            proto,
            id: 0,
            pc: 0,
            base: 0,
            slot_vec: slots,
            sbase: 0,
            local: None,
            args: None,
            captured: None,
            variables,
            this: None,
            super_: None,
            static_: None,
            iters: Vec::new(),
            called_name: None,
            handlers: Vec::new(),
            exceptions: Vec::new(),
        }
    }

    /// A frame for a template included into `parent`, sharing its scopes.
    pub fn included(proto: Arc<FuncProto>, parent: &Frame<'_>) -> Frame<'static> {
        let mut f = Frame::new(proto, parent.variables.clone());
        f.local = parent.local.clone();
        f.args = parent.args.clone();
        f.captured = parent.captured.as_ref().map(|c| Held::Owned(Arc::clone(c)));
        f.this = parent.this.clone();
        f.super_ = parent.super_.clone();
        f.static_ = parent.static_.clone();
        f
    }

    /// The running function's slots.
    #[inline(always)]
    pub(crate) fn slots(&self) -> &[Option<Value>] {
        self.slot_vec.get(self.sbase..).unwrap_or_default()
    }

    /// Slot `i` of the running function.
    #[inline(always)]
    pub(crate) fn slot(&self, i: usize) -> Option<&Option<Value>> {
        self.slot_vec.get(self.sbase + i)
    }

    #[inline(always)]
    pub(crate) fn slot_mut(&mut self, i: usize) -> Option<&mut Option<Value>> {
        self.slot_vec.get_mut(self.sbase + i)
    }

    pub(crate) fn position(&self) -> TagFrame {
        let pc = self.pc.saturating_sub(1);
        let (line, column) = self.proto.line_col(pc);
        TagFrame {
            template: self.proto.source.path.clone(),
            line,
            column,
        }
    }
}

impl Vm {
    pub(crate) fn pop(&mut self) -> Value {
        self.stack.pop().unwrap_or_default()
    }

    pub(crate) fn peek(&self) -> &Value {
        static NULL: Value = Value::Null;
        self.stack.last().unwrap_or(&NULL)
    }

    /// Run a frame to completion, unwinding errors to its handlers.
    pub fn exec(&mut self, f: &mut Frame<'_>) -> CfResult<Value> {
        self.exec_in_place(f)?;
        Ok(self.pop())
    }

    /// `exec`, leaving the result on the stack where the frame began (a caller that pushes it
    /// anyway saves moving it through return values). Inlined into the callers (a call is then
    /// one Rust call less deep); the unwinding of errors runs out of line.
    #[inline(always)]
    pub(crate) fn exec_in_place(&mut self, f: &mut Frame<'_>) -> CfResult<()> {
        let depth = self.enter_level();
        let r = self.exec_frame(f);
        self.shadow_depth = depth;
        r
    }

    #[inline(always)]
    fn exec_frame(&mut self, f: &mut Frame<'_>) -> CfResult<()> {
        f.base = self.stack.len();
        self.frame_seq += 1;
        f.id = self.frame_seq;
        if let Some(p) = self.prof.as_mut() {
            p.enter(&f.proto);
        }
        loop {
            match self.run(f) {
                Ok(()) => {
                    if let Some(p) = self.prof.as_mut() {
                        p.exit(&f.proto, f.pc);
                    }
                    // `run` left the result on top; anything between it and the base goes.
                    if self.stack.len() != f.base + 1 {
                        let v = self.pop();
                        self.stack.truncate(f.base);
                        self.stack.push(v);
                    }
                    if !self.locks.is_empty() {
                        self.release_frame_locks(f.id);
                    }
                    return Ok(());
                }
                Err((e, rethrown)) => self.unwind(f, e, rethrown)?,
            }
        }
    }

    /// An error raised in `f`: the innermost handler catches it (restoring the heights it saved;
    /// the frame goes on at its target), or it leaves the frame.
    #[cold]
    #[inline(never)]
    fn unwind(&mut self, f: &mut Frame<'_>, mut e: Box<CfmlError>, rethrown: bool) -> CfResult<()> {
        if !rethrown && !e.abort {
            e.tag_context.push(f.position());
        }
        match f.handlers.pop() {
            Some(h) if !e.abort => {
                self.catch(f, h, e);
                Ok(())
            }
            _ => {
                if let Some(p) = self.prof.as_mut() {
                    p.exit(&f.proto, f.pc);
                }
                self.stack.truncate(f.base);
                if !self.locks.is_empty() {
                    self.release_frame_locks(f.id);
                }
                Err(e)
            }
        }
    }

    /// `h` catches `e`: the heights it saved are restored and the frame goes on at its target.
    pub(crate) fn catch(&mut self, f: &mut Frame<'_>, h: Handler, e: Box<CfmlError>) {
        self.stack.truncate(h.stack);
        f.iters.truncate(h.iters);
        f.exceptions.truncate(h.exceptions);
        self.bufs.truncate(h.bufs.max(1));
        self.output_depth = h.output_depth;
        self.queries.truncate(h.queries);
        self.sql.truncate(h.sql);
        self.custom_tags.truncate(h.custom_tags);
        f.exceptions.push(e);
        f.pc = h.target as usize;
    }

    /// The interpreter loop. An error carries whether it is a rethrow (no new position).
    ///
    /// The inner loop runs the instructions that only touch the stack, the slots and the
    /// function's tables, keeping `pc` in a register and borrowing the code from the frame
    /// (no reference count taken); any other instruction leaves it for `step`, which may use the
    /// whole frame. `f.pc` is written back before anything that can fail or call out, as error
    /// positions and handlers read it.
    ///
    /// Calls of plain page functions run here without Rust recursion (`frames.rs`): `calls`
    /// holds their callers while `f` runs the callee. An error returned has left all of them.
    fn run(&mut self, f: &mut Frame<'_>) -> Result<(), (Box<CfmlError>, bool)> {
        let mut calls = Vec::new();
        let r = self.run_loop(f, &mut calls);
        if calls.capacity() > 0 {
            self.give_records(calls);
        }
        r
    }

    #[inline(always)]
    fn run_loop<'a>(
        &mut self,
        f: &mut Frame<'a>,
        calls: &mut Vec<Suspended<'a>>,
    ) -> Result<(), (Box<CfmlError>, bool)> {
        let mut pc = f.pc;
        // The function, for `step`: taken (one reference count) only when a slow instruction
        // runs, and dropped when the frame switches functions.
        let mut held: Option<Arc<FuncProto>> = None;
        // The call site last found to lead to a quickest call (`CallCache::quick_self`): its
        // `pc` (after the instruction) and the version of `variables` it was checked at. Valid
        // while the frame runs the same function: forgotten wherever `held` is dropped.
        let mut quick: (usize, u64) = (usize::MAX, 0);
        // Why the inner loop stopped when it did not stop at an instruction for `step` (kept
        // out of the instruction it yields, which then stays one plain value).
        let mut exit = Exit::Step;
        loop {
            let op = {
                let proto: &FuncProto = &f.proto;
                let code = proto.code.as_slice();
                macro_rules! fail {
                    ($e:expr) => {{
                        f.pc = pc;
                        exit = Exit::Error($e);
                        break Op::Null;
                    }};
                }
                macro_rules! check {
                    ($r:expr) => {
                        if let Err(e) = $r {
                            fail!(e)
                        }
                    };
                }
                // Jump to `$t`, checking the deadline first when the jump goes backwards (so an
                // error points at the loop).
                macro_rules! goto {
                    ($t:expr) => {{
                        let t = $t as usize;
                        if t < pc {
                            check!(self.check_deadline_at(proto, pc));
                        }
                        pc = t;
                    }};
                }
                // The frame's parts an inline call of the running function changes.
                macro_rules! parts {
                    () => {
                        crate::frames::Parts {
                            slot_vec: &mut f.slot_vec,
                            sbase: &mut f.sbase,
                            base: &mut f.base,
                            id: &mut f.id,
                            handlers: &mut f.handlers,
                            iters: &mut f.iters,
                            exceptions: &mut f.exceptions,
                        }
                    };
                }
                // Push slot `$i` (an unset slot is an error).
                macro_rules! load_slot {
                    ($i:expr) => {
                        match f.slot($i as usize) {
                            Some(Some(Value::Num(n))) => self.stack.push(Value::Num(*n)),
                            Some(Some(v)) if !v.is_null() => self.stack.push(v.clone()),
                            _ => fail!(undefined_slot(proto, $i)),
                        }
                    };
                }
                // Return the value on top of the stack: to an inline caller of the same
                // function here, otherwise out of the loop (`Exit::Return`).
                macro_rules! ret {
                    () => {{
                        // The result stays on top of the stack (see `exec_in_place`).
                        f.pc = pc;
                        let quick = match calls.last() {
                            None => return Ok(()),
                            Some(s) => {
                                !s.switches()
                                    && proto.return_type.is_none()
                                    && self.prof.is_none()
                                    && self.locks.is_empty()
                            }
                        };
                        if quick {
                            self.depth -= 1;
                            pc = parts!().leave_self(&mut self.stack, calls);
                            continue;
                        }
                        exit = Exit::Return;
                        break Op::Null;
                    }};
                }
                // Jump to `$t` when the comparison `$r` came out as `$when`.
                macro_rules! branch {
                    ($r:expr, $when:expr, $t:expr) => {
                        match $r {
                            Ok(r) if r == $when => goto!($t),
                            Ok(_) => {}
                            Err(e) => fail!(e),
                        }
                    };
                }
                loop {
                    let Some(&op) = code.get(pc) else {
                        f.pc = pc;
                        self.stack.push(Value::Null);
                        if calls.is_empty() {
                            return Ok(());
                        }
                        exit = Exit::Return;
                        break Op::Null;
                    };
                    pc += 1;
                    match op {
                        Op::Const(i) => match proto.consts.get(i as usize) {
                            Some(Const::Num(n)) => self.stack.push(Value::Num(*n)),
                            Some(Const::Str(s)) => self.stack.push(Value::Str(s.clone())),
                            None => self.stack.push(Value::Null),
                        },
                        Op::Null => self.stack.push(Value::Null),
                        Op::True => self.stack.push(Value::Bool(true)),
                        Op::False => self.stack.push(Value::Bool(false)),
                        Op::Pop => {
                            self.stack.pop();
                        }
                        Op::Dup => {
                            let v = self.peek().clone();
                            self.stack.push(v);
                        }
                        Op::Swap => {
                            let n = self.stack.len();
                            if n >= 2 {
                                self.stack.swap(n - 1, n - 2);
                            }
                        }
                        Op::Dup2 => {
                            let n = self.stack.len();
                            if n >= 2 {
                                let top = self.stack.as_slice();
                                let (a, b) = (top[n - 2].clone(), top[n - 1].clone());
                                self.stack.push(a);
                                self.stack.push(b);
                            }
                        }
                        Op::LoadSlot(i) => load_slot!(i),
                        Op::SetSlot(i) => {
                            // A number is copied by value, not moved (see `Stack`).
                            let v = match self.stack.last() {
                                Some(Value::Num(n)) => {
                                    let n = *n;
                                    self.stack.discard_plain();
                                    Value::Num(n)
                                }
                                _ => self.pop(),
                            };
                            if let Some(s) = f.slot_vec.get_mut(f.sbase + i as usize) {
                                *s = Some(v);
                            }
                        }
                        Op::StoreSlot(i) => {
                            let v = self.peek().clone();
                            if let Some(s) = f.slot_vec.get_mut(f.sbase + i as usize) {
                                *s = Some(v);
                            }
                        }
                        Op::LoadSlotOrNull(i) => {
                            let v = f
                                .slot(i as usize)
                                .and_then(|s| s.clone())
                                .unwrap_or_default();
                            self.stack.push(v);
                        }
                        Op::AddSlotConst(i, c) => {
                            check!(add_slot_const(&mut f.slot_vec, f.sbase, proto, i, c))
                        }
                        Op::LoopStepConst {
                            slot,
                            cmp,
                            step,
                            limit,
                            target,
                        } => {
                            let consts = (
                                proto.consts.get(step as usize),
                                proto.consts.get(limit as usize),
                            );
                            let go = match (f.slot_vec.get_mut(f.sbase + slot as usize), consts) {
                                (
                                    Some(Some(Value::Num(n))),
                                    (Some(Const::Num(d)), Some(Const::Num(l))),
                                ) => {
                                    *n += *d;
                                    compare_num(cmp, *n, *l)
                                }
                                _ => {
                                    check!(add_slot_const(
                                        &mut f.slot_vec,
                                        f.sbase,
                                        proto,
                                        slot,
                                        step
                                    ));
                                    match cmp_slot_const(
                                        &f.slot_vec,
                                        f.sbase,
                                        proto,
                                        slot,
                                        cmp,
                                        limit,
                                    ) {
                                        Ok(b) => b,
                                        Err(e) => fail!(e),
                                    }
                                }
                            };
                            if go {
                                goto!(target);
                            }
                        }
                        // Written out like `LoopStepConst` above: a helper both share, returning
                        // a `CfResult<bool>`, cost both loops 4% more instructions (measured).
                        Op::LoopStepImm {
                            slot,
                            cmp,
                            step,
                            limit,
                            target,
                        } => {
                            let (step, limit) = (f64::from(step), f64::from(limit));
                            let go = match f.slot_vec.get_mut(f.sbase + slot as usize) {
                                Some(Some(Value::Num(n))) => {
                                    *n += step;
                                    compare_num(cmp, *n, limit)
                                }
                                _ => {
                                    check!(add_slot_num(
                                        &mut f.slot_vec,
                                        f.sbase,
                                        proto,
                                        slot,
                                        step
                                    ));
                                    match cmp_slot_num(
                                        &f.slot_vec,
                                        f.sbase,
                                        proto,
                                        slot,
                                        cmp,
                                        limit,
                                    ) {
                                        Ok(b) => b,
                                        Err(e) => fail!(e),
                                    }
                                }
                            };
                            if go {
                                goto!(target);
                            }
                        }
                        Op::LoopStepSlot {
                            slot,
                            limit,
                            cmp,
                            step,
                            target,
                        } => {
                            check!(add_slot_const(&mut f.slot_vec, f.sbase, proto, slot, step));
                            branch!(
                                cmp_slot_slot(&f.slot_vec, f.sbase, proto, slot, limit, cmp),
                                true,
                                target
                            )
                        }
                        Op::Add => check!(self.arith_top(Arith::Add)),
                        Op::Sub => check!(self.arith_top(Arith::Sub)),
                        Op::Mul => check!(self.arith_top(Arith::Mul)),
                        Op::Div => check!(self.arith_top(Arith::Div)),
                        Op::IntDiv => check!(self.arith_top(Arith::IntDiv)),
                        Op::Pow => check!(self.arith_top(Arith::Pow)),
                        Op::Mod => check!(self.arith_top(Arith::Mod)),
                        Op::Concat => check!(self.arith_top(Arith::Concat)),
                        Op::Eq => check!(self.compare_top(Cmp::Eq)),
                        Op::Neq => check!(self.compare_top(Cmp::Neq)),
                        Op::Lt => check!(self.compare_top(Cmp::Lt)),
                        Op::Lte => check!(self.compare_top(Cmp::Lte)),
                        Op::Gt => check!(self.compare_top(Cmp::Gt)),
                        Op::Gte => check!(self.compare_top(Cmp::Gte)),
                        Op::ArithSlotConst { op, slot, c } => {
                            let a = match f.slot(slot as usize) {
                                Some(Some(v)) if !v.is_null() => v,
                                _ => fail!(undefined_slot(proto, slot)),
                            };
                            let k = proto.consts.get(c as usize);
                            // Numbers are pushed straight from registers: going through a
                            // `CfResult<Value>` in memory stalls on the partial reload.
                            if let (Value::Num(x), Some(Const::Num(y))) = (a, k) {
                                if let Some(n) = arith_num(op, *x, *y) {
                                    self.stack.push(Value::Num(n));
                                    continue;
                                }
                            }
                            match arith_slow(op, a, &k.map(Value::from).unwrap_or_default()) {
                                Ok(v) => self.stack.push(v),
                                Err(e) => fail!(e),
                            }
                        }
                        Op::ArithSlotSlot { op, a, b } => {
                            let (x, y) = match (f.slot(a as usize), f.slot(b as usize)) {
                                (Some(Some(x)), Some(Some(y))) if !x.is_null() && !y.is_null() => {
                                    (x, y)
                                }
                                (Some(Some(x)), _) if !x.is_null() => {
                                    fail!(undefined_slot(proto, b))
                                }
                                _ => fail!(undefined_slot(proto, a)),
                            };
                            if let (Value::Num(x), Value::Num(y)) = (x, y) {
                                if let Some(n) = arith_num(op, *x, *y) {
                                    self.stack.push(Value::Num(n));
                                    continue;
                                }
                            }
                            match arith_slow(op, x, y) {
                                Ok(v) => self.stack.push(v),
                                Err(e) => fail!(e),
                            }
                        }
                        Op::ArithConst { op, c } => {
                            let r = match (self.stack.last_mut(), proto.consts.get(c as usize)) {
                                (Some(Value::Num(x)), Some(Const::Num(y))) => {
                                    match arith_num(op, *x, *y) {
                                        Some(n) => {
                                            *x = n;
                                            Ok(())
                                        }
                                        None => Err(()),
                                    }
                                }
                                _ => Err(()),
                            };
                            if r.is_err() {
                                let k = proto.consts.get(c as usize).map(Value::from);
                                let a = self.pop();
                                match arith_slow(op, &a, &k.unwrap_or_default()) {
                                    Ok(v) => self.stack.push(v),
                                    Err(e) => fail!(e),
                                }
                            }
                        }
                        Op::ArithSlot { op, slot } => {
                            let b = match f.slot(slot as usize) {
                                Some(Some(v)) if !v.is_null() => v,
                                _ => fail!(undefined_slot(proto, slot)),
                            };
                            let fast = match (self.stack.last_mut(), b) {
                                (Some(Value::Num(x)), Value::Num(y)) => match arith_num(op, *x, *y)
                                {
                                    Some(n) => {
                                        *x = n;
                                        true
                                    }
                                    None => false,
                                },
                                _ => false,
                            };
                            if !fast {
                                let a = self.pop();
                                match arith_slow(op, &a, b) {
                                    Ok(v) => self.stack.push(v),
                                    Err(e) => fail!(e),
                                }
                            }
                        }
                        Op::ArithToSlot { op, slot } => {
                            let cur = match f.slot_vec.get_mut(f.sbase + slot as usize) {
                                Some(Some(cur)) if !cur.is_null() => cur,
                                _ => fail!(undefined_slot(proto, slot)),
                            };
                            if let (Value::Num(x), Some(Value::Num(y))) =
                                (&mut *cur, self.stack.last())
                            {
                                if let Some(n) = arith_num(op, *x, *y) {
                                    *x = n;
                                    self.stack.discard_plain();
                                    continue;
                                }
                            }
                            let v = self.pop();
                            match arith_slow(op, cur, &v) {
                                Ok(r) => *cur = r,
                                Err(e) => fail!(e),
                            }
                        }
                        Op::ArithSlotConstToSlot {
                            op,
                            slot,
                            c,
                            to,
                            dst,
                        } => check!(arith_slot_const_to_slot(
                            &mut f.slot_vec,
                            f.sbase,
                            proto,
                            (op, slot, c),
                            (to, dst)
                        )),
                        Op::ArithSlotImmToSlot {
                            op,
                            slot,
                            imm,
                            to,
                            dst,
                        } => check!(arith_slot_num_to_slot(
                            &mut f.slot_vec,
                            f.sbase,
                            proto,
                            (op, slot, f64::from(imm)),
                            (to, dst)
                        )),
                        Op::JumpCmpSlotConst {
                            slot,
                            cmp,
                            when,
                            c,
                            target,
                        } => branch!(
                            cmp_slot_const(&f.slot_vec, f.sbase, proto, slot, cmp, c),
                            when,
                            target
                        ),
                        Op::JumpCmpSlotSlot {
                            a,
                            b,
                            cmp,
                            when,
                            target,
                        } => branch!(
                            cmp_slot_slot(&f.slot_vec, f.sbase, proto, a, b, cmp),
                            when,
                            target
                        ),
                        Op::JumpCmpConst {
                            cmp,
                            when,
                            c,
                            target,
                        } => {
                            let k = proto.consts.get(c as usize);
                            let r = match (self.stack.last(), k) {
                                (Some(Value::Num(x)), Some(Const::Num(y))) => {
                                    let r = compare_num(cmp, *x, *y);
                                    self.stack.discard_plain();
                                    Ok(r)
                                }
                                _ => {
                                    let a = self.pop();
                                    compare_slow(cmp, &a, &k.map(Value::from).unwrap_or_default())
                                }
                            };
                            branch!(r, when, target)
                        }
                        Op::JumpCmp { cmp, when, target } => {
                            let r = match self.stack.as_slice() {
                                [.., Value::Num(x), Value::Num(y)] => {
                                    let r = compare_num(cmp, *x, *y);
                                    self.stack.truncate_plain(2);
                                    Ok(r)
                                }
                                _ => {
                                    let b = self.pop();
                                    let a = self.pop();
                                    compare_slow(cmp, &a, &b)
                                }
                            };
                            branch!(r, when, target)
                        }
                        Op::Jump(t) => goto!(t),
                        Op::JumpIfFalse(t) => {
                            let b = match self.stack.last() {
                                Some(Value::Bool(b)) => {
                                    let b = *b;
                                    self.stack.discard_plain();
                                    b
                                }
                                _ => match self.pop().to_bool() {
                                    Ok(b) => b,
                                    Err(e) => fail!(e),
                                },
                            };
                            if !b {
                                pc = t as usize
                            }
                        }
                        Op::JumpIfTrue(t) => {
                            let b = match self.stack.last() {
                                Some(Value::Bool(b)) => {
                                    let b = *b;
                                    self.stack.discard_plain();
                                    b
                                }
                                _ => match self.pop().to_bool() {
                                    Ok(b) => b,
                                    Err(e) => fail!(e),
                                },
                            };
                            if b {
                                goto!(t);
                            }
                        }
                        Op::JumpIfNotNull(t) => {
                            if !self.peek().is_null() {
                                pc = t as usize;
                            }
                        }
                        Op::JumpIfNull(t) => {
                            if self.peek().is_null() {
                                pc = t as usize;
                            }
                        }
                        Op::Not => {
                            let r = match self.stack.last_mut() {
                                Some(v @ Value::Bool(_)) => {
                                    *v = Value::Bool(!matches!(v, Value::Bool(true)));
                                    Ok(())
                                }
                                _ => {
                                    let v = self.pop();
                                    v.to_bool().map(|b| self.stack.push(Value::Bool(!b)))
                                }
                            };
                            check!(r);
                        }
                        Op::Return => ret!(),
                        Op::ReturnSlot(i) => {
                            load_slot!(i);
                            ret!()
                        }
                        Op::CallUdf { name, argc, names } => {
                            f.pc = pc;
                            let key = &proto.names[name as usize];
                            if names == u32::MAX {
                                // The quickest call: a plain function calling itself (see
                                // `Vm::page_target` for the conditions on the frame), the
                                // deadline checked every 4096 calls as `check_deadline` does
                                // (the call that reaches the count takes the path below).
                                let version = if quick.0 == pc && quick.1 == f.variables.version() {
                                    Some(quick.1)
                                } else if f.local.is_none()
                                    && f.args.is_none()
                                    && f.captured.is_none()
                                    && f.this.is_none()
                                    && f.super_.is_none()
                                    && f.static_.is_none()
                                    && argc as usize <= proto.params.len()
                                {
                                    self.call_cache.quick_self(&f.proto, pc, &f.variables)
                                } else {
                                    None
                                };
                                if let Some(v) = version.filter(|_| {
                                    self.queries.is_empty()
                                        && self.prof.is_none()
                                        && self.depth < MAX_CALL_DEPTH
                                }) {
                                    quick = (pc, v);
                                    let t = self.ticks.wrapping_add(1);
                                    if !t.is_multiple_of(4096) {
                                        self.ticks = t;
                                        if calls.capacity() == 0 {
                                            *calls = self.take_records();
                                        }
                                        self.frame_seq += 1;
                                        self.depth += 1;
                                        parts!().enter_self(
                                            &mut self.stack,
                                            calls,
                                            proto.num_slots as usize,
                                            argc as usize,
                                            pc,
                                            self.frame_seq,
                                        );
                                        pc = 0;
                                        continue;
                                    }
                                }
                                if let Some(t) = self.inline_target(f, key) {
                                    exit = Exit::Call(t, argc);
                                    break Op::Null;
                                }
                            }
                            check!(self.op_call_udf_noted(
                                f,
                                calls,
                                key,
                                argc,
                                names_of(proto, names)
                            ));
                        }
                        // Output touches only the VM's buffers: a page's text runs here.
                        Op::Text(i) => {
                            if let Some(Const::Str(s)) = proto.consts.get(i as usize) {
                                self.write(s);
                            }
                        }
                        Op::TextOutsideOutput(i) => {
                            if self.output_only == 0 || self.output_depth > 0 {
                                if let Some(Const::Str(s)) = proto.consts.get(i as usize) {
                                    self.write(s);
                                }
                            }
                        }
                        Op::EnterOutput => self.output_depth += 1,
                        Op::LeaveOutput => {
                            self.output_depth = self.output_depth.saturating_sub(1);
                        }
                        // Inside <cfquery> the value is quoted (`step`).
                        Op::Print if self.sql.is_empty() => {
                            let v = self.pop();
                            if let Some(b) = self.bufs.last_mut() {
                                if let Err(e) = v.write_to(b) {
                                    fail!(e)
                                }
                            }
                        }
                        other => {
                            f.pc = pc;
                            break other;
                        }
                    }
                }
            };
            let r = match std::mem::replace(&mut exit, Exit::Step) {
                Exit::Step => {
                    let proto = held.get_or_insert_with(|| f.proto.clone());
                    self.step(f, calls, proto, op)
                }
                Exit::Call(t, argc) => {
                    if t != Target::Caller {
                        held = None;
                        quick.0 = usize::MAX;
                    }
                    if calls.capacity() == 0 {
                        *calls = self.take_records();
                    }
                    self.enter_inline(f, calls, t, argc as usize)
                        .map_err(|e| (e, false))
                }
                Exit::Return => match calls.pop() {
                    Some(s) => {
                        if s.switches() {
                            held = None;
                            quick.0 = usize::MAX;
                        }
                        self.leave_inline(f, s).map_err(|e| (e, false))
                    }
                    None => Ok(()),
                },
                Exit::Error(e) => Err((e, false)),
            };
            if let Err((e, rethrown)) = r {
                if calls.is_empty() {
                    return Err((e, rethrown));
                }
                held = None;
                quick.0 = usize::MAX;
                self.unwind_inline(f, calls, e, rethrown)?;
            }
            pc = f.pc;
        }
    }
}
