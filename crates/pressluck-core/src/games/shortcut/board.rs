//! The Shortcut board: squares with colours, the main road through the white squares, the
//! edges touching grey squares, and each square's distance to the finish — all as bit sets of
//! at most 128 squares, so moves are worked out without touching the heap.

use serde::{Deserialize, Serialize};

/// Most squares a board may have (a set of squares is one `u128`).
pub const MAX_SQUARES: usize = 128;

/// A square's index on its board (0..number of squares).
pub type Square = u8;

/// A set of squares: bit `s` is square `s`.
pub type SquareSet = u128;

/// The default board file, built in.
pub const DEFAULT_BOARD: &str = include_str!("../../../../../boards/shortcut.toml");

/// The one-square set of `s`.
#[inline]
pub const fn bit(s: Square) -> SquareSet {
    1u128 << s
}

/// The squares of a set, lowest first.
#[inline]
pub fn squares(mut set: SquareSet) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let s = set.trailing_zeros() as Square;
            set &= set - 1;
            s
        })
    })
}

/// The colour of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// Main road: forward only, shared freely.
    White,
    /// Shortcut: any direction, no landing on or passing another car.
    Grey,
    /// The finish line.
    Finish,
}

impl Colour {
    /// The colour's name in board files.
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Grey => "grey",
            Colour::Finish => "finish",
        }
    }

    /// Reads a colour name (`gray` is accepted for `grey`).
    pub fn parse(s: &str) -> Option<Colour> {
        match s {
            "white" => Some(Colour::White),
            "grey" | "gray" => Some(Colour::Grey),
            "finish" => Some(Colour::Finish),
            _ => None,
        }
    }
}

/// A checked board with its derived tables. Built only by the board-file reader.
#[derive(Clone, Debug, PartialEq)]
pub struct ShortcutBoard {
    /// The board's name (from the file).
    pub name: String,
    /// Square ids, by index.
    pub ids: Vec<String>,
    /// Square colours, by index.
    pub colours: Vec<Colour>,
    /// Where every car starts (a white square).
    pub start: Square,
    /// The finish square.
    pub finish: Square,
    /// The rule readings this board is played with.
    pub rules: ShortcutRules,
    /// The main road in order, from the start to the finish (inclusive).
    pub road: Vec<Square>,
    /// Each square's index on `road` (`u8::MAX` for squares off the main road).
    pub road_index: Vec<u8>,
    /// Per square: the next main-road square as a set (empty for grey squares and the finish).
    pub road_next: Vec<SquareSet>,
    /// Per square: neighbours along edges touching a grey square (both ways).
    pub grey_adj: Vec<SquareSet>,
    /// The grey squares.
    pub grey: SquareSet,
    /// The white squares.
    pub white: SquareSet,
    /// Per square: fewest single steps (road forward, or any edge touching grey) to the finish.
    pub dist: Vec<u8>,
}

impl ShortcutBoard {
    /// Number of squares.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the board has no squares (never true for a checked board).
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The index of the square with id `id`.
    pub fn find(&self, id: &str) -> Option<Square> {
        self.ids.iter().position(|s| s == id).map(|i| i as Square)
    }

    /// The id of square `s`.
    pub fn id(&self, s: Square) -> &str {
        &self.ids[s as usize]
    }

    /// Whether square `s` is grey.
    #[inline]
    pub fn is_grey(&self, s: Square) -> bool {
        self.grey & bit(s) != 0
    }

    /// Whether square `s` is white.
    #[inline]
    pub fn is_white(&self, s: Square) -> bool {
        self.white & bit(s) != 0
    }

    /// Squares left along the main road from white square `s` to the finish (0 off the road).
    #[inline]
    pub fn road_left(&self, s: Square) -> u8 {
        match self.road_index[s as usize] {
            u8::MAX => 0,
            i => (self.road.len() - 1) as u8 - i,
        }
    }

    /// The square `d` main-road squares ahead of white square `s`, if the road is that long.
    #[inline]
    pub fn road_ahead(&self, s: Square, d: u8) -> Option<Square> {
        let i = self.road_index[s as usize];
        if i == u8::MAX || d > self.road_left(s) {
            return None;
        }
        Some(self.road[(i + d) as usize])
    }
}

/// The rule readings a board is played with (see docs/shortcut.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct ShortcutRules {
    /// No landing on or passing another car on a grey square.
    pub blocking_on_grey: bool,
    /// A shortcut move may also drive white squares (forward only): "using any colored square".
    pub shortcut_uses_white: bool,
    /// A push may go one square anywhere a car may drive; otherwise only onto the finish or off
    /// a grey square onto a white one.
    pub push_anywhere: bool,
}

impl Default for ShortcutRules {
    fn default() -> Self {
        ShortcutRules {
            blocking_on_grey: true,
            shortcut_uses_white: true,
            push_anywhere: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_board_shape() {
        let b = ShortcutBoard::default_board();
        assert_eq!(b.len(), 46);
        assert_eq!(b.road.len(), 37);
        assert_eq!(b.road_left(b.start), 36);
        // r0..r6, the Gravel Pass to r24, r24..r26, the Quarry to the finish: 6 + 4 + 2 + 4.
        assert_eq!(b.dist[b.start as usize], 16);
        assert_eq!(b.grey.count_ones(), 9);
        let r6 = b.find("r6").unwrap();
        assert_eq!(b.road_ahead(r6, 6), b.find("r12"));
        assert_eq!(b.road_ahead(b.find("r32").unwrap(), 5), None);
        assert_eq!(
            squares(b.grey_adj[r6 as usize]).collect::<Vec<_>>(),
            vec![b.find("a1").unwrap()]
        );
    }
}
