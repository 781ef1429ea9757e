//! `race-points`' choice straight from a roll, at a table of one or two: the roll's choices
//! listed and scored in one pass over its pairings ([`EVEN_FIRST`]), each score read from
//! [`TrackValues`] and the mover's and opponent's packed spaces. It is the game loop's form of
//! [`great_races_choices`](crate::columns::legal::great_races_choices) followed by
//! [`RaceRule::choose_among`](super::policy::RaceRule::choose_among), which stay the
//! reference: a test holds the two to the same choice on random positions and every outcome.
//!
//! The distinct pairings of a roll share no sum (two pairings with a common sum have the same
//! other sum, the roll's total less it), so no two of them give the same choice and the list
//! needs no check for repeats. A choice moves at most two tracks, so it can end the game only
//! when closing two more tracks would: short of that, no score has a game-end term and no
//! choice is tested for one.

use super::choices::{Steps, EVEN_FIRST};
use super::exact;
use super::policy::first_best_exact;
use super::track_values::{TrackValues, SPACES};
use crate::columns::board::nibble;
use crate::columns::{Choice, Game, Rules};
use crate::dice::Outcome;
use crate::policy::value::end_value;

/// The choice a roll is raced with, and its steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pick {
    /// The choice.
    pub choice: Choice,
    /// Its steps.
    pub steps: Steps,
}

/// The value at space `s` of a row of [`TrackValues`] (`s & 15`: always in bounds).
#[inline(always)]
fn at(row: &[f64; SPACES], s: u8) -> f64 {
    row[s as usize & 15]
}

/// `race-points`' choice of the roll `outcome` for the player to move in `game` (one or two
/// players, the track values of `rules` in `values`), or `None` when the roll has no choice
/// (no open track among its sums): the choice [`super::choices::RaceChoices::of`] lists and
/// [`super::players::RacePlayers::choose`] picks, every score the reference's to the bit.
#[inline(always)]
pub(crate) fn points_pick(
    values: &TrackValues,
    rules: &Rules,
    game: &Game,
    outcome: Outcome,
) -> Option<Pick> {
    let (p, b) = (game.to_move, &game.board);
    let (mine, theirs) = (b.progress[p as usize & 3], values.opponent(b, p));
    let open = !b.closed;
    let may_end = b.closed.len() + 2 >= rules.columns_to_end as u32;
    let pairings = &EVEN_FIRST[outcome.index()];
    let mut choices = [Choice::default(); 4];
    let mut steps = [Steps::default(); 4];
    let mut scores = [0.0; 4];
    let mut n = 0usize;
    for &(a, c) in pairings.pairs() {
        // Pair sums are 2..=12: one bit test each.
        let (ua, uc) = (open.has_sum(a), open.has_sum(c));
        let (sa, ta) = (nibble(mine, a), nibble(theirs, a));
        let row_a = values.row_against(a, ta);
        // `(track, steps)` of the choice's tracks (track 0: none) and the gain in each.
        let ((x, kx), (y, ky), choice, gain_x, gain_y) = if a == c {
            if !ua {
                continue;
            }
            let k = if sa + 1 < values.len(a) { 2 } else { 1 };
            let choice = if k == 2 {
                Choice::two(a, a)
            } else {
                Choice::one(a)
            };
            let gain = at(row_a, sa + k) - at(row_a, sa);
            ((a, k), (0, 0), choice, gain, 0.0)
        } else if ua && uc {
            let (sc, tc) = (nibble(mine, c), nibble(theirs, c));
            let row_c = values.row_against(c, tc);
            let gain_a = at(row_a, sa + 1) - at(row_a, sa);
            let gain_c = at(row_c, sc + 1) - at(row_c, sc);
            ((a, 1), (c, 1), Choice::two(a, c), gain_a, gain_c)
        } else if ua {
            let gain = at(row_a, sa + 1) - at(row_a, sa);
            ((a, 1), (0, 0), Choice::one(a), gain, 0.0)
        } else if uc {
            let (sc, tc) = (nibble(mine, c), nibble(theirs, c));
            let row_c = values.row_against(c, tc);
            let gain = at(row_c, sc + 1) - at(row_c, sc);
            ((c, 1), (0, 0), Choice::one(c), gain, 0.0)
        } else {
            continue;
        };
        // The reference's sum, in its order: the game-end term, then each track's gain.
        let mut score = 0.0;
        if may_end && ends(values, rules, game, (x, kx), (y, ky)) {
            let mut after = *game;
            after.apply(rules, choice);
            score = end_value(after.winner, p);
        }
        score += gain_x;
        if y != 0 {
            score += gain_y;
        }
        let i = n & 3;
        choices[i] = choice;
        steps[i] = Steps {
            first: (x, kx),
            second: (y, ky),
        };
        scores[i] = score;
        n += 1;
    }
    let pick = match n {
        0 => return None,
        1 => 0,
        _ => first_best_exact(
            &choices[..n & 3],
            |i| scores[i & 3],
            |c| exact::points_gain(rules, game, c),
        ),
    };
    Some(Pick {
        choice: choices[pick & 3],
        steps: steps[pick & 3],
    })
}

