//! Calls of page functions run inside the caller's interpreter loop, without Rust recursion.
//!
//! A call of a plain function of the caller's page (`Vm::page_target`: the caller itself, a
//! function its code declares or another function of the page) that needs none of a full
//! frame's extras (`local`/`arguments` structs, output suppression, `super`/`static`) does not
//! build a `Frame`: `run` parks the caller's state in a `Suspended` record and switches the frame it runs to the callee (its
//! function, a slot vector from the pool, `pc` 0), and switches back at `Return`. The callee
//! shares the frame's handler, iterator and exception stacks above the heights the record
//! keeps, so an error goes to the callee's own handlers first, then leaves the callee (adding
//! its position, as a frame of its own would) and goes on in the caller.

use crate::call::{bind_from_stack, check_required, stack_overflow};
use crate::call_cache::Target;
use crate::iter::Iter;
use crate::run::{Frame, Handler, Held};
use crate::stack::Stack;
use crate::{Vm, MAX_CALL_DEPTH};
use rime_bytecode::{FuncProto, Key};
use rime_runtime::{CfResult, CfmlError, Value};
use std::sync::Arc;

/// An emptied record vector, its allocation kept (collected in place: same layout) under the
/// lifetime the pool stores.
// `filter` would keep the lifetime; mapping every record to nothing is what changes it.
#[allow(clippy::unnecessary_filter_map)]
fn retype(calls: Vec<Suspended<'_>>) -> Vec<Suspended<'static>> {
    calls.into_iter().filter_map(|_| None).collect()
}

/// A caller waiting for an inline callee to return.
pub(crate) struct Suspended<'a> {
    /// The caller's function, when the callee is another one (None: the caller calls itself).
    proto: Option<Held<'a, Arc<FuncProto>>>,
    /// The caller's `Frame::sbase`, `pc` and stack base.
    sbase: u32,
    pc: u32,
    base: u32,
    id: u64,
    /// Heights of the frame's handler, iterator and exception stacks at the call.
    handlers: u32,
    iters: u32,
    exceptions: u32,
}

impl Suspended<'_> {
    /// The caller's function, when it is not the callee's.
    pub(crate) fn caller_proto(&self) -> Option<Arc<FuncProto>> {
        self.proto.as_ref().map(|p| Arc::clone(p))
    }

    /// Where the caller is: after its call instruction.
    pub(crate) fn caller_pc(&self) -> u32 {
        self.pc
    }

    /// A record to fill in place (`Parts::enter_self`).
    const BLANK: Self = Suspended {
        proto: None,
        sbase: 0,
        pc: 0,
        base: 0,
        id: 0,
        handlers: 0,
        iters: 0,
        exceptions: 0,
    };

    /// Back to the handler, iterator and exception heights at the call: a `return` inside a
    /// loop or a `try` leaves their entries behind.
    #[inline(always)]
    #[allow(clippy::vec_box)]
    fn restore_heights(
        &self,
        handlers: &mut Vec<Handler>,
        iters: &mut Vec<Iter>,
        exceptions: &mut Vec<Box<CfmlError>>,
    ) {
        if handlers.len() > self.handlers as usize {
            handlers.truncate(self.handlers as usize);
        }
        if iters.len() > self.iters as usize {
            iters.truncate(self.iters as usize);
        }
        if exceptions.len() > self.exceptions as usize {
            exceptions.truncate(self.exceptions as usize);
        }
    }

    /// Whether returning to this caller changes the frame's function.
    pub(crate) fn switches(&self) -> bool {
        self.proto.is_some()
    }
}

/// The parts of a frame that the quickest inline calls change (borrowed field by field, so
/// that the interpreter loop keeps its borrow of the function's code).
pub(crate) struct Parts<'f> {
    pub(crate) slot_vec: &'f mut Vec<Option<Value>>,
    pub(crate) sbase: &'f mut usize,
    pub(crate) base: &'f mut usize,
    pub(crate) id: &'f mut u64,
    pub(crate) handlers: &'f mut Vec<Handler>,
    pub(crate) iters: &'f mut Vec<Iter>,
    #[allow(clippy::vec_box)]
    pub(crate) exceptions: &'f mut Vec<Box<CfmlError>>,
}

