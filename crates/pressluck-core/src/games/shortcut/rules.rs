//! The rules of movement as functions on a board (its rule readings are
//! [`super::board::ShortcutRules`]): where a main-road roll lands, which squares a shortcut
//! total reaches, where a push may go. Everything works on bit sets; nothing allocates.

use super::board::{bit, squares, ShortcutBoard, Square, SquareSet};

/// The game's name on the command line and in outputs.
pub const GAME_NAME: &str = "shortcut";

/// Highest die face that moves a car on a shortcut roll; higher faces get it stuck.
pub const SHORTCUT_MAX_FACE: u8 = 3;

/// Whether a shortcut roll of `face` keeps the turn alive (1–3) or ends it (4–6).
#[inline]
pub fn shortcut_roll_ok(face: u8) -> bool {
    face <= SHORTCUT_MAX_FACE
}

/// The squares a car on `s` may step to in one square of a shortcut move.
#[inline]
pub fn shortcut_step(b: &ShortcutBoard, s: Square) -> SquareSet {
    if s == b.finish {
        return 0;
    }
    let road = if b.rules.shortcut_uses_white {
        b.road_next[s as usize]
    } else {
        0
    };
    b.grey_adj[s as usize] | road
}

/// The grey squares other cars make impassable for the car on `mover` (none when blocking is
/// off). `cars` are every car's square; `mover` is the index of the car moving.
#[inline]
pub fn blocked(b: &ShortcutBoard, cars: &[Square], mover: usize) -> SquareSet {
    if !b.rules.blocking_on_grey {
        return 0;
    }
    let mut set = 0;
    for (i, &c) in cars.iter().enumerate() {
        if i != mover {
            set |= bit(c);
        }
    }
    set & b.grey
}

/// Where a main-road roll of `d` from `s` lands: `d` white squares ahead, or `s` itself when
/// fewer squares are left (exact count to the finish). `None` when `s` is not on the main road.
#[inline]
pub fn main_road(b: &ShortcutBoard, s: Square, d: u8) -> Option<Square> {
    if !b.is_white(s) {
        return None;
    }
    Some(b.road_ahead(s, d).unwrap_or(s))
}

/// The squares a shortcut move of up to `total` squares from `s` may end on (including `s`):
/// paths of shortcut steps that never enter a `blocked` square. The finish ends a path.
#[inline]
pub fn shortcut_reach(b: &ShortcutBoard, s: Square, total: u32, blocked: SquareSet) -> SquareSet {
    let mut reach = bit(s);
    let mut frontier = reach;
    for _ in 0..total {
        let mut next = 0;
        for u in squares(frontier) {
            next |= shortcut_step(b, u);
        }
        next &= !reach & !blocked;
        if next == 0 {
            break;
        }
        reach |= next;
        frontier = next;
    }
    reach
}

/// The squares a push from `s` may reach (one square, no roll), avoiding `blocked` squares.
#[inline]
pub fn push_targets(b: &ShortcutBoard, s: Square, blocked: SquareSet) -> SquareSet {
    if s == b.finish {
        return 0;
    }
    let any = (b.road_next[s as usize] | b.grey_adj[s as usize]) & !blocked;
    if b.rules.push_anywhere {
        return any;
    }
    let off_grey = if b.is_grey(s) { b.white } else { 0 };
    any & (bit(b.finish) | off_grey)
}

/// The square of `set` closest to the finish by `ShortcutBoard::dist` (lowest index on ties).
#[inline]
pub fn closest(b: &ShortcutBoard, set: SquareSet) -> Option<Square> {
    squares(set).min_by_key(|&u| b.dist[u as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_on_the_default_board() {
        let b = ShortcutBoard::default_board();
        let sq = |id: &str| b.find(id).unwrap();
        assert_eq!(main_road(&b, sq("r0"), 6), Some(sq("r6")));
        assert_eq!(main_road(&b, sq("r32"), 5), Some(sq("r32")));
        assert_eq!(main_road(&b, sq("r32"), 4), Some(b.finish));
        assert_eq!(main_road(&b, sq("a2"), 1), None);
        // White then grey squares in one shortcut move.
        let r = shortcut_reach(&b, sq("r5"), 2, 0);
        assert_eq!(
            r,
            bit(sq("r5")) | bit(sq("r6")) | bit(sq("r7")) | bit(sq("a1"))
        );
        // A car on a2 blocks the lane: nothing beyond it.
        let r = shortcut_reach(&b, sq("r6"), 5, bit(sq("a2")));
        assert_eq!(r & (bit(sq("a3")) | bit(sq("r24"))), 0);
        assert_ne!(r & bit(sq("a1")), 0);
        assert_eq!(push_targets(&b, sq("r35"), 0), bit(b.finish));
        assert_eq!(
            push_targets(&b, sq("a3"), 0),
            bit(sq("a2")) | bit(sq("r24"))
        );
        assert_eq!(closest(&b, r), Some(sq("a1")));
    }
}
