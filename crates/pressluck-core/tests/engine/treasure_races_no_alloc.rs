//! The Treasure Hunt and The Great Races game loops under a counting global allocator: whole
//! Treasure Hunt games of every policy at tables of one to four allocate nothing from the deal
//! to the last action; nor do The Great Races', their exact re-scoring of close choices
//! included.

use pressluck_core::columns::{GameKind, Rules};
use pressluck_core::counters::MatchupStats;
use pressluck_core::engine::{game_streams, RngDice};
use pressluck_core::games::great_races::{exact_rescorings, play_race, RacePlayers, RaceRule};
use pressluck_core::games::treasure_hunt::{play_game, Deck, ThRules, ThSpec};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::counting_alloc::{allocations, COUNTING};

#[test]
fn treasure_hunt_games_allocate_nothing() {
    let deck = Deck::standard();
    let specs: Vec<ThSpec> = ["greedy", "runner", "thief", "greedy:0.6"]
        .iter()
        .map(|s| ThSpec::parse(s).unwrap())
        .collect();
    let mut stats = MatchupStats::default();
    let mut actions_seen = 0;
    for players in 1..=4u8 {
        let rules = ThRules::new(players);
        let seats: Vec<usize> = (0..players as usize).collect();
        let before = allocations();
        COUNTING.with(|c| c.set(true));
        for seed in 0..100u64 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let end = play_game(rules, &deck, &specs, &seats, &mut rng, &mut stats);
            actions_seen += end.players.iter().map(|p| p.turns).sum::<u32>();
        }
        COUNTING.with(|c| c.set(false));
        let allocated = allocations() - before;
        assert_eq!(
            allocated, 0,
            "{allocated} allocations in {players}-player games"
        );
    }
    assert!(actions_seen > 10_000, "{actions_seen} turns played");
}

#[test]
fn great_races_games_allocate_nothing() {
    // Every roll's choices, scores and move are worked out in place, and so is the pairing
    // rules' exact re-scoring of choices whose scores lie within the tie band (rationals on
    // the stack, `great_races::stack_rational`), a few rolls in a thousand at a table of two
    // or more: the fields below meet such rolls (counted), and allocate nothing all the same.
    use RaceRule::*;
    let mut exact_rolls = 0;
    for field in [
        &[Points][..],
        &[Margin],
        &[Progress, Random],
        &[Points, Points],
        &[Points, Margin],
        &[Margin, Margin],
        &[Margin, Points, Progress, Random],
        &[Margin, Margin, Margin, Margin],
    ] {
        let rules = Rules::new(GameKind::GreatRaces, field.len() as u8);
        let players = RacePlayers::new(&rules, field);
        let seats: Vec<usize> = (0..field.len()).collect();
        let mut stats = MatchupStats::default();
        let (before, ties_before) = (allocations(), exact_rescorings());
        COUNTING.with(|c| c.set(true));
        for i in 0..1_000 {
            let (dice, mut rng) = game_streams(46, 1, i).generators();
            play_race(
                &rules,
                &players,
                &seats,
                &mut RngDice(dice),
                &mut rng,
                &mut stats,
            );
        }
        COUNTING.with(|c| c.set(false));
        let allocated = allocations() - before;
        assert_eq!(allocated, 0, "allocations in 1,000 games of {field:?}");
        assert_eq!(stats.slot_total(0).games, 1_000);
        exact_rolls += exact_rescorings() - ties_before;
    }
    assert!(exact_rolls > 10, "{exact_rolls} rolls re-scored exactly");
}
