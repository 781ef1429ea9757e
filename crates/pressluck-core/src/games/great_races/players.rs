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

use super::choices::{RaceChoices, Steps};
use super::exact;
use super::gain_rows::GainRows;
use super::policy::{first_best_exact, margin_gain, RaceRule};
use super::stack_rational::StackRational;
use super::track_values::{TrackValues, SPACES};
use crate::columns::board::nibble;
use crate::columns::{Board, Choice, Game, Rules};
use crate::policy::value::end_value;
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

    /// The track values slot `slot` reads, when it plays `race-points` at a table of one or two:
    /// then [`super::points_pick::points_pick`] makes its choice.
    #[inline(always)]
    pub(crate) fn points_values(&self, slot: usize) -> Option<&TrackValues> {
        match self.rules[slot] {
            RaceRule::Points => self.values.as_deref(),
            _ => None,
        }
    }

    /// The [`GainRows`] of `board`, when a slot plays `race-points` at a table of one or two
    /// (and so reads them: [`RacePlayers::points_values`]).
    pub(crate) fn gain_rows(&self, board: &Board) -> Option<GainRows> {
        let points = self.rules.contains(&RaceRule::Points);
        let values = self.values.as_deref().filter(|_| points)?;
        Some(GainRows::of(values, board))
    }

    /// Index into `choices` (two or more: a roll's legal choices) of the choice slot `slot`
    /// races with in `game`: [`RaceRule::choose_among`]'s.
    #[inline]
    pub(crate) fn choose<R: RngCore>(
        &self,
        slot: usize,
        rules: &Rules,
        game: &Game,
        choices: &RaceChoices,
        rng: &mut R,
    ) -> usize {
        let rule = self.rules[slot];
        let list = choices.as_slice();
        let mut scores = [0.0; 4];
        match (rule, self.values.as_deref()) {
            (RaceRule::Points, Some(values)) => {
                for (i, (score, &c)) in scores.iter_mut().zip(list).enumerate() {
                    *score = points_read(values, rules, game, c, choices.steps(i));
                }
                first_best_exact(
                    list,
                    |i| scores[i & 3],
                    |c| exact::points_gain_in::<StackRational>(rules, game, c),
                )
            }
            (RaceRule::Margin, Some(values)) => first_best_exact(
                list,
                |i| margin_read(values, rules, game, list[i], choices.steps(i)),
                |c| exact::margin_gain_in::<StackRational>(rules, game, c),
            ),
            _ => rule.choose_among(rules, game, list, rng),
        }
    }
}

/// What a choice does to the mover's tracks, read off the board before it: the steps, the
/// mover's and the opponent's space in each track (0 without a second track), and how many
/// tracks it wins.
struct Move {
    steps: Steps,
    mine: (u8, u8),
    theirs: (u8, u8),
    wins: u32,
}

impl Move {
    /// The move of a choice whose steps are `steps` for the player to move in `game`.
    #[inline(always)]
    fn of(values: &TrackValues, game: &Game, steps: Steps) -> Move {
        let (p, b) = (game.to_move, &game.board);
        let ((a, ka), (c, kc)) = (steps.first, steps.second);
        let (mine, theirs) = (b.progress[p as usize & 3], values.opponent(b, p));
        let open = !b.closed;
        // Tracks are pair sums (2..=12), or 0 for no second track: one bit test each.
        let (sa, ta) = (nibble(mine, a), nibble(theirs, a));
        let (sc, tc) = if c != 0 {
            (nibble(mine, c), nibble(theirs, c))
        } else {
            (0, 0)
        };
        let wins_a = open.has_sum(a) && sa + ka >= values.len(a);
        let wins_c = c != 0 && open.has_sum(c) && sc + kc >= values.len(c);
        Move {
            steps,
            mine: (sa, sc),
            theirs: (ta, tc),
            wins: wins_a as u32 + wins_c as u32,
        }
    }

    /// Whether the move ends the game: the tracks it wins close the tracks that end it (or they
    /// are closed already).
    #[inline(always)]
    fn ends(&self, rules: &Rules, game: &Game) -> bool {
        game.board.closed.len() + self.wins >= rules.columns_to_end as u32
    }

