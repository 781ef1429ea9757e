//! Every outcome's candidates laid out for the vector ranking ([`super`]): one 32-byte row an
//! outcome, computed at compile time.
//!
//! A roll's candidates sit in six lanes, two per pairing: lane X holds both pairs (or a
//! double) when they can go together and the first alone otherwise; lane Y holds the second
//! alone. A candidate's place is its rank in the roll evaluator's list order: `3k` for both
//! pairs of pairing `k`, `3k + 1` for its first alone, `3k + 2` for its second alone.

use crate::columns::Choice;
use crate::dice::{OUTCOMES, UNIQUE_PAIRINGS};

/// One outcome's lanes (X0, Y0, X1, Y1, X2, Y2 and two empty lanes; see the module comment).
#[repr(C, align(32))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankRow {
    /// Per lane: the first column of the lane's pairing (0 for none).
    pub first: [u8; 8],
    /// Per lane: the second column of the lane's pairing (0 for none).
    pub second: [u8; 8],
    /// By place: the choice, first column in the high nibble, second in the low (0 where the
    /// candidate does not exist).
    pub choice: [u8; 16],
}

/// The row of every ordered outcome.
pub static RANK_ROWS: [RankRow; OUTCOMES] = {
    let mut rows = [RankRow {
        first: [0; 8],
        second: [0; 8],
        choice: [0; 16],
    }; OUTCOMES];
    let mut o = 0;
    while o < OUTCOMES {
        let pairs = UNIQUE_PAIRINGS[o].padded();
        let mut k = 0;
        while k < 3 {
            let (a, b) = pairs[k];
            rows[o].first[2 * k] = a;
            rows[o].first[2 * k + 1] = a;
            rows[o].second[2 * k] = b;
            rows[o].second[2 * k + 1] = b;
            if a != 0 {
                let both = Choice::two(a, b);
                rows[o].choice[3 * k] = both.first << 4 | both.second;
                rows[o].choice[3 * k + 1] = a << 4;
                if a != b {
                    rows[o].choice[3 * k + 2] = b << 4;
                }
            }
            k += 1;
        }
        o += 1;
    }
    rows
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_name_each_pairings_candidates_in_list_order() {
        for (o, row) in RANK_ROWS.iter().enumerate() {
            let pairs = UNIQUE_PAIRINGS[o].as_slice();
            for k in 0..3 {
                let (a, b) = pairs.get(k).copied().unwrap_or((0, 0));
                assert_eq!(
                    (row.first[2 * k], row.second[2 * k + 1]),
                    (a, b),
                    "outcome {o}"
                );
                let byte = |c: Choice| c.first << 4 | c.second;
                let want = match (a, b) {
                    (0, _) => [0, 0, 0],
                    _ if a == b => [byte(Choice::two(a, a)), a << 4, 0],
                    _ => [byte(Choice::two(a, b)), a << 4, b << 4],
                };
                assert_eq!(row.choice[3 * k..3 * k + 3], want, "outcome {o}");
            }
            assert_eq!(
                (&row.first[6..], &row.choice[9..]),
                (&[0u8, 0][..], &[0u8; 7][..])
            );
        }
    }
}
