//! The position value `ev` weighs progress in, and the shared Great Races choice rule ranks
//! choices by: each game's own currency, as a sum over columns plus a game-end term.
//!
//! For player `p` with position `s` (car, else cube, 0 = none) in an open column `c` of length
//! `L`:
//! - Route 66 and The Great Races, in expected points. Strength `w(x) = 1 / (L − x)²` (the
//!   inverse square of the spaces still to go); `S` = the sum and `M` = the largest of the
//!   opponents' strengths in `c` (solitaire: one phantom opponent with no cube, so progress
//!   still counts). Chance of winning the column `P = w(s) / (w(s) + S)`, and of second place
//!   `Q = (1 − P) · w(s) / (w(s) + S − M)` (the strongest opponent is taken as the winner;
//!   zero without a cube, on a space that cannot take second place, or in solitaire).
//!   `v(s) = first · P + second · Q`, and `v(L) = first` (stopping there wins the column).
//! - Can't Stop, in rolls: `v(s) = s / L · D` with difficulty `D = L / P1(c)`, the expected
//!   rolls to climb `c` alone, where `P1(c)` is the chance a roll offers a pair summing to `c`
//!   (0.132 for 2 and 12 … 0.644 for 7). So each space is worth `1 / P1(c)` rolls.
//! - Closed columns are worth 0 (they cannot change).
//! - Game end: if stopping in the position ends the game, `+GAME_END` when the player wins and
//!   `−GAME_END` when they lose (Can't Stop: claiming the last needed column always wins).

use crate::columns::board::NOBODY;
use crate::columns::bust::p_bust;
use crate::columns::set::{MAX_COLUMN, MIN_COLUMN};
use crate::columns::{Board, ColumnSet, Game, GameKind, Rules};

/// The value of ending the game by a stop: won (+) or lost (−), far above any column's worth.
pub const GAME_END: f64 = 1000.0;

/// `STRENGTH[r] = 1 / r²`: how strongly a cube `r` spaces below the top holds its column.
const STRENGTH: [f64; 16] = {
    let mut t = [0.0; 16];
    let mut r = 1;
    while r < 16 {
        t[r] = 1.0 / ((r * r) as f64);
        r += 1;
    }
    t
};

/// Player `p`'s value of standing on space `s` of column `c`, the rest of the board as is.
pub fn column_value(rules: &Rules, board: &Board, p: u8, c: u8, s: u8) -> f64 {
    if board.closed.has(c) {
        return 0.0;
    }
    let len = rules.layout.len(c);
    let s = s.min(len);
    if rules.game == GameKind::CantStop {
        return s as f64 / (1.0 - p_bust(ColumnSet::single(c)));
    }
    let first = rules.layout.first[c as usize] as f64;
    if s >= len {
        return first;
    }
    let strength = |x: u8| STRENGTH[len.saturating_sub(x).max(1) as usize & 15];
    let (mut sum, mut max) = (0.0f64, 0.0f64);
    for q in (0..rules.players).filter(|&q| q != p) {
        let w = strength(board.cube(q, c));
        sum += w;
        max = max.max(w);
    }
    if rules.players <= 1 {
        sum = strength(0);
        max = sum;
    }
    let me = strength(s);
    let win = me / (me + sum);
    let eligible = rules.layout.second_spaces[c as usize] & (1 << s) != 0;
    let second = if s > 0 && eligible && rules.players > 1 {
        (1.0 - win) * me / (me + sum - max)
    } else {
        0.0
    };
    first * win + rules.layout.second[c as usize] as f64 * second
}

/// The value for player `p` of `game`'s position as if the turn in hand stopped now, computed
/// from scratch (the reference the fast tables of `ev` are checked against).
pub fn position_value(rules: &Rules, game: &Game, p: u8) -> f64 {
    let turn = &game.turn;
    let columns: f64 = (MIN_COLUMN..=MAX_COLUMN)
        .map(|c| column_value(rules, &game.board, p, c, turn.start(&game.board, p, c)))
        .sum();
    let mut stopped = *game;
    stopped.stop(rules);
    columns + end_value(stopped.winner, p)
}

/// The game-end term for player `p` of a game whose winner is `winner` (`None`: not over).
pub fn end_value(winner: Option<u8>, p: u8) -> f64 {
    match winner {
        Some(w) if w == p => GAME_END,
        Some(_) => -GAME_END,
        None => 0.0,
    }
}

