//! Every track's value by the two cubes in it, worked out once a board: what `race-points` and
//! `race-margin` read, a roll after another, instead of working each value out again.
//!
//! With one opponent, a player's value of standing on space `s` of an open track `c`
//! ([`column_value`]) depends on nothing but `c`, `s` and the opponent's space `t` in it (alone
//! at the table: on `c` and `s`). [`TrackValues`] holds that value for every `c`, `s` and `t`,
//! each the very number [`column_value`] gives, so the scores read from it are the reference
//! scores bit for bit.

use crate::columns::{Board, Rules};
use crate::policy::value::column_value;

/// Spaces a cube may stand on, and the table's rows: 0 (no cube) to 15 (a nibble).
const SPACES: usize = 16;

/// [`column_value`] of every open track by the player's space and the one opponent's, for a
/// table of one or two players.
#[derive(Clone, Debug)]
pub struct TrackValues {
    /// `values[c][t][s]`: the value of space `s` of track `c`, the opponent on space `t` (0
    /// alone at the table).
    values: [[[f64; SPACES]; SPACES]; 13],
    /// Two players (else one: the opponent's space is not read).
    duel: bool,
}

impl TrackValues {
    /// The values of the board and points of `rules`, for one or two players; `None` for more
    /// (a value then depends on every opponent's space).
    pub fn new(rules: &Rules) -> Option<Box<TrackValues>> {
        if rules.players > 2 {
            return None;
        }
        let duel = rules.players == 2;
        let mut t = Box::new(TrackValues {
            values: [[[0.0; SPACES]; SPACES]; 13],
            duel,
        });
        for c in 2..=12u8 {
            for opponent in 0..SPACES as u8 {
                let mut board = Board::default();
                if duel {
                    board.set_cube(1, c, opponent);
                }
                for s in 0..SPACES as u8 {
                    t.values[c as usize][opponent as usize][s as usize] =
                        column_value(rules, &board, 0, c, s);
                }
            }
        }
        Some(t)
    }

    /// Player `p`'s [`column_value`] of space `s` of track `c` on `board`: 0 for a closed
    /// track.
    #[inline]
    pub fn value(&self, board: &Board, p: u8, c: u8, s: u8) -> f64 {
        if board.closed.has(c) {
            return 0.0;
        }
        let opponent = if self.duel { board.cube(1 - (p & 1), c) } else { 0 };
        self.values[c as usize % 13][opponent as usize % SPACES][s as usize % SPACES]
    }

    /// [`TrackValues::value`] with player `p` on space `s` and the opponent on space `t` of
    /// the open track `c`, whatever the board says.
    #[inline]
    pub fn value_against(&self, c: u8, s: u8, t: u8) -> f64 {
        let t = if self.duel { t } else { 0 };
        self.values[c as usize % 13][t as usize % SPACES][s as usize % SPACES]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{GameKind, Rules};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn every_value_is_column_value_bit_for_bit() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(46);
        for players in 1..=2u8 {
            let rules = Rules::new(GameKind::GreatRaces, players);
            let values = TrackValues::new(&rules).unwrap();
            for _ in 0..2000 {
                let mut board = Board::default();
                for c in 2..=12u8 {
                    let len = rules.layout.len(c);
                    for q in 0..players {
                        board.set_cube(q, c, rng.gen_range(0..=len));
                    }
                    if rng.gen_range(0..4) == 0 {
                        board.closed = board.closed.with(c);
                    }
                }
                for p in 0..players {
                    for c in 2..=12u8 {
                        for s in 0..=15 {
                            let fast = values.value(&board, p, c, s);
                            let slow = column_value(&rules, &board, p, c, s);
                            assert_eq!(fast.to_bits(), slow.to_bits(), "{p} {c} {s} {board:?}");
                        }
                    }
                }
            }
        }
        assert!(TrackValues::new(&Rules::new(GameKind::GreatRaces, 3)).is_none());
    }
}
