//! The 95% intervals of what rollouts measure, honest at any number of rollouts: every
//! interval stays inside what the figure can be, and none tells two options apart on fewer
//! rollouts than a test of that size could.
//!
//! - A **chance** (wins of `n`): the Wilson score interval ([`chance`]).
//! - A **difference of two chances** measured rollout by rollout, each rollout's value −1, 0
//!   or +1 ([`paired_chances`]): Tango's score interval for paired proportions with a
//!   continuity correction. It lies within [−1, +1]; it holds 0 exactly when McNemar's test
//!   with continuity correction finds no difference, so telling two options apart takes at
//!   least 6 rollouts that differ, all one way, as the exact sign test needs at 5%; with
//!   thousands of rollouts it is the normal interval to within 1/n.
//! - A **mean of whole numbers** (turns to finish, or differences of turns; [`whole_numbers`]):
//!   Student's t, with the spread counted as if one rollout more had come out a turn above the
//!   mean and one a turn below, so that rollouts that happen to agree do not make an interval
//!   of no width. Turns have no useful bound, so no interval is valid at every count without
//!   assuming something of their spread: t is, once the mean of the rollouts is near normal;
//!   one rollout has no spread at all ([`MIN_ROLLOUTS`]).
//! - A **sum of such figures** measured on the same rollouts (a player's decisions over a
//!   game; [`TermSum`]): on each side the wider of two intervals. One combines each term's
//!   interval, as its spread below and above, through the terms' correlations over the
//!   rollouts (MOVER, the method of variance estimates recovery of Zou and Donner, of which
//!   Newcombe's square-and-add for paired proportions is a case): it keeps the terms'
//!   small-count caution. The other is the interval of whole numbers of the per-rollout sums:
//!   its Student's t allows for the correlations being measured on few rollouts. With
//!   thousands of rollouts both are the normal interval of the per-rollout sums. The result is
//!   clipped to what the sum can be (±1 a term in chance).

use crate::counters::wilson95;

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Fewest rollouts `advise --rollouts` and `review` take: alone the figures are turns, whose
/// interval needs the spread of two rollouts at least, and the review measures each rollout
/// against the best the rollouts of the other parity pick, so it needs one of each.
pub const MIN_ROLLOUTS: u64 = 2;

/// A figure from rollouts with its 95% interval.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    /// The estimate.
    pub mean: f64,
    /// The interval's lower end.
    pub lo: f64,
    /// The interval's upper end.
    pub hi: f64,
}

impl Estimate {
    /// A figure known without sampling (an option against itself): `x`, no spread.
    pub fn exact(x: f64) -> Estimate {
        Estimate {
            mean: x,
            lo: x,
            hi: x,
        }
    }

    /// Whether the interval holds `x`.
    pub fn holds(&self, x: f64) -> bool {
        self.lo <= x && x <= self.hi
    }

    /// The figure of the opposite sign (its interval's ends swapped).
    pub fn negated(&self) -> Estimate {
        Estimate {
            mean: -self.mean,
            lo: -self.hi,
            hi: -self.lo,
        }
    }
}

/// The share of `n` rollouts won, `wins / n`, with its Wilson 95% interval ([0, 1] when `n`
/// is 0).
pub fn chance(wins: u64, n: u64) -> Estimate {
    let (lo, hi) = wilson95(wins, n);
    Estimate {
        mean: wins as f64 / n.max(1) as f64,
        lo,
        hi,
    }
}

