//! What compiled CFML is, at the bottom of the crate graph so that every layer can name it: the
//! case-insensitive interned keys that compiled code and the runtime share, the opcode table
//! (`opcode.rs`: each instruction and its operands, declared once), compiled functions
//! (`FuncProto`) with their constant, name and position tables, and the disassembler. The
//! compiler (`rime-compiler`) produces these; the VM (`rime-vm`) runs them.

pub mod disasm;
pub mod key;
pub mod opcode;
pub mod proto;

pub use key::{Key, KeyRef};
pub use opcode::{Arith, Cmp, IterKind, Op, Operand, OperandKind, ScopeId};
pub use proto::{has_modifier, ComponentDecl, Const, FuncProto, ParamInfo, Source};
