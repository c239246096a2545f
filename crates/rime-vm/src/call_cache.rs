//! Where an unscoped call of a page function leads, remembered per call site.
//!
//! `CallUdf` must look its name up on every call: the function may have been replaced since.
//! When the caller has nothing before `variables` in the lookup order and the name leads to a
//! plain function of its page (see `Vm::page_target`), the VM records which one (the caller
//! itself, a function the caller's code declares, or another function of the page, which the
//! entry then holds) with the version of `variables`
//! (`Struct::version`). While the version is unchanged the scope is unchanged, so the lookup
//! would find the same function: a hit costs a few comparisons and no lock.
//!
//! Entries hold weak references to the calling function and the scope: they keep those
//! addresses from being reused by another function or struct while the entry exists, so a
//! pointer comparison identifies them.

use rime_bytecode::FuncProto;
use rime_runtime::{Struct, WeakStruct};
use std::sync::{Arc, Weak};

/// Entries (direct-mapped by call site).
const SIZE: usize = 128;

#[derive(Default)]
pub(crate) struct CallCache {
    /// Empty until the first entry (most requests never call a page function in a loop).
    entries: Vec<Option<Entry>>,
}

struct Entry {
    caller: Weak<FuncProto>,
    pc: usize,
    scope: WeakStruct,
    version: u64,
    target: Target,
    callee: Option<Arc<FuncProto>>,
    /// The callee can take the interpreter's quickest call (`Vm::run_loop`): it runs inline
    /// (not dynamic-scope, no `output="false"`) and checks neither arguments nor its result.
    quick: bool,
}

/// Whether `callee` can take the quickest inline call (see `Entry::quick`).
pub(crate) fn is_quick(callee: &FuncProto) -> bool {
    !callee.dynamic_scope
        && callee.output != Some(false)
        && !callee.checks_args
        && callee.return_type.is_none()
        && !callee.wants_called_name
}

/// The function a call site leads to, relative to the calling function.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Target {
    /// The caller itself (recursion).
    Caller,
    /// The caller's nested function at this index (`FuncProto::functions`).
    Nested(u32),
    /// Another function of the page (a sibling of the caller), which the entry holds as the
    /// caller's code does not lead to it (`CallCache::other`).
    Other,
}

fn index(caller: &Arc<FuncProto>, pc: usize) -> usize {
    let p = Arc::as_ptr(caller) as usize;
    ((p >> 4) ^ pc.wrapping_mul(31)) % SIZE
}

impl CallCache {
    /// The target recorded for the call at `pc` in `caller` while `scope` had its current
    /// version.
    #[inline(always)]
    pub(crate) fn get(&self, caller: &Arc<FuncProto>, pc: usize, scope: &Struct) -> Option<Target> {
        let e = self.entries.get(index(caller, pc))?.as_ref()?;
        (e.pc == pc
            && std::ptr::eq(e.caller.as_ptr(), Arc::as_ptr(caller))
            && e.scope.ptr_eq(scope)
            && e.version == scope.version())
        .then_some(e.target)
    }

    /// Whether the call at `pc` in `caller` is a recursive call of `caller` (by the entry
    /// recorded while `scope` had its current version) that can take the quickest call: the
    /// version checked.
    #[inline(always)]
    pub(crate) fn quick_self(
        &self,
        caller: &Arc<FuncProto>,
        pc: usize,
        scope: &Struct,
    ) -> Option<u64> {
        let e = self.entries.get(index(caller, pc))?.as_ref()?;
        (e.quick
            && e.target == Target::Caller
            && e.pc == pc
            && std::ptr::eq(e.caller.as_ptr(), Arc::as_ptr(caller))
            && e.scope.ptr_eq(scope)
            && e.version == scope.version())
        .then_some(e.version)
    }

    /// The function an `Other` entry for the call at `pc` in `caller` holds (right after `get`
    /// found the entry valid).
    #[inline(always)]
    pub(crate) fn other(&self, caller: &Arc<FuncProto>, pc: usize) -> Option<&Arc<FuncProto>> {
        self.entries
            .get(index(caller, pc))?
            .as_ref()?
            .callee
            .as_ref()
    }

    /// Record `target` for the call at `pc` in `caller`, as found in `scope` at `version` (read
    /// under the same read lock as the lookup).
    pub(crate) fn put(
        &mut self,
        caller: &Arc<FuncProto>,
        pc: usize,
        scope: &Struct,
        version: u64,
        target: Target,
        callee: Option<Arc<FuncProto>>,
    ) {
        if self.entries.is_empty() {
            self.entries.resize_with(SIZE, || None);
        }
        if let Some(e) = self.entries.get_mut(index(caller, pc)) {
            let quick = match (target, &callee) {
                (Target::Caller, _) => is_quick(caller),
                (Target::Nested(i), _) => caller
                    .functions
                    .get(i as usize)
                    .is_some_and(|p| is_quick(p)),
                (Target::Other, Some(p)) => is_quick(p),
                (Target::Other, None) => false,
            };
            *e = Some(Entry {
                quick,
                caller: Arc::downgrade(caller),
                pc,
                scope: scope.downgrade(),
                version,
                target,
                callee,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rime_runtime::{Key, Value};

    #[test]
    fn an_entry_holds_until_the_scope_changes() {
        let caller = Arc::new(FuncProto::empty());
        let scope = Struct::new();
        let mut c = CallCache::default();
        assert_eq!(c.get(&caller, 3, &scope), None);
        c.put(&caller, 3, &scope, scope.version(), Target::Nested(1), None);
        assert_eq!(c.get(&caller, 3, &scope), Some(Target::Nested(1)));
        assert_eq!(c.quick_self(&caller, 3, &scope), None);
        c.put(&caller, 5, &scope, scope.version(), Target::Caller, None);
        assert_eq!(c.quick_self(&caller, 5, &scope), Some(scope.version()));
        assert_eq!(c.get(&caller, 4, &scope), None);
        assert_eq!(c.get(&caller, 3, &Struct::new()), None);
        scope.set(Key::new("x"), Value::Null);
        assert_eq!(c.get(&caller, 3, &scope), None);
    }
}
