//! Can't Stop's `ev` decisions from tables: a step is worth the same whoever else stands in the
//! column, so most stop decisions and every choice need no board tables at all.
//!
//! In Can't Stop a column's value is `s / P1(c)` (see [`crate::policy::value`]): every step in
//! `c` is worth `1 / P1(c)` rolls, and without the jump rule a double is worth two steps unless
//! the car is one step below the top, where it is worth one. So:
//! - with no car free, `ev`'s expected gain `G` without the game-end term is a function of the
//!   usable set (at most three columns, as in [`settled`]) and of which of them stand one step
//!   below their top: 232 sets × 8 subsets, worked out once for the process;
//! - with a car free, `G` is at least the bounds' "first offered column" sum of one-step gains
//!   ([`super::bounds`]), a function of the usable set alone: 2048 sets;
//! - the game-end term of a Can't Stop option is never below the term of stopping now
//!   (claiming columns only brings the win closer), so without it both numbers are lower
//!   bounds, and the first is exact when no top that could end the game is in reach.
//!
//! The position's own gains differ from these by rounding only (`(s + 1) / P1 − s / P1` is not
//! exactly `1 / P1`), so a table decides only when it clears the loss by a margin far above
//! rounding, as the bounds do, and leaves near-ties to the exact walk: every decision is the
//! one the exact walk takes.

use super::bounds::first_offered_sum;
use super::gain::may_end;
use crate::columns::bust::OFFERED;
use crate::columns::set::{COLUMN_COUNT, MAX_COLUMN, MIN_COLUMN};
use crate::columns::{ColumnSet, GameKind, Rules};
use crate::dice::OUTCOMES;
use crate::policy::roll_options::{settled, two, GAINS};
use crate::policy::value::GAME_END;
use crate::policy::View;
use std::sync::OnceLock;

/// Spaces a value table holds per column (as in the board tables: lengths are at most 13).
const SPACES: usize = 14;

/// Can't Stop's process-wide `ev` tables (see the module comment).
#[derive(Debug)]
pub struct CantStopTables {
    /// `value[c][s] = s / P1(c)`: the value of space `s`, bit for bit as the board tables hold
    /// it for an open column.
    pub value: [[f64; SPACES]; 13],
    /// Rolls a step is worth, by column: `1 / P1(c)`.
    per_step: [f64; 13],
    /// `low[mask]`: the first-offered sum of one-step gains of usable set `mask`.
    low: Vec<f64>,
    /// `group[mask]`: where the 8 settled gains of usable set `mask` start (`u16::MAX`: more
    /// than three columns).
    group: Vec<u16>,
    /// The settled gains; within a group, bit `k` of the index is "the `k`-th smallest usable
    /// column is one step below its top".
    settled: Vec<f64>,
}

/// The process-wide tables, built on first use.
pub fn tables() -> &'static CantStopTables {
    static TABLES: OnceLock<CantStopTables> = OnceLock::new();
    TABLES.get_or_init(CantStopTables::build)
}

impl CantStopTables {
    /// Works every table out.
    fn build() -> CantStopTables {
        let mut t = CantStopTables {
            value: [[0.0; SPACES]; 13],
            per_step: [0.0; 13],
            low: Vec::with_capacity(1 << COLUMN_COUNT),
            group: Vec::with_capacity(1 << COLUMN_COUNT),
            settled: Vec::new(),
        };
        for c in MIN_COLUMN..=MAX_COLUMN {
            // The column terms' chance, so the same bits.
            let offered = OFFERED[c as usize];
            for s in 0..SPACES {
                t.value[c as usize][s] = s as f64 / offered;
            }
            t.per_step[c as usize] = 1.0 / offered;
        }
        for mask in 0..(1u16 << COLUMN_COUNT) {
            let usable = ColumnSet::from_mask(mask);
            let mut low: Vec<(f64, u8)> =
                usable.iter().map(|c| (t.per_step[c as usize], c)).collect();
            t.low.push(first_offered_sum(&mut low));
            if usable.len() > 3 {
                t.group.push(u16::MAX);
                continue;
            }
            t.group.push(t.settled.len() as u16);
            for capped in 0..8 {
                let gain = settled_gain(usable, capped, &t.per_step);
                t.settled.push(gain);
            }
        }
        t
    }

