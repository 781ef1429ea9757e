//! The slots' pairing rules as the game loop plays them ([`RacePlayers`]): the choices of
//! [`RaceRule::choose_among`], found faster.
//!
//! `race-points` and `race-margin` score a choice by track values before and after the move
//! ([`super::policy`]). At a table of one or two, a roll that wins no track (and so cannot end
//! the game) reads those values from [`TrackValues`] and the board as it stands, without
//! playing the move out on a copy of the game; a roll that wins a track is scored as the
//! reference scores it. The scores are the reference's to the bit, so the choices are too,
//! ties and their exact comparison included (tests hold the two to the same choices on random
//! positions, and the game loop to the same games).

use super::exact;
use super::policy::{first_best_exact, margin_gain, points_gain, RaceRule};
use super::track_values::TrackValues;
use crate::columns::{Choice, Game, Rules};
use rand_core::RngCore;

/// The pairing rule of each slot, with the track values `race-points` and `race-margin` read.
#[derive(Clone, Debug)]
pub struct RacePlayers {
    /// The rule of each slot.
    rules: Vec<RaceRule>,
    /// The track values, when a slot reads them and the table seats one or two.
    values: Option<Box<TrackValues>>,
}

impl RacePlayers {
    /// The players of `rules_of_slot` (slot order) under `rules`.
    pub fn new(rules: &Rules, rules_of_slot: &[RaceRule]) -> RacePlayers {
        let reads = rules_of_slot
            .iter()
            .any(|r| matches!(r, RaceRule::Points | RaceRule::Margin));
        RacePlayers {
            rules: rules_of_slot.to_vec(),
            values: if reads { TrackValues::new(rules) } else { None },
        }
    }

    /// The rule of slot `slot`.
    #[inline]
    pub fn rule(&self, slot: usize) -> RaceRule {
        self.rules[slot]
    }

    /// Index into `choices` (two or more, the roll's legal choices in canonical order) of the
    /// choice slot `slot` races with in `game`: [`RaceRule::choose_among`]'s.
    #[inline]
    pub fn choose<R: RngCore>(
        &self,
        slot: usize,
        rules: &Rules,
        game: &Game,
        choices: &[Choice],
        rng: &mut R,
    ) -> usize {
        let rule = self.rules[slot];
        match (rule, self.values.as_deref()) {
            (RaceRule::Points, Some(values)) => first_best_exact(
                choices,
                |c| points_read(values, rules, game, c),
                |c| exact::points_gain(rules, game, c),
            ),
            (RaceRule::Margin, Some(values)) => first_best_exact(
                choices,
                |c| margin_read(values, rules, game, c),
                |c| exact::margin_gain(rules, game, c),
            ),
            _ => rule.choose_among(rules, game, choices, rng),
        }
    }
}

/// Whether `choice` may end the game: it wins a track, or the game's tracks to close are
/// closed already (then the move is played out, as the reference plays it).
#[inline]
fn may_end(rules: &Rules, game: &Game, choice: Choice) -> bool {
    let (p, b) = (game.to_move, &game.board);
    let wins = choice.columns().iter().any(|c| {
        !b.closed.has(c) && b.cube(p, c) + choice.steps_in(c) >= rules.layout.len(c)
    });
    wins || b.closed.len() >= rules.columns_to_end as u32
}

/// [`points_gain`] with the track values read from `values`.
#[inline]
pub fn points_read(values: &TrackValues, rules: &Rules, game: &Game, choice: Choice) -> f64 {
    if may_end(rules, game, choice) {
        return points_gain(rules, game, choice);
    }
    let (p, board) = (game.to_move, &game.board);
    // The game goes on: the game-end term is 0.
    let mut gain = 0.0;
    for c in choice.columns() {
        let s = board.cube(p, c);
        gain += values.value(board, p, c, s + choice.steps_in(c)) - values.value(board, p, c, s);
    }
    gain
}

