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
use crate::run::{Frame, Held};
use crate::{Vm, MAX_CALL_DEPTH};
use rime_compiler::{FuncProto, Key};
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
    slots: Vec<Option<Value>>,
    pc: usize,
    base: usize,
    id: u64,
    /// Heights of the frame's handler, iterator and exception stacks at the call.
    handlers: u32,
    iters: u32,
    exceptions: u32,
}

impl Suspended<'_> {
    /// Whether returning to this caller changes the frame's function.
    pub(crate) fn switches(&self) -> bool {
        self.proto.is_some()
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
        let slots = {
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
            let mut slots = self.slot_pool.pop().unwrap_or_default();
            let n = callee.num_slots as usize;
            if slots.len() != n {
                slots.clear();
                slots.resize_with(n, || None);
            }
            // Arguments beyond the parameters are dropped: only a dynamic-scope function sees
            // them (in `arguments`), and those do not run inline.
            let bound = bind_from_stack(callee, &mut slots, self.stack.take_from(at));
            self.stack.truncate_plain_to(at);
            let checked = match bound {
                Ok(_) if callee.checks_args => check_required(callee, &slots),
                Ok(_) => Ok(()),
                Err(e) => Err(e),
            };
            if let Err(e) = checked {
                self.recycle_slots(slots);
                return Err(e);
            }
            slots
        };
        // The function to switch to (the caller's own stays when it calls itself).
        let callee = match target {
            Target::Caller => None,
            Target::Nested(i) => f.proto.functions.get(i as usize).cloned(),
            Target::Other => other,
        };
        let proto = callee.map(|p| std::mem::replace(&mut f.proto, Held::Owned(p)));
        calls.push(Suspended {
            proto,
            slots: std::mem::replace(&mut f.slots, slots),
            pc: f.pc,
            base: f.base,
            id: f.id,
            handlers: f.handlers.len() as u32,
            iters: f.iters.len() as u32,
            exceptions: f.exceptions.len() as u32,
        });
        f.pc = 0;
        f.base = at;
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
        // A `return` inside a loop or a `try` leaves their entries behind.
        if f.handlers.len() > s.handlers as usize {
            f.handlers.truncate(s.handlers as usize);
        }
        if f.iters.len() > s.iters as usize {
            f.iters.truncate(s.iters as usize);
        }
        if f.exceptions.len() > s.exceptions as usize {
            f.exceptions.truncate(s.exceptions as usize);
        }
        self.depth -= 1;
        let slots = std::mem::replace(&mut f.slots, s.slots);
        self.recycle_slots(slots);
        if let Some(p) = s.proto {
            f.proto = p;
        }
        f.pc = s.pc;
        f.base = s.base;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pooled_record_vector_keeps_its_allocation() {
        let v: Vec<Suspended<'_>> = Vec::with_capacity(64);
        assert!(retype(v).capacity() >= 64);
    }
}
