//! `RankTable`: every outcome's candidates laid out for the vector ranking
//! ([`super::rank_avx2`]), one 64-byte row an outcome, built once per board.
//!
//! A roll's candidates sit in six lanes, two per pairing: lane X holds both pairs (or a
//! double) when they can go together and the first alone otherwise; lane Y holds the second
//! alone. Where no step jumps a cube, a candidate's progress is a constant of the board, so the
//! row ranks all nine possible candidates once by progress (most first) and then by their
//! place in the roll evaluator's list: the "gain rank", 0..=8. A lane's rank word ends with
//! its gain rank, so the least rank word names its candidate, and `choice` turns it into the
//! choice without looking at lanes.

use super::choice::Choice;
use super::legal::UNITS_PER_SPACE;
use super::rules::Rules;
use crate::dice::{OUTCOMES, UNIQUE_PAIRINGS};

/// The gain rank of a candidate that does not exist (a missing pairing, a double's second).
pub const NO_RANK: u8 = 15;

/// One outcome's lanes (X0, Y0, X1, Y1, X2, Y2 and two empty lanes; see the module comment).
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RankRow {
    /// Per lane: the first column of the lane's pairing (0 for none).
    pub first: [u8; 8],
    /// Per lane: the second column of the lane's pairing (0 for none).
    pub second: [u8; 8],
    /// Per lane: the gain rank of the lane's single (X: the first alone, Y: the second alone).
    pub single: [u8; 8],
    /// Per lane: the gain rank of both pairs (X lanes; [`NO_RANK`] in Y lanes).
    pub both: [u8; 8],
    /// By gain rank: the choice, first column in the high nibble, second in the low.
    pub choice: [u8; 16],
}

/// The rows of every outcome for one board, and whether this CPU runs the vector ranking.
#[derive(Clone, Debug)]
pub struct RankTable {
    /// `rows[outcome]`.
    rows: Box<[RankRow]>,
    /// Whether the CPU has AVX2.
    vector: bool,
}

impl RankTable {
    /// The table for `rules`' board.
    pub fn new(rules: &Rules) -> RankTable {
        let units = |c: u8| UNITS_PER_SPACE[rules.layout.len(c) as usize & 15];
        let rows = (0..OUTCOMES)
            .map(|o| {
                let pairs = UNIQUE_PAIRINGS[o].padded();
                // (progress, place, choice) of each candidate that exists.
                let mut cands: Vec<(u32, usize, Choice)> = Vec::new();
                for (k, &(a, b)) in pairs.iter().enumerate().filter(|(_, p)| p.0 != 0) {
                    let both = if a == b {
                        2 * units(a)
                    } else {
                        units(a) + units(b)
                    };
                    cands.push((both, 3 * k, Choice::two(a, b)));
                    cands.push((units(a), 3 * k + 1, Choice::one(a)));
                    if a != b {
                        cands.push((units(b), 3 * k + 2, Choice::one(b)));
                    }
                }
                cands.sort_by_key(|&(gain, place, _)| (std::cmp::Reverse(gain), place));
                let rank_of = |place: usize| {
                    cands
                        .iter()
                        .position(|&(_, p, _)| p == place)
                        .map_or(NO_RANK, |r| r as u8)
                };
                let mut row = RankRow {
                    single: [NO_RANK; 8],
                    both: [NO_RANK; 8],
                    ..RankRow::default()
                };
                for (k, &(a, b)) in pairs.iter().enumerate() {
                    for lane in [2 * k, 2 * k + 1] {
                        row.first[lane] = a;
                        row.second[lane] = b;
                    }
                    row.both[2 * k] = rank_of(3 * k);
                    row.single[2 * k] = rank_of(3 * k + 1);
                    row.single[2 * k + 1] = rank_of(3 * k + 2);
                }
                for (r, &(_, _, c)) in cands.iter().enumerate() {
                    row.choice[r] = c.first << 4 | c.second;
                }
                row
            })
            .collect();
        RankTable {
            rows,
            vector: vector_cpu(),
        }
    }

    /// The row of ordered outcome `outcome`.
    #[inline(always)]
    pub fn row(&self, outcome: usize) -> &RankRow {
        &self.rows[outcome]
    }

    /// Whether the vector ranking runs on this CPU.
    #[inline(always)]
    pub fn vector(&self) -> bool {
        self.vector
    }

    /// This table with the vector ranking turned off (the scalar ranking everywhere), for
    /// tests and comparisons.
    pub fn scalar(mut self) -> RankTable {
        self.vector = false;
        self
    }
}

/// Whether this CPU has AVX2 (and `PRESSLUCK_ENGINE` is not `scalar`).
fn vector_cpu() -> bool {
    if std::env::var("PRESSLUCK_ENGINE").is_ok_and(|v| v == "scalar") {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::GameKind;

    #[test]
    fn every_candidate_has_a_distinct_rank_naming_its_choice() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let t = RankTable::new(&rules);
        for (o, pairs) in UNIQUE_PAIRINGS.iter().enumerate() {
            let (row, pairs) = (t.row(o), pairs.as_slice());
            let mut seen = [false; 16];
            for (k, &(a, b)) in pairs.iter().enumerate() {
                let (both, x, y) = (row.both[2 * k], row.single[2 * k], row.single[2 * k + 1]);
                let name = |r: u8| row.choice[r as usize];
                assert_eq!(
                    name(both),
                    Choice::two(a, b).first << 4 | Choice::two(a, b).second
                );
                assert_eq!(name(x), a << 4);
                assert_eq!(y == NO_RANK, a == b, "outcome {o}");
                for r in [both, x, y].into_iter().filter(|&r| r != NO_RANK) {
                    assert!(!seen[r as usize], "outcome {o}: rank {r} twice");
                    seen[r as usize] = true;
                }
            }
            // Ranks run by progress: a single in column 2 (3 spaces) beats one in 7 (13).
            assert_eq!(row.first[6..], [0, 0]);
        }
    }
}
