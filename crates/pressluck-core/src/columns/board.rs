//! `Board`: the lasting state of a column-race game, bit-packed — each player's progress is
//! eleven nibbles in one `u64` — plus won columns, their places and the scores. `Copy`.

use super::set::{ColumnSet, MAX_COLUMN, MIN_COLUMN};

/// Most players at one board.
pub const MAX_PLAYERS: usize = 4;
/// Marks "nobody" in the per-column place arrays.
pub const NOBODY: u8 = u8::MAX;

/// Bit offset of column `c`'s nibble in a packed progress word.
#[inline]
pub const fn shift(c: u8) -> u32 {
    (c as u32 - MIN_COLUMN as u32) * 4
}

/// Reads column `c`'s nibble from a packed progress word.
#[inline]
pub const fn nibble(word: u64, c: u8) -> u8 {
    ((word >> shift(c)) & 0xf) as u8
}

/// Writes column `c`'s nibble in a packed progress word.
#[inline]
pub const fn set_nibble(word: u64, c: u8, v: u8) -> u64 {
    (word & !(0xf << shift(c))) | ((v as u64 & 0xf) << shift(c))
}

/// The lasting state of the board between turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Per player: the space of their cube in each column (0 = no cube), one nibble a column.
    pub progress: [u64; MAX_PLAYERS],
    /// Columns won (closed to everyone).
    pub closed: ColumnSet,
    /// Per column: who won it, or [`NOBODY`].
    pub first: [u8; 13],
    /// Per column: who took second place, or [`NOBODY`].
    pub second: [u8; 13],
    /// Points per player (Can't Stop: columns claimed).
    pub scores: [u16; MAX_PLAYERS],
    /// Columns won per player.
    pub won: [u8; MAX_PLAYERS],
}

impl Default for Board {
    fn default() -> Self {
        Board {
            progress: [0; MAX_PLAYERS],
            closed: ColumnSet::EMPTY,
            first: [NOBODY; 13],
            second: [NOBODY; 13],
            scores: [0; MAX_PLAYERS],
            won: [0; MAX_PLAYERS],
        }
    }
}

impl Board {
    /// The space of player `p`'s cube in column `c` (0 = none).
    #[inline]
    pub fn cube(&self, p: u8, c: u8) -> u8 {
        nibble(self.progress[p as usize], c)
    }

    /// Puts player `p`'s cube in column `c` on space `s` (0 removes it).
    #[inline]
    pub fn set_cube(&mut self, p: u8, c: u8, s: u8) {
        self.progress[p as usize] = set_nibble(self.progress[p as usize], c, s);
    }

    /// The spaces of column `c` holding cubes of players other than `p` (bit `s` = space `s`).
    #[inline]
    pub fn others_mask(&self, players: u8, p: u8, c: u8) -> u16 {
        let mut m = 0u16;
        for q in 0..players {
            if q != p {
                m |= (1u16 << self.cube(q, c)) & !1;
            }
        }
        m
    }

    /// Columns where player `p` has a cube.
    pub fn cubes_of(&self, p: u8) -> ColumnSet {
        (MIN_COLUMN..=MAX_COLUMN)
            .filter(|&c| self.cube(p, c) > 0)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nibbles_are_independent() {
        let mut b = Board::default();
        for c in MIN_COLUMN..=MAX_COLUMN {
            b.set_cube(1, c, c);
        }
        b.set_cube(1, 7, 13);
        for c in MIN_COLUMN..=MAX_COLUMN {
            assert_eq!(b.cube(1, c), if c == 7 { 13 } else { c });
            assert_eq!(b.cube(0, c), 0);
        }
        b.set_cube(1, 12, 0);
        assert_eq!(b.cube(1, 12), 0);
        assert_eq!(b.cube(1, 11), 11);
        assert_eq!(b.cubes_of(1).len(), 10);
    }

    #[test]
    fn others_mask_skips_own_and_empty() {
        let mut b = Board::default();
        b.set_cube(0, 7, 3);
        b.set_cube(1, 7, 5);
        b.set_cube(2, 7, 6);
        assert_eq!(b.others_mask(3, 0, 7), (1 << 5) | (1 << 6));
        assert_eq!(b.others_mask(3, 1, 7), (1 << 3) | (1 << 6));
        assert_eq!(b.others_mask(2, 0, 7), 1 << 5);
        assert_eq!(b.others_mask(3, 0, 8), 0);
    }
}