    /// The mover's values of the spaces of track `c`, the opponent on `t`, on `game`'s board:
    /// 0 everywhere for a closed track.
    #[inline(always)]
    fn row<'a>(values: &'a TrackValues, game: &Game, c: u8, t: u8) -> &'a [f64; SPACES] {
        if game.board.closed.has_sum(c) {
            &CLOSED
        } else {
            values.row_against(c, t)
        }
    }
}

/// A closed track's values: 0 on every space.
static CLOSED: [f64; SPACES] = [0.0; SPACES];

/// The value at space `s` of a row of [`TrackValues`].
#[inline(always)]
fn at(row: &[f64; SPACES], s: u8) -> f64 {
    row[s as usize & 15]
}

/// [`super::policy::points_gain`] with the track values read from `values`: each track's gain read
/// off the board before the move, as the reference reads it; the game played out on a copy only
/// when the move ends it (for the game-end term).
#[inline(always)]
pub(crate) fn points_read(
    values: &TrackValues,
    rules: &Rules,
    game: &Game,
    choice: Choice,
    steps: Steps,
) -> f64 {
    let m = Move::of(values, game, steps);
    let p = game.to_move;
    let mut gain = if m.ends(rules, game) {
        let mut after = *game;
        after.apply(rules, choice);
        end_value(after.winner, p)
    } else {
        end_value(None, p)
    };
    let ((a, ka), (c, kc)) = (m.steps.first, m.steps.second);
    let row = Move::row(values, game, a, m.theirs.0);
    gain += at(row, m.mine.0 + ka) - at(row, m.mine.0);
    if c != 0 {
        let row = Move::row(values, game, c, m.theirs.1);
        gain += at(row, m.mine.1 + kc) - at(row, m.mine.1);
    }
    gain
}

/// [`margin_gain`] with the track values read from `values`, for a move that wins no track (the
/// scores and closed tracks stay, only the mover's spaces change); a move that wins one is
/// scored by the reference.
#[inline(always)]
pub(crate) fn margin_read(
    values: &TrackValues,
    rules: &Rules,
    game: &Game,
    choice: Choice,
    steps: Steps,
) -> f64 {
    let m = Move::of(values, game, steps);
    if m.wins > 0 || m.ends(rules, game) {
        return margin_gain(rules, game, choice);
    }
    let (p, b) = (game.to_move, &game.board);
    let tracks = [
        (m.steps.first, m.mine.0, m.theirs.0),
        (m.steps.second, m.mine.1, m.theirs.1),
    ];
    let n = 1 + (m.steps.second.0 != 0) as usize;
    // Player `q`'s worth in the moved tracks, before the move or after it.
    let worth = |q: u8, after: bool| {
        let mut v = [0.0; 2];
        for (i, &((c, k), s, t)) in tracks[..n].iter().enumerate() {
            let mover = s + if after { k } else { 0 };
            v[i] = if b.closed.has(c) {
                0.0
            } else if q == p {
                at(values.row_against(c, t), mover)
            } else {
                at(values.row_against(c, mover), t)
            };
        }
        let tracks: f64 = v[..n].iter().sum();
        b.scores[q as usize & 3] as f64 + tracks
    };
    let change = |q: u8| worth(q, true) - worth(q, false);
    let opponents = rules.players.saturating_sub(1);
    let theirs: f64 = (0..rules.players)
        .filter(|&q| q != p)
        .map(change)
        .sum::<f64>()
        / opponents.max(1) as f64;
    end_value(None, p) + change(p) - theirs
}

#[cfg(test)]
mod tests {
    use super::super::policy::points_gain;
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
                let fast_list = RaceChoices::of(&rules, &g.board, g.to_move, roll.outcome());
                prop_assert_eq!(fast_list.as_slice(), list.as_slice());
                for &c in list.as_slice() {
                    let steps = Steps::of(c);
                    prop_assert_eq!(
                        points_read(&values, &rules, &g, c, steps).to_bits(),
                        points_gain(&rules, &g, c).to_bits()
                    );
                    prop_assert_eq!(
                        margin_read(&values, &rules, &g, c, steps).to_bits(),
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
                    let got = fast.choose(slot, &rules, &g, &fast_list, &mut b);
                    prop_assert_eq!(got, want, "{:?} {:?} {:?}", rule, roll, g.board);
                }
            }
        }
    }
}