    /// Roll on (`Some(true)`) or stop (`Some(false)`) when a table settles the decision (Can't
    /// Stop, no jump rule; see the module comment); `None`: the exact path decides. The caller
    /// has already stopped when stopping wins.
    #[inline]
    pub fn decide(&self, view: &View) -> Option<bool> {
        let (rules, game) = (view.rules, view.game);
        let (board, turn, p) = (&game.board, &game.turn, view.player());
        if rules.game != GameKind::CantStop || rules.jump {
            return None;
        }
        let free = turn.free_cars(rules) > 0;
        let ending = may_end(view);
        let (mut capped, mut reach, mut k) = (0usize, false, 0);
        let mut stake = 0.0;
        for c in turn.cars {
            let (car, len) = (turn.car(c), rules.layout.len(c));
            if view.usable.has(c) {
                capped |= ((car + 1 == len) as usize) << k;
                reach |= car + 2 >= len;
                k += 1;
            }
            stake += (car - board.cube(p, c)) as f64 * self.per_step[c as usize];
        }
        let loss = view.p_bust() * stake;
        let margin = 1e-9 * (1.0 + loss.abs());
        let mask = view.usable.mask();
        let (gain, exact) = match free {
            true => (self.low[mask], false),
            false => (
                self.settled[self.group[mask] as usize + capped],
                !(ending && reach),
            ),
        };
        if gain > loss + margin {
            Some(true)
        } else if exact && gain < loss - margin {
            Some(false)
        } else {
            None
        }
    }
}

/// Can't Stop's game-end term of stopping with cars on top of `tops`, having won `won` columns.
#[inline]
pub fn end_term(rules: &Rules, won: u8, tops: ColumnSet) -> f64 {
    if won as u32 + tops.len() >= rules.columns_to_win as u32 {
        GAME_END
    } else {
        0.0
    }
}

/// `G` of one settled usable set with the columns of local bits `capped` one step below their
/// top, without the game-end term, walked over the compiled classes.
fn settled_gain(usable: ColumnSet, capped: u32, per_step: &[f64; 13]) -> f64 {
    let mut d = [0.0; GAINS];
    for (k, c) in usable.iter().enumerate() {
        let one = per_step[c as usize];
        d[c as usize] = one;
        d[two(c) as usize] = if capped >> k & 1 != 0 { one } else { 2.0 * one };
    }
    let mut gain = 0.0;
    for class in settled().get(usable) {
        let best = class
            .options()
            .iter()
            .map(|&(i, j)| d[i as usize] + d[j as usize])
            .fold(f64::NEG_INFINITY, f64::max);
        gain += class.weight as f64 * best;
    }
    gain / OUTCOMES as f64
}

#[cfg(test)]
mod tests {
    use super::super::gain::{expected_gain, prepare, Prepared};
    use super::super::ExpectedValue;
    use super::*;
    use crate::columns::{Game, Variant};
    use crate::dice::sample;
    use crate::policy::value::BoardTables;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Can't Stop rule sets: 2 to 4 players, 3 to 5 columns to win, and a board of short
    /// columns (lengths 2 to 8), so tops and game ends come often.
    fn configs() -> Vec<Rules> {
        let mut short = Rules::new(GameKind::CantStop, 2);
        for c in MIN_COLUMN..=MAX_COLUMN {
            let len = &mut short.layout.length[c as usize];
            *len = (*len * 2 / 3).max(2);
        }
        let mut four = Rules::new(GameKind::CantStop, 3);
        four.columns_to_win = 4;
        let mut five = Rules::new(GameKind::CantStop, 4);
        five.columns_to_win = 5;
        vec![Rules::new(GameKind::CantStop, 2), short, four, five]
    }

