//! The exact bust table: for each of the 2048 usable sets, how many of the 1296 ordered rolls
//! offer no pair sum in the set. A roll is usable iff one of its (up to six) pair sums is usable,
//! so the table is a subset-sum over each roll's set of sums, computed at compile time.

use super::set::ColumnSet;
use crate::dice::{OUTCOMES, PAIR_SUMS};

/// `BUST_ROLLS[mask]`: busting ordered rolls (out of 1296) when `mask` is the usable set.
pub static BUST_ROLLS: [u16; 2048] = {
    // count[m] = rolls whose set of sums is exactly m.
    let mut t = [0u16; 2048];
    let mut i = 0;
    while i < OUTCOMES {
        t[(PAIR_SUMS[i] >> 2) as usize & 0x7ff] += 1;
        i += 1;
    }
    // Zeta transform: t[m] = rolls whose sums all lie inside m.
    let mut bit = 0;
    while bit < 11 {
        let mut m = 0;
        while m < 2048 {
            if m & (1 << bit) != 0 {
                t[m] += t[m ^ (1 << bit)];
            }
            m += 1;
        }
        bit += 1;
    }
    // A roll busts on usable set u iff all its sums lie in the complement of u.
    let mut out = [0u16; 2048];
    let mut u = 0;
    while u < 2048 {
        out[u] = t[!u & 0x7ff];
        u += 1;
    }
    out
};

/// [`BUST_ROLLS`] widened to 32 bits, for gathering by vector lanes.
pub static BUST_ROLLS_WIDE: [u32; 2048] = {
    let mut t = [0u32; 2048];
    let mut m = 0;
    while m < 2048 {
        t[m] = BUST_ROLLS[m] as u32;
        m += 1;
    }
    t
};

/// `OFFERED[c]`: the chance a roll offers column `c` (some pair sums to it), bit for bit
/// `1 − p_bust({c})` (indices 0 and 1 unused).
pub static OFFERED: [f64; 13] = {
    let mut t = [0.0; 13];
    let mut c = 2;
    while c <= 12 {
        t[c] = 1.0 - BUST_ROLLS[ColumnSet::single(c as u8).mask()] as f64 / OUTCOMES as f64;
        c += 1;
    }
    t
};

/// Busting rolls out of 1296 for a usable set.
#[inline]
pub fn bust_rolls(usable: ColumnSet) -> u16 {
    BUST_ROLLS[usable.mask()]
}

/// Probability that the next roll busts, for a usable set.
#[inline]
pub fn p_bust(usable: ColumnSet) -> f64 {
    bust_rolls(usable) as f64 / OUTCOMES as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::PAIRINGS;

    #[test]
    fn offered_is_one_minus_the_single_column_bust_chance_bit_for_bit() {
        for c in 2..=12u8 {
            let slow = 1.0 - p_bust(ColumnSet::single(c));
            assert_eq!(OFFERED[c as usize].to_bits(), slow.to_bits(), "column {c}");
        }
        assert!((OFFERED[7] - 834.0 / 1296.0).abs() < 1e-15);
    }

    /// Slow reference: enumerate every ordered roll and every pairing.
    fn slow_bust(usable: ColumnSet) -> u16 {
        PAIRINGS
            .iter()
            .filter(|pairs| !pairs.iter().any(|&(a, b)| usable.has(a) || usable.has(b)))
            .count() as u16
    }

    #[test]
    fn table_matches_slow_enumeration_on_every_set() {
        for m in 0..2048u16 {
            let u = ColumnSet::from_mask(m);
            assert_eq!(bust_rolls(u), slow_bust(u), "usable {u}");
        }
    }

    #[test]
    fn published_values() {
        // {6,7,8}: 104 busting rolls of 1296 (92.0% success), the best three columns.
        assert_eq!(bust_rolls(ColumnSet::of(&[6, 7, 8])), 104);
        // Nothing usable: every roll busts; everything usable: none does.
        assert_eq!(bust_rolls(ColumnSet::EMPTY), 1296);
        assert_eq!(bust_rolls(ColumnSet::ALL), 0);
        // {7} alone: a pair summing to 7 appears in 64.4% of rolls (published single-column table).
        assert_eq!(
            (1000.0 * (1.0 - p_bust(ColumnSet::single(7)))).round(),
            644.0
        );
        // {2}: a pair of ones among four dice: 1296 - 625 - 500 = 171 rolls.
        assert_eq!(1296 - bust_rolls(ColumnSet::single(2)), 171);
    }
}
