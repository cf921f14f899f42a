//! Heap allocations counted, for `urlcert bench`'s `allocations_per_parse`.
//!
//! The `urlcert` binary's global allocator is [`System`] behind this wrapper, which
//! counts an allocation only while the current thread has asked it to ([`count`]), so
//! the figure is the measured call's own allocations and nothing else the program does.
//! This is the one `unsafe` of the harness's own code: `GlobalAlloc` is an unsafe trait,
//! and every method only forwards to `System` with the caller's arguments unchanged.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

pub struct Counting;

thread_local! {
    /// Counting on this thread, and how many so far. `const` and without a destructor,
    /// so reading it never allocates (which would recurse into the allocator).
    static ON: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<u64> = const { Cell::new(0) };
}

fn tally() {
    // `try_with`: during thread teardown the slots may be gone; nothing is counted then.
    if ON.try_with(Cell::get).unwrap_or(false) {
        let _ = COUNT.try_with(|c| c.set(c.get() + 1));
    }
}

// SAFETY: every method forwards to `System` with the same arguments; the bookkeeping
// touches only `const` thread-locals of plain `Cell`s, which neither allocate nor panic.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        tally();
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        tally();
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        tally();
        System.realloc(ptr, layout, new_size)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

/// The heap allocations (and reallocations) `f` makes on this thread.
pub fn count(f: &mut dyn FnMut()) -> u64 {
    COUNT.with(|c| c.set(0));
    ON.with(|o| o.set(true));
    f();
    ON.with(|o| o.set(false));
    COUNT.with(Cell::get)
}
