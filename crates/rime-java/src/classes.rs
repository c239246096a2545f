//! The table of Java classes Rime provides: one row per class, its constructor, static methods
//! and fields, implemented in the file of its family.

use crate::{lang, util};
use rime_runtime::{CfResult, Ctx, Value};

/// Static methods: `Some(result)` when the class has the method, None otherwise.
pub(crate) type Statics = fn(&mut dyn Ctx, &str, &[Value]) -> Option<CfResult<Value>>;

#[derive(Debug)]
pub(crate) struct ClassDef {
    pub name: &'static str,
    /// The constructor (`init(args)`); None for classes with only static members.
    pub new: Option<fn(&[Value]) -> CfResult<Value>>,
    pub statics: Statics,
    pub fields: fn(&str) -> Option<Value>,
}

pub(crate) fn no_statics(_: &mut dyn Ctx, _: &str, _: &[Value]) -> Option<CfResult<Value>> {
    None
}

pub(crate) fn no_fields(_: &str) -> Option<Value> {
    None
}

const fn class(
    name: &'static str,
    new: Option<fn(&[Value]) -> CfResult<Value>>,
    statics: Statics,
    fields: fn(&str) -> Option<Value>,
) -> ClassDef {
    ClassDef {
        name,
        new,
        statics,
        fields,
    }
}

pub(crate) static CLASSES: &[ClassDef] = &[
    // java.lang
    class(
        "java.lang.System",
        None,
        lang::system_statics,
        lang::system_fields,
    ),
    class("java.lang.Thread", None, lang::thread_statics, no_fields),
    class(
        "java.lang.StringBuilder",
        Some(lang::new_string_builder),
        no_statics,
        no_fields,
    ),
    class(
        "java.lang.StringBuffer",
        Some(lang::new_string_builder),
        no_statics,
        no_fields,
    ),
    // java.util
    class("java.util.UUID", None, util::uuid_statics, no_fields),
    class(
        "java.util.HashMap",
        Some(util::new_map),
        no_statics,
        no_fields,
    ),
    class(
        "java.util.LinkedHashMap",
        Some(util::new_ordered_map),
        no_statics,
        no_fields,
    ),
    class(
        "java.util.concurrent.ConcurrentHashMap",
        Some(util::new_map),
        no_statics,
        no_fields,
    ),
    class(
        "java.util.ArrayList",
        Some(util::new_list),
        no_statics,
        no_fields,
    ),
];