    /// Plays random games under `rules` and hands `check` every position where the player to
    /// move has just rolled and stopping does not win.
    fn random_positions(rules: &Rules, seed: u64, steps: usize, mut check: impl FnMut(&Game)) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut game = Game::new();
        for _ in 0..steps {
            if game.finished() {
                game = Game::new();
            }
            let list = game.choices(rules, sample(&mut rng));
            if list.is_empty() {
                game.bust(rules);
                continue;
            }
            game.apply(rules, list.as_slice()[rng.gen_range(0..list.len())]);
            if !View::new(rules, &game).stop_wins() {
                check(&game);
            }
            if rng.gen_range(0..4) == 0 {
                game.stop(rules);
            }
        }
    }

    #[test]
    fn values_and_end_terms_are_the_board_tables_bit_for_bit() {
        let t = tables();
        for rules in configs() {
            let mut board_tables = BoardTables::default();
            random_positions(&rules, 1, 3000, |game| {
                let (board, p) = (&game.board, game.to_move);
                board_tables.refresh(&rules, board, p);
                for c in (MIN_COLUMN..=MAX_COLUMN).filter(|&c| !board.closed.has(c)) {
                    for s in board.cube(p, c)..=rules.layout.len(c) {
                        let (fast, slow) = (
                            t.value[c as usize][s as usize],
                            board_tables.value[c as usize][s as usize],
                        );
                        assert_eq!(
                            fast.to_bits(),
                            slow.to_bits(),
                            "{game:?} column {c} space {s}"
                        );
                    }
                }
                let tops = game.turn.at_top;
                for extra in [
                    ColumnSet::EMPTY,
                    ColumnSet::single(7),
                    ColumnSet::of(&[2, 12]),
                ] {
                    let fast = end_term(&rules, board.won[p as usize], tops | extra);
                    let slow = board_tables.end_term(&rules, board, p, tops | extra);
                    assert_eq!(fast, slow, "{game:?}");
                }
            });
        }
    }

    #[test]
    fn table_gains_are_the_exact_gain_or_below_it() {
        let t = tables();
        let (mut exact, mut below) = (0, 0);
        for rules in configs() {
            let mut board_tables = BoardTables::default();
            let mut prep = Prepared::default();
            random_positions(&rules, 2, 6000, |game| {
                let view = View::new(&rules, game);
                board_tables.refresh(&rules, &game.board, game.to_move);
                prepare(&mut prep, &board_tables, &view);
                let g = expected_gain(&board_tables, &view, &prep);
                let turn = &game.turn;
                let mask = view.usable.mask();
                if turn.free_cars(&rules) > 0 {
                    assert!(t.low[mask] <= g + 1e-12, "{game:?}: {} > {g}", t.low[mask]);
                    below += 1;
                    return;
                }
                let mut capped = 0;
                for (k, c) in view.usable.iter().enumerate() {
                    capped |= ((turn.car(c) + 1 == rules.layout.len(c)) as usize) << k;
                }
                let table = t.settled[t.group[mask] as usize + capped];
                if may_end(&view) && !prep.reach.is_empty() {
                    assert!(table <= g + 1e-12, "{game:?}: {table} > {g}");
                    below += 1;
                } else {
                    assert!((table - g).abs() < 1e-12, "{game:?}: {table} vs {g}");
                    exact += 1;
                }
            });
        }
        assert!(exact > 3000 && below > 3000, "{exact} {below}");
    }

    #[test]
    fn table_decisions_are_the_exact_paths() {
        let t = tables();
        let (mut rolls, mut stops, mut left) = (0, 0, 0);
        for rules in configs() {
            let mut ev = ExpectedValue::new();
            random_positions(&rules, 3, 20000, |game| {
                let view = View::new(&rules, game);
                let exact = ev.keep_rolling_exact(&view);
                match t.decide(&view) {
                    Some(go_on) => {
                        assert_eq!(go_on, exact, "{game:?}");
                        match go_on {
                            true => rolls += 1,
                            false => stops += 1,
                        }
                    }
                    None => left += 1,
                }
            });
        }
        assert!(rolls > 10000 && stops > 3000, "{rolls} {stops} {left}");
    }

    #[test]
    fn leaves_other_games_and_the_jump_rule_to_the_exact_path() {
        let mut jump = Rules::new(GameKind::CantStop, 2);
        jump.apply_variant(Variant::Jump).unwrap();
        for rules in [jump, Rules::new(GameKind::Route66, 2)] {
            random_positions(&rules, 4, 500, |game| {
                assert_eq!(tables().decide(&View::new(&rules, game)), None);
            });
        }
    }
}
