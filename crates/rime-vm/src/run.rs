//! Frames and the interpreter loop.

use crate::access::{undefined_slot, undefined_var};
use crate::arith::{
    add_slot_const, add_slot_num, arith_num, arith_slot_const_to_slot, arith_slot_num_to_slot,
    arith_slow, cmp_slot_const, cmp_slot_num, cmp_slot_slot, compare_num, compare_slow,
};
use crate::call::names_of;
use crate::call_cache::Target;
use crate::frames::Suspended;
use crate::iter::Iter;
use crate::{Vm, MAX_CALL_DEPTH};
use rime_compiler::{Arith, Cmp, Const, FuncProto, Op};
use rime_runtime::{
    ops, Array, CapturedScope, CfResult, CfmlError, Function, Key, ScopeRef, Struct, TagFrame,
    Value,
};
use std::sync::Arc;

/// An installed exception handler and the heights to restore when it catches.
pub(crate) struct Handler {
    target: u32,
    stack: usize,
    iters: usize,
    exceptions: usize,
    bufs: usize,
    output_depth: u32,
    queries: usize,
    sql: usize,
    custom_tags: usize,
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
        self.shadow.push(crate::ShadowFrame {
            proto: Arc::clone(&f.proto),
            pc: 0,
            inline: Vec::new(),
        });
        let r = self.exec_frame(f);
        self.shadow.pop();
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
                            check!(self.op_call_udf(f, key, argc, names_of(proto, names)));
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
                    // Where this frame calls out from, for `callStackGet` (`Vm::shadow`).
                    if calls_out(&op) {
                        self.note_call_out(f, calls, &op);
                    }
                    let proto = held.get_or_insert_with(|| f.proto.clone());
                    self.step(f, proto, op)
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

