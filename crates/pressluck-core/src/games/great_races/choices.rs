//! A roll's legal choices listed from a table of its pairings: the game loop's form of
//! [`great_races_choices`], which stays the reference (tests hold the two to the same lists).
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
    pairs: [(u8, u8); 3],
    len: u8,
}

/// [`EvenFirst`] of every outcome.
pub static EVEN_FIRST: [EvenFirst; OUTCOMES] = {
    let mut t = [EvenFirst {
        pairs: [(0, 0); 3],
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

/// A roll's legal choices (at most three), in the canonical order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RaceChoices {
    items: [Choice; 3],
    len: u8,
}

impl RaceChoices {
    /// The choices of `outcome` for `player` on `board`: what [`great_races_choices`] lists.
    #[inline]
    pub fn of(rules: &Rules, board: &Board, player: u8, outcome: Outcome) -> RaceChoices {
        let open = !board.closed;
        let pairings = &EVEN_FIRST[outcome.index()];
        let mut list = RaceChoices::default();
        for &(a, b) in &pairings.pairs[..pairings.len as usize % 4] {
            let (ua, ub) = (open.has(a), open.has(b));
            let choice = if a == b {
                if !ua {
                    continue;
                }
                if board.cube(player, a) + 1 < rules.layout.len(a) {
                    Choice::two(a, a)
                } else {
                    Choice::one(a)
                }
            } else if ua && ub {
                Choice::two(a, b)
            } else if ua {
                Choice::one(a)
            } else if ub {
                Choice::one(b)
            } else {
                continue;
            };
            if !list.as_slice().contains(&choice) {
                list.items[list.len as usize % 3] = choice;
                list.len += 1;
            }
        }
        list
    }

    /// The choices.
    #[inline]
    pub fn as_slice(&self) -> &[Choice] {
        &self.items[..self.len as usize % 4]
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
                assert_eq!(fast.as_slice(), slow.as_slice(), "{:?} {board:?}", outcome.roll());
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