/// The mean of `n` rollouts' values, each −1, 0 or +1 (option A won and B lost: +1; the
/// reverse: −1), of which `plus` were +1 and `minus` −1: the difference of two chances
/// measured on the same rollouts, with Tango's score interval with continuity correction
/// (see the module comment). [−1, +1] when `n` is 0.
pub fn paired_chances(plus: u64, minus: u64, n: u64) -> Estimate {
    if n == 0 {
        return Estimate {
            mean: 0.0,
            lo: -1.0,
            hi: 1.0,
        };
    }
    let (u, v, nf) = (plus as f64, minus as f64, n as f64);
    let mean = (u - v) / nf;
    // The score of the hypothesis that the difference is `d`: the observed difference's
    // distance from it (less half a step of plus − minus, the continuity correction) over its
    // standard error where the chances fit the rollouts best under that hypothesis.
    let score = |d: f64| -> f64 {
        let distance = ((u - v - nf * d).abs() - 1.0).max(0.0);
        if distance == 0.0 {
            return 0.0;
        }
        // The likeliest chance of −1 given the difference d: the root of
        // 2n q² + b q + c = 0 (Tango 1998), written to keep its digits when b > 0.
        let a = 2.0 * nf;
        let b = -(u + v) + d * (2.0 * nf - u + v);
        let c = -v * d * (1.0 - d);
        let root = (b * b - 4.0 * a * c).max(0.0).sqrt();
        let q = if b <= 0.0 {
            (root - b) / (2.0 * a)
        } else if b + root > 0.0 {
            -2.0 * c / (b + root)
        } else {
            0.0
        };
        let q = q.clamp((-d).max(0.0), ((1.0 - d) / 2.0).max(0.0));
        // The variance of one rollout's value there: P(+1) + P(−1) − d².
        let var = 2.0 * q + d - d * d;
        if var <= 0.0 {
            return f64::INFINITY;
        }
        distance / (nf * var).sqrt()
    };
    let inside = |d: f64| score(d) <= Z95;
    // The score is 0 at the mean and grows away from it: bisect each side for where it
    // reaches z.
    let lo = if inside(-1.0) {
        -1.0
    } else {
        edge(-1.0, mean, inside)
    };
    let hi = if inside(1.0) {
        1.0
    } else {
        edge(1.0, mean, inside)
    };
    Estimate { mean, lo, hi }
}

/// The point between `out` (outside the interval) and `inside_at` (inside) where `inside`
/// turns true, to within 1e-12, on the inside.
fn edge(mut out: f64, mut inside_at: f64, inside: impl Fn(f64) -> bool) -> f64 {
    while (out - inside_at).abs() > 1e-12 {
        let mid = 0.5 * (out + inside_at);
        if mid == out || mid == inside_at {
            break;
        }
        if inside(mid) {
            inside_at = mid;
        } else {
            out = mid;
        }
    }
    inside_at
}

/// The 0.975 quantile of Student's t with `df` degrees of freedom (∞ for 0): the half-width
/// of a 95% interval in standard errors when the spread is estimated from `df + 1` values.
pub fn student_t95(df: u64) -> f64 {
    /// The quantiles for 1 to 30 degrees of freedom (standard tables).
    const TABLE: [f64; 30] = [
        12.706_204_736,
        4.302_652_730,
        3.182_446_305,
        2.776_445_105,
        2.570_581_836,
        2.446_911_851,
        2.364_624_252,
        2.306_004_135,
        2.262_157_163,
        2.228_138_852,
        2.200_985_160,
        2.178_812_830,
        2.160_368_656,
        2.144_786_688,
        2.131_449_546,
        2.119_905_299,
        2.109_815_578,
        2.100_922_040,
        2.093_024_054,
        2.085_963_447,
        2.079_613_845,
        2.073_873_068,
        2.068_657_610,
        2.063_898_562,
        2.059_538_553,
        2.055_529_439,
        2.051_830_516,
        2.048_407_142,
        2.045_229_642,
        2.042_272_456,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[df as usize - 1],
        _ => {
            // Beyond the table, the Cornish-Fisher expansion of t in powers of 1/df
            // (Abramowitz and Stegun 26.7.5), good to 1e-6 from 30 degrees of freedom.
            let (z, n) = (Z95, df as f64);
            let z2 = z * z;
            let g1 = z * (z2 + 1.0) / 4.0;
            let g2 = z * ((5.0 * z2 + 16.0) * z2 + 3.0) / 96.0;
            let g3 = z * (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) / 384.0;
            let g4 =
                z * ((((79.0 * z2 + 776.0) * z2 + 1482.0) * z2 - 1920.0) * z2 - 945.0) / 92160.0;
            z + (g1 + (g2 + (g3 + g4 / n) / n) / n) / n
        }
    }
}

