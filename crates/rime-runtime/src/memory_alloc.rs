//! Global allocators: a wrapper around an inner allocator (`MiMalloc` in the `rime` binary, the
//! system's in the fuzz targets) that also reports each thread's allocations and frees to
//! `crate::memory`, for the per-request memory budget; and `MiMalloc` (feature `mimalloc`).
//! Install them with `#[global_allocator]`.
//!
//! This is the workspace's only `unsafe` code: implementing `GlobalAlloc` and calling the C
//! allocator require it. The wrapper passes its arguments unchanged to the inner allocator, so
//! the inner allocator's guarantees are the wrapper's; the counting touches only a thread-local
//! integer and never allocates.
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

/// mimalloc as the global allocator. The `mimalloc` crate's allocator asks for every block
/// through `mi_malloc_aligned`, whose fast path only serves a page that has a free block at the
/// right alignment: otherwise a size that is not a power of two is over-allocated and aligned
/// by hand (16 of a hello.cfm request's ~80 allocations went that way, measured with
/// callgrind). Every mimalloc block is at least 8-byte aligned (blocks are whole words), so
/// alignments up to 8 take the plain `mi_malloc`, as std's `System` does with `malloc`.
#[cfg(feature = "mimalloc")]
pub struct MiMalloc;

#[cfg(feature = "mimalloc")]
const MI_WORD: usize = 8;

// SAFETY: plain `mi_malloc`/`mi_zalloc`/`mi_realloc` return blocks aligned to at least a word,
// so they serve layouts whose alignment is at most `MI_WORD` and at most the size; every other
// layout goes to mimalloc's aligned functions. `mi_free` frees blocks from either.
#[cfg(feature = "mimalloc")]
unsafe impl GlobalAlloc for MiMalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        use libmimalloc_sys as mi;
        if layout.align() <= MI_WORD && layout.align() <= layout.size() {
            unsafe { mi::mi_malloc(layout.size()).cast() }
        } else {
            unsafe { mi::mi_malloc_aligned(layout.size(), layout.align()).cast() }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        use libmimalloc_sys as mi;
        if layout.align() <= MI_WORD && layout.align() <= layout.size() {
            unsafe { mi::mi_zalloc(layout.size()).cast() }
        } else {
            unsafe { mi::mi_zalloc_aligned(layout.size(), layout.align()).cast() }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        unsafe { libmimalloc_sys::mi_free(ptr.cast()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        use libmimalloc_sys as mi;
        if layout.align() <= MI_WORD && layout.align() <= new_size {
            unsafe { mi::mi_realloc(ptr.cast(), new_size).cast() }
        } else {
            unsafe { mi::mi_realloc_aligned(ptr.cast(), new_size, layout.align()).cast() }
        }
    }
}