/// Per-board tables for one player: column values by space, the space one step up from each
/// space, and who would take second place in each column. A column's entries depend only on
/// the cubes in that column, so between turns only the columns whose cubes moved are rebuilt.
#[derive(Clone, Debug)]
pub struct BoardTables {
    /// What each column was built for: every player's cube there, the player, and closed.
    key: [u32; 13],
    /// `value[c][s]`: [`column_value`] of space `s` in column `c`.
    pub value: [[f64; 14]; 13],
    /// `next[c][s]`: the space one step up from `s` (jumps included, never past the top).
    pub next: [[u8; 14]; 13],
    /// Who takes second place if the player wins column `c` now, or [`NOBODY`].
    second_of: [u8; 13],
    /// The board and player of the last refresh.
    built_for: Option<([u64; 4], ColumnSet, u8)>,
}

impl Default for BoardTables {
    fn default() -> Self {
        BoardTables {
            key: [u32::MAX; 13],
            value: [[0.0; 14]; 13],
            next: [[0; 14]; 13],
            second_of: [NOBODY; 13],
            built_for: None,
        }
    }
}

impl BoardTables {
    /// Rebuilds the columns whose cubes (or whose player) changed since they were built.
    #[inline]
    pub fn refresh(&mut self, rules: &Rules, board: &Board, p: u8) {
        // Within a turn the board stands still: one comparison skips the column scan.
        let id = (board.progress, board.closed, p);
        if self.built_for == Some(id) {
            return;
        }
        self.built_for = Some(id);
        for c in (!board.closed).iter() {
            let mut key = (p as u32) << 16;
            for q in 0..rules.players {
                key |= (board.cube(q, c) as u32) << (4 * q);
            }
            if key != self.key[c as usize] {
                self.build(rules, board, p, c);
                self.key[c as usize] = key;
            }
        }
    }

    /// Builds column `c` (only from the player's own cube up: lower spaces are never asked).
    fn build(&mut self, rules: &Rules, board: &Board, p: u8, c: u8) {
        for s in board.cube(p, c)..=rules.layout.len(c) {
            self.value[c as usize][s as usize] = column_value(rules, board, p, c, s);
            self.next[c as usize][s as usize] = crate::columns::Turn::step(rules, board, p, c, s);
        }
        self.second_of[c as usize] = second_place(rules, board, p, c);
    }

    /// The game-end term of stopping with cars on top of `tops`: ±[`GAME_END`] or 0.
    pub fn end_term(&self, rules: &Rules, board: &Board, p: u8, tops: ColumnSet) -> f64 {
        match rules.game {
            GameKind::CantStop
                if board.won[p as usize] as u32 + tops.len() >= rules.columns_to_win as u32 =>
            {
                GAME_END
            }
            GameKind::CantStop => 0.0,
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
    use super::*;

    #[test]
    fn strength_table_is_one_over_r_squared() {
        for (r, &w) in STRENGTH.iter().enumerate().skip(1) {
            let r = r as f64;
            assert_eq!(w, 1.0 / (r * r));
        }
    }

    #[test]
    fn route66_values_follow_the_documented_formula() {
        let rules = Rules::new(GameKind::Route66, 2);
        let mut b = Board::default();
        // Column 2 (10/6, length 3), nobody there: w(0) = 1/9 each, P = 1/2, no cube: no second.
        assert!((column_value(&rules, &b, 0, 2, 0) - 5.0).abs() < 1e-12);
        // Space 2: w = 1, P = 1 / (1 + 1/9) = 0.9, Q = 0.1 · 1 = 0.1: 9 + 0.6 = 9.6.
        assert!((column_value(&rules, &b, 0, 2, 2) - 9.6).abs() < 1e-12);
        // The top is the first-place points.
        assert_eq!(column_value(&rules, &b, 0, 2, 3), 10.0);
        // Opponent on space 2 of 7 (5/3, length 13): w = 1/121 vs our 1/169 at 0.
        b.set_cube(1, 7, 2);
        let p = (1.0 / 169.0) / (1.0 / 169.0 + 1.0 / 121.0);
        assert!((column_value(&rules, &b, 0, 7, 0) - 5.0 * p).abs() < 1e-12);
    }

    #[test]
    fn cant_stop_values_count_rolls_per_space() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let b = Board::default();
        // Column 7 appears in 834 of 1296 rolls: each space is worth 1296/834 rolls.
        let v = column_value(&rules, &b, 0, 7, 2);
        assert!((v - 2.0 * 1296.0 / 834.0).abs() < 1e-9, "{v}");
        // Column 2 appears in 171: a full column is 3 · 1296/171 ≈ 22.7 rolls.
        assert!((column_value(&rules, &b, 0, 2, 3) - 3.0 * 1296.0 / 171.0).abs() < 1e-9);
    }
}
