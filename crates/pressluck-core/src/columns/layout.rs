//! `Layout`: the board of a column-race game — length, first and second points and the spaces
//! that may take second place, per column — with the built-in boards and the TOML board format.

use super::set::{COLUMN_COUNT, MAX_COLUMN, MIN_COLUMN};
use crate::error::{one_line, toml_error};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// The common denominator of progress: 360360 = lcm(1..=15), so a space of any column length a
/// board can have is a whole number of units and progress ties are exact.
pub const PROGRESS_UNIT: u32 = 360_360;

/// `PROGRESS_UNIT / length` for lengths 0..=15 (0 for 0): the units one space is worth.
pub const UNITS_PER_SPACE: [u32; 16] = {
    let mut t = [0u32; 16];
    let mut len = 1;
    while len < 16 {
        t[len] = PROGRESS_UNIT / len as u32;
        len += 1;
    }
    t
};

/// Most spaces a column may have (a position must fit in one nibble, the occupancy in a `u16`).
pub const MAX_LENGTH: u8 = 13;

/// Lengths 3,5,7,9,11,13,11,9,7,5,3 of columns 2..=12 (Can't Stop; our Route 66 reading).
pub const STANDARD_LENGTHS: [u8; COLUMN_COUNT] = [3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3];
/// Spaces of tracks 2..=12 of The Great Races, read off the rulebook's board figure: under the
/// two rows of points each track's bottom space (where its markers start, not counted) sits in a
/// V, track 2's and 12's one row down, 3's and 11's two, …, 6's, 7's and 8's five; one space a
/// row, the two point spaces on top.
const GREAT_RACES_LENGTHS: [u8; COLUMN_COUNT] = [2, 3, 4, 5, 6, 6, 6, 5, 4, 3, 2];
/// First-place points of columns 2..=12 on the Great Races board (the English Route 66 text gives
/// only column 2's, which agrees).
pub const STANDARD_FIRST: [u8; COLUMN_COUNT] = [10, 9, 8, 7, 6, 5, 6, 7, 8, 9, 10];
/// Second-place points of columns 2..=12 on the Great Races board (the English Route 66 text gives
/// only column 2's, which agrees).
pub const STANDARD_SECOND: [u8; COLUMN_COUNT] = [6, 5, 4, 4, 3, 3, 3, 4, 4, 5, 6];

/// The board of one column-race game: data only, indexed by column number 2..=12.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Spaces per column, counting the scoring (top) space; index = column number.
    pub length: [u8; 13],
    /// Points for winning the column.
    pub first: [u8; 13],
    /// Points for second place in the column.
    pub second: [u8; 13],
    /// Spaces (bit `s` = space `s`, 1-based) from which a cube can take second place.
    pub second_spaces: [u16; 13],
}

/// Spaces 1..len-1: every road space below the scoring space.
const fn all_road_spaces(len: u8) -> u16 {
    ((1u32 << len) - 2) as u16
}

/// Our documented default for unmarked boards: the upper half of the road, spaces
/// ceil(len/2)..len-1 (column 2: space 2; column 7: spaces 7..12).
pub const fn upper_half_spaces(len: u8) -> u16 {
    let from = len.div_ceil(2);
    all_road_spaces(len) & !(((1u32 << from) - 1) as u16)
}

impl Layout {
    /// Builds a layout from per-column arrays (index 0 = column 2) and a rule for second-place
    /// spaces.
    fn build(
        len: [u8; COLUMN_COUNT],
        first: [u8; COLUMN_COUNT],
        second: [u8; COLUMN_COUNT],
        upper_half: bool,
    ) -> Layout {
        let mut l = Layout {
            length: [0; 13],
            first: [0; 13],
            second: [0; 13],
            second_spaces: [0; 13],
        };
        for i in 0..COLUMN_COUNT {
            let c = i + MIN_COLUMN as usize;
            l.length[c] = len[i];
            l.first[c] = first[i];
            l.second[c] = second[i];
            l.second_spaces[c] = if upper_half {
                upper_half_spaces(len[i])
            } else {
                all_road_spaces(len[i])
            };
        }
        l
    }

