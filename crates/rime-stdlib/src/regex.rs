//! regex functions.

use rime_runtime::BuiltinDef;

pub static FUNCTIONS: &[BuiltinDef] = &[];
