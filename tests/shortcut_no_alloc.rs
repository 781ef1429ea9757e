//! Proves the Shortcut game loop allocation-free: a counting global allocator and 4,000
//! complete 4-player games of every policy (optimal included), zero allocations in the loop.

use pressluck::shortcut::engine::{play_game, RngD6};
use pressluck::shortcut::{Policy, Setup, ShortcutFamily};
use pressluck::sim::family::Family;
use pressluck::sim::stats::MatchupStats;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

/// Counts allocations made on a thread while its `COUNTING` flag is set.
struct CountingAlloc;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.with(|c| c.get()) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.with(|c| c.get()) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

#[test]
fn four_thousand_shortcut_games_allocate_nothing() {
    let fam = ShortcutFamily(Setup::new(pressluck::shortcut::Board::default_board(), 4));
    let setup = &fam.0;
    let policies: Vec<Policy> = ["optimal", "threshold:3", "press:2", "main-road"]
        .iter()
        .map(|n| Policy::build(&fam.parse_spec(n).unwrap(), || setup.solution().unwrap()))
        .collect();
    let mut stats = MatchupStats::default();
    let mut finished = 0;
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    COUNTING.with(|c| c.set(true));
    for seed in 0..4_000u64 {
        let mut dice = RngD6(Xoshiro256PlusPlus::seed_from_u64(seed));
        let g = play_game(
            &setup.board,
            4,
            &policies,
            &[0, 1, 2, 3],
            &mut dice,
            &mut stats,
        );
        finished += g.winner.is_some() as u32;
    }
    COUNTING.with(|c| c.set(false));
    let allocated = ALLOCATIONS.load(Ordering::Relaxed) - before;
    assert_eq!(allocated, 0, "{allocated} allocations in the game loop");
    assert_eq!(finished, 4_000);
    COUNTING.with(|c| c.set(true));
    let v: Vec<u64> = Vec::with_capacity(8);
    COUNTING.with(|c| c.set(false));
    drop(v);
    assert!(ALLOCATIONS.load(Ordering::Relaxed) > 0);
}
