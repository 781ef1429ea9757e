//! The arithmetic of one `ev` stop decision: the step gains of the position ([`Prepared`]) and
//! the exact expected gain `G` of one more roll (the bounds that often decide without it are
//! in [`super::bounds`]).
//!
//! `G` is walked two ways, both exact and each summing in a fixed order so the same position
//! always gives the same bits:
//! - no car free (the usual case once a turn is under way): the usable set has at most three
//!   columns, and its rolls come compiled and merged by options ([`settled`]);
//! - a car still free: the 66 pairs of sums are valued once, then each of the 126 distinct
//!   rolls takes the best of its three pairings ([`paired_rolls`]), in [`DISTINCT_ROLLS`]
//!   order. Under A Faster Gear the best is among the pairings bringing in the most new cars.
//!
//! [`DISTINCT_ROLLS`]: crate::dice::DISTINCT_ROLLS

use crate::columns::bust::OFFERED;
use crate::columns::{ColumnSet, GameKind};
use crate::dice::OUTCOMES;
use crate::policy::roll_options::{paired_rolls, settled, two, GAINS, PAIRS, PAIR_SUMS};
use crate::policy::value::tables::BoardTables;
use crate::policy::view::View;

/// What one decision reads: per-usable-column step gains and the stake. Kept by the policy and
/// rewritten in place: entries of columns that are not usable are stale and never read.
#[derive(Clone, Copy, Debug)]
pub struct Prepared {
    /// Gains by option index (see [`crate::policy::roll_options`]): `d[c]` one step,
    /// `d[13 + c]` two, `d[0] = 0`.
    pub d: [f64; GAINS],
    /// The column each option index newly brings to the top, if any.
    pub tops: [ColumnSet; GAINS],
    /// The usable columns one or two steps bring to the top (with none, no choice can change
    /// the game-end term).
    pub reach: ColumnSet,
    /// The progress at stake, `L`.
    pub stake: f64,
    /// The game-end term of stopping now.
    pub end_now: f64,
    /// Every usable column's step gain is ≥ 0 and its double's at least that (the premise of
    /// [`super::bounds::lower_bound`]).
    pub steps_rise: bool,
    /// The least one-step gain over the usable columns.
    pub min_step: f64,
    /// The most `P1(c) · d[c]` over the usable columns (`P1(c)`: the chance a roll offers `c`).
    pub best_offered_step: f64,
}

impl Default for Prepared {
    fn default() -> Self {
        Prepared {
            d: [0.0; GAINS],
            tops: [ColumnSet::EMPTY; GAINS],
            reach: ColumnSet::EMPTY,
            stake: 0.0,
            end_now: 0.0,
            steps_rise: true,
            min_step: f64::INFINITY,
            best_offered_step: 0.0,
        }
    }
}

/// Writes the gains of one and two steps per usable column, the tops they reach, and the stake
/// into `prep`, from tables already refreshed for the view's board and player.
#[inline]
pub fn prepare(prep: &mut Prepared, t: &BoardTables, view: &View) {
    let (rules, game, p) = (view.rules, view.game, view.player());
    let (board, turn) = (&game.board, &game.turn);
    prep.reach = ColumnSet::EMPTY;
    let (mut rise, mut min, mut single) = (true, f64::INFINITY, 0.0f64);
    for c in view.usable {
        let (ci, len) = (c as usize, rules.layout.len(c));
        let (value, next) = (&t.value[ci], &t.next[ci]);
        let from = turn.start(board, p, c) as usize;
        let one = next[from] as usize;
        let twice = next[one] as usize;
        let base = value[from];
        let (step, double) = (value[one] - base, value[twice] - base);
        prep.d[ci] = step;
        prep.d[two(c) as usize] = double;
        rise &= step >= 0.0 && double >= step;
        min = min.min(step);
        single = single.max(OFFERED[ci] * step);
        let top = |s: usize| match s >= len as usize {
            true => ColumnSet::single(c),
            false => ColumnSet::EMPTY,
        };
        prep.tops[ci] = top(one);
        prep.tops[two(c) as usize] = top(twice);
        prep.reach |= top(twice);
    }
    (prep.steps_rise, prep.min_step, prep.best_offered_step) = (rise, min, single);
    prep.end_now = t.end_term(rules, board, p, turn.at_top);
    prep.stake = prep.end_now;
    for c in turn.cars {
        let value = &t.value[c as usize];
        prep.stake += value[turn.car(c) as usize] - value[board.cube(p, c) as usize];
    }
}

/// Whether some choice could still change the game-end term (two new tops at most).
#[inline]
pub fn may_end(view: &View) -> bool {
    let (rules, board, turn, p) = (
        view.rules,
        &view.game.board,
        &view.game.turn,
        view.player() as usize,
    );
    match rules.game {
        GameKind::CantStop => {
            board.won[p] as u32 + turn.at_top.len() + 2 >= rules.columns_to_win as u32
        }
        _ => board.closed.len() + turn.at_top.len() + 2 >= rules.columns_to_end as u32,
    }
}

