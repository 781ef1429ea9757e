//! Treasure Hunt's fast decisions against the policies as written: on every position of random
//! games (any table, any policies, the variants), the outlook from the game loop's path masks
//! is the outlook counted cell by cell, and the action, the steps for every roll and the cards
//! for every symbol are those of the reference procedures (`act_reference`, `steps_reference`,
//! `combo_reference`: every step valued, every subset of the hand tried). And the game loop
//! plays the games, counters and all, of a loop written with the reference procedures.

use pressluck_core::counters::MatchupStats;
use pressluck_core::dice::sample_d6;
use pressluck_core::games::treasure_hunt::{
    deal, play_game, solitaire_stuck, Act, Deck, Outlook, RngChance, Sight, State, ThRules, ThSpec,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The policies the tests seat, thresholds at and off their defaults.
const SPECS: [&str; 7] = [
    "greedy",
    "runner",
    "thief",
    "greedy:0.6",
    "runner:0.2",
    "thief:0.9",
    "greedy:1",
];

/// Holds the fast forms to the references on `s`, for the player to move.
fn check_decisions(s: &State, spec: &ThSpec) {
    let p = s.current as usize;
    let reference = Outlook::new(s, p);
    let seen = Outlook::seen(s, Sight::new(s).seat(p), p);
    assert_eq!(seen, reference, "the outlook from the path masks");
    assert_eq!(spec.act_seen(s, &seen), spec.act_reference(s), "the action");
    for roll in 1..=12 {
        assert_eq!(
            spec.steps_seen(s, &seen, roll),
            spec.steps_reference(s, roll),
            "the steps for a roll of {roll}"
        );
    }
    for symbol in 0..6 {
        assert_eq!(
            spec.combo_seen(s, &seen, symbol),
            spec.combo_reference(s, symbol),
            "the cards for symbol {symbol}"
        );
    }
}

/// [`play_game`] as the policies are written: every decision made by the reference procedures
/// on the outlook counted afresh, each checked against the fast forms first. The same draws
/// from `rng` in the same order, the same counters.
fn play_reference(
    rules: ThRules,
    deck: &Deck,
    specs: &[ThSpec],
    slot_of_seat: &[usize],
    rng: &mut Xoshiro256PlusPlus,
    stats: &mut MatchupStats,
) -> State {
    let mut s = deal(rules, deck, rng);
    let n = rules.players as usize;
    let cap = rules.turn_cap as u64 * n as u64;
    let mut turns = 0u64;
    let mut unfinished = false;
    while !s.finished {
        if turns >= cap || solitaire_stuck(&s) {
            unfinished = true;
            break;
        }
        if s.new_round && s.lay_out_round(&mut RngChance(rng)).is_err() {
            break;
        }
        let seat = s.current as usize;
        let slot = slot_of_seat[seat];
        let spec = &specs[slot];
        if s.turn_over {
            if s.begin_turn(&mut RngChance(rng)).is_err() {
                break;
            }
            turns += 1;
        }
        while !s.turn_over {
            check_decisions(&s, spec);
            let act = spec.act_reference(&s);
            let here = s.cell_of(seat);
            let face_down = s.claim_blocker().is_none() && s.visible(here).is_none();
            let (row, used) = if face_down {
                (Outlook::new(&s, seat).coverage(), s.actions as u32)
            } else {
                (0, 0)
            };
            if face_down {
                let cell = stats.stop_cell(slot, row, used);
                cell.decisions += 1;
                cell.stops += (act != Act::Claim) as u64;
            }
            let ok = match act {
                Act::Claim => {
                    let symbol = s.reveal_here();
                    check_decisions(&s, spec);
                    let mask = spec.combo_reference(&s, symbol);
                    stats.cells[slot][seat].rolls += 1;
                    let won = s.claim(mask);
                    if won == Ok(false) {
                        stats.cells[slot][seat].busts += 1;
                        if face_down {
                            stats.stop_cell(slot, row, used).busts += 1;
                        }
                    }
                    won.map(|_| ())
                }
                Act::Steal(kind, mask) => s.steal(kind, mask).map(|_| ()),
                Act::Move => {
                    let roll: u8 = (0..rules.dice).map(|_| sample_d6(rng)).sum();
                    let steps = spec.steps_reference(&s, roll);
                    s.move_by(roll, steps)
                }
                Act::Reinforce(cell) => s.reinforce(cell),
                Act::Discard(mask) => s.discard_draw(mask, &mut RngChance(rng)),
                Act::End => break,
            };
            assert!(ok.is_ok(), "{act:?}: {ok:?}");
        }
        s.end_turn();
    }
    stats.unfinished += unfinished as u64;
    for (seat, &slot) in slot_of_seat.iter().enumerate().take(n) {
        let score = if rules.rounds > 1 {
            s.players[seat].points as u64
        } else {
            s.owner.iter().filter(|&&o| o == seat as u8).count() as u64
        };
        stats.add_game(
            slot,
            seat,
            s.winner == seat as u8,
            score,
            s.players[seat].turns as u64,
        );
    }
    s
}

/// Rules for `players` seats with the variants picked by the bits of `variants`.
fn rules_of(players: u8, variants: u8) -> ThRules {
    let mut rules = ThRules::new(players);
    rules.turn_cap = 120;
    let picks: [&[&str]; 6] = [
        &["hand-5"],
        &["two-dice"],
        &["solo-symbols"],
        &["rounds:2"],
        &["row-limit-steals", "row-limit:2"],
        &["target:2"],
    ];
    for (i, names) in picks.iter().enumerate() {
        if variants >> i & 1 == 1 {
            for v in *names {
                // The solitaire rules need a table of one: skipped at larger tables.
                if players == 1 || !v.starts_with("solo") {
                    rules.apply_variant(v).unwrap();
                }
            }
        }
    }
    rules
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn the_game_loop_plays_the_reference_games_and_decides_as_the_references(
        seed in any::<u64>(),
        players in 1u8..=4,
        picks in proptest::collection::vec(0usize..SPECS.len(), 4),
        variants in any::<u8>(),
    ) {
        let rules = rules_of(players, variants);
        let deck = Deck::standard();
        let n = players as usize;
        let specs: Vec<ThSpec> = picks[..n].iter().map(|&i| ThSpec::parse(SPECS[i]).unwrap()).collect();
        // Seats in turn: slot k plays seat (k + seed) mod n.
        let slot_of_seat: Vec<usize> = (0..n).map(|q| (q + seed as usize % n) % n).collect();
        let (mut fast, mut slow) = (MatchupStats::default(), MatchupStats::default());
        for game in 0..2 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed.wrapping_add(game));
            let a = play_game(rules, &deck, &specs, &slot_of_seat, &mut rng.clone(), &mut fast);
            let b = play_reference(rules, &deck, &specs, &slot_of_seat, &mut rng, &mut slow);
            prop_assert_eq!(a, b, "game {}", game);
        }
        prop_assert_eq!(fast, slow);
    }
}