/// The mean of `n` rollouts' whole-number values (turns, or differences of turns) from their
/// sum and sum of squares, with Student's t interval, the spread counted as if two more
/// rollouts had come out a unit above the mean and a unit below (see the module comment).
/// Fewer than 2 rollouts: no bounds (−∞, +∞).
pub fn whole_numbers(n: u64, sum: f64, sum_sq: f64) -> Estimate {
    let nf = n.max(1) as f64;
    let mean = sum / nf;
    if n < 2 {
        return Estimate {
            mean,
            lo: f64::NEG_INFINITY,
            hi: f64::INFINITY,
        };
    }
    let squares = (sum_sq - sum * sum / nf).max(0.0);
    let var = (squares + 2.0) / (nf + 1.0);
    let half = student_t95(n - 1) * (var / nf).sqrt();
    Estimate {
        mean,
        lo: mean - half,
        hi: mean + half,
    }
}

/// [`whole_numbers`] of the values themselves.
pub fn whole_numbers_of(values: &[i64]) -> Estimate {
    let sum: f64 = values.iter().map(|&x| x as f64).sum();
    let sum_sq: f64 = values.iter().map(|&x| (x as f64) * (x as f64)).sum();
    whole_numbers(values.len() as u64, sum, sum_sq)
}

/// A sum of figures measured on the same `n` rollouts, each with its own interval (a player's
/// decisions over a game), and the sum's interval (see the module comment): on each side the
/// wider of two. One combines the terms' own spreads below and above their estimates,
/// recovered from their intervals, through the terms' correlations over the rollouts (a term of
/// no spread over the rollouts has no correlation to measure and counts as independent of the
/// others); the other is [`whole_numbers`] of the per-rollout sums, whose Student's t allows for
/// those correlations being measured on few rollouts. Both are the normal interval of the
/// per-rollout sums with many rollouts. The interval is then clipped to what the sum can be.
#[derive(Clone, Debug)]
pub struct TermSum {
    /// The sum of the terms' estimates.
    mean: f64,
    /// What the sum can be: the sum of the terms' least and most values.
    possible: (f64, f64),
    /// Per rollout, the terms' deviations from their means, each scaled to the term's spread
    /// below (`.0`) and above (`.1`) its estimate.
    scaled: (Vec<f64>, Vec<f64>),
    /// The squared spreads, below and above, of the terms counted as independent.
    independent: (f64, f64),
    /// Per rollout, the sum of the terms' values.
    sums: Vec<i64>,
}

impl TermSum {
    /// No terms yet, over `n` rollouts.
    pub fn new(n: u64) -> TermSum {
        TermSum {
            mean: 0.0,
            possible: (0.0, 0.0),
            scaled: (vec![0.0; n as usize], vec![0.0; n as usize]),
            independent: (0.0, 0.0),
            sums: vec![0; n as usize],
        }
    }

    /// Adds a term: its values rollout by rollout, its estimate with its interval, and the
    /// least and most it can be (a difference of chances: −1 and +1; turns: ±∞). A term known
    /// exactly ([`Estimate::exact`]) can be nothing else.
    pub fn add(&mut self, values: &[i64], e: &Estimate, possible: (f64, f64)) {
        let n = values.len().max(1) as f64;
        let mean = values.iter().map(|&x| x as f64).sum::<f64>() / n;
        let var = values
            .iter()
            .map(|&x| (x as f64 - mean) * (x as f64 - mean))
            .sum::<f64>()
            / n;
        let (below, above) = (e.mean - e.lo, e.hi - e.mean);
        self.mean += e.mean;
        for (sum, &x) in self.sums.iter_mut().zip(values) {
            *sum += x;
        }
        if below == 0.0 && above == 0.0 {
            self.possible.0 += e.mean;
            self.possible.1 += e.mean;
            return;
        }
        self.possible.0 += possible.0;
        self.possible.1 += possible.1;
        if var > 0.0 && below.is_finite() && above.is_finite() {
            let sd = var.sqrt();
            for (i, &x) in values.iter().enumerate() {
                let d = (x as f64 - mean) / sd;
                self.scaled.0[i] += below * d;
                self.scaled.1[i] += above * d;
            }
        } else {
            self.independent.0 += below * below;
            self.independent.1 += above * above;
        }
    }

