//! The buffers a VM leaves to the next one on the same thread: its value stack, output buffer
//! stack and argument, slot and record pools, emptied. A server worker runs one request after
//! another, and each would otherwise allocate these afresh and free them again.
//!
//! Only empty vectors are kept (their capacity, none of their values), so nothing of one
//! request reaches the next. Two references are kept as well, the last VM's host and its
//! application scope: the next request of the same engine and application takes them back
//! instead of counting one more reference to objects every worker shares, whose counts would
//! move between cores on every request (`host_for`, `Vm::attach_application_scope`).

use crate::frames::Suspended;
use crate::{AppHandle, Host};
use arcstr::ArcStr;
use rime_bytecode::FuncProto;
use rime_runtime::{CfResult, CfmlError, Struct, Value};
use std::cell::{Cell, RefCell};
use std::sync::Arc;

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
    static KEPT_HOST: RefCell<Option<Arc<dyn Host>>> = const { RefCell::new(None) };
    static VACANT: Arc<dyn Host> = Arc::new(Vacant(Struct::new(), Default::default()));
}

/// The host a VM holds while it is dropped, its own having gone to `KEPT_HOST`: one per thread,
/// so its reference count is the thread's own. Nothing runs on it.
struct Vacant(Struct, crate::ComponentStatics);

impl Host for Vacant {
    fn server_scope(&self) -> &Struct {
        &self.0
    }
    fn component_statics(&self) -> &crate::ComponentStatics {
        &self.1
    }
    fn include(&self, _: &AppHandle, path: &str, _: &str) -> CfResult<Arc<FuncProto>> {
        Err(CfmlError::application(format!(
            "cannot include [{path}]: the request has ended"
        )))
    }
    fn expand_path(&self, _: &AppHandle, path: &str, _: &str) -> String {
        path.to_string()
    }
    fn resolve_component(
        &self,
        _: &AppHandle,
        name: &str,
        _: &str,
    ) -> CfResult<(ArcStr, ArcStr, Arc<FuncProto>)> {
        Err(CfmlError::application(format!(
            "cannot find component [{name}]: the request has ended"
        )))
    }
}

/// `host` for a new VM: the host the last VM on this thread left when it is the same object (no
/// reference count written), else a new reference.
pub fn host_for<H: Host + 'static>(host: &Arc<H>) -> Arc<dyn Host> {
    let kept = KEPT_HOST
        .try_with(|k| {
            k.borrow_mut()
                .take_if(|h| std::ptr::addr_eq(Arc::as_ptr(h), Arc::as_ptr(host)))
        })
        .ok()
        .flatten();
    kept.unwrap_or_else(|| host.clone())
}

/// Keep the host of a VM that ends (taken out of it, the thread's placeholder left instead).
pub(crate) fn keep_host(host: &mut Arc<dyn Host>) {
    let Ok(vacant) = VACANT.try_with(Arc::clone) else {
        return;
    };
    let host = std::mem::replace(host, vacant);
    let _ = KEPT_HOST.try_with(|k| k.replace(Some(host)));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{RequestScopes, Vm};

    #[test]
    fn the_next_vm_of_the_same_host_takes_the_kept_reference() {
        let host = Arc::new(Vacant(Struct::new(), Default::default()));
        let other = Arc::new(Vacant(Struct::new(), Default::default()));
        drop(Vm::new(host_for(&host), RequestScopes::default()));
        // Kept by this thread after the VM ended.
        assert_eq!(Arc::strong_count(&host), 2);
        let vm = Vm::new(host_for(&host), RequestScopes::default());
        // Taken back, not counted again.
        assert_eq!(Arc::strong_count(&host), 2);
        drop(vm);
        // Another host takes a reference of its own, and the kept one stays until replaced.
        let vm = Vm::new(host_for(&other), RequestScopes::default());
        assert_eq!(Arc::strong_count(&other), 2);
        drop(vm);
        assert_eq!(Arc::strong_count(&host), 1);
        assert_eq!(Arc::strong_count(&other), 2);
    }

    #[test]
    fn the_application_scope_is_taken_back_only_when_it_is_the_same() {
        let (a, b) = (Struct::new(), Struct::new());
        keep_application(Some(a.clone()));
        assert!(application(&b).ptr_eq(&b));
        // `b` did not match: `a` is still kept, and is taken back by reference.
        assert!(application(&a).ptr_eq(&a));
        assert!(KEPT_APPLICATION.with(|k| k.borrow().is_none()));
    }
}
