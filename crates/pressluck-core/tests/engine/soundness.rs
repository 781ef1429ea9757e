//! The public safe entry points that lead to the engine's `unsafe` code, fed out-of-range and
//! adversarial values: dice of any byte, outcome indices of any size, column sets of any bits,
//! rank rows and turn data of any values, boards of any legal shape with any seed and game
//! range. None may crash; where an answer is defined, it is checked.

use pressluck_core::columns::{bust_rolls, ColumnSet, GameKind, Layout, Rules};
use pressluck_core::dice::{Outcome, Roll, OUTCOMES};
use pressluck_core::engine::{
    best_place, play_scalar, Avx2, Engine, EngineRequest, RankInput, RankRow, TurnShape, RANK_ROWS,
};
use pressluck_core::policy::{AnyPolicy, ChoiceScores, Policy, PolicySpec};
use proptest::prelude::*;

/// Choice scores of every kind the ranking takes: the shared rule and two scored rules.
fn scores(kind: usize, rules: &Rules) -> ChoiceScores {
    let spec = ["fixed-risk:0.3", "rule28", "glenn"][kind % 3];
    PolicySpec::parse(spec)
        .unwrap()
        .build(rules)
        .choice_scores(rules)
        .expect("a shape-choosing policy")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn an_outcome_exists_only_below_1296(i in any::<usize>()) {
        match Outcome::new(i) {
            Some(o) => {
                prop_assert!(i < OUTCOMES);
                prop_assert_eq!(o.index(), i);
                prop_assert_eq!(o.roll().outcome(), o);
            }
            None => prop_assert!(i >= OUTCOMES),
        }
    }

    #[test]
    fn dice_of_any_byte_give_one_of_the_1296_outcomes(dice in any::<[u8; 4]>()) {
        let o = Roll(dice).outcome();
        prop_assert!(o.index() < OUTCOMES);
        if dice.iter().all(|d| (1..=6).contains(d)) {
            prop_assert_eq!(o.roll(), Roll(dice));
        }
    }

    #[test]
    fn a_set_of_any_bits_has_a_bust_count(bits in any::<u16>()) {
        prop_assert!(bust_rolls(ColumnSet(bits)) <= OUTCOMES as u16);
    }

    #[test]
    fn ranking_reads_in_bounds_whatever_the_row_and_turn_hold(
        outcome in 0..OUTCOMES,
        noisy_row in any::<bool>(),
        first in any::<[u8; 8]>(),
        second in any::<[u8; 8]>(),
        words in any::<[u32; 5]>(),
        gain_one in any::<[u32; 16]>(),
        gain_two in any::<[u32; 16]>(),
        kind in 0..3usize,
        faster_gear in any::<bool>(),
    ) {
        let Some(avx2) = Avx2::cpu() else { return Ok(()) };
        let rules = Rules::new(GameKind::CantStop, 2);
        let mut row: RankRow = RANK_ROWS[outcome];
        if noisy_row {
            row.first = first;
            row.second = second;
        }
        let input = RankInput {
            usable: words[0],
            cars: words[1],
            one_left: words[2],
            two_left: words[3],
            free: words[4],
            gain_one: &gain_one,
            gain_two: &gain_two,
        };
        let place = best_place(avx2, &row, &input, &scores(kind, &rules), faster_gear);
        prop_assert!(place < row.choice.len());
    }

    #[test]
    fn a_shape_of_any_usable_set_ranks_any_outcome_in_bounds(
        usable in any::<u16>(),
        cars in any::<u16>(),
        free in any::<u32>(),
        outcome in 0..OUTCOMES,
        kind in 0..3usize,
        faster_gear in any::<bool>(),
    ) {
        let Some(avx2) = Avx2::cpu() else { return Ok(()) };
        let rules = Rules::new(GameKind::Route66, 2);
        let mut shape = TurnShape::default();
        shape.usable = ColumnSet(usable);
        let o = Outcome::new(outcome).unwrap();
        let sums = shape.usable_sums(o);
        prop_assert!(sums.0 & !usable == 0);
        if !sums.is_empty() {
            let c = shape.best_choice(avx2, o, ColumnSet(cars), free, &scores(kind, &rules), faster_gear);
            prop_assert!(c.first <= 15 && c.second <= 15);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any board a board file may hold (columns of 1 to 15 spaces), any cars, seats, variants,
    /// seed and range of game indices: the engine chosen for the matchup (the lanes where they
    /// play it) plays the scalar reference's games, and every game is counted.
    #[test]
    fn any_board_seed_and_game_range_plays_the_reference_games(
        lengths in proptest::array::uniform11(1u8..=15),
        route66 in any::<bool>(),
        players in 1u8..=4,
        cars in 1u8..=9,
        jump in any::<bool>(),
        faster_gear in any::<bool>(),
        pair in 0..5usize,
        seed in any::<u64>(),
        key in any::<u64>(),
        lo in any::<u64>(),
        games in 0u64..12,
    ) {
        let game = if route66 { GameKind::Route66 } else { GameKind::CantStop };
        let mut rules = Rules::new(game, players);
        let mut layout: Layout = rules.layout;
        for (i, &len) in lengths.iter().enumerate() {
            layout.length[i + 2] = len;
            layout.second_spaces[i + 2] &= (1u16 << len) - 2;
        }
        rules.layout = layout;
        rules.cars = cars;
        rules.jump = jump || route66;
        rules.faster_gear = faster_gear && route66;
        let specs = [
            ["fixed-risk:0.3", "fixed-risk:0.1,ignore-top"],
            ["rule28", "fixed-risk:0.3"],
            ["rule-of-n:60,progress=9/9/9/9/9/9", "rule28"],
            ["one-roll", "rolls:3"],
            ["race-aware:20,won=2,tops=-20,near=-6,car-near=7.5,open=2,claim=16,opp-won=6,opp-near=2,contest=5,lead=-0.5", "glenn"],
        ][pair];
        let policies: Vec<AnyPolicy> = (0..players as usize)
            .map(|s| PolicySpec::parse(specs[s % 2]).unwrap().build(&rules))
            .collect();
        let lo = lo.min(u64::MAX - games);
        let hi = lo + games;
        let played = Engine::new(&rules, policies.clone(), EngineRequest::Auto).play(&rules, seed, key, lo, hi);
        let reference = play_scalar(&rules, &policies, None, seed, key, lo, hi);
        prop_assert_eq!(&played, &reference);
        let seats: u64 = (0..players as usize).map(|s| played.slot_total(s).games).sum();
        prop_assert_eq!(seats, games * players as u64);
    }
}