    /// Run one instruction that needs the whole frame (calls of builtins, scopes, tags...).
    #[inline(never)]
    fn step(
        &mut self,
        f: &mut Frame<'_>,
        proto: &Arc<FuncProto>,
        op: Op,
    ) -> Result<(), (Box<CfmlError>, bool)> {
        {
            let r: CfResult<()> = match op {
                Op::LoadName(i) => {
                    let key = &proto.names[i as usize];
                    match self.lookup_name(f, key) {
                        Some(v) => {
                            let v = bind_own_method(f, v);
                            self.stack.push(v);
                            Ok(())
                        }
                        None => Err(undefined_var(key.as_str())),
                    }
                }
                Op::LoadNameOrNull(i) => {
                    let v = self
                        .lookup_name(f, &proto.names[i as usize])
                        .unwrap_or_default();
                    let v = bind_own_method(f, v);
                    self.stack.push(v);
                    Ok(())
                }
                Op::StoreName(i) => {
                    let v = self.peek().clone();
                    self.store_name(f, &proto.names[i as usize], v);
                    Ok(())
                }
                Op::DeclareLocal(i) => {
                    let v = self.peek().clone();
                    let key = proto.names[i as usize].clone();
                    match &f.local {
                        Some(l) => l.set(key, v),
                        None => f.variables.set(key, v),
                    }
                    Ok(())
                }
                Op::LoadScope(s) => self.load_scope(f, s).map(|v| self.stack.push(v)),
                Op::SetScope(s) => self.set_scope(f, s),
                Op::LoadNameForWrite(i) => {
                    let key = &proto.names[i as usize];
                    let v = match self.lookup_name(f, key) {
                        Some(v) => v,
                        None => {
                            let v = Value::Struct(Struct::new());
                            self.store_name(f, key, v.clone());
                            v
                        }
                    };
                    self.stack.push(v);
                    Ok(())
                }
                Op::GetMember(i) => {
                    let obj = self.pop();
                    self.get_member(&obj, &proto.names[i as usize])
                        .map(|v| self.stack.push(v))
                }
                Op::GetMemberOrNull(i) => {
                    let obj = self.pop();
                    let v = self
                        .get_member(&obj, &proto.names[i as usize])
                        .unwrap_or_default();
                    self.stack.push(v);
                    Ok(())
                }
                Op::GetMemberForWrite(i) => {
                    let obj = self.pop();
                    self.get_member_for_write(&obj, &proto.names[i as usize])
                        .map(|v| self.stack.push(v))
                }
                Op::SetMember(i) => {
                    let v = self.pop();
                    let obj = self.pop();
                    let r = self.set_member(&obj, proto.names[i as usize].clone(), v.clone());
                    self.stack.push(v);
                    r
                }
                Op::GetIndex => {
                    let idx = self.pop();
                    let obj = self.pop();
                    self.get_index(&obj, &idx).map(|v| self.stack.push(v))
                }
                Op::GetIndexOrNull => {
                    let idx = self.pop();
                    let obj = self.pop();
                    let v = self.get_index(&obj, &idx).unwrap_or_default();
                    self.stack.push(v);
                    Ok(())
                }
                Op::GetMemberIndex(i) => {
                    let idx = self.pop();
                    let obj = self.pop();
                    let key = &proto.names[i as usize];
                    self.query_cell(&obj, key.as_str(), &idx)
                        .unwrap_or_else(|| {
                            self.get_member(&obj, key)
                                .and_then(|v| self.get_index(&v, &idx))
                        })
                        .map(|v| self.stack.push(v))
                }
                Op::GetIndexIndex => {
                    let idx = self.pop();
                    let key = self.pop();
                    let obj = self.pop();
                    let cell = match key.to_str() {
                        Ok(k) => self.query_cell(&obj, &k, &idx),
                        Err(e) => Some(Err(e)),
                    };
                    cell.unwrap_or_else(|| {
                        self.get_index(&obj, &key)
                            .and_then(|v| self.get_index(&v, &idx))
                    })
                    .map(|v| self.stack.push(v))
                }
                Op::GetIndexForWrite => {
                    let idx = self.pop();
                    let obj = self.pop();
                    self.get_index_for_write(&obj, &idx)
                        .map(|v| self.stack.push(v))
                }
                Op::SetIndex => {
                    let v = self.pop();
                    let idx = self.pop();
                    let obj = self.pop();
                    let r = self.set_index(&obj, &idx, v.clone());
                    self.stack.push(v);
                    r
                }
                Op::CallName { name, argc, names } => {
                    self.op_call_name(f, proto, name, argc, names)
                }
                Op::CallBuiltin { id, argc, names } => {
                    self.op_call_builtin(f, proto, id, argc, names)
                }
                Op::CallMethod {
                    name,
                    argc,
                    names,
                    safe,
                } => self.op_call_method(f, proto, name, argc, names, safe),
                Op::CallValue { argc, names } => self.op_call_value(f, proto, argc, names),
                Op::New { argc, names } => {
                    let at = self.stack.len().saturating_sub(argc as usize);
                    let args = self.stack.split_off(at);
                    let class = self.pop();
                    let names = (names != u32::MAX)
                        .then(|| proto.arg_names.get(names as usize))
                        .flatten()
                        .map(|v| v.as_slice());
                    class.to_str().and_then(|c| {
                        let from = f.proto.source.path.clone();
                        self.create_component(&c, &from, args, names, true, &proto.imports)
                            .map(|v| self.stack.push(v))
                    })
                }
                Op::Closure(i) => {
                    let sub = proto.functions[i as usize].clone();
                    let mut captured: Vec<CapturedScope> = Vec::new();
                    if let (Some(local), Some(arguments)) = (&f.local, &f.args) {
                        captured.push(CapturedScope {
                            local: local.clone(),
                            arguments: arguments.clone(),
                        });
                    }
                    captured.extend(f.captured.iter().flat_map(|c| c.iter()).cloned());
                    self.stack.push(Value::Func(Arc::new(Function {
                        proto: sub,
                        captured: (!captured.is_empty()).then(|| Arc::from(captured)),
                        variables: Some(ScopeRef::Strong(f.variables.clone())),
                        super_: f.super_.clone(),
                        static_: f.static_.clone(),
                        this: match &f.this {
                            Some(Value::Struct(t)) => Some(t.downgrade()),
                            _ => None,
                        },
                    })));
                    Ok(())
                }
                Op::DefineFunction(i) => {
                    let sub = proto.functions[i as usize].clone();
                    let key = Key::new(sub.name.clone());
                    let private = sub
                        .access
                        .as_deref()
                        .is_some_and(|a| a.eq_ignore_ascii_case("private"));
                    let func = Value::Func(Arc::new(Function {
                        proto: sub,
                        captured: None,
                        variables: Some(ScopeRef::Weak(f.variables.downgrade())),
                        super_: f.super_.clone(),
                        static_: f.static_.clone(),
                        this: None,
                    }));
                    // In a component, non-private functions are also public members (`this`).
                    if let (Some(Value::Struct(this)), false) = (&f.this, private) {
                        this.set(key.clone(), func.clone());
                    }
                    f.variables.set(key, func);
                    Ok(())
                }
                Op::StrictEq => self.binop(|a, b| Ok(Value::Bool(ops::strict_equals(a, b)))),
                Op::StrictNeq => self.binop(|a, b| Ok(Value::Bool(!ops::strict_equals(a, b)))),
                Op::Contains => self.binop(|a, b| ops::contains(a, b).map(Value::Bool)),
                Op::NotContains => self.binop(|a, b| ops::contains(a, b).map(|x| Value::Bool(!x))),
                Op::Xor => self.binop(|a, b| Ok(Value::Bool(a.to_bool()? ^ b.to_bool()?))),
                Op::Eqv => self.binop(|a, b| Ok(Value::Bool(a.to_bool()? == b.to_bool()?))),
                Op::Imp => self.binop(|a, b| Ok(Value::Bool(!a.to_bool()? || b.to_bool()?))),
                Op::Neg => {
                    let v = self.pop();
                    v.to_num().map(|n| self.stack.push(Value::Num(-n)))
                }
                Op::ToNum => {
                    let v = self.pop();
                    v.to_num().map(|n| self.stack.push(Value::Num(n)))
                }
                Op::ToBool => {
                    let v = self.pop();
                    v.to_bool().map(|b| self.stack.push(Value::Bool(b)))
                }
                Op::LoopCheck => {
                    let step = self.pop();
                    let to = self.pop();
                    let i = self.pop();
                    (|| {
                        let (i, to, step) = (i.to_num()?, to.to_num()?, step.to_num()?);
                        Ok(if step < 0.0 { i >= to } else { i <= to })
                    })()
                    .map(|b| self.stack.push(Value::Bool(b)))
                }
                Op::Print => {
                    let v = self.pop();
                    let in_sql = self
                        .sql
                        .last()
                        .is_some_and(|(i, _)| *i + 1 == self.bufs.len());
                    match self.bufs.last_mut() {
                        // Inside <cfquery>, #expr# doubles single quotes (as CFML does).
                        Some(b) if in_sql => v.to_str().map(|s| b.push_str(&s.replace('\'', "''"))),
                        Some(b) => v.write_to(b),
                        None => Ok(()),
                    }
                }
                Op::QueryBegin => {
                    self.bufs.push(String::new());
                    self.sql.push((self.bufs.len() - 1, Vec::new()));
                    Ok(())
                }
                Op::QueryEnd => {
                    let attrs = self.pop();
                    self.op_query_end(f, &attrs)
                }
                Op::TxBegin => {
                    let attrs = self.pop();
                    self.op_tx_begin(&attrs)
                }
                Op::TxEnd(commit) => self.op_tx_end(commit),
                Op::SetOutputOnly => {
                    let v = self.pop();
                    v.to_bool().map(|b| {
                        if b {
                            self.output_only += 1
                        } else {
                            self.output_only = self.output_only.saturating_sub(1)
                        }
                    })
                }
                Op::PushBuffer => {
                    self.bufs.push(String::new());
                    Ok(())
                }
                Op::PopBuffer => {
                    let s = if self.bufs.len() > 1 {
                        self.bufs.pop().unwrap_or_default()
                    } else {
                        String::new()
                    };
                    self.stack.push(Value::from(s));
                    Ok(())
                }
                Op::MakeArray(n) => {
                    let at = self.stack.len().saturating_sub(n as usize);
                    let items = self.stack.split_off(at);
                    self.stack.push(Value::Array(Array::from_vec(items)));
                    Ok(())
                }
                Op::MakeStruct { n, ordered } => {
                    let at = self.stack.len().saturating_sub(2 * n as usize);
                    let s = Struct::with_capacity(ordered, n as usize);
                    let mut r = Ok(());
                    {
                        let mut g = s.write();
                        let mut it = self.stack.drain_from(at);
                        while let (Some(k), Some(v)) = (it.next(), it.next()) {
                            // A string key shares its text (literal keys are constants).
                            let key = match k {
                                Value::Str(k) => Key::new(k),
                                k => match k.to_str() {
                                    Ok(k) => Key::new(k.as_ref()),
                                    Err(e) => {
                                        r = Err(e);
                                        continue;
                                    }
                                },
                            };
                            // An existing key keeps its original case (as `Struct::set`).
                            match g.map.get_mut(&key) {
                                Some(slot) => *slot = v,
                                None => {
                                    g.map.insert(key, v);
                                }
                            }
                        }
                    }
                    self.stack.push(Value::Struct(s));
                    r
                }
                Op::IterInit(kind) => self.iter_init(f, kind),
                Op::IterNext(t) => {
                    match self.iter_next(f) {
                        Some(v) => self.stack.push(v),
                        None => {
                            self.iter_pop(f);
                            f.pc = t as usize;
                        }
                    }
                    Ok(())
                }
                Op::IterPop => {
                    self.iter_pop(f);
                    Ok(())
                }
                Op::IterIndex => {
                    let i = f.iters.last().map(|it| it.position()).unwrap_or(0);
                    self.stack.push(Value::Num(i as f64));
                    Ok(())
                }
                Op::PushHandler(t) => {
                    f.handlers.push(Handler {
                        target: t,
                        stack: self.stack.len(),
                        iters: f.iters.len(),
                        exceptions: f.exceptions.len(),
                        bufs: self.bufs.len(),
                        output_depth: self.output_depth,
                        queries: self.queries.len(),
                        sql: self.sql.len(),
                        custom_tags: self.custom_tags.len(),
                    });
                    Ok(())
                }
                Op::PopHandler => {
                    f.handlers.pop();
                    Ok(())
                }
                Op::CatchMatches(i) => {
                    let ty = match proto.consts.get(i as usize) {
                        Some(Const::Str(s)) => s.as_str(),
                        _ => "any",
                    };
                    let m = f.exceptions.last().is_some_and(|e| e.matches(ty));
                    self.stack.push(Value::Bool(m));
                    Ok(())
                }
                Op::CatchValue => {
                    let v = f
                        .exceptions
                        .last()
                        .map(|e| e.to_value())
                        .unwrap_or_default();
                    self.stack.push(v);
                    Ok(())
                }
                Op::EndCatch => {
                    f.exceptions.pop();
                    Ok(())
                }
                Op::Rethrow => {
                    return Err(match f.exceptions.pop() {
                        Some(e) => (e, true),
                        None => (
                            CfmlError::application("rethrow is only allowed inside a catch block"),
                            false,
                        ),
                    })
                }
                Op::Throw => {
                    let v = self.pop();
                    let e = throw_error(&v);
                    // `throw(object=cfcatch)` rethrows: the error keeps its own positions.
                    let rethrown = !e.tag_context.is_empty();
                    return Err((e, rethrown));
                }
                Op::Abort => Err(CfmlError::abort()),
                Op::Include => {
                    let path = self.pop();
                    self.op_include(f, &path)
                }
                Op::Param => {
                    let attrs = self.pop();
                    self.op_param(f, &attrs)
                }
                Op::Tag(i) => {
                    let attrs = self.pop();
                    let name = match proto.consts.get(i as usize) {
                        Some(Const::Str(s)) => s.clone(),
                        _ => arcstr::ArcStr::new(),
                    };
                    self.op_tag(f, &name, &attrs)
                }
                Op::LoadStatic => {
                    let class = self.pop();
                    class.to_str().and_then(|c| {
                        let from = f.proto.source.path.clone();
                        self.static_scope_of(&c, &from)
                            .map(|s| self.stack.push(Value::Struct(s)))
                    })
                }
                Op::LockEnter => match self.pop() {
                    Value::Struct(a) => self.lock_enter(f, &a),
                    _ => Ok(()),
                },
                Op::LockExit => {
                    self.lock_exit();
                    Ok(())
                }
                Op::CustomTagStart {
                    name,
                    has_body,
                    end,
                } => {
                    let attrs = self.pop();
                    let tag = match proto.consts.get(name as usize) {
                        Some(Const::Str(s)) => s.clone(),
                        _ => arcstr::ArcStr::new(),
                    };
                    match self.custom_tag_start(f, &tag, attrs, has_body) {
                        Ok(true) => Ok(()),
                        Ok(false) => {
                            f.pc = end as usize;
                            Ok(())
                        }
                        Err(e) => Err(e),
                    }
                }
                Op::CustomTagEnd { body } => match self.custom_tag_end() {
                    Ok(true) => {
                        f.pc = body as usize;
                        Ok(())
                    }
                    Ok(false) => Ok(()),
                    Err(e) => Err(e),
                },
                Op::BindArguments => {
                    let args = Struct::with_flags(true);
                    args.write().positional = true;
                    for (i, p) in proto.params.iter().enumerate() {
                        if let Some(Some(v)) = f.slot(i) {
                            args.set(p.name.clone(), v.clone());
                        } else {
                            args.set(p.name.clone(), Value::Null);
                        }
                    }
                    if let Some(extra) = f.args.take() {
                        for (k, v) in extra.entries() {
                            args.set(k, v);
                        }
                    }
                    f.args = Some(args);
                    f.local = Some(Struct::new());
                    Ok(())
                }
                Op::Const(_)
                | Op::Null
                | Op::True
                | Op::False
                | Op::Pop
                | Op::Dup
                | Op::Swap
                | Op::Dup2
                | Op::LoadSlot(_)
                | Op::SetSlot(_)
                | Op::StoreSlot(_)
                | Op::LoadSlotOrNull(_)
                | Op::AddSlotConst(..)
                | Op::Add
                | Op::Sub
                | Op::Mul
                | Op::Div
                | Op::IntDiv
                | Op::Pow
                | Op::Mod
                | Op::Concat
                | Op::Eq
                | Op::Neq
                | Op::Lt
                | Op::Lte
                | Op::Gt
                | Op::Gte
                | Op::ArithSlotConst { .. }
                | Op::ArithSlotSlot { .. }
                | Op::ArithConst { .. }
                | Op::ArithSlot { .. }
                | Op::ArithToSlot { .. }
                | Op::ArithSlotConstToSlot { .. }
                | Op::ArithSlotImmToSlot { .. }
                | Op::JumpCmpSlotConst { .. }
                | Op::JumpCmpSlotSlot { .. }
                | Op::LoopStepConst { .. }
                | Op::LoopStepImm { .. }
                | Op::LoopStepSlot { .. }
                | Op::JumpCmp { .. }
                | Op::JumpCmpConst { .. }
                | Op::Jump(_)
                | Op::JumpIfFalse(_)
                | Op::JumpIfTrue(_)
                | Op::JumpIfNotNull(_)
                | Op::JumpIfNull(_)
                | Op::Not
                | Op::Return
                | Op::ReturnSlot(_)
                | Op::Text(_)
                | Op::TextOutsideOutput(_)
                | Op::EnterOutput
                | Op::LeaveOutput
                | Op::CallUdf { .. } => Err(CfmlError::application(format!(
                    "internal error: the instruction {op:?} reached the slow path"
                ))),
            };
            r.map_err(|e| (e, false))
        }
    }
}

