//! The CFML call stack for `callStackGet`: each `exec` level (a function called through Rust, a
//! page, an include) with where it last called out, and the inline callees of a level
//! (`frames.rs`) copied from the run loop's records when it calls out from one.

use crate::frames::Suspended;
use crate::run::Frame;
use crate::Vm;
use rime_bytecode::{FuncProto, Op};
use std::sync::Arc;

/// One `exec` level of the call stack: its function and `pc` at its last call-out (the function
/// is taken at the level's first call-out, so a level that calls nothing, like a sort
/// comparator, costs no reference count). When it called out from inline callees, `inline`
/// holds that level's functions instead, innermost first (`Vm::copy_inline_chain`).
///
/// The entries are reused from one `exec` to the next (`Vm::shadow_depth` says how many are in
/// use), so entering a level is two stores: `noted` false until the level calls out, which
/// makes what an earlier level left in the entry unread.
#[derive(Default)]
pub(crate) struct ShadowFrame {
    pub(crate) noted: bool,
    pub(crate) proto: Option<Arc<FuncProto>>,
    pub(crate) pc: u32,
    pub(crate) inline: Vec<(Arc<FuncProto>, u32)>,
}

/// Whether `op` may run CFML frames (a function, method, constructor, include, tag, builtin):
/// the running frame's position is noted first (in `step`; the run loop's own `CallUdf` in
/// `op_call_udf_noted`), for `callStackGet`.
#[inline(always)]
pub(crate) fn calls_out(op: &Op) -> bool {
    matches!(
        op,
        Op::CallMethod { .. }
            | Op::CallValue { .. }
            | Op::CallIndex { .. }
            | Op::CallName { .. }
            | Op::New { .. }
            | Op::CallBuiltin { .. }
            | Op::Include
            | Op::Tag(_)
    )
}

/// Whether a call-out by `op` copies the inline callers: any call that may run frames; of the
/// builtins only those that read the stack (`BuiltinDef::reads_stack`: `callStackGet`,
/// `callStackDump`), so that builtin-heavy inline code copies nothing.
pub(crate) fn copies_chain(op: &Op) -> bool {
    match op {
        Op::CallBuiltin { id, .. } => rime_stdlib::registry()
            .get(*id)
            .is_some_and(|d| d.reads_stack),
        _ => true,
    }
}

impl Vm {
    /// Enter an `exec` level (`Vm::exec_in_place`); returns the depth to go back to.
    #[inline(always)]
    pub(crate) fn enter_level(&mut self) -> usize {
        let d = self.shadow_depth;
        match self.shadow.get_mut(d) {
            Some(s) => s.noted = false,
            None => self.shadow.push(ShadowFrame::default()),
        }
        self.shadow_depth = d + 1;
        d
    }

    #[inline(always)]
    fn shadow_top(&mut self) -> Option<&mut ShadowFrame> {
        let d = self.shadow_depth.checked_sub(1)?;
        self.shadow.get_mut(d)
    }

    /// The CFML frames running, innermost first (template, line, function name; empty for a
    /// page), as seen from `frame`, the one calling.
    pub(crate) fn call_stack(&self, frame: &Frame<'_>) -> Vec<(String, u32, String)> {
        type Level = (Arc<FuncProto>, u32);
        let level = |s: &ShadowFrame| -> Vec<Level> {
            match &s.proto {
                _ if !s.noted => Vec::new(),
                _ if !s.inline.is_empty() => s.inline.clone(),
                Some(p) => vec![(Arc::clone(p), s.pc)],
                // A level whose calls all went through inline callees has them in `inline`.
                None => Vec::new(),
            }
        };
        let running = self.shadow.get(..self.shadow_depth).unwrap_or_default();
        // The innermost level is the frame calling (with its inline callers, copied at the call).
        let mut levels: Vec<Level> = match running.last() {
            Some(top) if top.noted && !top.inline.is_empty() => top.inline.clone(),
            _ => vec![(Arc::clone(&frame.proto), frame.pc as u32)],
        };
        let outer = running.len().saturating_sub(1);
        for s in running[..outer].iter().rev() {
            levels.extend(level(s));
        }
        levels
            .into_iter()
            .map(|(p, pc)| {
                let (line, _) = p.line_col((pc as usize).saturating_sub(1));
                // A page's (or component body's) code starts at offset 0.
                let name = if p.offset == 0 {
                    String::new()
                } else {
                    p.name.to_string()
                };
                (p.source.path.to_string(), line, name)
            })
            .collect()
    }

    /// Note where the running `exec` level calls out from: its `pc`, and when inline callees run
    /// (`calls`), the level's functions (for a call that may run frames; for builtins only those
    /// that read the stack, so that builtin-heavy inline code copies nothing). `op` is the
    /// calling instruction (None: a call of a UDF, which always copies the chain).
    #[inline(always)]
    pub(crate) fn note_call_out(
        &mut self,
        f: &Frame<'_>,
        calls: &[Suspended<'_>],
        op: Option<&Op>,
    ) {
        let Some(top) = self.shadow_top() else {
            return;
        };
        top.noted = true;
        top.pc = f.pc as u32;
        if !top.inline.is_empty() {
            top.inline.clear();
        }
        if calls.is_empty() {
            // No inline callee runs: `f`'s function is the level's.
            if !top.proto.as_ref().is_some_and(|p| Arc::ptr_eq(p, &f.proto)) {
                top.proto = Some(Arc::clone(&f.proto));
            }
        } else if op.is_none_or(copies_chain) {
            self.copy_inline_chain(f, calls);
        }
    }

    /// The run loop's call of a function that does not run inline (`CallUdf`), noted first.
    #[inline(never)]
    pub(crate) fn op_call_udf_noted(
        &mut self,
        f: &Frame<'_>,
        calls: &[Suspended<'_>],
        key: &rime_runtime::Key,
        argc: u16,
        names: crate::call::Names<'_>,
    ) -> rime_runtime::CfResult<()> {
        self.note_call_out(f, calls, None);
        self.op_call_udf(f, key, argc, names)
    }

    /// The running level's functions, innermost first, into its `ShadowFrame`: the inline
    /// callee running in `f`, then its callers (`calls`, outermost first): a record's own
    /// function, or without one (a call of itself) its callee's.
    #[cold]
    #[inline(never)]
    fn copy_inline_chain(&mut self, f: &Frame<'_>, calls: &[Suspended<'_>]) {
        let Some(top) = self.shadow_top() else {
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
