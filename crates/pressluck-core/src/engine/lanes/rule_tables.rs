//! The Rule of N's parameters as the AVX2 kernel's rule lanes read them
//! (`super::avx2`'s `rule`): choice points by column, count points a nibble a column, and the
//! column sets of the placed-markers terms; and which parameter sets fit the kernel.

use crate::columns::{ColumnSet, Rules};
use crate::policy::race_aware::RaceParams;
use crate::policy::rule_of_n::{RuleParams, Ties};

/// Columns 2..=12 as a bit set.
pub(crate) const COLUMNS: u64 = 0x1ffc;

/// The columns outside each placed-markers set: cars are all odd (all even, all low, all high)
/// when they miss these.
pub(crate) const NOT_ODD: u64 = COLUMNS & !ColumnSet::of(&[3, 5, 7, 9, 11]).0 as u64;
/// See [`NOT_ODD`].
pub(crate) const NOT_EVEN: u64 = COLUMNS & !ColumnSet::of(&[2, 4, 6, 8, 10, 12]).0 as u64;
/// See [`NOT_ODD`].
pub(crate) const NOT_LOW: u64 = COLUMNS & !ColumnSet::of(&[2, 3, 4, 5, 6, 7]).0 as u64;
/// See [`NOT_ODD`].
pub(crate) const NOT_HIGH: u64 = COLUMNS & !ColumnSet::of(&[7, 8, 9, 10, 11, 12]).0 as u64;

/// The most a parameter other than a count weight may be, either way, in the kernel: choice
/// points stay far inside 32 bits and far from the kernel's bias for valid candidates (2²⁴).
const MAX_PARAM: i32 = 1000;

/// One Rule of N parameter set as the kernel reads it, but for the threshold, which each rule
/// lane keeps for its seat (every rule lane plays the same weights).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleTables {
    /// Choice points per step, by column.
    pub step: [i32; 16],
    /// Count points per step, one nibble a column (bits `4c..4c + 4`).
    pub progress_nibbles: u64,
    /// Choice points lost per marker brought in.
    pub marker: i32,
    /// The placed-markers terms: all odd, all even, all low, all high.
    pub odd: i32,
    /// See `odd`.
    pub even: i32,
    /// See `odd`.
    pub low: i32,
    /// See `odd`.
    pub high: i32,
}

impl RuleTables {
    /// The tables of `params`, or `None` when they do not fit the kernel: count points per step
    /// must be 0..=15 (summed a nibble a column), every other parameter but the threshold
    /// within ±1000, and ties broken by the shared rule (the kernel's).
    pub fn new(params: &RuleParams) -> Option<RuleTables> {
        let p = params;
        let small = |x: &i32| x.abs() <= MAX_PARAM;
        let fits = p.ties == Ties::Shared
            && p.progress.iter().all(|w| (0..=15).contains(w))
            && p.choice.iter().all(small)
            && [p.odd, p.even, p.low, p.high, p.marker].iter().all(small);
        if !fits {
            return None;
        }
        let pair = |c: usize| c.min(14 - c) - 2;
        let mut t = RuleTables {
            marker: p.marker,
            odd: p.odd,
            even: p.even,
            low: p.low,
            high: p.high,
            ..RuleTables::default()
        };
        for c in 2..=12usize {
            t.step[c] = p.choice[pair(c)];
            t.progress_nibbles |= (p.progress[pair(c)] as u64) << (4 * c);
        }
        Some(t)
    }
}

/// The two slots' race-aware players ([`crate::policy::RaceAware`]; a Rule of N is one with
/// every term 0) as the kernel's race lanes read them: each lane picks its mover's slot. The
/// threshold terms are not here: the driver works each turn's stop counts out and hands them to
/// the lane.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RaceTables {
    /// Choice points per step, by column: slot 0's in the low 16 bits, slot 1's in the high.
    pub step_pairs: [u32; 16],
    /// Per slot: count points per step, one nibble a column (bits `4c..4c + 4`).
    pub progress_nibbles: [u64; 2],
    /// Per slot: choice points lost per marker brought in.
    pub marker: [u32; 2],
    /// Per slot: the placed-markers terms `odd` (low 16 bits) and `low` (high): the choice
    /// subtracts them, the count adds the chosen one's.
    pub odd_low: [u32; 2],
    /// Per slot: the placed-markers terms `high` (low 16 bits) and `even` (high).
    pub high_even: [u32; 2],
    /// Per slot: choice points per car on a top after the choice (`claim`).
    pub claim: [u32; 2],
    /// Per slot: choice points per step in a column the opponent is near to taking
    /// (`contest`).
    pub contest: [u32; 2],
    /// Per slot: the space from which a car counts as near the top (its `reach`), one nibble
    /// a column, at least 1.
    pub near_from: [u64; 2],
}

impl RaceTables {
    /// The tables of the slots' players `players` under `rules` (its column lengths), or `None`
    /// when one does not fit the kernel:
    /// its Rule of N must ([`RuleTables::new`]), its choice terms must be whole numbers within
    /// ±1000 (summed exactly as the player sums them), and its terms numbers.
    pub fn new(rules: &Rules, players: [&RaceParams; 2]) -> Option<RaceTables> {
        let mut t = RaceTables::default();
        for (slot, p) in players.iter().enumerate() {
            let rule = RuleTables::new(&p.rule)?;
            let terms = p.terms.values();
            let whole = |x: f64| x.fract() == 0.0 && x.abs() <= MAX_PARAM as f64;
            if !terms.iter().all(|x| x.is_finite())
                || !whole(p.terms.claim)
                || !whole(p.terms.contest)
            {
                return None;
            }
            let half = |x: i32| x as u16 as u32;
            for c in 2..=12 {
                t.step_pairs[c] |= half(rule.step[c]) << (16 * slot);
            }
            t.progress_nibbles[slot] = rule.progress_nibbles;
            t.marker[slot] = rule.marker as u32;
            t.odd_low[slot] = half(rule.odd) | half(rule.low) << 16;
            t.high_even[slot] = half(rule.high) | half(rule.even) << 16;
            t.claim[slot] = p.terms.claim as i32 as u32;
            t.contest[slot] = p.terms.contest as i32 as u32;
            for c in 2..=12u8 {
                let from = rules.layout.len(c).saturating_sub(p.reach).max(1);
                t.near_from[slot] |= (from as u64) << (4 * c);
            }
        }
        Some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::rule_of_n::{GLENN, KELLER};

    #[test]
    fn tables_fit_the_presets_and_refuse_outsized_weights() {
        for params in [KELLER, GLENN] {
            let t = RuleTables::new(&params).unwrap();
            for c in 2..=12usize {
                let pair = c.min(14 - c) - 2;
                assert_eq!(t.step[c], params.choice[pair]);
                assert_eq!(
                    (t.progress_nibbles >> (4 * c)) & 15,
                    params.progress[pair] as u64
                );
            }
        }
        let mut big = KELLER;
        big.progress[2] = 16;
        assert!(RuleTables::new(&big).is_none());
        big = KELLER;
        big.progress[0] = -1;
        assert!(RuleTables::new(&big).is_none());
        big = KELLER;
        big.marker = 1001;
        assert!(RuleTables::new(&big).is_none());
        big = KELLER;
        big.ties = Ties::Glenn;
        assert!(RuleTables::new(&big).is_none());
        big = KELLER;
        big.threshold = i32::MIN;
        assert!(RuleTables::new(&big).is_some());
    }
}
