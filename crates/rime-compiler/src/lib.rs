//! CFML compiler: the opcode table, AST -> bytecode (slots, constant folding, peephole fusion
//! that `CompileOptions` can turn off), the disassembler, and the case-insensitive interned keys
//! that compiled code and the runtime share.

pub mod key;
pub mod opcode;
pub mod options;
pub mod proto;

pub use key::{Key, KeyRef};
pub use opcode::{Arith, Cmp, IterKind, Op, Operand, OperandKind, ScopeId};
pub use options::{options, set_options, CompileOptions};
pub use proto::{has_modifier, ComponentDecl, Const, FuncProto, ParamInfo, Source};
pub mod compile;
pub mod disasm;

pub use compile::{compile_template, compile_template_with};

static BUILTINS: std::sync::OnceLock<fn(&str) -> bool> = std::sync::OnceLock::new();

/// Tell the compiler which names are built-in functions (the registry lives in a crate above
/// it): a call of such a name calls the builtin even inside a function with a parameter or
/// local of that name (`trim(x)` where `boolean trim` is a parameter), as in Lucee.
pub fn set_builtin_names(is_builtin: fn(&str) -> bool) {
    let _ = BUILTINS.set(is_builtin);
}

pub(crate) fn is_builtin(name: &str) -> bool {
    BUILTINS.get().is_some_and(|f| f(name))
}