impl Parts<'_> {
    /// The quickest inline call (`Vm::run_loop`): the function running calls itself (checked
    /// by the caller: a quick call-site entry, `argc` no more than its parameters, the depth
    /// below the limit, no profile), its `argc` arguments on top of `stack`. `pc` is the
    /// caller's, after the call instruction; the callee starts at 0 with frame id `id`.
    #[inline(always)]
    pub(crate) fn enter_self<'a>(
        self,
        stack: &mut Stack,
        calls: &mut Vec<Suspended<'a>>,
        num_slots: usize,
        argc: usize,
        pc: usize,
        id: u64,
    ) {
        let at = stack.len().saturating_sub(argc);
        let sbase = self.slot_vec.len();
        // Records and slots are written in place, field by field, after the push: a value
        // built first would be spilled across the push's growth path and copied back in wider
        // loads than its stores, which stalls the store buffer (a measured fifth of fib's time).
        calls.push(Suspended::BLANK);
        if let Some(s) = calls.last_mut() {
            s.sbase = *self.sbase as u32;
            s.pc = pc as u32;
            s.base = *self.base as u32;
            s.id = *self.id;
            s.handlers = self.handlers.len() as u32;
            s.iters = self.iters.len() as u32;
            s.exceptions = self.exceptions.len() as u32;
        }
        // The arguments become the callee's first slots (a passed null counts as not passed),
        // the rest of its slots start empty.
        let args = stack.take_from(at);
        self.slot_vec.reserve(num_slots);
        for j in 0..num_slots {
            self.slot_vec.push(None);
            let Some(slot) = self.slot_vec.last_mut() else {
                break;
            };
            match args.get_mut(j) {
                Some(Value::Num(n)) => *slot = Some(Value::Num(*n)),
                Some(Value::Null) | None => {}
                Some(v) => *slot = Some(std::mem::take(v)),
            }
        }
        stack.truncate_plain_to(at);
        *self.sbase = sbase;
        *self.base = at;
        *self.id = id;
    }

    /// Return from a call made by `enter_self` or any other inline call of the running function
    /// by itself (the last of `calls`, a record without a function; the result on top of
    /// `stack`): the caller's `pc`. Checked by the caller: the function declares no return
    /// type, no profile, no locks. The record is read where it lies, not moved out (a move
    /// copies it twice through the stack).
    #[inline(always)]
    pub(crate) fn leave_self(self, stack: &mut Stack, calls: &mut Vec<Suspended<'_>>) -> usize {
        let base = *self.base;
        if stack.len() != base + 1 {
            let v = stack.pop().unwrap_or_default();
            stack.truncate(base);
            stack.push(v);
        }
        truncate_slots(self.slot_vec, *self.sbase);
        // The caller found this record (`ret!` in `run.rs`); without one there is no caller.
        let Some(s) = calls.last() else {
            return 0;
        };
        s.restore_heights(self.handlers, self.iters, self.exceptions);
        *self.sbase = s.sbase as usize;
        *self.base = s.base as usize;
        *self.id = s.id;
        let pc = s.pc as usize;
        match calls.pop() {
            // Nothing to drop: spares the drop glue's call.
            Some(Suspended { proto: None, .. }) => {}
            other => drop(other),
        }
        pc
    }
}

impl Vm {
    /// An empty vector for the inline callers of a run (one a previous run grew, if any).
    pub(crate) fn take_records<'a>(&mut self) -> Vec<Suspended<'a>> {
        self.record_pool.pop().unwrap_or_default()
    }

    /// Keep a finished run's record vector for the next: deep recursion then grows it once
    /// per request rather than once per run.
    pub(crate) fn give_records(&mut self, calls: Vec<Suspended<'_>>) {
        if self.record_pool.len() < 16 {
            self.record_pool.push(retype(calls));
        }
    }

    /// Where the unscoped call of `key` at `f.pc` leads when it can run inline.
    #[inline(always)]
    pub(crate) fn inline_target(&mut self, f: &Frame<'_>, key: &Key) -> Option<Target> {
        // The callee runs with the caller's frame fields, which must be those of a new frame.
        if f.super_.is_some() || f.static_.is_some() {
            return None;
        }
        let t = self.page_target(f, key)?;
        let callee: &FuncProto = match t {
            Target::Caller => &f.proto,
            Target::Nested(i) => f.proto.functions.get(i as usize)?,
            Target::Other => self.call_cache.other(&f.proto, f.pc)?,
        };
        (!callee.dynamic_scope && callee.output != Some(false)).then_some(t)
    }