    /// The sum of the terms with its 95% interval.
    pub fn estimate(&self) -> Estimate {
        let (least, most) = self.possible;
        if least == most {
            return Estimate::exact(self.mean);
        }
        let spread = |scaled: &[f64], independent: f64| -> f64 {
            let n = scaled.len().max(1) as f64;
            let var = scaled.iter().map(|x| x * x).sum::<f64>() / n + independent;
            var.sqrt()
        };
        let below = spread(&self.scaled.0, self.independent.0);
        let above = spread(&self.scaled.1, self.independent.1);
        let t = whole_numbers_of(&self.sums);
        let (t_below, t_above) = (t.mean - t.lo, t.hi - t.mean);
        Estimate {
            mean: self.mean,
            lo: (self.mean - below.max(t_below)).max(least),
            hi: (self.mean + above.max(t_above)).min(most),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether McNemar's test with continuity correction finds a difference.
    fn mcnemar(plus: u64, minus: u64) -> bool {
        let m = (plus + minus) as f64;
        m > 0.0 && ((plus as f64 - minus as f64).abs() - 1.0) / m.sqrt() > Z95
    }

    #[test]
    fn paired_chances_stay_possible_and_hold_zero_as_mcnemar_does() {
        for n in 1..=40u64 {
            for plus in 0..=n {
                for minus in 0..=n - plus {
                    let e = paired_chances(plus, minus, n);
                    assert!(-1.0 <= e.lo && e.lo <= e.mean && e.mean <= e.hi && e.hi <= 1.0);
                    assert_eq!(!e.holds(0.0), mcnemar(plus, minus), "{plus} {minus} {n}");
                }
            }
        }
    }

    #[test]
    fn paired_chances_tell_options_apart_from_six_rollouts_all_one_way() {
        // Every rollout won by one option and lost by the other: 5 tell nothing (an exact
        // sign test: 2 · 2⁻⁵ = 6%), 6 do (3%).
        for n in 1..=5 {
            assert!(paired_chances(0, n, n).holds(0.0), "{n}");
        }
        assert!(paired_chances(0, 6, 6).hi < 0.0);
        // The examples of too few rollouts: 2 of 3 rollouts one way, and one rollout.
        let e = paired_chances(0, 2, 3);
        assert!(e.holds(0.0) && e.lo >= -1.0, "{e:?}");
        let e = paired_chances(0, 1, 1);
        assert_eq!(e.lo, -1.0);
        assert!(e.hi > 0.0, "{e:?}");
    }

    #[test]
    fn paired_chances_are_an_interval_of_the_score() {
        // The bisection finds the ends of the set the score keeps: on a fine grid, every
        // difference between the ends is kept and none beyond them.
        for (plus, minus, n) in [(0, 0, 7), (3, 1, 9), (0, 4, 4), (5, 0, 12), (2, 2, 5)] {
            let e = paired_chances(plus, minus, n);
            let inside = |d: f64| {
                let f = paired_chances_score(plus, minus, n, d);
                f <= Z95
            };
            for k in 0..=400 {
                let d = -1.0 + k as f64 / 200.0;
                if d < e.lo - 1e-9 || d > e.hi + 1e-9 {
                    assert!(!inside(d), "{plus} {minus} {n}: {d} outside {e:?}");
                } else if d > e.lo + 1e-9 && d < e.hi - 1e-9 {
                    assert!(inside(d), "{plus} {minus} {n}: {d} inside {e:?}");
                }
            }
        }
    }

    /// The score at `d` by brute force: the constrained maximum likelihood found on a grid.
    fn paired_chances_score(plus: u64, minus: u64, n: u64, d: f64) -> f64 {
        let (u, v, w, nf) = (
            plus as f64,
            minus as f64,
            (n - plus - minus) as f64,
            n as f64,
        );
        let distance = ((u - v - nf * d).abs() - 1.0).max(0.0);
        if distance == 0.0 {
            return 0.0;
        }
        let (qmin, qmax) = ((-d).max(0.0), (1.0 - d) / 2.0);
        let ll = |q: f64| {
            let p = q + d;
            let term = |k: f64, x: f64| if k == 0.0 { 0.0 } else { k * x.ln() };
            term(u, p) + term(v, q) + term(w, 1.0 - p - q)
        };
        let best = (0..=4_000)
            .map(|k| qmin + (qmax - qmin) * k as f64 / 4_000.0)
            .max_by(|a, b| ll(*a).total_cmp(&ll(*b)))
            .unwrap();
        let var = 2.0 * best + d - d * d;
        if var <= 0.0 {
            return f64::INFINITY;
        }
        distance / (nf * var).sqrt()
    }

    #[test]
    fn paired_chances_are_the_normal_interval_with_many_rollouts() {
        // 300 rollouts of +1 and 200 of −1 in 2,000: mean 0.05, variance 0.25 − 0.0025.
        let e = paired_chances(300, 200, 2000);
        let half = Z95 * ((0.25f64 - 0.0025) / 2000.0).sqrt();
        assert!((e.mean - 0.05).abs() < 1e-12);
        assert!((e.hi - e.mean - half).abs() < 1.5 / 2000.0, "{e:?} {half}");
        assert!((e.mean - e.lo - half).abs() < 1.5 / 2000.0, "{e:?} {half}");
        // No rollout differs: an interval about 0 of about z²/n, not a point.
        let e = paired_chances(0, 0, 4000);
        assert!(e.lo < 0.0 && e.hi > 0.0 && e.hi < 0.002, "{e:?}");
    }

    #[test]
    fn student_t_matches_its_tables() {
        // The expansion beyond the table meets it and the published quantiles.
        for (df, t) in [
            (25, 2.059_538_553),
            (30, 2.042_272_456),
            (40, 2.021_075_39),
            (60, 2.000_297_82),
            (120, 1.979_930_40),
            (1000, 1.962_339_08),
        ] {
            let z = Z95;
            let n = df as f64;
            let z2 = z * z;
            let series = z
                + z * (z2 + 1.0) / 4.0 / n
                + z * ((5.0 * z2 + 16.0) * z2 + 3.0) / 96.0 / (n * n)
                + z * (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) / 384.0 / (n * n * n)
                + z * ((((79.0 * z2 + 776.0) * z2 + 1482.0) * z2 - 1920.0) * z2 - 945.0)
                    / 92160.0
                    / (n * n * n * n);
            assert!((series - t).abs() < 2e-6, "{df}: {series} {t}");
            assert!((student_t95(df) - t).abs() < 2e-6, "{df}");
        }
        assert_eq!(student_t95(0), f64::INFINITY);
        assert!((student_t95(1_000_000_000) - Z95).abs() < 1e-8);
    }

    #[test]
    fn whole_numbers_use_t_and_a_floor_of_one_unit() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squares about the mean 32; with the floor
        // (32 + 2) / 9 over 8, t of 7 degrees.
        let xs = [2i64, 4, 4, 4, 5, 5, 7, 9];
        let e = whole_numbers_of(&xs);
        let half = 2.364_624_252 * (34.0f64 / 9.0 / 8.0).sqrt();
        assert_eq!(e.mean, 5.0);
        assert!((e.hi - 5.0 - half).abs() < 1e-9, "{e:?}");
        // Rollouts that agree still leave an interval.
        let e = whole_numbers_of(&[-3, -3]);
        assert!(e.lo < -3.0 && e.hi > 0.0, "{e:?}");
        // One rollout, no spread: no bounds.
        let e = whole_numbers_of(&[4]);
        assert_eq!((e.lo, e.hi), (f64::NEG_INFINITY, f64::INFINITY));
    }

    #[test]
    fn a_sum_of_independent_terms_adds_their_squared_spreads() {
        // Two terms over 400 rollouts, the second never varies (independent), the first varies
        // and alone has an interval much wider than its per-rollout sums' (the terms' own
        // intervals are what the sum keeps).
        let n = 400;
        let mut s = TermSum::new(n);
        let a: Vec<i64> = (0..n).map(|i| [1, -1][i as usize % 2]).collect();
        s.add(
            &a,
            &Estimate {
                mean: 0.0,
                lo: -0.3,
                hi: 0.4,
            },
            (-1.0, 1.0),
        );
        s.add(
            &vec![0; n as usize],
            &Estimate {
                mean: 0.0,
                lo: -0.4,
                hi: 0.3,
            },
            (-1.0, 1.0),
        );
        let e = s.estimate();
        assert!((e.mean - 0.0).abs() < 1e-12);
        assert!((e.lo + 0.5).abs() < 1e-12, "{e:?}");
        assert!((e.hi - 0.5).abs() < 1e-12, "{e:?}");
        // A term known exactly adds nothing.
        s.add(&vec![0; n as usize], &Estimate::exact(0.0), (-1.0, 1.0));
        assert_eq!(s.estimate(), e);
        // Only terms known exactly: the sum is exact.
        let mut none = TermSum::new(n);
        none.add(&vec![0; n as usize], &Estimate::exact(0.0), (-1.0, 1.0));
        assert_eq!(none.estimate(), Estimate::exact(0.0));
        assert_eq!(TermSum::new(n).estimate(), Estimate::exact(0.0));
    }

    #[test]
    fn a_sum_follows_the_terms_correlation() {
        // The same values twice over 600 rollouts: perfectly correlated, the spreads add;
        // opposite values: they cancel, down to the difference of the spreads on each side.
        let a: Vec<i64> = (0..600).map(|i| [1, 0, -1, 0, 1, 1][i % 6]).collect();
        let neg: Vec<i64> = a.iter().map(|x| -x).collect();
        let e = Estimate {
            mean: 1.0 / 3.0,
            lo: 0.25,
            hi: 0.4,
        };
        let mut same = TermSum::new(600);
        same.add(&a, &e, (-1.0, 1.0));
        same.add(&a, &e, (-1.0, 1.0));
        let s = same.estimate();
        assert!(
            (s.lo - 2.0 * e.lo).abs() < 1e-12 && (s.hi - 2.0 * e.hi).abs() < 1e-12,
            "{s:?}"
        );
        let mut opposite = TermSum::new(600);
        opposite.add(&a, &e, (-1.0, 1.0));
        opposite.add(&neg, &e.negated(), (-1.0, 1.0));
        let s = opposite.estimate();
        assert!(s.mean.abs() < 1e-12);
        let left = (e.mean - e.lo) - (e.hi - e.mean);
        assert!(
            (s.hi - left).abs() < 1e-12 && (s.lo + left).abs() < 1e-12,
            "{s:?}"
        );
        assert!(whole_numbers_of(&[0; 600]).hi < left);
    }

    #[test]
    fn a_sum_on_two_rollouts_is_no_narrower_than_t_and_stays_possible() {
        // Forty terms measured on two rollouts, each +1 then −1 in the same rollouts: the
        // correlations (all 1) are measured on two rollouts only; Student's t of the sums
        // (+40, −40) with one degree of freedom reaches the bounds of what the sum can be.
        let mut s = TermSum::new(2);
        for _ in 0..40 {
            s.add(&[1, -1], &paired_chances(1, 1, 2), (-1.0, 1.0));
        }
        let e = s.estimate();
        assert_eq!((e.mean, e.lo, e.hi), (0.0, -40.0, 40.0));
    }

    #[test]
    fn a_sum_with_many_rollouts_is_the_normal_interval_of_the_sums() {
        // 4,000 rollouts of two correlated terms in {−1, 0, 1}: the interval of the sum is the
        // normal one of the per-rollout sums, to within a few per cent.
        let n = 4000usize;
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let draw = |r: u64| -> i64 {
            match r % 10 {
                0 => 1,
                1 | 2 => -1,
                _ => 0,
            }
        };
        let a: Vec<i64> = (0..n).map(|_| draw(next())).collect();
        let b: Vec<i64> = a
            .iter()
            .map(|&v| if next() % 3 == 0 { draw(next()) } else { v })
            .collect();
        let term = |v: &[i64]| {
            let plus = v.iter().filter(|&&x| x == 1).count() as u64;
            let minus = v.iter().filter(|&&x| x == -1).count() as u64;
            paired_chances(plus, minus, n as u64)
        };
        let mut s = TermSum::new(n as u64);
        s.add(&a, &term(&a), (-1.0, 1.0));
        s.add(&b, &term(&b), (-1.0, 1.0));
        let e = s.estimate();
        let sums: Vec<f64> = a.iter().zip(&b).map(|(x, y)| (x + y) as f64).collect();
        let mean = sums.iter().sum::<f64>() / n as f64;
        let var = sums.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>() / (n as f64 - 1.0);
        let half = Z95 * (var / n as f64).sqrt();
        assert!((e.mean - mean).abs() < 1e-12);
        let (below, above) = (e.mean - e.lo, e.hi - e.mean);
        assert!((below / half - 1.0).abs() < 0.05, "{below} {half}");
        assert!((above / half - 1.0).abs() < 0.05, "{above} {half}");
    }

    #[test]
    fn a_sum_holds_the_true_sum_at_few_rollouts_whatever_its_terms_correlations() {
        // Terms in {−1, 0, 1} of known means, drawn on 2 to 40 rollouts: correlated through a
        // draw the terms share, or telescoping as a player's lucks do (each term the next
        // position's result less this one's). The sum's interval holds the true sum at least
        // 93 times in 100 in each case (the simulation behind docs/rollouts.md, smaller).
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut uniform = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        for telescoping in [false, true] {
            for (terms, n) in [(20usize, 2usize), (20, 4), (5, 10), (20, 40)] {
                let a: Vec<f64> = (0..=terms)
                    .map(|k| 0.05 + 0.3 * ((k * 7 % 11) as f64 / 11.0))
                    .collect();
                let b: Vec<f64> = (0..terms)
                    .map(|k| 0.02 + 0.2 * ((k * 5 % 13) as f64 / 13.0))
                    .collect();
                let truth: f64 = if telescoping {
                    a[terms] - a[0]
                } else {
                    (0..terms).map(|k| a[k] - b[k]).sum()
                };
                let reps = 500;
                let mut held = 0;
                for _ in 0..reps {
                    // Each rollout's term values, then each term's values rollout by rollout.
                    let rollouts: Vec<Vec<i64>> = (0..n)
                        .map(|_| {
                            let shared = uniform();
                            let mut draw = |share: f64| {
                                if uniform() < share {
                                    shared
                                } else {
                                    uniform()
                                }
                            };
                            if telescoping {
                                let y: Vec<i64> =
                                    (0..=terms).map(|k| (draw(0.5) < a[k]) as i64).collect();
                                y.windows(2).map(|w| w[1] - w[0]).collect()
                            } else {
                                (0..terms)
                                    .map(|k| {
                                        let w = draw(0.6);
                                        if w < a[k] {
                                            1
                                        } else if w > 1.0 - b[k] {
                                            -1
                                        } else {
                                            0
                                        }
                                    })
                                    .collect()
                            }
                        })
                        .collect();
                    let values: Vec<Vec<i64>> = (0..terms)
                        .map(|k| rollouts.iter().map(|r| r[k]).collect())
                        .collect();
                    let mut sum = TermSum::new(n as u64);
                    for v in &values {
                        let plus = v.iter().filter(|&&x| x > 0).count() as u64;
                        let minus = v.iter().filter(|&&x| x < 0).count() as u64;
                        sum.add(v, &paired_chances(plus, minus, n as u64), (-1.0, 1.0));
                    }
                    held += sum.estimate().holds(truth) as u32;
                }
                let share = held as f64 / reps as f64;
                assert!(share >= 0.93, "{telescoping} {terms} {n}: {share}");
            }
        }
    }

    #[test]
    fn paired_chances_cover_the_true_difference_at_small_counts() {
        // Exact coverage over every outcome of n rollouts, for chances of +1 and −1 on a grid:
        // on average at least 95%, and never far below.
        let ln_fact = |k: u64| (1..=k).map(|i| (i as f64).ln()).sum::<f64>();
        let (mut worst, mut sum, mut cases) = (1.0f64, 0.0, 0);
        for n in [2u64, 3, 5, 8, 12, 20, 40] {
            for plus in [0.05f64, 0.1, 0.2, 0.3, 0.45] {
                for minus in [0.0, 0.05, 0.1, 0.2, 0.3] {
                    let mut cover = 0.0;
                    for b in 0..=n {
                        for c in 0..=n - b {
                            let ln_p = ln_fact(n) - ln_fact(b) - ln_fact(c) - ln_fact(n - b - c)
                                + b as f64 * plus.ln()
                                + if c > 0 {
                                    c as f64 * f64::ln(minus)
                                } else {
                                    0.0
                                }
                                + (n - b - c) as f64 * (1.0 - plus - minus).ln();
                            if paired_chances(b, c, n).holds(plus - minus) {
                                cover += ln_p.exp();
                            }
                        }
                    }
                    worst = worst.min(cover);
                    sum += cover;
                    cases += 1;
                }
            }
        }
        let mean = sum / cases as f64;
        assert!(mean >= 0.95, "mean coverage {mean}");
        assert!(worst >= 0.90, "worst coverage {worst}");
    }
}
