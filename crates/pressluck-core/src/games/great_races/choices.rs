//! A roll's legal choices listed from a table of its pairings: the game loop's form of
//! [`crate::columns::legal::great_races_choices`], which stays the reference (tests hold the two to
//! the same lists).
//!
//! [`EVEN_FIRST`] gives every outcome's distinct pairings in the canonical order (by their
//! larger sum, smallest first: [`crate::dice::Roll::pairings_even_first`]), worked out at
//! compile time; a roll's choices are then a few tests of open tracks, into a fixed array of
//! at most three (each pairing gives at most one choice).

#[cfg(test)]
use crate::columns::legal::great_races_choices;
use crate::columns::{Board, Choice, Rules};
use crate::dice::{Outcome, Roll, OUTCOMES};

/// An outcome's distinct pairings, `(smaller, larger)` sums, in the canonical order.
#[derive(Clone, Copy, Debug)]
pub struct EvenFirst {
    /// The pairings, padded with `(0, 0)` to four (read at `& 3`).
    pairs: [(u8, u8); 4],
    len: u8,
}

impl EvenFirst {
    /// The pairings.
    #[inline(always)]
    pub fn pairs(&self) -> &[(u8, u8)] {
        &self.pairs[..self.len as usize & 3]
    }

    /// The pairings padded with `(0, 0)` (no track) to four.
    #[inline(always)]
    pub const fn padded(&self) -> &[(u8, u8); 4] {
        &self.pairs
    }
}

/// [`EvenFirst`] of every outcome.
pub static EVEN_FIRST: [EvenFirst; OUTCOMES] = {
    let mut t = [EvenFirst {
        pairs: [(0, 0); 4],
        len: 0,
    }; OUTCOMES];
    let mut i = 0;
    while i < OUTCOMES {
        let all = Roll::from_index(i).pairings();
        let mut sorted = [(0u8, 0u8); 3];
        let mut k = 0;
        while k < 3 {
            let (a, b) = all[k];
            sorted[k] = if a <= b { (a, b) } else { (b, a) };
            k += 1;
        }
        // Three items by their larger sum: two pairings with the same larger sum share the
        // smaller one too (the sums add up to the roll's total), so any order of equals will do.
        let mut x = 0;
        while x < 3 {
            let mut y = x + 1;
            while y < 3 {
                if sorted[y].1 < sorted[x].1 {
                    let keep = sorted[x];
                    sorted[x] = sorted[y];
                    sorted[y] = keep;
                }
                y += 1;
            }
            x += 1;
        }
        let mut n = 0;
        k = 0;
        while k < 3 {
            if n == 0 || sorted[k].1 != t[i].pairs[n - 1].1 {
                t[i].pairs[n] = sorted[k];
                n += 1;
            }
            k += 1;
        }
        t[i].len = n as u8;
        i += 1;
    }
    t
};

/// A roll's legal choices (at most three), in the canonical order, each with its [`Steps`];
/// arrays of four read at `& 3`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RaceChoices {
    items: [Choice; 4],
    steps: [Steps; 4],
    len: u8,
}

impl RaceChoices {
    /// The choices of `outcome` for `player` on `board`: what
    /// [`crate::columns::legal::great_races_choices`] lists.
    #[inline(always)]
    pub fn of(rules: &Rules, board: &Board, player: u8, outcome: Outcome) -> RaceChoices {
        let open = !board.closed;
        let pairings = &EVEN_FIRST[outcome.index()];
        let mut list = RaceChoices::default();
        for i in 0..pairings.len as usize {
            let (a, b) = pairings.pairs[i & 3];
            // Pair sums are 2..=12: one bit test each.
            let (ua, ub) = (open.has_sum(a), open.has_sum(b));
            let (choice, steps) = if a == b {
                if !ua {
                    continue;
                }
                if board.cube(player, a) + 1 < rules.layout.len(a) {
                    (Choice::two(a, a), Steps::one(a, 2))
                } else {
                    (Choice::one(a), Steps::one(a, 1))
                }
            } else if ua && ub {
                // `a < b`: the pairing's smaller sum first.
                (
                    Choice::two(a, b),
                    Steps {
                        first: (a, 1),
                        second: (b, 1),
                    },
                )
            } else if ua {
                (Choice::one(a), Steps::one(a, 1))
            } else if ub {
                (Choice::one(b), Steps::one(b, 1))
            } else {
                continue;
            };
            let n = list.len as usize & 3;
            // A pairing gives at most one choice, and two pairings the same one only when a
            // closed track leaves them the same open one: compare with those listed.
            if !list.items[..n].contains(&choice) {
                list.items[n] = choice;
                list.steps[n] = steps;
                list.len += 1;
            }
        }
        list
    }

