//! A counting global allocator for the zero-allocation tests: allocations made on a thread
//! while its flag is set are counted for that thread, so tests running side by side never see
//! each other's. A test binary that declares `mod counting_alloc;` uses it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Counts allocations made on a thread while its `COUNTING` flag is set.
pub struct CountingAlloc;

thread_local! {
    /// Whether this thread's allocations are counted.
    pub static COUNTING: Cell<bool> = const { Cell::new(false) };
    /// Allocations counted so far on this thread.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// Allocations counted so far on the calling thread.
pub fn allocations() -> u64 {
    ALLOCATIONS.with(|n| n.get())
}

/// Counts one allocation if this thread is counting.
fn count() {
    if COUNTING.with(|c| c.get()) {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
    }
}

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;
