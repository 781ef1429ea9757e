//! [`BoardTables`]: one player's column values by space, the space one step up from each
//! space, and who would take second place, kept across decisions and refilled only where the
//! board moved (most often from a memo).

use super::{cant_stop_end_term, ColumnTerms, ColumnValues, GAME_END, SPACES};
use crate::columns::board::NOBODY;
use crate::columns::set::{COLUMN_COUNT, MIN_COLUMN};
use crate::columns::{Board, ColumnSet, GameKind, Rules};

/// Per-board tables for one player: column values by space, the space one step up from each
/// space, and who would take second place in each column. A column's entries depend only on
/// the player and the other players' cubes in that column, so between turns only the columns
/// where an opponent's cube moved are refilled, and those from a small memo of recent columns
/// (`ColumnMemo`) when it holds them: after the first games of a 2-player run, a copy.
#[derive(Clone, Debug)]
pub struct BoardTables {
    /// What each column was filled for ([`column_key`]; `u32::MAX`: nothing yet).
    key: [u32; 13],
    /// The lowest space filled in each column (lower spaces are stale).
    from: [u8; 13],
    /// `value[c][s]`: [`column_value`](super::column_value) of space `s` in column `c`.
    pub value: ColumnValues,
    /// `next[c][s]`: the space one step up from `s` (jumps included, never past the top).
    pub next: [[u8; SPACES]; 13],
    /// Who takes second place if the player wins column `c` now, or [`NOBODY`].
    second_of: [u8; 13],
    /// The board and player of the last refresh.
    built_for: Option<([u64; 4], ColumnSet, u8)>,
    /// Recently built columns (on the heap: made when the tables are, never per decision).
    memo: Box<ColumnMemo>,
}

impl Default for BoardTables {
    fn default() -> Self {
        BoardTables {
            key: [u32::MAX; 13],
            from: [0; 13],
            value: [[0.0; SPACES]; 13],
            next: [[0; SPACES]; 13],
            second_of: [NOBODY; 13],
            built_for: None,
            memo: Box::new(ColumnMemo {
                slots: [[MemoColumn::EMPTY; MEMO_SLOTS]; 13],
            }),
        }
    }
}

/// What a column's tables depend on besides the rules: the player and every other player's
/// cube in it (one nibble a seat, the player's own nibble left 0).
#[inline]
fn column_key(rules: &Rules, board: &Board, p: u8, c: u8) -> u32 {
    let mut key = (p as u32) << 16;
    for q in (0..rules.players).filter(|&q| q != p) {
        key |= (board.cube(q, c) as u32) << (4 * q);
    }
    key
}

/// The columns with a nonzero nibble in `diff` (packed progress words XORed together).
#[inline]
fn moved_columns(diff: u64) -> ColumnSet {
    // One bit per nonzero nibble, at the nibble's lowest bit (columns 2..=12: 11 nibbles).
    let diff = diff & ((1 << (4 * COLUMN_COUNT)) - 1);
    let mut bits = diff | (diff >> 1);
    bits = (bits | (bits >> 2)) & 0x1111_1111_1111_1111;
    let mut set = ColumnSet::EMPTY;
    while bits != 0 {
        set = set.with(MIN_COLUMN + (bits.trailing_zeros() / 4) as u8);
        bits &= bits - 1;
    }
    set
}

/// Memo slots per column.
const MEMO_SLOTS: usize = 16;

/// The memo slot of a column key: the opponents' cubes times distinct odd numbers, modulo 16,
/// so with one opponent every space has its own slot.
#[inline]
fn memo_slot(key: u32) -> usize {
    (key + 7 * (key >> 4) + 13 * (key >> 8) + 11 * (key >> 12)) as usize % MEMO_SLOTS
}

/// A direct-mapped memo of built columns, [`MEMO_SLOTS`] per column.
#[derive(Clone, Debug)]
struct ColumnMemo {
    /// `slots[c][memo_slot(key)]`.
    slots: [[MemoColumn; MEMO_SLOTS]; 13],
}

/// One built column: its key, the spaces filled and the entries.
#[derive(Clone, Copy, Debug)]
struct MemoColumn {
    /// The column key it was built for (`u32::MAX`: empty).
    key: u32,
    /// The lowest space filled.
    from: u8,
    /// Who takes second place.
    second_of: u8,
    /// The space one step up, by space.
    next: [u8; SPACES],
    /// The value, by space.
    value: [f64; SPACES],
}

impl MemoColumn {
    /// An empty slot.
    const EMPTY: MemoColumn = MemoColumn {
        key: u32::MAX,
        from: 0,
        second_of: NOBODY,
        next: [0; SPACES],
        value: [0.0; SPACES],
    };
}

impl BoardTables {
    /// Refills the columns whose opponents' cubes (or whose player) changed since they were
    /// filled, or where the player's cube now stands below the spaces filled. Only columns
    /// whose cubes moved, or that opened or closed, since the last refresh are looked at.
    #[inline(always)]
    pub fn refresh(&mut self, rules: &Rules, board: &Board, p: u8) {
        // Within a turn the board stands still: one comparison skips the column scan.
        if self.built_for != Some((board.progress, board.closed, p)) {
            self.rescan(rules, board, p);
        }
    }

