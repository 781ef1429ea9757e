//! The 6×6 tile grid and each player's serpentine path across it.
//!
//! Cells are numbered absolutely: `cell = 6 * row + col`, row 0 the south edge, col 0 the west
//! edge; cell names are `a1` (south-west) to `f6` (north-east), column letter then row number.
//! Each player sits at one side and walks a serpentine path of all 36 tiles seen from there:
//! path step `p` lies in the player's own row `p / 6` (0 = nearest row), left to right in even
//! rows, right to left in odd rows. Step 0 is the player's bottom-left corner; steps 30–35 are the
//! far row, the opposite side of the grid.

/// Tiles in the grid.
pub const CELLS: usize = 36;
/// Tiles per row and rows per side.
pub const SIDE: u8 = 6;
/// The last step of a path.
pub const LAST_STEP: u8 = 35;
/// The first step of the far row (the opposite side).
pub const FAR_ROW: u8 = 30;

/// A side of the grid: 0 south, 1 west, 2 north, 3 east (clockwise seen from above).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Side(pub u8);

impl Side {
    /// The side of seat `seat` with `players` players: two players face each other (south,
    /// north); three take south, west, north; four take every side.
    pub fn of_seat(seat: usize, players: usize) -> Side {
        match players {
            2 => Side([0, 2][seat % 2]),
            _ => Side((seat % 4) as u8),
        }
    }

    /// The absolute cell of a player's local (row, column): row counted away from this side,
    /// column from the player's left.
    #[inline]
    pub const fn cell(self, row: u8, col: u8) -> u8 {
        let (r, c) = match self.0 {
            0 => (row, col),
            1 => (5 - col, row),
            2 => (5 - row, 5 - col),
            _ => (col, 5 - row),
        };
        r * SIDE + c
    }

    /// The cell at step `step` (0..36) of this side's serpentine path: read from
    /// `PATH_CELL` (the game loop asks where a marker stands action after action).
    #[inline]
    pub fn path_cell(self, step: u8) -> u8 {
        match PATH_CELL[self.0 as usize & 3].get(step as usize) {
            Some(&cell) => cell,
            None => self.walk_cell(step),
        }
    }

    /// [`Side::path_cell`] worked out from the step's row and place in it.
    #[inline]
    pub const fn walk_cell(self, step: u8) -> u8 {
        let row = step / SIDE;
        let k = step % SIDE;
        let col = if row.is_multiple_of(2) { k } else { 5 - k };
        self.cell(row, col)
    }

    /// The player's own row (0 nearest) holding absolute cell `cell`: read from `ROW_OF`.
    #[inline]
    pub fn row_of(self, cell: u8) -> u8 {
        match ROW_OF[self.0 as usize & 3].get(cell as usize) {
            Some(&row) => row,
            None => self.cell_row(cell),
        }
    }

    /// [`Side::row_of`] worked out from the cell's row and column.
    #[inline]
    pub const fn cell_row(self, cell: u8) -> u8 {
        let (r, c) = (cell / SIDE, cell % SIDE);
        match self.0 {
            0 => r,
            1 => c,
            2 => 5 - r,
            _ => 5 - c,
        }
    }

    /// The path step of absolute cell `cell` (0 for a cell off the grid).
    #[inline]
    pub fn step_of(self, cell: u8) -> u8 {
        STEP_OF[self.0 as usize & 3]
            .get(cell as usize)
            .copied()
            .unwrap_or(0)
    }
}

/// `STEP_OF[side][cell]`: the step of each cell on each side's path, the inverse of
/// [`Side::path_cell`], worked out at compile time.
pub static STEP_OF: [[u8; CELLS]; 4] = {
    let mut t = [[0u8; CELLS]; 4];
    let mut side = 0;
    while side < 4 {
        let mut step = 0;
        while step < CELLS {
            t[side][Side(side as u8).walk_cell(step as u8) as usize] = step as u8;
            step += 1;
        }
        side += 1;
    }
    t
};

/// `PATH_CELL[side][step]`: [`Side::walk_cell`] of every step of every side's path, worked out
/// at compile time.
pub static PATH_CELL: [[u8; CELLS]; 4] = {
    let mut t = [[0u8; CELLS]; 4];
    let mut side = 0;
    while side < 4 {
        let mut step = 0;
        while step < CELLS {
            t[side][step] = Side(side as u8).walk_cell(step as u8);
            step += 1;
        }
        side += 1;
    }
    t
};

/// `ROW_OF[side][cell]`: [`Side::cell_row`] of every cell for every side, worked out at compile
/// time for the loops that visit every cell.
pub static ROW_OF: [[u8; CELLS]; 4] = {
    let mut t = [[0u8; CELLS]; 4];
    let mut side = 0;
    while side < 4 {
        let mut c = 0;
        while c < CELLS {
            t[side][c] = Side(side as u8).cell_row(c as u8);
            c += 1;
        }
        side += 1;
    }
    t
};

/// The name of a cell, like `a1` (south-west corner) or `f6` (north-east).
pub fn cell_name(cell: u8) -> String {
    format!("{}{}", (b'a' + cell % SIDE) as char, cell / SIDE + 1)
}

/// Parses a cell name like `c4` (any case).
pub fn parse_cell(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let col = b[0].to_ascii_lowercase().checked_sub(b'a')?;
    let row = b[1].checked_sub(b'1')?;
    (col < SIDE && row < SIDE).then_some(row * SIDE + col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_visits_every_cell_once_in_unit_steps() {
        for side in 0..4 {
            let s = Side(side);
            let mut seen = [false; CELLS];
            for step in 0..CELLS as u8 {
                let c = s.path_cell(step);
                assert_eq!(c, s.walk_cell(step));
                assert_eq!(s.row_of(c), s.cell_row(c));
                assert!(!seen[c as usize]);
                seen[c as usize] = true;
                assert_eq!(s.step_of(c), step);
                assert_eq!(s.row_of(c), step / SIDE);
                if step > 0 {
                    let p = s.path_cell(step - 1);
                    let d = (p as i8 / 6 - c as i8 / 6).abs() + (p as i8 % 6 - c as i8 % 6).abs();
                    assert_eq!(d, 1, "side {side} step {step}: no diagonal or jump");
                }
            }
        }
        // South starts in the south-west corner and ends in the north-west corner.
        assert_eq!(cell_name(Side(0).path_cell(0)), "a1");
        assert_eq!(cell_name(Side(0).path_cell(35)), "a6");
        // North starts in the north-east corner (its bottom-left).
        assert_eq!(cell_name(Side(2).path_cell(0)), "f6");
    }

    #[test]
    fn row_table_is_row_of_for_every_side_and_cell() {
        for side in 0..4u8 {
            for c in 0..CELLS as u8 {
                assert_eq!(ROW_OF[side as usize][c as usize], Side(side).row_of(c));
            }
        }
    }

    #[test]
    fn cell_names_round_trip() {
        for c in 0..CELLS as u8 {
            assert_eq!(parse_cell(&cell_name(c)), Some(c));
        }
        assert_eq!(parse_cell("g1"), None);
        assert_eq!(parse_cell("a7"), None);
    }
}