    /// The choices.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Choice] {
        &self.items[..self.len as usize & 3]
    }

    /// The steps of choice `i`.
    #[inline(always)]
    pub fn steps(&self, i: usize) -> Steps {
        self.steps[i & 3]
    }
}

/// A choice as the steps it takes, tracks in increasing order (the order of
/// [`Choice::columns`]): `(track, steps)` of the first, and of the second (track 0: none); a
/// double is two steps in one track.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Steps {
    /// The first track and its steps (1, or 2 for a double).
    pub first: (u8, u8),
    /// The second track and its step, or `(0, 0)`.
    pub second: (u8, u8),
}

impl Steps {
    /// `steps` steps in track `c` alone.
    #[inline]
    pub const fn one(c: u8, steps: u8) -> Steps {
        Steps {
            first: (c, steps),
            second: (0, 0),
        }
    }

    /// The steps of `choice` (the lists work them out as they go).
    #[cfg(test)]
    pub fn of(choice: Choice) -> Steps {
        let Choice { first, second } = choice;
        if second == first {
            Steps {
                first: (first, 2),
                second: (0, 0),
            }
        } else if second == 0 {
            Steps {
                first: (first, 1),
                second: (0, 0),
            }
        } else {
            Steps {
                first: (first.min(second), 1),
                second: (first.max(second), 1),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{Game, GameKind};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn the_table_lists_what_great_races_choices_lists() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(46);
        let rules = Rules::new(GameKind::GreatRaces, 2);
        for round in 0..300 {
            let mut board = Game::new().board;
            for c in 2..=12u8 {
                let len = rules.layout.len(c);
                board.set_cube(0, c, rng.gen_range(0..len));
                board.set_cube(1, c, rng.gen_range(0..len));
                if rng.gen_range(0..3 + round % 4) == 0 {
                    board.closed = board.closed.with(c);
                }
            }
            for outcome in Outcome::all() {
                let player = (round % 2) as u8;
                let fast = RaceChoices::of(&rules, &board, player, outcome);
                let slow = great_races_choices(&rules, &board, player, outcome.roll());
                assert_eq!(
                    fast.as_slice(),
                    slow.as_slice(),
                    "{:?} {board:?}",
                    outcome.roll()
                );
                for (i, &c) in fast.as_slice().iter().enumerate() {
                    assert_eq!(fast.steps(i), Steps::of(c));
                }
            }
        }
    }

    #[test]
    fn steps_are_the_columns_and_their_steps() {
        for a in 2..=12u8 {
            for b in (0..=12u8).filter(|&b| b == 0 || b >= 2) {
                let choice = if b == 0 {
                    Choice::one(a)
                } else {
                    Choice::two(a, b)
                };
                let want: Vec<(u8, u8)> = choice
                    .columns()
                    .iter()
                    .map(|c| (c, choice.steps_in(c)))
                    .collect();
                let steps = Steps::of(choice);
                let got: Vec<(u8, u8)> = [steps.first, steps.second]
                    .into_iter()
                    .filter(|&(c, _)| c != 0)
                    .collect();
                assert_eq!(got, want, "{choice:?}");
            }
        }
    }

    #[test]
    fn the_pairings_are_the_even_first_ones_without_repeats() {
        for outcome in Outcome::all() {
            let mut want = outcome.roll().pairings_even_first().to_vec();
            want.dedup();
            let t = &EVEN_FIRST[outcome.index()];
            assert_eq!(&t.pairs[..t.len as usize], want.as_slice());
        }
    }
}
