//! CFML compiler: the opcode table, AST -> bytecode (slots, constant folding), the disassembler,
//! and the case-insensitive interned keys that compiled code and the runtime share.

pub mod key;
pub mod opcode;
pub mod proto;

pub use key::{Key, KeyRef};
pub use opcode::{Arith, Cmp, IterKind, Op, ScopeId};
pub use proto::{has_modifier, ComponentDecl, Const, FuncProto, ParamInfo, Source};
pub mod compile;
pub mod disasm;

pub use compile::compile_template;