/// Whether `op` may run CFML frames (a function, method, constructor, include, tag, builtin):
/// the running frame's position is noted first, for `callStackGet`.
#[inline(always)]
fn calls_out(op: &Op) -> bool {
    matches!(
        op,
        Op::CallMethod { .. }
            | Op::CallValue { .. }
            | Op::CallName { .. }
            | Op::New { .. }
            | Op::CallBuiltin { .. }
            | Op::Include
            | Op::Tag(_)
    )
}

/// Whether `op` calls the builtin `callStackGet`.
fn is_call_stack_get(op: &Op) -> bool {
    static ID: std::sync::OnceLock<Option<u32>> = std::sync::OnceLock::new();
    let Op::CallBuiltin { id, .. } = op else {
        return false;
    };
    let want = ID.get_or_init(|| rime_stdlib::registry().lookup("callStackGet"));
    *want == Some(*id)
}

impl Vm {
    /// Note where the running `exec` level calls out from: its `pc`, and when inline callees run
    /// (`calls`), the level's functions (for a call that may run frames; for builtins only
    /// `callStackGet`, so that builtin-heavy inline code copies nothing).
    #[cold]
    #[inline(never)]
    fn note_call_out(&mut self, f: &Frame<'_>, calls: &[crate::frames::Suspended<'_>], op: &Op) {
        let Some(top) = self.shadow.last_mut() else {
            return;
        };
        top.pc = f.pc as u32;
        if !top.inline.is_empty() {
            top.inline.clear();
        }
        if !calls.is_empty() && (!matches!(op, Op::CallBuiltin { .. }) || is_call_stack_get(op)) {
            self.copy_inline_chain(f, calls);
        }
    }

    /// The running level's functions, innermost first, into its `ShadowFrame`: the inline
    /// callee running in `f`, then its callers (`calls`, outermost first): a record's own
    /// function, or without one (a call of itself) its callee's.
    #[cold]
    #[inline(never)]
    fn copy_inline_chain(&mut self, f: &Frame<'_>, calls: &[crate::frames::Suspended<'_>]) {
        let Some(top) = self.shadow.last_mut() else {
            return;
        };
        let mut callee: Arc<FuncProto> = Arc::clone(&f.proto);
        top.inline.push((Arc::clone(&callee), f.pc as u32));
        for s in calls.iter().rev() {
            let proto = s.caller_proto().unwrap_or_else(|| Arc::clone(&callee));
            top.inline.push((Arc::clone(&proto), s.caller_pc()));
            callee = proto;
        }
    }
}

/// A method of the running instance read by its bare name as a value is bound to the instance
/// (`crate::access::detach_method`).
fn bind_own_method(f: &Frame<'_>, v: Value) -> Value {
    match (&v, &f.this) {
        (Value::Func(_), Some(Value::Struct(this))) => crate::access::detach_method(this, v),
        _ => v,
    }
}

/// Build the error for `throw`/`<cfthrow>` from its attributes (the same keys a caught
/// exception struct has, so `CfmlError::from_value` reads both).
fn throw_error(attrs: &Value) -> Box<CfmlError> {
    let Value::Struct(s) = attrs else {
        return CfmlError::application("invalid throw");
    };
    if let Some(obj) = s.get("object") {
        return CfmlError::from_value(&obj);
    }
    let mut e = CfmlError::from_value(attrs);
    e.extra = None;
    e
}