/// Whether the move of `first` and `second` (`(track, steps)`, track 0: none; open tracks) by
/// the player to move ends `game`: the tracks it wins close the tracks that end it.
#[inline(never)]
fn ends(
    values: &TrackValues,
    rules: &Rules,
    game: &Game,
    first: (u8, u8),
    second: (u8, u8),
) -> bool {
    let mine = game.board.progress[game.to_move as usize & 3];
    let wins = |(c, k): (u8, u8)| (c != 0 && nibble(mine, c) + k >= values.len(c)) as u32;
    game.board.closed.len() + wins(first) + wins(second) >= rules.columns_to_end as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::legal::great_races_choices;
    use crate::columns::GameKind;
    use crate::games::great_races::policy::RaceRule;
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// A random game of `players`: cubes anywhere, many near the tops, some tracks closed
    /// (up to all but one of those that end the game, so some rolls end it), some points.
    fn random_game(rng: &mut Xoshiro256PlusPlus, rules: &Rules) -> Game {
        let mut g = Game::new();
        let closing = rng.gen_range(0..rules.columns_to_end);
        for c in 2..=12 {
            let len = rules.layout.len(c);
            for q in 0..rules.players {
                if rng.gen_range(0..4) > 0 {
                    let reach = if rng.gen() { 3 } else { 13 };
                    let below = rng.gen_range(1..=len.min(reach));
                    g.board.set_cube(q, c, len - below);
                }
            }
            if g.board.closed.len() < closing as u32 && rng.gen_range(0..3) == 0 {
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
        #![proptest_config(ProptestConfig::with_cases(32))]
        /// On random positions and every outcome, the pick is the reference listing's choice
        /// that the reference rule picks (or none where the listing is empty).
        #[test]
        fn the_pick_is_the_reference_choice(seed in any::<u64>(), players in 1u8..=2) {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let rules = Rules::new(GameKind::GreatRaces, players);
            let values = TrackValues::new(&rules).unwrap();
            for _ in 0..8 {
                let g = random_game(&mut rng, &rules);
                for outcome in Outcome::all() {
                    let list = great_races_choices(&rules, &g.board, g.to_move, outcome.roll());
                    let list = list.as_slice();
                    let want = match list.len() {
                        0 => None,
                        n => {
                            let mut unused = Xoshiro256PlusPlus::seed_from_u64(0);
                            let i = if n == 1 {
                                0
                            } else {
                                RaceRule::Points.choose_among(&rules, &g, list, &mut unused)
                            };
                            Some(Pick { choice: list[i], steps: Steps::of(list[i]) })
                        }
                    };
                    let got = points_pick(&values, &rules, &g, outcome);
                    prop_assert_eq!(got, want, "{:?} {:?}", outcome.roll(), g);
                }
            }
        }
    }
}