    /// Route 66, English edition: standard lengths and points; second place to the furthest
    /// opponent cube anywhere on the segment.
    pub fn route66_en() -> Layout {
        Layout::build(STANDARD_LENGTHS, STANDARD_FIRST, STANDARD_SECOND, false)
    }

    /// Route 66, German edition (our reading): segment 2 scores 6/3 as the German text says,
    /// the other segments keep the English points; second place only from `*` spaces, which we
    /// put on the upper half of each road (the German text does not list them).
    pub fn route66_de() -> Layout {
        let mut first = STANDARD_FIRST;
        let mut second = STANDARD_SECOND;
        first[0] = 6;
        second[0] = 3;
        Layout::build(STANDARD_LENGTHS, first, second, true)
    }

    /// Can't Stop: standard column heights; no points (a claimed column is worth 1).
    pub fn cant_stop() -> Layout {
        Layout::build(
            STANDARD_LENGTHS,
            [1; COLUMN_COUNT],
            [0; COLUMN_COUNT],
            false,
        )
    }

    /// The Great Races: the rulebook's board figure (`GREAT_RACES_LENGTHS`) and points;
    /// shaded spaces (our reading: the figure does not show them) on the upper half of each
    /// track.
    pub fn great_races() -> Layout {
        Layout::build(GREAT_RACES_LENGTHS, STANDARD_FIRST, STANDARD_SECOND, true)
    }

    /// The Great Races on tracks of Can't Stop's heights, the same points and shaded spaces
    /// (`boards/great-races-cant-stop-heights.toml`): for tests whose positions need the longer
    /// tracks.
    #[cfg(test)]
    pub(crate) fn great_races_cant_stop_heights() -> Layout {
        Layout::build(STANDARD_LENGTHS, STANDARD_FIRST, STANDARD_SECOND, true)
    }

    /// Length of column `c`.
    #[inline]
    pub fn len(&self, c: u8) -> u8 {
        self.length[c as usize]
    }

    /// Renders the layout in the board-file format, headed by `title` as a comment.
    pub fn to_toml(&self, title: &str) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "# {title}");
        let _ = writeln!(
            s,
            "# length counts the scoring space; second_spaces are the 1-based spaces from which"
        );
        let _ = writeln!(s, "# a cube can take second place when the column is won.");
        for c in MIN_COLUMN..=MAX_COLUMN {
            let spaces: Vec<String> = (1..=MAX_LENGTH)
                .filter(|s| self.second_spaces[c as usize] & (1 << s) != 0)
                .map(|s| s.to_string())
                .collect();
            let _ = writeln!(s, "\n[[column]]");
            let _ = writeln!(s, "column = {c}");
            let _ = writeln!(s, "length = {}", self.length[c as usize]);
            let _ = writeln!(s, "first = {}", self.first[c as usize]);
            let _ = writeln!(s, "second = {}", self.second[c as usize]);
            let _ = writeln!(s, "second_spaces = [{}]", spaces.join(", "));
        }
        s
    }

    /// Parses a board file; the error names the problem (and the column where there is one), on
    /// one line.
    pub fn from_toml(text: &str) -> Result<Layout, String> {
        Layout::read_toml(text).map_err(|e| one_line(&e))
    }

    /// [`Layout::from_toml`] before its error is made one line.
    fn read_toml(text: &str) -> Result<Layout, String> {
        let file: BoardFile = toml::from_str(text).map_err(|e| toml_error(text, &e))?;
        let mut l = Layout {
            length: [0; 13],
            first: [0; 13],
            second: [0; 13],
            second_spaces: [0; 13],
        };
        for col in &file.column {
            let c = col.column;
            if !(MIN_COLUMN as i64..=MAX_COLUMN as i64).contains(&c) {
                return Err(format!("column {c}: columns are numbered 2 to 12"));
            }
            let ci = c as usize;
            if l.length[ci] != 0 {
                return Err(format!("column {c} appears twice"));
            }
            if !(1..=MAX_LENGTH as i64).contains(&col.length) {
                return Err(format!(
                    "column {c}: length {} is not in 1..={MAX_LENGTH}",
                    col.length
                ));
            }
            for (name, v) in [("first", col.first), ("second", col.second)] {
                if !(0..=255).contains(&v) {
                    return Err(format!("column {c}: {name} points {v} are not in 0..=255"));
                }
            }
            let mut mask = 0u16;
            for &s in &col.second_spaces {
                if s < 1 || s >= col.length {
                    return Err(format!(
                        "column {c}: second-place space {s} is not a road space (1..{})",
                        col.length
                    ));
                }
                mask |= 1 << s;
            }
            l.length[ci] = col.length as u8;
            l.first[ci] = col.first as u8;
            l.second[ci] = col.second as u8;
            l.second_spaces[ci] = mask;
        }
        if let Some(c) = (MIN_COLUMN..=MAX_COLUMN).find(|&c| l.length[c as usize] == 0) {
            return Err(format!(
                "column {c} is missing: a board lists all eleven columns 2..12"
            ));
        }
        Ok(l)
    }
}