/// `G` exactly (see the module comment), from tables refreshed for the view.
#[inline]
pub fn expected_gain(t: &BoardTables, view: &View, prep: &Prepared) -> f64 {
    // With no top in reach every option leaves the end term as it is: the `false` walk adds
    // nothing the `true` one would not.
    match may_end(view) && !prep.reach.is_empty() {
        true => gain_as::<true>(t, view, prep),
        false => gain_as::<false>(t, view, prep),
    }
}

/// [`expected_gain`] with "a choice may end the game" fixed at compile time (`END` must be
/// [`may_end`]); without it an option's value is its two step gains.
#[inline(always)]
fn gain_as<const END: bool>(t: &BoardTables, view: &View, prep: &Prepared) -> f64 {
    let (rules, game, p) = (view.rules, view.game, view.player());
    let (board, turn) = (&game.board, &game.turn);
    let (d, tops) = (&prep.d, &prep.tops);
    // The change in the game-end term when one column more reaches its top, per column in
    // reach (options reaching two tops work theirs out).
    let mut one_top = [0.0; 13];
    if END {
        for c in prep.reach {
            one_top[c as usize] =
                t.end_term(rules, board, p, turn.at_top | ColumnSet::single(c)) - prep.end_now;
        }
    }
    // The value of option `(i, j)`: its step gains, and the change in the game-end term.
    let option = |i: usize, j: usize| {
        let mut g = d[i] + d[j];
        if END {
            let (a, b) = (tops[i], tops[j]);
            if !(a | b).is_empty() {
                g += match (a.is_empty(), b.is_empty()) {
                    (false, true) => one_top[a.0.trailing_zeros() as usize],
                    (true, false) => one_top[b.0.trailing_zeros() as usize],
                    _ => t.end_term(rules, board, p, turn.at_top | a | b) - prep.end_now,
                };
            }
        }
        g
    };
    let free = turn.free_cars(rules);
    if free > 0 {
        free_gain(view, free, option)
    } else {
        settled_gain(view.usable, option)
    }
}

