//! The per-request memory budget.
//!
//! The `rime` binary's global allocator (`Counting`) reports every allocation and free on a thread here
//! (`note_alloc`/`note_free`); a request runs on one thread, so the bytes its thread holds beyond
//! what it held when the request began are what the request allocated (values it stored in
//! longer-lived scopes count against it, memory it freed that others allocated counts for it).
//! The VM checks the budget at its periodic checkpoints and before building large strings, so a
//! runaway template ends with a `memoryLimit` error instead of the process being killed for
//! running out of memory.
//!
//! Without a reporting allocator (library use, tests of other crates) nothing is counted and the
//! budget never trips. Lucee has no per-request memory limit.

pub use crate::memory_alloc::Counting;
#[cfg(feature = "mimalloc")]
pub use crate::memory_alloc::MiMalloc;
use crate::{CfResult, CfmlError};
use std::cell::Cell;

thread_local! {
    /// Bytes allocated minus bytes freed on this thread since it started.
    static HELD: Cell<i64> = const { Cell::new(0) };
    /// The value of `HELD` beyond which the current request is over its budget.
    static LIMIT: Cell<i64> = const { Cell::new(i64::MAX) };
    /// The current request's budget in bytes (for the error message).
    static BUDGET: Cell<u64> = const { Cell::new(0) };
}

/// An allocation of `n` bytes on this thread. Must not allocate (it runs inside the allocator).
#[inline]
pub fn note_alloc(n: usize) {
    // `try_with`: the thread-local is gone while the thread is being torn down.
    let _ = HELD.try_with(|h| h.set(h.get().wrapping_add(n as i64)));
}

/// A free of `n` bytes on this thread.
#[inline]
pub fn note_free(n: usize) {
    let _ = HELD.try_with(|h| h.set(h.get().wrapping_sub(n as i64)));
}

/// Bytes this thread has allocated and not freed (with the counting allocator installed).
pub fn held() -> i64 {
    HELD.try_with(Cell::get).unwrap_or(0)
}

/// Start a request on this thread with `budget` bytes (None: no limit).
pub fn begin_request(budget: Option<u64>) {
    let held = HELD.with(Cell::get);
    let limit = match budget {
        Some(b) => held.saturating_add(i64::try_from(b).unwrap_or(i64::MAX)),
        None => i64::MAX,
    };
    LIMIT.with(|l| l.set(limit));
    BUDGET.with(|x| x.set(budget.unwrap_or(0)));
}

/// The current request's budget (a `cfthread` it starts gets the same one).
pub fn current_budget() -> Option<u64> {
    let limit = LIMIT.with(Cell::get);
    (limit != i64::MAX).then(|| BUDGET.with(Cell::get))
}

/// The `memoryLimit` error when the current request is over its budget.
#[inline]
pub fn check() -> CfResult<()> {
    if HELD.with(Cell::get) > LIMIT.with(Cell::get) {
        return Err(over_budget());
    }
    Ok(())
}

/// Like `check`, before allocating `extra` more bytes.
#[inline]
pub fn check_room(extra: usize) -> CfResult<()> {
    let held = HELD.with(Cell::get).saturating_add(extra as i64);
    if held > LIMIT.with(Cell::get) {
        return Err(over_budget());
    }
    Ok(())
}

#[cold]
fn over_budget() -> Box<CfmlError> {
    let mb = BUDGET.with(Cell::get) / (1024 * 1024);
    CfmlError::new(
        "memoryLimit",
        format!("the request has exceeded its memory limit of {mb} MB (--max-request-memory)"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_counts_from_the_start_of_the_request() {
        note_alloc(1000);
        begin_request(Some(100));
        assert!(check().is_ok());
        note_alloc(60);
        assert!(check().is_ok() && check_room(60).is_err());
        note_alloc(60);
        let e = check().map_err(|e| e.type_.to_string());
        assert_eq!(e, Err("memoryLimit".to_string()));
        note_free(120);
        assert!(check().is_ok());
        begin_request(None);
        note_alloc(1 << 40);
        assert!(check().is_ok());
    }
}
