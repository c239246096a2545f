//! Caches and session storage outside the process: Redis (`redis.rs`), the definitions
//! applications write (`config.rs`) and the serialized form of values (`serial.rs`).
//!
//! The in-memory cache lives with the cache functions in rime-stdlib; both implement
//! `rime_runtime::Cache`.

pub mod config;
pub mod redis;
pub mod serial;

pub use crate::redis::{RedisCache, StoredSession};
pub use config::{Backend, CacheDef, RedisConfig};
