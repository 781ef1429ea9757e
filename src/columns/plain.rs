//! `PlainPicks`: a shape-choosing policy's pick for every plain roll, worked out once.
//!
//! A roll is plain ([`TurnShape::plain`]) when no choice can reach a top or jump a cube and no
//! car placed can close the usable set down to the cars: then every choice leaves the same
//! bust chance, each step climbs one space, and the pick depends only on the distinct roll, its
//! usable sums and whether the cars are all placed or none is. That is a small set — 126 rolls
//! by the subsets of their (at most six) sums by two — so the picks are all ranked up front,
//! into a 16 KiB table, and a plain roll costs two lookups. Where two choices tie and only the
//! roll's list order decides (which differs between orders of the same dice), the table says
//! so and the roll is ranked as it comes.

use super::choice::Choice;
use super::legal::UNITS_PER_SPACE;
use super::rank::ChoiceScores;
use super::rules::Rules;
use super::set::{ColumnSet, MAX_COLUMN, MIN_COLUMN};
use super::shape::TurnShape;
use crate::dice::{DISTINCT, DISTINCT_OF, DISTINCT_ROLLS, PAIR_SUMS};

/// The sums a distinct roll offers, as a column set.
const fn sums_of(r: usize) -> u16 {
    PAIR_SUMS[DISTINCT_ROLLS[r].roll.index()]
}

/// `LOCAL[r][c]`: for distinct roll `r`, the bit of column `c` among its sums numbered from the
/// lowest (0 for a column that is not a sum).
static LOCAL: [[u8; 16]; DISTINCT] = {
    let mut t = [[0u8; 16]; DISTINCT];
    let mut r = 0;
    while r < DISTINCT {
        let sums = sums_of(r);
        let (mut c, mut bit) = (MIN_COLUMN as usize, 0);
        while c <= MAX_COLUMN as usize {
            if sums & (1 << c) != 0 {
                t[r][c] = 1 << bit;
                bit += 1;
            }
            c += 1;
        }
        r += 1;
    }
    t
};

/// `LOW[r][m]` and `HIGH[r][m]`: the local bits (see [`LOCAL`]) of the columns 2..=7 set in `m`
/// (bit 0 = column 2) and of the columns 8..=12 set in `m` (bit 0 = column 8).
static LOW: [[u8; 64]; DISTINCT] = local_bits(2, 64);
static HIGH: [[u8; 64]; DISTINCT] = local_bits(8, 32);

/// [`LOW`] (`from` 2, 64 masks) or [`HIGH`] (`from` 8, 32 masks).
const fn local_bits(from: usize, masks: usize) -> [[u8; 64]; DISTINCT] {
    let mut t = [[0u8; 64]; DISTINCT];
    let mut r = 0;
    while r < DISTINCT {
        let mut m = 0;
        while m < masks {
            let mut b = 0;
            while b < 6 {
                if m & (1 << b) != 0 && from + b <= MAX_COLUMN as usize {
                    t[r][m] |= LOCAL[r][from + b];
                }
                b += 1;
            }
            m += 1;
        }
        r += 1;
    }
    t
}

/// A pick that ties with another choice (see the module comment).
const TIED: u8 = 0;

/// A policy's pick of every plain roll under one set of rules (see the module comment).
#[derive(Clone, Debug)]
pub struct PlainPicks {
    /// `picks[(r << 1 | placed) << 6 | local]`: the choice (first column in the high nibble,
    /// second in the low), or [`TIED`].
    picks: Box<[u8]>,
}

impl PlainPicks {
    /// Every plain pick of a policy scoring by `scores` under `rules`.
    pub fn new(rules: &Rules, scores: &ChoiceScores) -> PlainPicks {
        let mut picks = vec![TIED; DISTINCT * 2 * 64].into_boxed_slice();
        // A plain turn's shape: no column near a top or a cube, so each step is worth the
        // column's constant; the usable set is the usable sums (other columns do not matter).
        let mut shape = TurnShape::default();
        for c in MIN_COLUMN..=MAX_COLUMN {
            let units = UNITS_PER_SPACE[rules.layout.len(c) as usize & 15];
            shape.gain_one[c as usize] = units;
            shape.gain_two[c as usize] = 2 * units;
        }
        for (r, w) in DISTINCT_ROLLS.iter().enumerate() {
            let outcome = w.roll.index();
            for local in 1..64u16 {
                // The usable sums with these local bits.
                let usable = (MIN_COLUMN..=MAX_COLUMN)
                    .filter(|&c| LOCAL[r][c as usize] as u16 & local != 0)
                    .fold(0u16, |m, c| m | 1 << c);
                if usable.count_ones() != local.count_ones() {
                    continue; // more local bits than the roll has sums
                }
                shape.usable = ColumnSet(usable);
                // No car placed (all free), or all placed (every usable column holds one).
                let cases = [(ColumnSet::EMPTY, rules.cars as u32), (ColumnSet::ALL, 0)];
                for (placed, (cars, free)) in cases.into_iter().enumerate() {
                    let (pick, tied) =
                        shape.best_choice_tied(outcome, cars, free, scores, rules.faster_gear);
                    let slot = (r << 1 | placed) << 6 | local as usize;
                    picks[slot] = if tied {
                        TIED
                    } else {
                        pick.first << 4 | pick.second
                    };
                }
            }
        }
        PlainPicks { picks }
    }

    /// The pick for ordered outcome `outcome` with usable sums `sums` when all cars are placed
    /// (`placed`) or none is, or `None` when choices tie and the roll must be ranked.
    #[inline(always)]
    pub fn pick(&self, outcome: usize, sums: ColumnSet, placed: bool) -> Option<Choice> {
        let r = DISTINCT_OF[outcome] as usize;
        let s = sums.0 as usize;
        let local = (LOW[r][(s >> 2) & 63] | HIGH[r][(s >> 8) & 31]) as usize;
        let byte = self.picks[((r << 1) | placed as usize) << 6 | local];
        (byte != TIED).then_some(Choice {
            first: byte >> 4,
            second: byte & 15,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_bits_number_each_rolls_sums_from_the_lowest() {
        for r in 0..DISTINCT {
            let sums = sums_of(r);
            let mut seen = 0u8;
            for c in MIN_COLUMN..=MAX_COLUMN {
                let bit = LOCAL[r][c as usize];
                assert_eq!(bit != 0, sums & (1 << c) != 0, "roll {r} column {c}");
                assert_eq!(seen & bit, 0);
                seen |= bit;
            }
            assert_eq!(seen.count_ones(), sums.count_ones());
            // The split lookups agree with the column-by-column numbering for every set.
            for s in (0..1u32 << 13).step_by(4) {
                let slow = (MIN_COLUMN..=MAX_COLUMN)
                    .filter(|&c| s & 1 << c != 0)
                    .fold(0u8, |m, c| m | LOCAL[r][c as usize]);
                let fast = LOW[r][(s as usize >> 2) & 63] | HIGH[r][(s as usize >> 8) & 31];
                assert_eq!(fast, slow, "roll {r} set {s:#b}");
            }
        }
    }
}
