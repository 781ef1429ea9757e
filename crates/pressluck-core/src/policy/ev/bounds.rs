//! Bounds on `ev`'s expected gain `G` that settle most stop decisions without the exact walk.
//!
//! Every roll that does not bust offers at least one usable column. Order the usable columns
//! `c1, c2, …` and let `first(r)` be the first one roll `r` offers; the rolls whose first is
//! `ck` number `bust({c1..ck−1}) − bust({c1..ck})` (exact counts from the bust table). So for
//! any per-column numbers `x[c]`, `Σk x[ck] · (that count) / 1296` is `Σr x[first(r)] / 1296`:
//! - a lower bound on `G` when each roll offering `c` has an option worth at least `x[c] = d[c]`
//!   (all step gains ≥ 0, a double worth at least one step, no Faster Gear filter, and no
//!   game-end term that could fall), tightest with the columns by `x` descending;
//! - an upper bound when every option holding `c` is worth at most `x[c]` (the best of one
//!   step, two steps, or one step plus the best other column; no game-end term in reach),
//!   again with the columns by `x` descending, since the best option of a roll then holds some
//!   offered column and is worth at most the largest `x` among them.
//!
//! A bound decides only when it clears the loss by a margin far above rounding, so a decision
//! taken on a bound is the one the exact `G` gives.

use super::gain::{may_end, Prepared};
use crate::columns::bust::bust_rolls;
use crate::columns::{ColumnSet, GameKind};
use crate::dice::OUTCOMES;
use crate::policy::roll_options::two;
use crate::policy::view::View;

/// A cheap lower bound on `G`, when one holds: with every step gain ≥ 0, a double worth at
/// least a single step, no game end in reach and no Faster Gear filter, each roll that
/// does not bust offers some usable column `c` and with it an option worth at least `d[c]`;
/// so `G ≥ (1 − p_bust) · min d[c]` and `G ≥ P1(c) · d[c]` for each `c` (`P1(c)`: the chance
/// a roll offers `c`). The policy's first check, kept as it always was.
#[inline]
pub fn lower_bound(view: &View, prep: &Prepared) -> Option<f64> {
    let turn = &view.game.turn;
    if may_end(view) || (view.rules.faster_gear && turn.free_cars(view.rules) > 0) {
        return None;
    }
    if !prep.steps_rise {
        return None;
    }
    // `prepare` found the least step and the best `P1(c) · d[c]` over the usable columns.
    Some(
        prep.best_offered_step
            .max((1.0 - view.p_bust()) * prep.min_step),
    )
}

/// Roll on (`Some(true)`) or stop (`Some(false)`) when a bound clears `loss = p_bust · L` by a
/// safe margin; `None` when the exact `G` is needed.
#[inline]
pub fn decide(view: &View, prep: &Prepared, loss: f64) -> Option<bool> {
    let margin = 1e-9 * (1.0 + loss.abs());
    let mut cols = Columns::new(view, prep);
    if cols.lower_holds && first_offered_sum(&mut cols.low[..cols.n]) > loss + margin {
        return Some(true);
    }
    if cols.upper_holds && first_offered_sum(cols.high()) < loss - margin {
        return Some(false);
    }
    None
}

/// `(lower, upper)` bounds on `G` (see the module comment), each when it holds.
#[cfg(test)]
pub fn bounds(view: &View, prep: &Prepared) -> (Option<f64>, Option<f64>) {
    let mut cols = Columns::new(view, prep);
    let lower = cols
        .lower_holds
        .then(|| first_offered_sum(&mut cols.low[..cols.n]));
    let upper = cols.upper_holds.then(|| first_offered_sum(cols.high()));
    (lower, upper)
}

/// The usable columns with the numbers the bounds weigh them by.
struct Columns {
    /// `(d[c], c)`: one step.
    low: [(f64, u8); 11],
    /// `(d[2c], c)`: two steps, until [`Columns::high`] makes it the most an option holding
    /// `c` is worth.
    high: [(f64, u8); 11],
    /// Number of usable columns.
    n: usize,
    /// The two largest one-step gains (−∞ when missing), and the column of the first.
    top: (f64, f64, u8),
    /// Whether the lower bound holds.
    lower_holds: bool,
    /// Whether the upper bound holds.
    upper_holds: bool,
}

impl Columns {
    /// Reads the usable columns' gains and which bounds hold.
    #[inline]
    fn new(view: &View, prep: &Prepared) -> Columns {
        let (rules, turn) = (view.rules, &view.game.turn);
        let ending = may_end(view) && !prep.reach.is_empty();
        let mut cols = Columns {
            low: [(0.0, 0); 11],
            high: [(0.0, 0); 11],
            n: 0,
            top: (f64::NEG_INFINITY, f64::NEG_INFINITY, 0),
            lower_holds: prep.steps_rise
                && !(rules.faster_gear && turn.free_cars(rules) > 0)
                // Claiming columns in Can't Stop only brings the win closer: the end term
                // cannot fall.
                && (!ending || rules.game == GameKind::CantStop),
            upper_holds: !ending,
        };
        for c in view.usable {
            let (one, double) = (prep.d[c as usize], prep.d[two(c) as usize]);
            cols.low[cols.n] = (one, c);
            cols.high[cols.n] = (double, c);
            cols.n += 1;
            if one > cols.top.0 {
                cols.top = (one, cols.top.0, c);
            } else if one > cols.top.1 {
                cols.top.1 = one;
            }
        }
        cols
    }

