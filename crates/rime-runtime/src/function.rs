//! Function values: compiled UDFs and closures with the scopes they captured.

use crate::value::Struct;
use rime_compiler::FuncProto;
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
    pub variables: Option<Struct>,
    /// For a component method: the parent's methods (`super`).
    pub super_: Option<Struct>,
    /// For a component method: the component's `static` scope.
    pub static_: Option<Struct>,
}

impl Function {
    pub fn name(&self) -> &str {
        &self.proto.name
    }
}