/// [`margin_gain`] with the track values read from `values`.
#[inline]
pub fn margin_read(values: &TrackValues, rules: &Rules, game: &Game, choice: Choice) -> f64 {
    if may_end(rules, game, choice) {
        return margin_gain(rules, game, choice);
    }
    let (p, b) = (game.to_move, &game.board);
    let moved = choice.columns();
    // Player `q`'s worth in the moved tracks, before the move or after it (no track changes
    // hands, so only the mover's spaces move: the scores and closed tracks stay).
    let worth = |q: u8, after: bool| {
        let tracks: f64 = moved
            .iter()
            .map(|c| {
                if b.closed.has(c) {
                    return 0.0;
                }
                let mover = b.cube(p, c) + if after { choice.steps_in(c) } else { 0 };
                if q == p {
                    values.value_against(c, mover, b.cube(1 - (p & 1), c))
                } else {
                    values.value_against(c, b.cube(q, c), mover)
                }
            })
            .sum();
        b.scores[q as usize & 3] as f64 + tracks
    };
    let change = |q: u8| worth(q, true) - worth(q, false);
    let opponents = rules.players.saturating_sub(1);
    let theirs: f64 = (0..rules.players)
        .filter(|&q| q != p)
        .map(change)
        .sum::<f64>()
        / opponents.max(1) as f64;
    0.0 + change(p) - theirs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::legal::great_races_choices;
    use crate::columns::GameKind;
    use crate::dice::Roll;
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// A random game of `players`: cubes anywhere, mostly near the tops, some tracks closed,
    /// some points scored.
    fn random_game(rng: &mut Xoshiro256PlusPlus, rules: &Rules) -> Game {
        let mut g = Game::new();
        for c in 2..=12 {
            let len = rules.layout.len(c);
            for q in 0..rules.players {
                if rng.gen_range(0..4) > 0 {
                    let reach = if rng.gen() { 3 } else { 13 };
                    let below = rng.gen_range(1..=len.min(reach));
                    g.board.set_cube(q, c, len - below);
                }
            }
            if rng.gen_range(0..4) == 0 {
                g.board.closed = g.board.closed.with(c);
            }
        }
        for q in 0..rules.players as usize {
            g.board.scores[q] = rng.gen_range(0..60);
        }
        g.to_move = rng.gen_range(0..rules.players);
        g
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// On random positions and rolls, every rule's fast choice is the reference's, and the
        /// fast scores are the reference scores bit for bit.
        #[test]
        fn the_fast_choices_are_the_reference_choices(seed in any::<u64>(), players in 1u8..=2) {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let rules = Rules::new(GameKind::GreatRaces, players);
            let all = [RaceRule::Points, RaceRule::Margin, RaceRule::Progress, RaceRule::Random];
            let fast = RacePlayers::new(&rules, &all);
            let values = TrackValues::new(&rules).unwrap();
            for _ in 0..200 {
                let g = random_game(&mut rng, &rules);
                let roll = Roll([(); 4].map(|_| rng.gen_range(1..=6)));
                let list = great_races_choices(&rules, &g.board, g.to_move, roll);
                for &c in list.as_slice() {
                    prop_assert_eq!(
                        points_read(&values, &rules, &g, c).to_bits(),
                        points_gain(&rules, &g, c).to_bits()
                    );
                    prop_assert_eq!(
                        margin_read(&values, &rules, &g, c).to_bits(),
                        margin_gain(&rules, &g, c).to_bits()
                    );
                }
                if list.len() < 2 {
                    continue;
                }
                for (slot, rule) in all.iter().enumerate() {
                    let draw = rng.gen::<u64>();
                    let mut a = Xoshiro256PlusPlus::seed_from_u64(draw);
                    let mut b = Xoshiro256PlusPlus::seed_from_u64(draw);
                    let want = rule.choose(&rules, &g, &list, &mut a);
                    let got = fast.choose(slot, &rules, &g, list.as_slice(), &mut b);
                    prop_assert_eq!(got, want, "{:?} {:?} {:?}", rule, roll, g.board);
                }
            }
        }
    }
}
