//! Treasure Hunt properties over random games and hands: cubes and cards conserved, never more
//! tiles in a row than the limit, games end (four-player games of greedy and thief always with
//! a winner, and two- and three-player games of the shipped policies too; a stalemate is still
//! possible in principle and ends at the turn cap, counted unfinished),
//! the fast hand summary agrees with trying every subset of the hand, and the policies'
//! one-pass outlook agrees with the state's own counts.

use crate::treasure::cubes_of;
use pressluck_core::games::treasure_hunt::{
    best_combo, best_combo_search, deal, Act, Deck, HandSummary, Outlook, RngChance, State,
    ThRules, ThSpec, CELLS,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn check(s: &State, deck_len: usize) {
    let n = s.rules.players as usize;
    let mut cards = s.pile_len as usize + s.discard_len as usize;
    for p in 0..n {
        assert_eq!(cubes_of(s, p), 20, "player {p}'s cubes");
        cards += s.players[p].hand_len as usize;
        // Steals may go past the row limit unless `row-limit-steals` counts them too.
        let side = s.players[p].side;
        for row in 0..6 {
            let count = s.row_count(p, side.cell(row, 0));
            assert!(
                count <= s.rules.row_cap() || !s.rules.row_limit_steals,
                "player {p} row {row}: {count}"
            );
        }
    }
    assert_eq!(cards, deck_len, "cards conserved");
    for c in 0..CELLS {
        assert_eq!(s.owner[c] == 0xFF, s.cubes[c] == 0, "cell {c}");
    }
    for p in 0..n {
        check_outlook(s, p);
    }
}

/// The outlook's one-pass counts against the state's own, cell by cell: the tiles still
/// needed ([`State::held`]), face down ([`State::hidden_symbols`]), held per row
/// ([`State::row_count`]) and open to a claim.
fn check_outlook(s: &State, p: usize) {
    let o = Outlook::new(s, p);
    let held = s.held(p);
    let need: Vec<u8> = held
        .iter()
        .map(|&h| s.rules.target.saturating_sub(h))
        .collect();
    assert_eq!(o.need.to_vec(), need, "player {p}'s needs");
    let hidden = s.hidden_symbols();
    assert_eq!(o.hidden, hidden, "face-down symbols");
    let mut open = [0u8; 6];
    let mut face_down_open = false;
    for c in 0..CELLS as u8 {
        assert_eq!(o.row_count(s, c), s.row_count(p, c), "player {p} cell {c}");
        if s.owner[c as usize] != 0xFF || s.row_count(p, c) >= s.rules.row_cap() {
            continue;
        }
        match s.visible(c) {
            Some(sym) => open[sym as usize] += 1,
            None => face_down_open = true,
        }
    }
    if face_down_open {
        for k in 0..6 {
            open[k] += hidden[k];
        }
    }
    assert_eq!(o.open, open, "player {p}'s open tiles");
}

/// Plays one game action by action, checking the invariants after each; returns the state.
fn play_checked(rules: ThRules, specs: &[ThSpec], seed: u64) -> State {
    let deck = Deck::standard();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut s = deal(rules, &deck, &mut rng);
    let mut turns = 0;
    while !s.finished && turns < rules.turn_cap * rules.players as u32 {
        if s.new_round {
            s.lay_out_round(&mut RngChance(&mut rng)).unwrap();
        }
        s.begin_turn(&mut RngChance(&mut rng)).unwrap();
        turns += 1;
        let spec = &specs[s.current as usize];
        while !s.turn_over {
            let r = match spec.act(&s) {
                Act::Claim => {
                    let (p, here) = (s.current as usize, s.cell_of(s.current as usize));
                    let before = s.row_count(p, here);
                    let sym = s.reveal_here();
                    let m = spec.combo(&s, sym);
                    let r = s.claim(m);
                    if r == Ok(true) {
                        assert!(before < s.rules.row_cap(), "a claim past the row limit");
                    }
                    r.map(|_| ())
                }
                Act::Steal(k, m) => s.steal(k, m).map(|_| ()),
                Act::Move => {
                    let roll = (rng.next_u32() % 6 + 1) as u8;
                    s.move_by(roll, spec.steps(&s, roll))
                }
                Act::Reinforce(c) => s.reinforce(c),
                Act::Discard(m) => s.discard_draw(m, &mut RngChance(&mut rng)),
                Act::End => break,
            };
            r.unwrap();
            check(&s, deck.cards.len());
        }
        s.end_turn();
    }
    s
}

use rand_core::RngCore;

fn spec(i: u8) -> ThSpec {
    ThSpec::parse(["greedy", "runner", "thief", "greedy:0.6"][i as usize % 4]).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn invariants_hold_in_random_games(
        seed in any::<u64>(),
        players in 1u8..=4,
        picks in proptest::collection::vec(0u8..4, 4),
        steal_rows in any::<bool>(),
        rounds in any::<bool>(),
    ) {
        let mut rules = ThRules::new(players);
        rules.turn_cap = 150;
        if steal_rows {
            rules.apply_variant("row-limit-steals").unwrap();
            rules.apply_variant(if players < 4 { "row-limit:4" } else { "row-limit:2" }).unwrap();
        }
        if rounds {
            rules.apply_variant("rounds:2").unwrap();
        }
        let specs: Vec<ThSpec> = picks.iter().map(|&i| spec(i)).collect();
        let s = play_checked(rules, &specs, seed);
        if s.finished && rules.rounds == 1 {
            prop_assert!(s.meets_victory(s.winner as usize));
        }
    }

    #[test]
    fn four_player_greedy_and_thief_games_end_with_a_winner(
        seed in any::<u64>(),
        thieves in proptest::collection::vec(any::<bool>(), 4),
    ) {
        let rules = ThRules::new(4);
        let specs: Vec<ThSpec> = thieves
            .iter()
            .map(|&t| ThSpec::parse(if t { "thief" } else { "greedy" }).unwrap())
            .collect();
        let s = play_checked(rules, &specs, seed);
        prop_assert!(s.finished && s.winner < 4);
    }

    #[test]
    fn hand_summary_agrees_with_trying_every_subset(
        ids in proptest::collection::btree_set(0usize..54, 0..=7),
        colour in 0u8..4,
    ) {
        let deck = Deck::standard();
        let hand: Vec<_> = ids.iter().map(|&i| deck.cards[i]).collect();
        let h = HandSummary::new(hand.iter().copied(), colour);
        for units in [3u8, 4] {
            let fast = h.claimable(units);
            for sym in 0..6u8 {
                let slow = best_combo_search(&hand, sym, colour, units, &[]).is_some();
                prop_assert_eq!(fast & (1 << sym) != 0, slow, "symbol {} units {}", sym, units);
                prop_assert_eq!(h.makes(sym, units), slow, "symbol {} units {}", sym, units);
                // The fast form picks exactly what trying every subset picks, costs and all.
                let cost: Vec<i32> = (0..hand.len() as i32).map(|i| (i * 7 + sym as i32) % 5).collect();
                prop_assert_eq!(
                    best_combo(&hand, sym, colour, units, &cost),
                    best_combo_search(&hand, sym, colour, units, &cost)
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        rng_seed: proptest::test_runner::RngSeed::Fixed(20),
        ..ProptestConfig::default()
    })]

    #[test]
    fn two_and_three_player_games_of_any_shipped_policies_end_with_a_winner(
        seed in any::<u64>(),
        three in any::<bool>(),
        picks in proptest::collection::vec(0u8..3, 3),
    ) {
        // About 1 in 5000 such games still reaches the turn cap (a true stalemate, see
        // docs/treasure-hunt.md), so the cases are drawn from a fixed seed: a failure here is
        // a change in the policies, not bad luck.
        let rules = ThRules::new(if three { 3 } else { 2 });
        let specs: Vec<ThSpec> = picks.iter().map(|&i| spec(i)).collect();
        let s = play_checked(rules, &specs, seed);
        prop_assert!(s.finished && s.winner < rules.players);
    }
}
