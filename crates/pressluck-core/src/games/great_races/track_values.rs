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
pub const SPACES: usize = 16;

/// Entries of the gains table: a track (16), the opponent's space (16), the mover's (16) and
/// the steps (2).
const GAINS: usize = 16 * SPACES * SPACES * 2;

/// Where the gain of a step (`k` = 1) or of a double (`k` = 2) from space `s` of track `c`, the
/// opponent on space `t`, stands in the gains table: the four in bits of their own, masked into
/// the table (in bounds whatever the arguments). A track's entries with `c` 0 (no track) are
/// zeros.
#[inline(always)]
fn gain_index(c: u8, t: u8, s: u8, k: u8) -> usize {
    let (c, t, s, k) = (
        c as usize & 15,
        t as usize & 15,
        s as usize & 15,
        k as usize,
    );
    ((c << 9) | (t << 5) | (s << 1) | (k.wrapping_sub(1) & 1)) & (GAINS - 1)
}

/// The steps of `k` steps (1, or 2 for a double) from space `s` of a track of length `len`: a
/// double from the space below the top takes one.
#[inline(always)]
pub fn double_steps(s: u8, k: u8, len: u8) -> u8 {
    if k == 2 && s + 1 >= len {
        1
    } else {
        k
    }
}

/// [`column_value`] of every open track by the player's space and the one opponent's, for a
/// table of one or two players, with the tracks' lengths. Tracks, spaces and opponents' spaces
/// index arrays of sixteen, read at `& 15`: always in bounds.
#[derive(Clone, Debug)]
pub struct TrackValues {
    /// `values[c][t][s]`: the value of space `s` of track `c`, the opponent on space `t` (0
    /// alone at the table).
    values: [[[f64; SPACES]; SPACES]; 16],
    /// The gain of a step (`k` = 1) or of a double (`k` = 2) from space `s`, `values[c][t][s +
    /// j] − values[c][t][s]` (spaces read at `& 15`) where `j` is `k` but 1 for a double from
    /// the space below the top (one step reaches it), at [`gain_index`]`(c, t, s, k)`.
    gains: [f64; GAINS],
    /// Each track's first alike track: the smallest with the same length, points and second
    /// places, so the same values space by space, exactly.
    alike: [u8; 16],
    /// The length of each track; 16, out of a space's reach, at the indices that are no track.
    lengths: [u8; 16],
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
            values: [[[0.0; SPACES]; SPACES]; 16],
            gains: [0.0; GAINS],
            alike: [0; 16],
            lengths: [16; 16],
            duel,
        });
        for c in 2..=12u8 {
            t.lengths[c as usize] = rules.layout.len(c);
            for opponent in 0..SPACES as u8 {
                let mut board = Board::default();
                if duel {
                    board.set_cube(1, c, opponent);
                }
                for s in 0..SPACES as u8 {
                    t.values[c as usize][opponent as usize][s as usize] =
                        column_value(rules, &board, 0, c, s);
                }
                let row = t.values[c as usize][opponent as usize];
                for s in 0..SPACES {
                    for k in 1..=2 {
                        let j = double_steps(s as u8, k as u8, t.lengths[c as usize]) as usize;
                        t.gains[gain_index(c, opponent, s as u8, k as u8)] =
                            row[(s + j) & 15] - row[s];
                    }
                }
            }
        }
        let layout = &rules.layout;
        let track = |c: u8| {
            let i = c as usize;
            (
                layout.length[i],
                layout.first[i],
                layout.second[i],
                layout.second_spaces[i],
            )
        };
        for c in 2..=12u8 {
            t.alike[c as usize] = (2..=c).find(|&d| track(d) == track(c)).unwrap_or(c);
        }
        Some(t)
    }

    /// The length of track `c` (2..=12); 16, which no space reaches, for the indices 0, 1 and
    /// 13 to 15 (no track).
    #[inline(always)]
    pub fn len(&self, c: u8) -> u8 {
        self.lengths[c as usize & 15]
    }

    /// The packed spaces (one nibble a track, as [`Board::progress`]) of player `p`'s one
    /// opponent on `board` (0 alone at the table).
    #[inline(always)]
    pub fn opponent(&self, board: &Board, p: u8) -> u64 {
        if self.duel {
            board.progress[(1 - (p & 1)) as usize]
        } else {
            0
        }
    }

    /// [`column_value`] of every space of the open track `c` (2..=12) with the opponent on space
    /// `t`, by space.
    #[inline(always)]
    pub fn row_against(&self, c: u8, t: u8) -> &[f64; SPACES] {
        let t = if self.duel { t } else { 0 };
        &self.values[c as usize & 15][t as usize & 15]
    }

    /// The gain of `k` (1 or 2) steps from space `s` of the open track `c` (2..=12), the
    /// opponent on space `t`: `row_against(c, t)[s + k] − row_against(c, t)[s]`, the very
    /// number (`s + k` at most 15, and at most the track's length for `k` = 2). Alone at the
    /// table every opponent's space has the same rows (no opponent's cube is placed to work
    /// them out).
    #[inline(always)]
    pub fn gain(&self, c: u8, t: u8, s: u8, k: u8) -> f64 {
        self.gains[gain_index(c, t, s, k)]
    }

    /// Where the gains from space `s` of the open track `c` (2..=12), the opponent on space `t`,
    /// stand: [`TrackValues::gain_at`] of it is the gain of a step, of it + 1 the gain of a
    /// double (two steps, or one from the space below the top). A step moves it on by 2, an
    /// opponent's step by 32; 0 stands for a row of zero gains.
    #[inline(always)]
    pub fn gain_row(&self, c: u8, t: u8, s: u8) -> u16 {
        let t = if self.duel { t } else { 0 };
        gain_index(c, t, s, 1) as u16
    }

    /// The gain at `i` in the gains table (read at `& (GAINS − 1)`: always in bounds).
    #[inline(always)]
    pub fn gain_at(&self, i: u16) -> f64 {
        self.gains[i as usize & (GAINS - 1)]
    }

    /// The first track alike to track `c` (2..=12): the same length, points and second places
    /// (its values and theirs are the same numbers, exactly as well).
    #[inline]
    pub fn alike(&self, c: u8) -> u8 {
        self.alike[c as usize & 15]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::board::nibble;
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
                            let fast = if board.closed.has(c) {
                                0.0
                            } else {
                                let t = nibble(values.opponent(&board, p), c);
                                values.row_against(c, t)[s as usize]
                            };
                            let slow = column_value(&rules, &board, p, c, s);
                            assert_eq!(fast.to_bits(), slow.to_bits(), "{p} {c} {s} {board:?}");
                        }
                    }
                }
            }
        }
        assert!(TrackValues::new(&Rules::new(GameKind::GreatRaces, 3)).is_none());
    }

    #[test]
    fn every_gain_is_the_difference_of_two_values_bit_for_bit() {
        for players in 1..=2u8 {
            let values = TrackValues::new(&Rules::new(GameKind::GreatRaces, players)).unwrap();
            for c in 2..=12u8 {
                for t in 0..SPACES as u8 {
                    let row = values.row_against(c, t);
                    for s in 0..=13u8 {
                        for k in 1..=2u8 {
                            let j = double_steps(s, k, values.len(c));
                            let want = row[(s + j) as usize] - row[s as usize];
                            let got = values.gain(c, t, s, k);
                            assert_eq!(got.to_bits(), want.to_bits(), "{c} {t} {s} {k}");
                        }
                    }
                }
            }
        }
    }
}
