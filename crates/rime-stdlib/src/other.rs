//! Functions of Lucee's "other" and smaller packages that belong to no larger area.

use rime_runtime::BuiltinDef;

pub static FUNCTIONS: &[BuiltinDef] = &[];