/// The larger of `a` and `b` (no NaN here: one comparison, where `f64::max` spends several
/// instructions on NaN; equal values, `±0` included, leave the sums unchanged).
#[inline(always)]
fn larger(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// `G` with no car free and `usable` the usable set: its compiled classes, in order.
#[inline(always)]
pub(super) fn settled_gain(usable: ColumnSet, option: impl Fn(usize, usize) -> f64) -> f64 {
    let mut gain = 0.0;
    for class in settled().get(usable) {
        let mut best = f64::NEG_INFINITY;
        for &(i, j) in class.options() {
            best = larger(best, option(i as usize, j as usize));
        }
        gain += class.weight as f64 * best;
    }
    gain / OUTCOMES as f64
}

/// `G` with a car still free: each pair of sums valued once, then each roll's best pairing.
#[inline(always)]
fn free_gain(view: &View, free: u32, option: impl Fn(usize, usize) -> f64) -> f64 {
    let (u, cars) = (view.usable, view.game.turn.cars);
    let new = |c: u8| (!cars.has_sum(c)) as u8;
    // Per pair of sums: the best option it offers (−∞: none) and the new cars it brings in.
    let mut value = [f64::NEG_INFINITY; PAIRS];
    let mut brings = [0u8; PAIRS];
    for (k, &(a, b)) in PAIR_SUMS.iter().enumerate() {
        let (ua, ub) = (u.has_sum(a), u.has_sum(b));
        let (v, n) = if a == b {
            if !ua {
                continue;
            }
            (option(two(a) as usize, 0), new(a))
        } else if ua && ub {
            let n = new(a) + new(b);
            if n as u32 <= free {
                (option(a as usize, b as usize), n)
            } else {
                // Not both: one or the other, each bringing in one car (one car free).
                debug_assert_eq!((new(a), new(b)), (1, 1));
                (larger(option(a as usize, 0), option(b as usize, 0)), new(a))
            }
        } else if ua {
            (option(a as usize, 0), new(a))
        } else if ub {
            (option(b as usize, 0), new(b))
        } else {
            continue;
        };
        value[k] = v;
        brings[k] = n;
    }
    let mut gain = 0.0;
    if view.rules.faster_gear {
        // Only the options bringing in the most new cars are legal.
        for roll in paired_rolls() {
            let (mut best, mut most) = (f64::NEG_INFINITY, 0u8);
            for &k in &roll.pairs {
                let (v, n) = (value[k as usize], brings[k as usize]);
                if v == f64::NEG_INFINITY {
                    continue;
                }
                if best == f64::NEG_INFINITY || n > most {
                    (best, most) = (v, n);
                } else if n == most {
                    best = larger(best, v);
                }
            }
            if best != f64::NEG_INFINITY {
                gain += roll.weight as f64 * best;
            }
        }
    } else {
        for roll in paired_rolls() {
            let [a, b, c] = roll.pairs;
            let best = larger(
                larger(value[a as usize], value[b as usize]),
                value[c as usize],
            );
            if best != f64::NEG_INFINITY {
                gain += roll.weight as f64 * best;
            }
        }
    }
    gain / OUTCOMES as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{Game, Rules, Variant};
    use crate::dice::DISTINCT_ROLLS;
    use crate::policy::roll_options::options;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Slow reference for [`free_gain`]: the options of every distinct roll compiled one by
    /// one (as the per-key cache did), summed in the same order with `f64::max`.
    fn reference_free(view: &View, free: u32, option: impl Fn(usize, usize) -> f64) -> f64 {
        let (u, cars) = (view.usable, view.game.turn.cars);
        let mut gain = 0.0;
        for wr in DISTINCT_ROLLS.iter() {
            let class = options(wr.roll, u, cars, free, view.rules.faster_gear);
            if class.n == 0 {
                continue;
            }
            let mut best = f64::NEG_INFINITY;
            for &(i, j) in class.options() {
                best = best.max(option(i as usize, j as usize));
            }
            gain += wr.weight as f64 * best;
        }
        gain / OUTCOMES as f64
    }

    /// Slow reference for [`settled_gain`]: the same classes with `f64::max`.
    fn reference_settled(view: &View, option: impl Fn(usize, usize) -> f64) -> f64 {
        let mut gain = 0.0;
        for class in settled().get(view.usable) {
            let mut best = f64::NEG_INFINITY;
            for &(i, j) in class.options() {
                best = best.max(option(i as usize, j as usize));
            }
            gain += class.weight as f64 * best;
        }
        gain / OUTCOMES as f64
    }

    /// A random turn: some columns closed, one to three cars (some on a top), and random step
    /// gains drawn from a few values (ties and negatives on purpose) plus an arbitrary "end
    /// term" for some pairs of option indices.
    fn random_case(rng: &mut Xoshiro256PlusPlus, rules: &Rules) -> (Game, [f64; GAINS], u64) {
        let mut g = Game::new();
        for c in 2..=12u8 {
            if rng.gen_range(0..6) == 0 {
                g.board.closed = g.board.closed.with(c);
            }
        }
        let open: Vec<u8> = (2..=12).filter(|&c| !g.board.closed.has(c)).collect();
        let cars = rng.gen_range(0..=rules.cars.min(open.len() as u8));
        for _ in 0..cars {
            let c = open[rng.gen_range(0..open.len())];
            g.turn.cars = g.turn.cars.with(c);
            if rng.gen_range(0..4) == 0 {
                g.turn.at_top = g.turn.at_top.with(c);
            }
        }
        let pick = [-1.5, -0.25, 0.0, 0.5, 1.0, 1.0, 2.0, 3.25];
        let mut d = [0.0; GAINS];
        for x in d.iter_mut().skip(1) {
            *x = pick[rng.gen_range(0..pick.len())];
        }
        (g, d, rng.gen())
    }

    #[test]
    fn walks_equal_the_per_roll_options_bit_for_bit() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut gear = Rules::new(GameKind::Route66, 2);
        gear.apply_variant(Variant::FasterGear).unwrap();
        let configs = [Rules::new(GameKind::Route66, 2), gear];
        let (mut free_cases, mut settled_cases) = (0, 0);
        for rules in &configs {
            for _ in 0..4000 {
                let (game, d, salt) = random_case(&mut rng, rules);
                let view = View::new(rules, &game);
                // An "end term" on some option pairs, so `option` is not a plain sum.
                let end = |i: usize, j: usize| {
                    let h = (i as u64 * 31 + j as u64).wrapping_mul(salt | 1) >> 60;
                    if h < 3 {
                        h as f64 * 7.5 - 7.5
                    } else {
                        0.0
                    }
                };
                let option = |i: usize, j: usize| {
                    let g = d[i] + d[j];
                    g + end(i, j)
                };
                let free = game.turn.free_cars(rules);
                let (fast, slow) = if free > 0 {
                    free_cases += 1;
                    (
                        free_gain(&view, free, option),
                        reference_free(&view, free, option),
                    )
                } else {
                    settled_cases += 1;
                    (
                        settled_gain(view.usable, option),
                        reference_settled(&view, option),
                    )
                };
                assert_eq!(
                    fast.to_bits(),
                    slow.to_bits(),
                    "{game:?} {d:?}: {fast} vs {slow}"
                );
            }
        }
        assert!(
            free_cases > 3000 && settled_cases > 300,
            "{free_cases} {settled_cases}"
        );
    }
}