    /// Per usable column, the most an option holding it is worth: two steps, one step, or one
    /// step plus the best other column's step.
    #[inline]
    fn high(&mut self) -> &mut [(f64, u8)] {
        let (first, second, at) = self.top;
        for (h, &(one, c)) in self.high[..self.n].iter_mut().zip(&self.low[..self.n]) {
            let pair = one + if c == at { second } else { first };
            for v in [one, pair] {
                if v > h.0 {
                    h.0 = v;
                }
            }
        }
        &mut self.high[..self.n]
    }
}

/// `Σk x[ck] · (bust({c1..ck−1}) − bust({c1..ck})) / 1296` over the columns sorted by `x`
/// descending: the mean over rolls of `x` of the best column each roll offers (0 on a bust).
#[inline]
pub(super) fn first_offered_sum(cols: &mut [(f64, u8)]) -> f64 {
    // Insertion sort, descending: at most eleven entries.
    for i in 1..cols.len() {
        let mut j = i;
        while j > 0 && cols[j - 1].0 < cols[j].0 {
            cols.swap(j - 1, j);
            j -= 1;
        }
    }
    let (mut seen, mut left, mut sum) = (ColumnSet::EMPTY, OUTCOMES as u16, 0.0);
    for &(x, c) in cols.iter() {
        seen = seen.with(c);
        let now = bust_rolls(seen);
        sum += x * (left - now) as f64;
        left = now;
    }
    sum / OUTCOMES as f64
}

#[cfg(test)]
mod tests {
    use super::super::gain::{expected_gain, prepare};
    use super::*;
    use crate::columns::{Edition, Game, Rules, Variant};
    use crate::dice::sample;
    use crate::policy::value::tables::BoardTables;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn bounds_hold_and_decide_as_the_exact_gain() {
        let mut configs = vec![
            Rules::new(GameKind::Route66, 2),
            Rules::new(GameKind::Route66, 4),
            Rules::new(GameKind::CantStop, 2),
            Rules::new(GameKind::CantStop, 3),
            Rules::route66(Edition::De, 3),
        ];
        for (game, v) in [
            (GameKind::Route66, Variant::FasterGear),
            (GameKind::Route66, Variant::Leisurely),
            (GameKind::CantStop, Variant::Jump),
        ] {
            let mut r = Rules::new(game, 2);
            r.apply_variant(v).unwrap();
            configs.push(r);
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
        let (mut lower_hits, mut upper_hits) = (0, 0);
        for rules in &configs {
            let mut tables: Vec<BoardTables> = (0..4).map(|_| BoardTables::default()).collect();
            let mut prep = Prepared::default();
            let mut game = Game::new();
            for _ in 0..6000 {
                if game.finished() {
                    game = Game::new();
                }
                let list = game.choices(rules, sample(&mut rng));
                if list.is_empty() {
                    game.bust(rules);
                    continue;
                }
                let k = rng.gen_range(0..list.len());
                game.apply(rules, list.as_slice()[k]);
                let view = View::new(rules, &game);
                let t = &mut tables[game.to_move as usize];
                t.refresh(rules, &game.board, game.to_move);
                prepare(&mut prep, t, &view);
                let exact = expected_gain(t, &view, &prep);
                let (lower, upper) = bounds(&view, &prep);
                if let Some(lb) = lower {
                    assert!(lb <= exact + 1e-9, "{game:?}: lower {lb} > {exact}");
                }
                if let Some(ub) = upper {
                    assert!(ub >= exact - 1e-9, "{game:?}: upper {ub} < {exact}");
                }
                // Losses around the exact gain: a bound decides only as the exact gain does.
                for f in [0.0, 0.5, 0.9, 0.999, 1.0, 1.001, 1.1, 2.0, 10.0] {
                    let loss = exact * f + (f - 1.0) * 1e-3;
                    if let Some(go_on) = decide(&view, &prep, loss) {
                        assert_eq!(go_on, exact > loss, "{game:?}: loss {loss}, G {exact}");
                        match go_on {
                            true => lower_hits += 1,
                            false => upper_hits += 1,
                        }
                    }
                }
                if rng.gen_range(0..3) == 0 {
                    game.stop(rules);
                }
            }
        }
        assert!(
            lower_hits > 1000 && upper_hits > 1000,
            "{lower_hits} {upper_hits}"
        );
    }
}
