//! The table of Java classes Rime provides: one row per class, its constructor, static methods
//! and fields, implemented in the file of its family.

use crate::{
    concurrent, executor, hibernate, io, lang, net, optional, reference, stream, time, util,
};
use rime_runtime::{CfResult, Ctx, Value};

/// Static methods: `Some(result)` when the class has the method, None otherwise.
pub(crate) type Statics = fn(&mut dyn Ctx, &str, &[Value]) -> Option<CfResult<Value>>;

/// A constructor (`init(args)`).
pub(crate) type Constructor = fn(&[Value]) -> CfResult<Value>;

#[derive(Debug)]
pub(crate) struct ClassDef {
    pub name: &'static str,
    /// The constructor (`init(args)`); None for classes with only static members.
    pub new: Option<Constructor>,
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
    new: Option<Constructor>,
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

macro_rules! throwable {
    ($name:literal) => {
        class(
            $name,
            Some(|args| lang::new_throwable($name, args)),
            no_statics,
            no_fields,
        )
    };
}

pub(crate) static CLASSES: &[ClassDef] = &[
    // org.hibernate (what Rime's ORM follows)
    class(
        "org.hibernate.Version",
        None,
        hibernate::version_statics,
        no_fields,
    ),
    // java.lang
    class(
        "java.lang.System",
        None,
        lang::system_statics,
        lang::system_fields,
    ),
    class("java.lang.Runtime", None, lang::runtime_statics, no_fields),
    class("java.lang.Thread", None, lang::thread_statics, no_fields),
    class(
        "java.lang.String",
        Some(lang::new_string),
        lang::string_statics,
        no_fields,
    ),
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
    throwable!("java.lang.Exception"),
    throwable!("java.lang.RuntimeException"),
    throwable!("java.lang.IllegalArgumentException"),
    throwable!("java.lang.IllegalStateException"),
    throwable!("java.lang.UnsupportedOperationException"),
    // java.util
    class(
        "java.util.Date",
        Some(util::new_date),
        no_statics,
        no_fields,
    ),
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
        "java.util.TreeMap",
        Some(util::new_tree_map),
        no_statics,
        no_fields,
    ),
    class(
        "java.util.ArrayList",
        Some(util::new_list),
        no_statics,
        no_fields,
    ),
    class(
        "java.util.Collections",
        None,
        util::collections_statics,
        no_fields,
    ),
    class("java.util.Arrays", None, util::arrays_statics, no_fields),
    // java.lang.ref
    class(
        "java.lang.ref.SoftReference",
        Some(reference::new_soft),
        no_statics,
        no_fields,
    ),
    class(
        "java.lang.ref.WeakReference",
        Some(reference::new_weak),
        no_statics,
        no_fields,
    ),
    class(
        "java.lang.ref.ReferenceQueue",
        Some(reference::new_queue),
        no_statics,
        no_fields,
    ),
    class(
        "java.util.Optional",
        None,
        optional::optional_statics,
        no_fields,
    ),
    class(
        "java.util.stream.IntStream",
        None,
        stream::int_stream_statics,
        no_fields,
    ),
    // java.util.concurrent
    class(
        "java.util.concurrent.ConcurrentHashMap",
        Some(util::new_map),
        no_statics,
        no_fields,
    ),
    class(
        "java.util.concurrent.TimeUnit",
        None,
        concurrent::time_unit_statics,
        concurrent::time_unit_fields,
    ),
    class(
        "java.util.concurrent.atomic.AtomicLong",
        Some(concurrent::new_atomic_long),
        no_statics,
        no_fields,
    ),
    class(
        "java.util.concurrent.atomic.AtomicInteger",
        Some(concurrent::new_atomic_integer),
        no_statics,
        no_fields,
    ),
    class(
        "java.util.concurrent.atomic.AtomicBoolean",
        Some(concurrent::new_atomic_boolean),
        no_statics,
        no_fields,
    ),
    class(
        "java.util.concurrent.LinkedBlockingQueue",
        Some(concurrent::new_linked_blocking_queue),
        no_statics,
        no_fields,
    ),
    class(
        "java.util.concurrent.ArrayBlockingQueue",
        Some(concurrent::new_array_blocking_queue),
        no_statics,
        no_fields,
    ),
    class(
        "java.util.concurrent.ConcurrentLinkedQueue",
        Some(concurrent::new_concurrent_linked_queue),
        no_statics,
        no_fields,
    ),
    class(
        "java.util.concurrent.Executors",
        None,
        executor::executors_statics,
        no_fields,
    ),
    // java.io, java.nio
    class(
        "java.io.File",
        Some(io::new_file),
        no_statics,
        io::file_fields,
    ),
    class("java.nio.file.Paths", None, io::paths_statics, no_fields),
    class("java.nio.file.Path", None, io::paths_statics, no_fields),
    class("java.nio.file.Files", None, io::files_statics, no_fields),
    class(
        "java.nio.charset.Charset",
        None,
        io::charset_statics,
        no_fields,
    ),
    // java.net
    class("java.net.InetAddress", None, net::inet_statics, no_fields),
    class(
        "java.net.URI",
        Some(net::new_uri),
        net::uri_statics,
        no_fields,
    ),
    class("java.net.URL", Some(net::new_url), no_statics, no_fields),
    // java.time
    class(
        "java.time.Duration",
        None,
        time::duration_statics,
        time::duration_fields,
    ),
    class(
        "java.time.Instant",
        None,
        time::instant_statics,
        time::instant_fields,
    ),
    class("java.time.ZoneId", None, time::zone_id_statics, no_fields),
    class(
        "java.time.ZoneOffset",
        None,
        time::zone_offset_statics,
        time::zone_offset_fields,
    ),
    class(
        "java.time.LocalDateTime",
        None,
        time::local_date_time_statics,
        no_fields,
    ),
    class(
        "java.time.DayOfWeek",
        None,
        time::day_of_week_statics,
        time::day_of_week_fields,
    ),
    class(
        "java.time.temporal.ChronoUnit",
        None,
        time::chrono_unit_statics,
        time::chrono_unit_fields,
    ),
    class(
        "java.time.temporal.ChronoField",
        None,
        no_statics,
        time::chrono_field_fields,
    ),
    class(
        "java.time.temporal.TemporalAdjusters",
        None,
        time::adjusters_statics,
        no_fields,
    ),
];
