//! The tiles as each seat sees them along its own path, as bit masks ([`PathBits`]: bit `k`
//! is step `k` of the path), kept up to date action by action ([`Sight`]).
//!
//! A policy's outlook counts tiles by symbol, by row of its path and by owner, and weighs
//! every step of its path ([`super::plan::Outlook`]). Walked cell by cell that is the bulk of
//! a decision; on these masks it is a few population counts (a row of the path is six
//! consecutive bits) and a few bit scans. The game loop builds a [`Sight`] once from the
//! position and updates the one cell an action changes: a claim, a failed claim's reveal, a
//! steal, a reinforcement.

use super::grid::{Side, CELLS, STEP_OF};
use super::state::{State, NONE};

/// Every step of a path (36 bits).
pub const ALL_STEPS: u64 = (1 << CELLS) - 1;

/// The steps of row `r` (0 nearest) of a path.
#[inline]
pub const fn row_steps(r: u8) -> u64 {
    0x3f << (6 * r as u32)
}

/// The tiles of each set of symbols ([`PathBits::symbol_sets`]): those of its symbols 0..3 and
/// of its symbols 3..6, each looked up.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SymbolSets {
    low: [u64; 8],
    high: [u64; 8],
}

impl SymbolSets {
    /// The tiles showing a symbol of `symbols` (bit per symbol): [`PathBits::symbols`].
    #[inline(always)]
    pub fn of(&self, symbols: u8) -> u64 {
        self.low[symbols as usize & 7] | self.high[(symbols >> 3) as usize & 7]
    }
}

/// The tiles along one side's path, one bit a step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PathBits {
    /// The tiles each seat controls.
    pub owned: [u64; 4],
    /// The tiles anyone controls.
    pub taken: u64,
    /// The revealed tiles.
    pub revealed: u64,
    /// The tiles of each symbol.
    pub symbol: [u64; 6],
    /// The tiles holding two cubes or more (a steal of one costs more than a cube).
    pub heavy: u64,
}

impl PathBits {
    /// The tiles showing a symbol of `symbols` (bit per symbol), symbol by symbol: the
    /// reference `PathBits::symbol_sets` is tested against.
    #[inline(always)]
    pub fn symbols(&self, symbols: u8) -> u64 {
        let mut tiles = 0;
        for (k, &steps) in self.symbol.iter().enumerate() {
            tiles |= steps & 0u64.wrapping_sub((symbols >> k & 1) as u64);
        }
        tiles
    }

    /// [`PathBits::symbols`] of every set of symbols at once, for a decision that asks several.
    #[inline(always)]
    pub(crate) fn symbol_sets(&self) -> SymbolSets {
        let mut sets = SymbolSets {
            low: [0; 8],
            high: [0; 8],
        };
        // A set's tiles: those of the set without its lowest symbol, and that symbol's.
        for m in 1..8usize {
            let k = m.trailing_zeros() as usize;
            sets.low[m] = sets.low[m & (m - 1)] | self.symbol[k];
            sets.high[m] = sets.high[m & (m - 1)] | self.symbol[3 + k];
        }
        sets
    }

    /// The tiles of `s` along the path of `side`, cell by cell.
    pub fn of(s: &State, side: Side) -> PathBits {
        let mut bits = PathBits::default();
        for cell in 0..CELLS as u8 {
            bits.set(s, side, cell);
        }
        bits
    }

    /// Writes the bits of `cell` from `s`.
    #[inline]
    fn set(&mut self, s: &State, side: Side, cell: u8) {
        let c = cell as usize;
        let bit = 1u64 << STEP_OF[side.0 as usize & 3][c];
        let keep = !bit;
        for (q, owned) in self.owned.iter_mut().enumerate() {
            *owned = (*owned & keep) | (bit * (s.owner[c] == q as u8) as u64);
        }
        self.taken = (self.taken & keep) | (bit * (s.owner[c] != NONE) as u64);
        self.revealed = (self.revealed & keep) | (bit * (s.revealed >> c & 1));
        for (k, symbol) in self.symbol.iter_mut().enumerate() {
            *symbol = (*symbol & keep) | (bit * (s.tiles[c] == k as u8) as u64);
        }
        self.heavy = (self.heavy & keep) | (bit * (s.cubes[c] >= 2) as u64);
    }
}

/// Every seat's [`PathBits`] of one position, kept up to date by the game loop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sight {
    seats: [PathBits; 4],
}

impl Sight {
    /// The sight of every seat of `s`.
    pub fn new(s: &State) -> Sight {
        let mut sight = Sight::default();
        for (seat, bits) in sight.seats.iter_mut().enumerate() {
            if seat < s.rules.players as usize {
                *bits = PathBits::of(s, s.players[seat].side);
            }
        }
        sight
    }

    /// Reads `cell` of `s` again (after an action changed its owner, cubes or face).
    #[inline]
    pub fn update(&mut self, s: &State, cell: u8) {
        for (seat, bits) in self.seats.iter_mut().enumerate() {
            if seat < s.rules.players as usize {
                bits.set(s, s.players[seat].side, cell);
            }
        }
        debug_assert_eq!(*self, Sight::new(s), "the sight missed a change");
    }

    /// The tiles along the path of `seat`.
    #[inline]
    pub fn seat(&self, seat: usize) -> &PathBits {
        &self.seats[seat & 3]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_set_of_symbols_looks_up_the_tiles_it_gathers() {
        let mut path = PathBits::default();
        for (k, s) in path.symbol.iter_mut().enumerate() {
            *s = 0x9e37_79b9_7f4a_7c15u64.rotate_left(7 * k as u32) & ALL_STEPS;
        }
        let sets = path.symbol_sets();
        for symbols in 0..=255u8 {
            assert_eq!(sets.of(symbols), path.symbols(symbols), "{symbols:#b}");
        }
    }
}
