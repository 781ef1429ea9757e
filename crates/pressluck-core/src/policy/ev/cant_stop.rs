//! Can't Stop's `ev` decisions from tables: a step is worth the same whoever else stands in the
//! column, so most stop decisions and every choice need no board tables at all.
//!
//! In Can't Stop a column's value is `s / P1(c)` (see [`crate::policy::value`]): every step in
//! `c` is worth `1 / P1(c)` rolls, and without the jump rule a double is worth two steps unless
//! the car is one step below the top, where it is worth one. So:
//! - with no car free, `ev`'s expected gain `G` without the game-end term is a function of the
//!   usable set (at most three columns, as in [`settled`](crate::policy::roll_options::settled)) and of which of them stand one step
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
use super::gain::{may_end, settled_gain};
use crate::columns::bust::OFFERED;
use crate::columns::set::{COLUMN_COUNT, MAX_COLUMN, MIN_COLUMN};
use crate::columns::{ColumnSet, GameKind};
use crate::policy::roll_options::{two, GAINS};
use crate::policy::value::{ColumnValues, SPACES};
use crate::policy::view::View;
use std::sync::OnceLock;

/// Can't Stop's process-wide `ev` tables (see the module comment).
#[derive(Debug)]
pub struct CantStopTables {
    /// `value[c][s] = s / P1(c)`: the value of space `s`, bit for bit as the board tables hold
    /// it for an open column.
    pub value: ColumnValues,
    /// Rolls a step is worth, by column: `1 / P1(c)`.
    per_step: [f64; 13],
    /// `first_offered[mask]`: the first-offered sum of one-step gains of usable set `mask`.
    first_offered: Vec<f64>,
    /// `settled_start[mask]`: where the 8 settled gains of usable set `mask` start (`u16::MAX`:
    /// more than three columns).
    settled_start: Vec<u16>,
    /// The settled gains; within a set's 8, bit `k` of the index is "the `k`-th smallest usable
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
            first_offered: Vec::with_capacity(1 << COLUMN_COUNT),
            settled_start: Vec::with_capacity(1 << COLUMN_COUNT),
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
            let mut steps: Vec<(f64, u8)> =
                usable.iter().map(|c| (t.per_step[c as usize], c)).collect();
            t.first_offered.push(first_offered_sum(&mut steps));
            if usable.len() > 3 {
                t.settled_start.push(u16::MAX);
                continue;
            }
            t.settled_start.push(t.settled.len() as u16);
            for capped in 0..8u32 {
                // Gains by option index: a step, and a double (one step when capped).
                let mut d = [0.0; GAINS];
                for (k, c) in usable.iter().enumerate() {
                    let one = t.per_step[c as usize];
                    d[c as usize] = one;
                    d[two(c) as usize] = if capped >> k & 1 != 0 { one } else { 2.0 * one };
                }
                t.settled.push(settled_gain(usable, |i, j| d[i] + d[j]));
            }
        }
        t
    }

    /// Roll on (`Some(true)`) or stop (`Some(false)`) when a table settles the decision (Can't
    /// Stop, no jump rule; see the module comment); `None`: the exact path decides. Stopping
    /// must not win the game (the policy has stopped already when it does).
    #[inline]
    pub fn decide(&self, view: &View) -> Option<bool> {
        let (rules, game) = (view.rules, view.game);
        let (board, turn, p) = (&game.board, &game.turn, view.player());
        // The tables' premises: steps of one space, three cars, every option legal.
        if rules.game != GameKind::CantStop || rules.jump || rules.faster_gear || rules.cars > 3 {
            return None;
        }
        // The stake below leaves out the game-end term of stopping now: 0 unless stopping wins.
        debug_assert!(!view.stop_wins());
        let mut stake = 0.0;
        for c in turn.cars {
            stake += (turn.car(c) - board.cube(p, c)) as f64 * self.per_step[c as usize];
        }
        let loss = view.p_bust() * stake;
        let mask = view.usable.mask();
        if turn.free_cars(rules) > 0 {
            return verdict(self.first_offered[mask], loss, false);
        }
        let (mut capped, mut reach) = (0, false);
        for (k, c) in view.usable.iter().enumerate() {
            let (car, len) = (turn.car(c), rules.layout.len(c));
            capped |= ((car + 1 == len) as usize) << k;
            reach |= car + 2 >= len;
        }
        // A top that could end the game in reach only raises `G` above the table's.
        let exact = !(reach && may_end(view));
        verdict(
            self.settled[self.settled_start[mask] as usize + capped],
            loss,
            exact,
        )
    }
}

