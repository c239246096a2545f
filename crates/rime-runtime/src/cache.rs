//! The object-cache interface behind `cachePut`, `cacheGet` and friends, so the functions in
//! rime-stdlib work the same over the in-memory cache and over Redis (rime-cache).
//!
//! Ids reach a backend already normalized (trimmed and upper-cased, as Lucee does). Time spans
//! are `None` for "no limit".

use crate::{CfResult, DateTime, Value};
use std::time::Duration;

/// What `cacheGetMetadata` reports of an entry.
#[derive(Clone, Debug)]
pub struct CacheMetadata {
    /// Hits and misses of reads on the whole cache (0 where a backend does not count them).
    pub cache_hits: u64,
    pub cache_misses: u64,
    pub created: DateTime,
    /// Reads and writes of this entry.
    pub hits: u64,
    pub idle: Option<Duration>,
    pub live: Option<Duration>,
    pub last_read: DateTime,
    pub last_written: DateTime,
}

/// One named object cache.
pub trait Cache: Send + Sync {
    /// Store `value` under `id`: expires `live` after this write and when not read for `idle`.
    fn put(
        &self,
        id: &str,
        value: &Value,
        live: Option<Duration>,
        idle: Option<Duration>,
    ) -> CfResult<()>;
    /// The live value of `id` (a read: it counts as a hit and restarts the idle time).
    fn get(&self, id: &str) -> CfResult<Option<Value>>;
    /// Remove `id`; false when there was no live entry.
    fn remove(&self, id: &str) -> CfResult<bool>;
    fn contains(&self, id: &str) -> CfResult<bool>;
    /// The live ids matching the wildcard `filter` (all without one).
    fn ids(&self, filter: Option<&str>) -> CfResult<Vec<String>>;
    /// The live entries matching `filter`.
    fn entries(&self, filter: Option<&str>) -> CfResult<Vec<(String, Value)>>;
    /// Remove the entries matching `filter` (all without one); returns how many.
    fn clear(&self, filter: Option<&str>) -> CfResult<usize>;
    /// The metadata of `id` (a read), none when there is no live entry.
    fn metadata(&self, id: &str) -> CfResult<Option<CacheMetadata>>;
    /// The cache's read counts and size (`cacheGetProperties`). A store that keeps no counts
    /// (Redis) reports 0 hits and misses.
    fn stats(&self) -> CfResult<CacheStats> {
        Ok(CacheStats {
            hits: 0,
            misses: 0,
            size: self.ids(None)?.len(),
        })
    }
}

/// What `Cache::stats` reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    pub hits: u64,
    pub misses: u64,
    /// Live entries.
    pub size: usize,
}

/// A `cfdirectory`-style filter: `*` any run of characters, `?` one character, case-insensitive.
pub fn wildcard_match(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().flat_map(char::to_lowercase).collect();
    let t: Vec<char> = text.chars().flat_map(char::to_lowercase).collect();
    let (mut pi, mut ti) = (0, 0);
    // The position after the last `*` and the text position it was tried at.
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        match p.get(pi) {
            Some('*') => {
                star = Some((pi + 1, ti));
                pi += 1;
            }
            Some(&c) if c == '?' || t.get(ti) == Some(&c) => {
                pi += 1;
                ti += 1;
            }
            _ => match star {
                Some((sp, st)) => {
                    pi = sp;
                    ti = st + 1;
                    star = Some((sp, st + 1));
                }
                None => return false,
            },
        }
    }
    p.get(pi..)
        .is_some_and(|rest| rest.iter().all(|c| *c == '*'))
}

#[cfg(test)]
mod tests {
    use super::wildcard_match;

    #[test]
    fn wildcards() {
        assert!(wildcard_match("*", ""));
        assert!(wildcard_match("a*c", "ABBBC"));
        assert!(wildcard_match("a*b*c", "axxbyyc"));
        assert!(!wildcard_match("a*b*c", "axxbyy"));
        assert!(wildcard_match("a?c", "abc"));
        assert!(!wildcard_match("a?c", "ac"));
        assert!(wildcard_match("a.c", "A.C"));
        assert!(!wildcard_match("a.c", "abc"));
    }
}
