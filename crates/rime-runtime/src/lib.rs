//! The CFML runtime model: `Value` and its containers, coercions and operators, dates, queries,
//! function values, `CfmlError`, and the types of the builtin registry.

pub mod async_task;
pub mod cache;
pub mod component;
pub mod ctx;
pub mod date;
pub mod error;
pub mod function;
pub mod gc;
pub mod html;
pub mod memory;
mod memory_alloc;
pub mod native;
pub mod number;
pub mod ops;
pub mod orm;
pub mod query;
pub mod registry;
pub mod thread_copies;
pub mod timespan;
pub mod value;
pub mod xml;

pub use cache::{Cache, CacheMetadata};
pub use component::ComponentMeta;
pub use date::{DateKind, DateTime};

/// The engine's caches that templates may empty or list (`pagePoolClear`,
/// `componentCacheClear`, `ctCacheClear`, `applicationPathCacheClear`, `systemCacheClear`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineCache {
    /// Compiled templates.
    Pages,
    /// Where component names resolved to.
    Components,
    /// Which files exist (custom tags are found by them).
    CustomTags,
    /// The `Application.cfc`/`.cfm` of each page.
    ApplicationPaths,
    /// All of them.
    All,
}
pub use ctx::{
    http_request_data_outside_requests, AppCtx, Background, CodeCtx, Ctx, DataCtx, InternalRequest,
    PageCtx,
};
pub use error::{CfResult, CfmlError, TagFrame};
pub use function::{CapturedScope, Function, ScopeRef};
pub use native::{Native, NativeObject};
pub use query::{Query, QueryParam};
pub use registry::{def, opt, req, Args, BuiltinDef, MemberType, ParamDef};
pub use rime_bytecode::key;
/// Compiled-function types that metadata functions read.
pub use rime_bytecode::{Key, KeyRef};
pub use value::{Array, ArrayCell, Struct, StructCell, StructData, Value, WeakStruct};
pub use xml::Xml;
