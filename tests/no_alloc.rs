//! Proves the game loop allocation-free: a counting global allocator, 10,000 complete
//! 2-player Route 66 games, zero allocations between the first roll and the last stop.

use pressluck::columns::{GameKind, Rules};
use pressluck::policy::PolicySpec;
use pressluck::sim::dice_source::RngDice;
use pressluck::sim::play::play_game;
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
fn ten_thousand_route66_games_allocate_nothing() {
    let rules = Rules::new(GameKind::Route66, 2);
    // Every built-in policy family that needs no warm-up, seated against each other.
    let names = ["fixed-risk:0.3", "one-roll"];
    for pair in [
        [names[0], names[1]],
        [names[1], names[0]],
        [names[0], names[0]],
    ] {
        let mut policies: Vec<_> = pair
            .iter()
            .map(|n| PolicySpec::parse(n).unwrap().build(&rules))
            .collect();
        let mut stats = MatchupStats::default();
        let mut finished = 0;
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        COUNTING.with(|c| c.set(true));
        for seed in 0..10_000u64 / 3 + 1 {
            let mut dice = RngDice(Xoshiro256PlusPlus::seed_from_u64(seed));
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(!seed);
            let g = play_game(
                &rules,
                &mut policies,
                &[0, 1],
                &mut dice,
                &mut rng,
                &mut stats,
            );
            finished += g.finished() as u32;
        }
        COUNTING.with(|c| c.set(false));
        let allocated = ALLOCATIONS.load(Ordering::Relaxed) - before;
        assert_eq!(
            allocated, 0,
            "{pair:?}: {allocated} allocations in the game loop"
        );
        assert_eq!(finished, 10_000 / 3 + 1, "{pair:?}");
    }
    // The counter does count: a Vec made while counting is seen.
    COUNTING.with(|c| c.set(true));
    let v: Vec<u64> = Vec::with_capacity(8);
    COUNTING.with(|c| c.set(false));
    drop(v);
    assert!(ALLOCATIONS.load(Ordering::Relaxed) > 0);
}