    /// [`BoardTables::refresh`] once the board has moved (kept out of line: most decisions
    /// come within a turn).
    #[inline(never)]
    fn rescan(&mut self, rules: &Rules, board: &Board, p: u8) {
        let id = (board.progress, board.closed, p);
        let look = match self.built_for {
            Some((progress, closed, q)) if q == p => {
                let mut moved = 0u64;
                for (now, then) in board.progress.iter().zip(progress) {
                    moved |= now ^ then;
                }
                moved_columns(moved) | ColumnSet(board.closed.0 ^ closed.0)
            }
            _ => ColumnSet::ALL,
        };
        self.built_for = Some(id);
        for c in (look - board.closed).iter() {
            let key = column_key(rules, board, p, c);
            let own = board.cube(p, c);
            if key != self.key[c as usize] || own < self.from[c as usize] {
                self.fill(rules, board, p, c, key, own);
            }
        }
    }

    /// Fills column `c` from the memo, building the memo slot first (from the player's own cube
    /// up: lower spaces are never asked) unless it holds the column from that space or lower.
    fn fill(&mut self, rules: &Rules, board: &Board, p: u8, c: u8, key: u32, own: u8) {
        let slot = &mut self.memo.slots[c as usize][memo_slot(key)];
        if slot.key != key || own < slot.from {
            let terms = ColumnTerms::new(rules, board, p, c);
            for s in own..=rules.layout.len(c) {
                slot.value[s as usize] = terms.value(s);
                slot.next[s as usize] = crate::columns::Turn::step(rules, board, p, c, s);
            }
            slot.key = key;
            slot.from = own;
            slot.second_of = second_place(rules, board, p, c);
        }
        let c = c as usize;
        self.value[c] = slot.value;
        self.next[c] = slot.next;
        self.second_of[c] = slot.second_of;
        self.key[c] = key;
        self.from[c] = slot.from;
    }

    /// The game-end term of stopping with cars on top of `tops`: ±[`GAME_END`] or 0.
    pub fn end_term(&self, rules: &Rules, board: &Board, p: u8, tops: ColumnSet) -> f64 {
        match rules.game {
            GameKind::CantStop => cant_stop_end_term(rules, board.won[p as usize], tops),
            _ if board.closed.len() + tops.len() >= rules.columns_to_end as u32 => {
                let mut scores = board.scores;
                for c in tops {
                    scores[p as usize] += rules.layout.first[c as usize] as u16;
                    let q = self.second_of[c as usize];
                    if q != NOBODY {
                        scores[q as usize] += rules.layout.second[c as usize] as u16;
                    }
                }
                // The leader as `Game::leader` finds it: ties go to the latest in turn order.
                let leader = (0..rules.players)
                    .max_by_key(|&q| (scores[q as usize], q))
                    .unwrap_or(0);
                if leader == p {
                    GAME_END
                } else {
                    -GAME_END
                }
            }
            _ => 0.0,
        }
    }
}

/// Who would take second place in column `c` if `p` won it now (the engine's rule: the furthest
/// opponent cube on an eligible space, ties to the later player), or [`NOBODY`].
fn second_place(rules: &Rules, board: &Board, p: u8, c: u8) -> u8 {
    if rules.game == GameKind::CantStop {
        return NOBODY;
    }
    let eligible = rules.layout.second_spaces[c as usize];
    let (mut best, mut who) = (0u8, NOBODY);
    for q in (0..rules.players).filter(|&q| q != p) {
        let s = board.cube(q, c);
        if s > 0 && eligible & (1 << s) != 0 && s >= best {
            best = s;
            who = q;
        }
    }
    who
}

#[cfg(test)]
mod tests {
    use super::super::column_value;
    use super::super::tests::{all_rules, random_board};
    use super::*;
    use crate::columns::set::MAX_COLUMN;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn refreshed_tables_equal_tables_built_from_scratch() {
        // Boards that move like games (cubes climbing, columns closing) and jump around (new
        // games, other players' seats), refreshed in turn; after each refresh every space the
        // player can stand on must hold exactly the values computed from scratch.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        for rules in all_rules() {
            let mut tables = BoardTables::default();
            let mut b = Board::default();
            for step in 0..400 {
                match rng.gen_range(0..10) {
                    0 => b = Board::default(),
                    1 => b = random_board(&mut rng, &rules),
                    2 => b.closed = b.closed.with(rng.gen_range(MIN_COLUMN..=MAX_COLUMN)),
                    _ => {
                        let (q, c) = (
                            rng.gen_range(0..rules.players),
                            rng.gen_range(MIN_COLUMN..=MAX_COLUMN),
                        );
                        let s = (b.cube(q, c) + rng.gen_range(1..3)).min(rules.layout.len(c));
                        b.set_cube(q, c, s);
                    }
                }
                let p = if step % 50 < 40 { 0 } else { rules.players - 1 };
                tables.refresh(&rules, &b, p);
                for c in (!b.closed).iter() {
                    for s in b.cube(p, c)..=rules.layout.len(c) {
                        let v = tables.value[c as usize][s as usize];
                        let slow = column_value(&rules, &b, p, c, s);
                        assert_eq!(v.to_bits(), slow.to_bits(), "step {step}: {c} {s}");
                        let next = crate::columns::Turn::step(&rules, &b, p, c, s);
                        assert_eq!(tables.next[c as usize][s as usize], next);
                    }
                    let second = second_place(&rules, &b, p, c);
                    assert_eq!(tables.second_of[c as usize], second, "step {step}: {c}");
                }
            }
        }
    }

    #[test]
    fn moved_columns_are_the_nonzero_nibbles() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        for _ in 0..2000 {
            let diff: u64 = rng.gen::<u64>() & rng.gen::<u64>() & rng.gen::<u64>();
            let slow = (MIN_COLUMN..=MAX_COLUMN)
                .filter(|&c| crate::columns::board::nibble(diff, c) != 0)
                .fold(ColumnSet::EMPTY, ColumnSet::with);
            assert_eq!(moved_columns(diff), slow, "{diff:x}");
        }
    }
}
