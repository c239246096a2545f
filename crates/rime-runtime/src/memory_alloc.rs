//! A global allocator wrapper: an inner allocator (mimalloc in the `rime` binary, the system's
//! in the fuzz targets) that also reports each thread's allocations and frees to
//! `crate::memory`, for the per-request memory budget. Install it with `#[global_allocator]`.
//!
//! This is the workspace's only `unsafe` code: implementing `GlobalAlloc` requires it. Every
//! method passes its arguments unchanged to the inner allocator, so the inner allocator's
//! guarantees are the wrapper's; the counting touches only a thread-local integer and never
//! allocates.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout};

/// Wraps allocator `A`, counting its bytes per thread.
pub struct Counting<A>(pub A);

// SAFETY: each method forwards to `A`, which upholds `GlobalAlloc`'s contract; the extra work
// (a thread-local add) cannot allocate, unwind or touch the memory handed out.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { self.0.alloc(layout) };
        if !p.is_null() {
            crate::memory::note_alloc(layout.size());
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { self.0.alloc_zeroed(layout) };
        if !p.is_null() {
            crate::memory::note_alloc(layout.size());
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { self.0.dealloc(ptr, layout) };
        crate::memory::note_free(layout.size());
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { self.0.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            crate::memory::note_free(layout.size());
            crate::memory::note_alloc(new_size);
        }
        p
    }
}
