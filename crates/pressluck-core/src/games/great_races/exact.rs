//! The Great Races rules' scores as exact rationals, so equal scores compare equal and the
//! first listed of them is taken, as the rules say.
//!
//! A track's worth `v(s)` is worked out in whole numbers: strengths `w(x) = 1 / r²` (`r` spaces
//! to the top, 1 to 15) in units of `1 / 360360²` (360360 = lcm(1..=15), so each is the whole
//! number `(360360 / r)²`), and then
//!
//! `v(s) = (first · W · (W + S − M) + second · S · W) / ((W + S) · (W + S − M))`
//!
//! with `W`, `S` and `M` the player's strength and the sum and largest of the opponents' in
//! those units (the `second` term only where second place can be taken). With at most three
//! opponents `W + S ≤ 4 · 360360² < 2⁴⁰`, so the denominator is below `2⁸⁰` and, with points of
//! at most 255, the numerator below `2⁸⁹`: both fit an `i128`. The sums of several tracks and
//! players are taken in an [`ExactNumber`]: [`BigRational`] (the public functions, for advice
//! and tests), or `StackRational` (`*_in`, for the game loop: no heap).

use super::stack_rational::StackRational;
use crate::columns::layout::PROGRESS_UNIT;
use crate::columns::{Choice, ColumnSet, Game, GameKind, Rules};
use num_rational::BigRational;

/// The exact numbers a score is summed in.
pub trait ExactNumber: Ord {
    /// `numerator / denominator`, the denominator above 0.
    fn ratio(numerator: i128, denominator: i128) -> Self;
    /// `self + other`.
    fn plus(self, other: &Self) -> Self;
    /// `self − other`.
    fn minus(self, other: &Self) -> Self;
    /// `self / k`, `k` above 0.
    fn over(self, k: i128) -> Self;
}

impl ExactNumber for BigRational {
    fn ratio(numerator: i128, denominator: i128) -> BigRational {
        BigRational::new(numerator.into(), denominator.into())
    }
    fn plus(self, other: &BigRational) -> BigRational {
        self + other
    }
    fn minus(self, other: &BigRational) -> BigRational {
        self - other
    }
    fn over(self, k: i128) -> BigRational {
        self / BigRational::from_integer(k.into())
    }
}

impl ExactNumber for StackRational {
    fn ratio(numerator: i128, denominator: i128) -> StackRational {
        StackRational::ratio(numerator, denominator)
    }
    fn plus(self, other: &StackRational) -> StackRational {
        StackRational::plus(&self, other)
    }
    fn minus(self, other: &StackRational) -> StackRational {
        StackRational::minus(&self, other)
    }
    fn over(self, k: i128) -> StackRational {
        StackRational::over(&self, k)
    }
}

/// The exact [`crate::policy::value::end_value`]: ±1000 when the game is over.
fn end_value<T: ExactNumber>(winner: Option<u8>, p: u8) -> T {
    let v = match winner {
        Some(w) if w == p => 1000,
        Some(_) => -1000,
        None => 0,
    };
    whole(v)
}

/// A whole number as an exact number.
fn whole<T: ExactNumber>(n: i128) -> T {
    T::ratio(n, 1)
}

/// Strength of a cube `len − x` spaces below the top (at least 1), in units of `1 / 360360²`.
fn strength(len: u8, x: u8) -> i128 {
    let r = len.saturating_sub(x).max(1) as i128 & 15;
    let unit = PROGRESS_UNIT as i128 / r;
    unit * unit
}

/// Exactly `crate::policy::value::column_value` of The Great Races and Route 66 (points
/// games): player `p`'s worth of standing on space `s` of track `c`, the rest of the board of
/// `game` as is.
pub fn column_value(rules: &Rules, game: &Game, p: u8, c: u8, s: u8) -> BigRational {
    column_value_in(rules, game, p, c, s)
}

/// [`column_value`] as any [`ExactNumber`].
fn column_value_in<T: ExactNumber>(rules: &Rules, game: &Game, p: u8, c: u8, s: u8) -> T {
    debug_assert!(
        rules.game != GameKind::CantStop,
        "Can't Stop values are in rolls"
    );
    let board = &game.board;
    if board.closed.has(c) {
        return whole(0);
    }
    let len = rules.layout.len(c);
    let s = s.min(len);
    let first = rules.layout.first[c as usize] as i128;
    if s >= len {
        return whole(first);
    }
    let (mut sum, mut max) = (0i128, 0i128);
    for q in (0..rules.players).filter(|&q| q != p) {
        let w = strength(len, board.cube(q, c));
        sum += w;
        max = max.max(w);
    }
    if rules.players <= 1 {
        sum = strength(len, 0);
        max = sum;
    }
    let me = strength(len, s);
    let eligible = rules.layout.second_spaces[c as usize] & (1 << s) != 0;
    if s > 0 && eligible && rules.players > 1 {
        let second = rules.layout.second[c as usize] as i128;
        let rest = me + sum - max;
        T::ratio(first * me * rest + second * sum * me, (me + sum) * rest)
    } else {
        T::ratio(first * me, me + sum)
    }
}

/// Exactly `race-points`' score of `choice` in `game` (`super::policy::points_gain`).
pub fn points_gain(rules: &Rules, game: &Game, choice: Choice) -> BigRational {
    points_gain_in(rules, game, choice)
}

/// [`points_gain`] as any [`ExactNumber`] (the game loop's: [`StackRational`]).
pub(crate) fn points_gain_in<T: ExactNumber>(rules: &Rules, game: &Game, choice: Choice) -> T {
    let p = game.to_move;
    let mut after = *game;
    after.apply(rules, choice);
    let mut gain: T = end_value(after.winner, p);
    for c in choice.columns() {
        let s = game.board.cube(p, c);
        gain = gain.plus(&column_value_in(rules, game, p, c, s + choice.steps_in(c)));
        gain = gain.minus(&column_value_in(rules, game, p, c, s));
    }
    gain
}

/// Player `p`'s worth in the tracks `columns` of `game`: their score plus each track's value.
fn worth<T: ExactNumber>(rules: &Rules, game: &Game, p: u8, columns: ColumnSet) -> T {
    let b = &game.board;
    columns
        .iter()
        .fold(whole(b.scores[p as usize] as i128), |sum: T, c| {
            sum.plus(&column_value_in(rules, game, p, c, b.cube(p, c)))
        })
}

/// Exactly `race-margin`'s score of `choice` in `game` (`super::policy::margin_gain`).
pub fn margin_gain(rules: &Rules, game: &Game, choice: Choice) -> BigRational {
    margin_gain_in(rules, game, choice)
}

/// [`margin_gain`] as any [`ExactNumber`] (the game loop's: [`StackRational`]).
pub(crate) fn margin_gain_in<T: ExactNumber>(rules: &Rules, game: &Game, choice: Choice) -> T {
    let p = game.to_move;
    let mut after = *game;
    after.apply(rules, choice);
    let moved = choice.columns();
    let change = |q: u8| worth::<T>(rules, &after, q, moved).minus(&worth(rules, game, q, moved));
    let opponents = rules.players.saturating_sub(1).max(1) as i128;
    let theirs = (0..rules.players)
        .filter(|&q| q != p)
        .fold(whole::<T>(0), |sum, q| sum.plus(&change(q)))
        .over(opponents);
    end_value::<T>(after.winner, p)
        .plus(&change(p))
        .minus(&theirs)
}