/// The board-file format as read from TOML.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    column: Vec<ColumnEntry>,
}

/// One `[[column]]` table of a board file.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct ColumnEntry {
    column: i64,
    length: i64,
    first: i64,
    second: i64,
    #[serde(default)]
    second_spaces: Vec<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_boards_round_trip_through_toml() {
        for l in [
            Layout::route66_en(),
            Layout::route66_de(),
            Layout::cant_stop(),
            Layout::great_races(),
        ] {
            assert_eq!(Layout::from_toml(&l.to_toml("t")).unwrap(), l);
        }
    }

    #[test]
    fn second_place_spaces() {
        assert_eq!(all_road_spaces(3), 0b0110);
        assert_eq!(upper_half_spaces(3), 0b0100);
        assert_eq!(upper_half_spaces(13), 0b1_1111_1000_0000);
        let en = Layout::route66_en();
        assert_eq!(en.second_spaces[7], 0b1_1111_1111_1110);
        let de = Layout::route66_de();
        assert_eq!((de.first[2], de.second[2]), (6, 3));
        assert_eq!((de.first[12], de.second[12]), (10, 6));
    }

    #[test]
    fn bad_board_files_are_named() {
        let good = Layout::route66_en().to_toml("t");
        let e = Layout::from_toml(&good.replacen("length = 13", "length = 14", 1)).unwrap_err();
        assert!(e.contains("column 7") && e.contains("length 14"), "{e}");
        let e = Layout::from_toml(&good.replacen("column = 12", "column = 11", 1)).unwrap_err();
        assert!(e.contains("column 11 appears twice"), "{e}");
        let e = Layout::from_toml(&good.replacen("column = 12", "column = 13", 1)).unwrap_err();
        assert!(e.contains("column 13"), "{e}");
        let e =
            Layout::from_toml(&good.replacen("second_spaces = [1, 2]", "second_spaces = [3]", 1))
                .unwrap_err();
        assert!(e.contains("space 3"), "{e}");
        let e = Layout::from_toml("column = [").unwrap_err();
        assert!(e.starts_with("line 1"), "{e}");
        let e = Layout::from_toml(&good.replacen("second = 6\n", "second = 6\ncolour = 1\n", 1))
            .unwrap_err();
        assert!(e.starts_with("line 10: unknown field `colour`"), "{e}");
        let e = Layout::from_toml("[[column]]\n\"a\\nb\" = 1\n").unwrap_err();
        assert!(e.starts_with("line 2: unknown field `a\\nb`"), "{e}");
    }
}
