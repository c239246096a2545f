//! Function values: compiled UDFs and closures with the scopes they captured.

use crate::value::{Struct, WeakStruct};
use rime_bytecode::FuncProto;
use std::sync::Arc;

/// The scopes of one enclosing function, captured by reference when a closure is created.
#[derive(Clone, Debug)]
pub struct CapturedScope {
    pub local: Struct,
    pub arguments: Struct,
}

#[derive(Debug)]
pub struct Function {
    pub proto: Arc<FuncProto>,
    /// Enclosing function scopes, innermost first (closures only).
    pub captured: Option<Arc<[CapturedScope]>>,
    /// The `variables` scope of the template or component the function was defined in.
    pub variables: Option<ScopeRef>,
    /// For a component method: the parent's methods (`super`).
    pub super_: Option<Struct>,
    /// For a component method: the component's `static` scope.
    pub static_: Option<Struct>,
    /// The component instance a closure was created in, or a method read out of its instance
    /// as a value (`f = obj.m`): its `this` when it is called without a receiver that owns it
    /// (Lucee keeps a function bound to its component, also after every other reference to
    /// the instance is gone). A closure stored in its own instance is a reference cycle, which
    /// the cycle collector (`gc`) frees.
    pub this: Option<Struct>,
}

impl Function {
    pub fn name(&self) -> &str {
        &self.proto.name
    }
    /// How many strong references this function holds to `scope` (as its `variables` or a
    /// captured `local`/`arguments`).
    pub fn strong_refs_to(&self, scope: &Struct) -> usize {
        let vars = matches!(&self.variables, Some(ScopeRef::Strong(v)) if v.ptr_eq(scope));
        let captured =
            self.captured.iter().flat_map(|c| c.iter()).map(|c| {
                usize::from(c.local.ptr_eq(scope)) + usize::from(c.arguments.ptr_eq(scope))
            });
        usize::from(vars) + captured.sum::<usize>()
    }
    /// The scope the function was defined in, if it still exists.
    pub fn variables(&self) -> Option<Struct> {
        self.variables.as_ref().and_then(ScopeRef::get)
    }
}

/// How a function holds its `variables` scope. A declared function (`function f() {}`) is stored
/// in that very scope (or in the `this` of the instance that owns it), so it refers to it weakly:
/// otherwise every page and component instance that declares a function would be a reference
/// cycle and never freed. Closures hold theirs strongly, as they may outlive the page.
#[derive(Clone, Debug)]
pub enum ScopeRef {
    Strong(Struct),
    Weak(WeakStruct),
}

impl ScopeRef {
    pub fn get(&self) -> Option<Struct> {
        match self {
            ScopeRef::Strong(s) => Some(s.clone()),
            ScopeRef::Weak(w) => w.upgrade(),
        }
    }
    /// Whether this refers to `s`.
    pub fn is(&self, s: &Struct) -> bool {
        match self {
            ScopeRef::Strong(x) => x.ptr_eq(s),
            ScopeRef::Weak(w) => w.ptr_eq(s),
        }
    }
}
