//! Property tests over random legal games of every column-race game: the rules' invariants hold
//! after every action, and every game ends.

use pressluck_core::columns::{Board, Game, GameKind, Rules, Variant};
use pressluck_core::dice;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Checks every invariant of a position; panics with the reason.
fn check(rules: &Rules, g: &Game) {
    let b: &Board = &g.board;
    let n = rules.players;
    assert!(
        g.turn.cars.len() <= 3,
        "more than 3 cars: {:?}",
        g.turn.cars
    );
    assert!(
        g.turn.cars.iter().all(|c| !b.closed.has(c)),
        "a car in a closed column"
    );
    for c in g.turn.cars {
        assert!(g.turn.car(c) >= 1 && g.turn.car(c) <= rules.layout.len(c));
        assert!(
            g.turn.car(c) > b.cube(g.to_move, c),
            "car below its own cube"
        );
    }
    let mut scores = [0u16; 4];
    for c in 2..=12u8 {
        let len = rules.layout.len(c);
        // One cube per player per column is the nibble encoding; no cube beyond the top.
        for p in 0..n {
            assert!(b.cube(p, c) <= len);
        }
        if b.closed.has(c) {
            let first = b.first[c as usize];
            assert!(first < n, "closed column {c} without a winner");
            scores[first as usize] += rules.layout.first[c as usize] as u16;
            let second = b.second[c as usize];
            if second < n {
                assert_ne!(second, first);
                scores[second as usize] += rules.layout.second[c as usize] as u16;
            }
            let second_space = if rules.game == GameKind::GreatRaces {
                len - 1
            } else {
                len
            };
            for p in 0..n {
                let want = if p == first {
                    len
                } else if p == second {
                    second_space
                } else {
                    0
                };
                assert_eq!(b.cube(p, c), want, "column {c} player {p}");
            }
        } else {
            for p in 0..n {
                assert!(
                    b.cube(p, c) < len || rules.game == GameKind::GreatRaces && b.cube(p, c) <= len
                );
            }
            if rules.jump {
                // No two cubes on one road space.
                let mut seen = 0u16;
                for p in 0..n {
                    let s = b.cube(p, c);
                    if s > 0 {
                        assert_eq!(seen & (1 << s), 0, "two cubes on column {c} space {s}");
                        seen |= 1 << s;
                    }
                }
            }
        }
    }
    assert_eq!(
        &scores[..n as usize],
        &b.scores[..n as usize],
        "scores are not the sum of won points"
    );
    if rules.game == GameKind::CantStop {
        for p in 0..n {
            assert_eq!(b.won[p as usize] as u16, b.scores[p as usize]);
        }
    }
}

/// Plays one random legal game: random choices, stopping with probability `p_stop` after each
/// successful roll. Returns the number of turns played.
fn random_game(rules: &Rules, seed: u64, p_stop: f64) -> u32 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut g = Game::new();
    let mut turns = 0;
    while !g.finished() {
        assert!(turns < 20_000, "the game did not end");
        let roll = dice::sample(&mut rng);
        let choices = g.choices(rules, roll);
        if choices.is_empty() {
            if rules.game == GameKind::GreatRaces {
                g.pass(rules)
            } else {
                g.bust(rules)
            }
            turns += 1;
        } else {
            let c = choices.as_slice()[rng.gen_range(0..choices.len())];
            g.apply(rules, c);
            if rules.game == GameKind::GreatRaces {
                turns += 1;
            } else if rng.gen_bool(p_stop) {
                g.stop(rules);
                turns += 1;
            }
        }
        check(rules, &g);
    }
    turns
}

fn game_kind() -> impl Strategy<Value = GameKind> {
    prop_oneof![
        Just(GameKind::Route66),
        Just(GameKind::CantStop),
        Just(GameKind::GreatRaces)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_legal_games_keep_the_invariants_and_end(
        game in game_kind(),
        players in 1u8..=4,
        seed in any::<u64>(),
        p_stop in 0.2f64..0.9,
        variant in 0u8..3,
    ) {
        let mut rules = Rules::new(game, players);
        match (game, variant) {
            (GameKind::Route66, 1) => rules.apply_variant(Variant::FasterGear).unwrap(),
            (GameKind::Route66, 2) => rules.apply_variant(Variant::Leisurely).unwrap(),
            (GameKind::CantStop, 1) => rules.apply_variant(Variant::Jump).unwrap(),
            _ => {}
        }
        let turns = random_game(&rules, seed, p_stop);
        prop_assert!(turns > 0);
    }

    #[test]
    fn german_edition_games_keep_the_invariants(players in 2u8..=4, seed in any::<u64>()) {
        let rules = Rules::route66(pressluck_core::columns::Edition::De, players);
        random_game(&rules, seed, 0.5);
    }
}