    /// Call `target` with its `argc` positional arguments on top of the stack: bind them into
    /// new slots and switch `f` to the callee, parking the caller in `calls`. On an error the
    /// arguments are gone and `f` is unchanged.
    pub(crate) fn enter_inline<'a>(
        &mut self,
        f: &mut Frame<'a>,
        calls: &mut Vec<Suspended<'a>>,
        target: Target,
        argc: usize,
    ) -> CfResult<()> {
        let at = self.stack.len().saturating_sub(argc);
        // A sibling is held by the call-site entry `page_target` just checked.
        let other = match target {
            Target::Other => self.call_cache.other(&f.proto, f.pc).cloned(),
            _ => None,
        };
        let sbase = f.slot_vec.len();
        {
            let callee: &Arc<FuncProto> = match (target, &other) {
                (Target::Caller, _) => &f.proto,
                (Target::Other, Some(p)) => p,
                (Target::Other, None) => {
                    self.stack.truncate(at);
                    return Err(CfmlError::application("internal error: no such function"));
                }
                (Target::Nested(i), _) => match f.proto.functions.get(i as usize) {
                    Some(p) => p,
                    None => {
                        self.stack.truncate(at);
                        return Err(CfmlError::application("internal error: no such function"));
                    }
                },
            };
            if self.depth >= MAX_CALL_DEPTH {
                self.stack.truncate(at);
                return Err(stack_overflow(&callee.name));
            }
            if let Err(e) = self.check_deadline() {
                self.stack.truncate(at);
                return Err(e);
            }
            // The callee's slots go on top of the caller's.
            let n = callee.num_slots as usize;
            f.slot_vec.resize_with(sbase + n, || None);
            let slots = f.slot_vec.get_mut(sbase..).unwrap_or_default();
            // Arguments beyond the parameters are dropped: only a dynamic-scope function sees
            // them (in `arguments`), and those do not run inline.
            let bound = bind_from_stack(callee, slots, self.stack.take_from(at));
            self.stack.truncate_plain_to(at);
            let checked = match bound {
                Ok(_) if callee.checks_args => check_required(callee, slots),
                Ok(_) => Ok(()),
                Err(e) => Err(e),
            };
            if let Err(e) = checked {
                truncate_slots(&mut f.slot_vec, sbase);
                return Err(e);
            }
        }
        // The function to switch to (the caller's own stays when it calls itself).
        let callee = match target {
            Target::Caller => None,
            Target::Nested(i) => f.proto.functions.get(i as usize).cloned(),
            Target::Other => other,
        };
        let proto = callee.map(|p| std::mem::replace(&mut f.proto, Held::Owned(p)));
        calls.push(Suspended {
            proto,
            sbase: f.sbase as u32,
            pc: f.pc as u32,
            base: f.base as u32,
            id: f.id,
            handlers: f.handlers.len() as u32,
            iters: f.iters.len() as u32,
            exceptions: f.exceptions.len() as u32,
        });
        f.pc = 0;
        f.base = at;
        f.sbase = sbase;
        self.frame_seq += 1;
        f.id = self.frame_seq;
        self.depth += 1;
        if let Some(p) = self.prof.as_mut() {
            p.enter(&f.proto);
        }
        Ok(())
    }

    /// The inline callee running in `f` returned (its result on top of the stack): back to
    /// its caller `s`, with the result where the arguments were. An error is the declared
    /// return type's, raised in the caller.
    pub(crate) fn leave_inline<'a>(&mut self, f: &mut Frame<'a>, s: Suspended<'a>) -> CfResult<()> {
        if self.stack.len() != f.base + 1 {
            let v = self.pop();
            self.stack.truncate(f.base);
            self.stack.push(v);
        }
        let checked = match &f.proto.return_type {
            Some(_) => crate::call::check_return(&f.proto, self.peek()),
            None => Ok(()),
        };
        if checked.is_err() {
            self.pop();
        }
        self.resume(f, s);
        checked
    }

    /// Leave the inline callee running in `f` (its result, if any, already in place) and go
    /// on in its caller `s`.
    #[inline(always)]
    fn resume<'a>(&mut self, f: &mut Frame<'a>, s: Suspended<'a>) {
        if let Some(p) = self.prof.as_mut() {
            p.exit(&f.proto, f.pc);
        }
        if !self.locks.is_empty() {
            self.release_frame_locks(f.id);
        }
        s.restore_heights(&mut f.handlers, &mut f.iters, &mut f.exceptions);
        self.depth -= 1;
        truncate_slots(&mut f.slot_vec, f.sbase);
        if let Some(p) = s.proto {
            f.proto = p;
        }
        f.sbase = s.sbase as usize;
        f.pc = s.pc as usize;
        f.base = s.base as usize;
        f.id = s.id;
    }

    /// An error raised while inline callees run: the innermost callee's handlers catch it
    /// (Ok: `f` goes on at the handler), else it leaves that callee with its position added
    /// and goes on in the caller. Once no callee is left, the error goes back to the frame's
    /// own unwinding (`exec_in_place`).
    #[cold]
    #[inline(never)]
    pub(crate) fn unwind_inline<'a>(
        &mut self,
        f: &mut Frame<'a>,
        calls: &mut Vec<Suspended<'a>>,
        mut e: Box<CfmlError>,
        mut rethrown: bool,
    ) -> Result<(), (Box<CfmlError>, bool)> {
        while let Some(s) = calls.pop() {
            if !rethrown && !e.abort {
                e.tag_context.push(f.position());
            }
            if !e.abort && f.handlers.len() > s.handlers as usize {
                calls.push(s);
                if let Some(h) = f.handlers.pop() {
                    self.catch(f, h, e);
                }
                return Ok(());
            }
            self.stack.truncate(f.base);
            self.resume(f, s);
            // In the caller the error is new: raised by its call instruction.
            rethrown = false;
        }
        Err((e, rethrown))
    }
}

/// Remove the slots from `at` up (an inline callee's, on return; a builtin's spent arguments).
#[inline(always)]
pub(crate) fn truncate_slots(slots: &mut Vec<Option<Value>>, at: usize) {
    while slots.len() > at {
        match slots.pop() {
            // A plain value holds nothing to drop: forgetting it spares a call of the drop glue.
            Some(Some(v @ (Value::Num(_) | Value::Bool(_) | Value::Null))) => std::mem::forget(v),
            Some(None) => {}
            v => drop(v),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pooled_record_vector_keeps_its_allocation() {
        let v: Vec<Suspended<'_>> = Vec::with_capacity(64);
        assert!(retype(v).capacity() >= 64);
    }
}
