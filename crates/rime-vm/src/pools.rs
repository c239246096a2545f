//! The buffers a VM leaves to the next one on the same thread: its value stack, output buffer
//! stack and argument, slot and record pools, emptied. A server worker runs one request after
//! another, and each would otherwise allocate these afresh and free them again.
//!
//! Only empty vectors are kept (their capacity, none of their values), so nothing of one
//! request reaches the next. The one value kept is the last VM's application scope: the same
//! application's next request takes it back instead of counting one more reference to a struct
//! every worker shares (`Vm::attach_application_scope`).

use crate::frames::Suspended;
use rime_runtime::{Struct, Value};
use std::cell::{Cell, RefCell};

/// Kept buffers larger than this (in elements) are freed instead: one deep recursion must not
/// hold its memory for the life of the thread.
const KEEP_AT_MOST: usize = 4096;

#[derive(Default)]
pub(crate) struct Pools {
    pub(crate) stack: Vec<Value>,
    pub(crate) bufs: Vec<String>,
    pub(crate) slots: Vec<Vec<Option<Value>>>,
    pub(crate) args: Vec<Vec<Option<Value>>>,
    pub(crate) records: Vec<Vec<Suspended<'static>>>,
}

thread_local! {
    static KEPT: Cell<Pools> = Cell::new(Pools::default());
    static KEPT_APPLICATION: RefCell<Option<Struct>> = const { RefCell::new(None) };
}

/// Keep the application scope of a VM that ends, for the next VM on this thread.
pub(crate) fn keep_application(scope: Option<Struct>) {
    if let Some(scope) = scope {
        let _ = KEPT_APPLICATION.try_with(|k| k.replace(Some(scope)));
    }
}

/// `scope`, taken from what the last VM on this thread kept when it is the same struct (no
/// reference count written), else cloned.
pub(crate) fn application(scope: &Struct) -> Struct {
    let kept = KEPT_APPLICATION
        .try_with(|k| k.borrow_mut().take_if(|s| s.ptr_eq(scope)))
        .ok()
        .flatten();
    kept.unwrap_or_else(|| scope.clone())
}

/// What the last VM on this thread left (empty vectors the first time, or while another VM of
/// this thread holds them).
pub(crate) fn take() -> Pools {
    KEPT.try_with(Cell::take).unwrap_or_default()
}

/// Leave these buffers, emptied, to the next VM on this thread.
pub(crate) fn keep(mut p: Pools) {
    p.stack.clear();
    p.bufs.clear();
    if p.stack.capacity() > KEEP_AT_MOST {
        p.stack = Vec::new();
    }
    // The pooled vectors hold no values: their owners empty them as they return them
    // (`recycle_slots`, `invoke_builtin`, `give_records`).
    p.slots.truncate(64);
    let _ = KEPT.try_with(|k| k.set(p));
}
