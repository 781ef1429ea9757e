//! The read-only tables the kernel's step reads ([`Tables`]), worked out once a chunk from the
//! rules: bust counts by usable set, each outcome's pairings, column lengths and progress units,
//! and the claim counts that end a game.

use super::state::{Tables, BELOW_ROWS};
use crate::columns::bust::bust_rolls;
use crate::columns::layout::UNITS_PER_SPACE;
use crate::columns::{ColumnSet, GameKind, Rules};
use crate::dice::UNIQUE_PAIRINGS;

/// More columns than a board has: a claim count never reached.
const NEVER: u64 = 64;

/// The tables of `rules` for the kernel's step ([`super::avx2::Step`]).
pub fn tables(rules: &Rules) -> Tables {
    let mut t = Tables {
        bust: Box::new([0; 2048]),
        pairs: Box::new([0; 1296]),
        units32: [0; 16],
        len_nibbles: 0,
        cars: rules.cars as u64,
        // Can't Stop ends on a player's claims, the others on all claims: the other count
        // is never reached.
        to_win: if rules.game == GameKind::CantStop {
            rules.columns_to_win as u64
        } else {
            NEVER
        },
        to_end: if rules.game == GameKind::CantStop {
            NEVER
        } else {
            rules.columns_to_end as u64
        },
        rule: Default::default(),
        race: Default::default(),
        below: vec![[0; 16]; BELOW_ROWS + 1]
            .into_boxed_slice()
            .try_into()
            .expect("BELOW_ROWS + 1 rows"),
    };
    for (m, b) in t.bust.iter_mut().enumerate() {
        *b = bust_rolls(ColumnSet((m as u16) << 2)) as u64;
    }
    for (i, p) in t.pairs.iter_mut().enumerate() {
        let pairs = UNIQUE_PAIRINGS[i].as_slice();
        *p = pairs.iter().enumerate().fold(0, |w, (k, &(a, b))| {
            w | (a as u64) << (8 * k) | (b as u64) << (8 * k + 4)
        });
    }
    for c in 2..=12u8 {
        let len = rules.layout.len(c);
        t.units32[c as usize] = UNITS_PER_SPACE[len as usize & 15];
        t.len_nibbles |= (len as u64) << (4 * c);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Roll;

    #[test]
    fn pair_table_lists_the_engine_pairings_in_order() {
        let t = tables(&Rules::new(crate::columns::GameKind::CantStop, 2));
        for i in 0..1296 {
            let want = Roll::from_index(i).unique_pairings();
            for k in 0..3 {
                let (a, b) = (
                    (t.pairs[i] >> (8 * k)) & 15,
                    (t.pairs[i] >> (8 * k + 4)) & 15,
                );
                let got = want.get(k).map(|&(x, y)| (x as u64, y as u64));
                assert_eq!(got.unwrap_or((0, 0)), (a, b), "outcome {i} pairing {k}");
            }
        }
    }
}