/// Roll on when `gain`, a lower bound on `G` (or `G` itself when `exact`), clears `loss` by a
/// margin far above rounding; stop when `G` is exact and as far below; else `None`.
#[inline]
fn verdict(gain: f64, loss: f64, exact: bool) -> Option<bool> {
    let margin = 1e-9 * (1.0 + loss.abs());
    if gain > loss + margin {
        Some(true)
    } else if exact && gain < loss - margin {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::gain::{expected_gain, prepare, Prepared};
    use super::super::ExpectedValue;
    use super::*;
    use crate::columns::{Game, Rules, Variant};
    use crate::dice::sample;
    use crate::policy::decide::Policy;
    use crate::policy::value::tables::BoardTables;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Can't Stop rule sets: 1 to 4 players, 3 to 5 columns to win, and boards of short columns
    /// (lengths 2 to 8, and 1 to 4), so tops and game ends come often.
    fn configs() -> Vec<Rules> {
        let shortened = |players, divisor: u8, least: u8| {
            let mut rules = Rules::new(GameKind::CantStop, players);
            for c in MIN_COLUMN..=MAX_COLUMN {
                let len = &mut rules.layout.length[c as usize];
                *len = (*len * 2 / divisor).max(least);
            }
            rules
        };
        let mut four = Rules::new(GameKind::CantStop, 3);
        four.columns_to_win = 4;
        let mut five = Rules::new(GameKind::CantStop, 4);
        five.columns_to_win = 5;
        vec![
            Rules::new(GameKind::CantStop, 2),
            Rules::new(GameKind::CantStop, 1),
            shortened(2, 3, 2),
            shortened(3, 6, 1),
            four,
            five,
        ]
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
    fn values_are_the_board_tables_bit_for_bit() {
        let t = tables();
        for rules in configs() {
            let mut board_tables = BoardTables::default();
            random_positions(&rules, 1, 3000, |game| {
                let (board, p) = (&game.board, game.to_move);
                board_tables.refresh(&rules, board, p);
                for c in (MIN_COLUMN..=MAX_COLUMN).filter(|&c| !board.closed.has(c)) {
                    for s in board.cube(p, c)..=rules.layout.len(c) {
                        let (c, s) = (c as usize, s as usize);
                        let (fast, slow) = (t.value[c][s], board_tables.value[c][s]);
                        assert_eq!(fast.to_bits(), slow.to_bits(), "{game:?} {c} {s}");
                    }
                }
            });
        }
    }

    #[test]
    fn choices_are_the_board_tables_choices() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let (mut checked, mut ending) = (0, 0);
        for rules in configs() {
            let (mut ev, mut board_tables) = (ExpectedValue::new(), BoardTables::default());
            random_positions(&rules, 5, 4000, |game| {
                let roll = sample(&mut rng);
                let choices = game.choices(&rules, roll);
                if choices.len() < 2 {
                    return;
                }
                let view = View::new(&rules, game);
                let (p, board) = (game.to_move, &game.board);
                board_tables.refresh(&rules, board, p);
                // The reference: the board tables' values and game-end term.
                let slow = view.best_choice_by(&choices, |choice, after| {
                    let mut gain = 0.0;
                    for c in choice.columns() {
                        let v = &board_tables.value[c as usize];
                        gain += v[after.car(c) as usize] - v[game.turn.start(board, p, c) as usize];
                    }
                    gain + board_tables.end_term(&rules, board, p, after.at_top)
                });
                let fast = ev.choose(&view, roll, &choices, &mut rng);
                assert_eq!(fast, slow, "{game:?} {roll:?} {choices:?}");
                checked += 1;
                ending += may_end(&view) as u32;
            });
        }
        assert!(checked > 3000 && ending > 500, "{checked} {ending}");
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
                    let low = t.first_offered[mask];
                    assert!(low <= g + 1e-12, "{game:?}: {low} > {g}");
                    below += 1;
                    return;
                }
                let mut capped = 0;
                for (k, c) in view.usable.iter().enumerate() {
                    capped |= ((turn.car(c) + 1 == rules.layout.len(c)) as usize) << k;
                }
                let table = t.settled[t.settled_start[mask] as usize + capped];
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
        // Decisions the tables took: [car free, settled], each [rolls, stops]; and left.
        let (mut taken, mut left) = ([[0; 2]; 2], 0);
        for rules in configs() {
            let mut ev = ExpectedValue::new();
            random_positions(&rules, 3, 20000, |game| {
                let view = View::new(&rules, game);
                let exact = ev.keep_rolling_exact(&view);
                match t.decide(&view) {
                    Some(go_on) => {
                        assert_eq!(go_on, exact, "{game:?}");
                        let settled = game.turn.free_cars(&rules) == 0;
                        taken[settled as usize][!go_on as usize] += 1;
                    }
                    None => left += 1,
                }
            });
        }
        let [[free_rolls, free_stops], [rolls, stops]] = taken;
        assert_eq!(
            free_stops, 0,
            "the first-offered bound is a lower bound only"
        );
        assert!(
            free_rolls > 5000 && rolls > 5000 && stops > 3000 && left > 1000,
            "{taken:?} {left}"
        );
    }

    #[test]
    fn verdicts_keep_a_margin_around_the_loss() {
        for loss in [0.0, 0.5, 7.25, 300.0] {
            let margin = 1e-9 * (1.0 + loss);
            assert_eq!(verdict(loss + 2.0 * margin, loss, false), Some(true));
            assert_eq!(verdict(loss - 2.0 * margin, loss, true), Some(false));
            // A lower bound below the loss says nothing.
            assert_eq!(verdict(loss - 2.0 * margin, loss, false), None);
            // Near-ties go to the exact walk, whichever side of the loss.
            for tie in [loss - 1e-13, loss, loss + 1e-13] {
                assert_eq!(verdict(tie, loss, true), None, "{tie} vs {loss}");
            }
        }
    }

    #[test]
    fn leaves_other_rules_to_the_exact_path() {
        let mut jump = Rules::new(GameKind::CantStop, 2);
        jump.apply_variant(Variant::Jump).unwrap();
        let mut more_cars = Rules::new(GameKind::CantStop, 2);
        more_cars.cars = 4;
        for rules in [jump, more_cars, Rules::new(GameKind::Route66, 2)] {
            random_positions(&rules, 4, 500, |game| {
                assert_eq!(tables().decide(&View::new(&rules, game)), None);
            });
        }
    }
}
