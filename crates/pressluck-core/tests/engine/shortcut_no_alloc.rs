//! Proves the Shortcut game loop allocation-free: a counting global allocator, 4,000 complete
//! 4-player games of every policy (optimal included) and 4,000 two-player games of the solved
//! two-player policy, zero allocations in the loop.

use pressluck_core::counters::MatchupStats;
use pressluck_core::games::shortcut::{play_game, RngD6, ShortcutPolicy, ShortcutSetup};
use pressluck_core::games::{Family, ShortcutFamily};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::counting_alloc::{allocations, COUNTING};

#[test]
fn four_thousand_shortcut_games_allocate_nothing() {
    let fam = ShortcutFamily(ShortcutSetup::new(
        pressluck_core::games::shortcut::ShortcutBoard::default_board(),
        4,
    ));
    let setup = &fam.0;
    let policies: Vec<ShortcutPolicy> = ["optimal", "threshold:3", "press:2", "main-road"]
        .iter()
        .map(|n| ShortcutPolicy::build(&fam.parse_spec(n).unwrap(), || setup.solution().unwrap()))
        .collect();
    let mut stats = MatchupStats::default();
    let mut finished = 0;
    let before = allocations();
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
    let allocated = allocations() - before;
    assert_eq!(allocated, 0, "{allocated} allocations in the game loop");
    assert_eq!(finished, 4_000);
    COUNTING.with(|c| c.set(true));
    let v: Vec<u64> = Vec::with_capacity(8);
    COUNTING.with(|c| c.set(false));
    drop(v);
    assert!(allocations() > 0);
}

#[test]
fn two_player_games_of_the_solved_policy_allocate_nothing() {
    let fam = ShortcutFamily(ShortcutSetup::new(
        pressluck_core::games::shortcut::ShortcutBoard::default_board(),
        2,
    ));
    let setup = &fam.0;
    let policies: Vec<ShortcutPolicy> = ["optimal", "threshold:3"]
        .iter()
        .map(|n| ShortcutPolicy::for_setup(&fam.parse_spec(n).unwrap(), setup).unwrap())
        .collect();
    assert!(matches!(policies[0], ShortcutPolicy::Duel(_)));
    let mut stats = MatchupStats::default();
    let before = allocations();
    COUNTING.with(|c| c.set(true));
    for seed in 0..4_000u64 {
        let mut dice = RngD6(Xoshiro256PlusPlus::seed_from_u64(seed));
        play_game(&setup.board, 2, &policies, &[0, 1], &mut dice, &mut stats);
    }
    COUNTING.with(|c| c.set(false));
    let allocated = allocations() - before;
    assert_eq!(allocated, 0, "{allocated} allocations in the game loop");
    assert_eq!(stats.slot_total(0).games, 4_000);
}
