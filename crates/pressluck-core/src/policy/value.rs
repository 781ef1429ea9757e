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

pub(crate) mod tables;

use crate::columns::bust::OFFERED;
use crate::columns::layout::MAX_LENGTH;
#[cfg(test)]
use crate::columns::set::{MAX_COLUMN, MIN_COLUMN};
#[cfg(test)]
use crate::columns::Game;
use crate::columns::{Board, ColumnSet, GameKind, Rules};

/// The value of ending the game by a stop: won (+) or lost (−), far above any column's worth.
pub const GAME_END: f64 = 1000.0;

/// Spaces a table by space holds per column: 0 (no cube) up to the longest column's top.
pub const SPACES: usize = MAX_LENGTH as usize + 1;

/// A value by column and space: `values[c][s]`.
pub type ColumnValues = [[f64; SPACES]; 13];

/// Whether a Can't Stop stop with cars on top of `tops`, having won `won` columns, claims the
/// columns to win.
#[inline]
pub fn cant_stop_stop_wins(rules: &Rules, won: u8, tops: ColumnSet) -> bool {
    won as u32 + tops.len() >= rules.columns_to_win as u32
}

/// Can't Stop's game-end term of stopping with cars on top of `tops`, having won `won` columns
/// ([`GAME_END`] when that claims the columns to win, else 0).
#[inline]
pub fn cant_stop_end_term(rules: &Rules, won: u8, tops: ColumnSet) -> f64 {
    if cant_stop_stop_wins(rules, won, tops) {
        GAME_END
    } else {
        0.0
    }
}

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
    ColumnTerms::new(rules, board, p, c).value(s)
}

/// The parts of [`column_value`] that do not depend on the space, worked out once per column
/// so a table of every space costs a few operations a space (the same operations, in the same
/// order, as one value alone: the results are bit for bit equal).
#[derive(Clone, Copy, Debug)]
struct ColumnTerms {
    /// The column is closed: every space is worth 0.
    closed: bool,
    /// Can't Stop (values in rolls) rather than points.
    cant_stop: bool,
    /// The column's length (its top space).
    len: u8,
    /// Can't Stop: the chance a roll offers the column (each space is worth its inverse).
    offered: f64,
    /// Points for first and second place.
    first: f64,
    /// Points for second place.
    second: f64,
    /// Sum and largest of the opponents' strengths (solitaire: one phantom opponent).
    sum: f64,
    /// The largest opponent strength.
    max: f64,
    /// Spaces (bit per space) from which second place can be taken.
    second_spaces: u16,
    /// More than one player (second place is possible).
    duel: bool,
}

impl ColumnTerms {
    /// The terms of column `c` for player `p` on `board`.
    #[inline]
    fn new(rules: &Rules, board: &Board, p: u8, c: u8) -> ColumnTerms {
        let len = rules.layout.len(c);
        let mut t = ColumnTerms {
            closed: board.closed.has(c),
            cant_stop: rules.game == GameKind::CantStop,
            len,
            offered: 0.0,
            first: rules.layout.first[c as usize] as f64,
            second: rules.layout.second[c as usize] as f64,
            sum: 0.0,
            max: 0.0,
            second_spaces: rules.layout.second_spaces[c as usize],
            duel: rules.players > 1,
        };
        if t.closed {
            return t;
        }
        if t.cant_stop {
            t.offered = OFFERED[c as usize];
            return t;
        }
        for q in (0..rules.players).filter(|&q| q != p) {
            let w = t.strength(board.cube(q, c));
            t.sum += w;
            t.max = t.max.max(w);
        }
        if rules.players <= 1 {
            t.sum = t.strength(0);
            t.max = t.sum;
        }
        t
    }

    /// How strongly a cube on space `x` holds the column.
    #[inline]
    fn strength(&self, x: u8) -> f64 {
        STRENGTH[self.len.saturating_sub(x).max(1) as usize & 15]
    }

    /// The value of space `s` (see the module comment).
    #[inline]
    fn value(&self, s: u8) -> f64 {
        if self.closed {
            return 0.0;
        }
        let s = s.min(self.len);
        if self.cant_stop {
            return s as f64 / self.offered;
        }
        if s >= self.len {
            return self.first;
        }
        let me = self.strength(s);
        let win = me / (me + self.sum);
        let eligible = self.second_spaces & (1 << s) != 0;
        let second = if s > 0 && eligible && self.duel {
            (1.0 - win) * me / (me + self.sum - self.max)
        } else {
            0.0
        };
        self.first * win + self.second * second
    }
}

#[cfg(test)]
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

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::columns::bust::p_bust;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

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

    /// The value formula as one function, as it was before [`ColumnTerms`] split it (the
    /// reference the split is checked against, bit for bit).
    fn reference_column_value(rules: &Rules, board: &Board, p: u8, c: u8, s: u8) -> f64 {
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

    /// A random board: cubes anywhere below the tops, some columns closed.
    pub(super) fn random_board(rng: &mut Xoshiro256PlusPlus, rules: &Rules) -> Board {
        let mut b = Board::default();
        for c in MIN_COLUMN..=MAX_COLUMN {
            for q in 0..rules.players {
                if rng.gen_range(0..3) > 0 {
                    b.set_cube(q, c, rng.gen_range(0..rules.layout.len(c)));
                }
            }
            if rng.gen_range(0..8) == 0 {
                b.closed = b.closed.with(c);
            }
        }
        b
    }

    /// Rules of every kind the tables serve, 1 to 4 players, with and without jumps.
    pub(super) fn all_rules() -> Vec<Rules> {
        let mut all = Vec::new();
        for players in 1..=4 {
            for game in [GameKind::Route66, GameKind::CantStop, GameKind::GreatRaces] {
                all.push(Rules::new(game, players));
            }
            all.push(Rules::route66(crate::columns::Edition::De, players));
            let mut jump = Rules::new(GameKind::CantStop, players);
            jump.apply_variant(crate::columns::Variant::Jump).unwrap();
            all.push(jump);
        }
        all
    }

    #[test]
    fn column_terms_give_the_formula_bit_for_bit() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        for rules in all_rules() {
            for _ in 0..40 {
                let b = random_board(&mut rng, &rules);
                for p in 0..rules.players {
                    for c in MIN_COLUMN..=MAX_COLUMN {
                        for s in 0..=15 {
                            let (fast, slow) = (
                                column_value(&rules, &b, p, c, s),
                                reference_column_value(&rules, &b, p, c, s),
                            );
                            assert_eq!(fast.to_bits(), slow.to_bits(), "{c} {s}");
                        }
                    }
                }
            }
        }
    }
}
