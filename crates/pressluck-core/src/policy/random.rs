//! `random:P`: a baseline — after each successful roll, stop with probability P (drawn from the
//! game's rng); also stop when stopping wins the game, so it never throws a won game away.

use super::decide::Policy;
use super::view::View;
use crate::columns::Rules;
use crate::policy::choice_scores::ChoiceScores;
use rand_core::RngCore;

/// Stops with probability `p_stop` after each roll; chooses by the shared rule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RandomStop {
    /// Chance of stopping after a roll, in (0, 1].
    pub p_stop: f64,
}

/// A uniform draw in [0, 1) with 53 random bits.
#[inline]
fn unit<R: RngCore>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

impl Policy for RandomStop {
    #[inline]
    fn keep_rolling<R: RngCore>(&mut self, view: &View, rng: &mut R) -> bool {
        if view.stop_wins() {
            return false;
        }
        unit(rng) >= self.p_stop
    }

    /// The shared choice rule: a function of the turn's shape.
    fn choice_scores(&self, _rules: &Rules) -> Option<ChoiceScores> {
        Some(ChoiceScores::shared_rule())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{Choice, Game, GameKind, Rules};
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn stops_at_rate_p() {
        let rules = Rules::new(GameKind::Route66, 2);
        let mut g = Game::new();
        g.apply(&rules, Choice::two(6, 8));
        let v = View::new(&rules, &g);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
        // 200,000 draws at P = 0.3: sd of the rate = sqrt(0.3 · 0.7 / 200000) ≈ 0.001; allow 5 sd.
        let n = 200_000;
        let mut policy = RandomStop { p_stop: 0.3 };
        let stops = (0..n)
            .filter(|_| !policy.keep_rolling(&v, &mut rng))
            .count();
        let rate = stops as f64 / n as f64;
        assert!((rate - 0.3).abs() < 0.005, "{rate}");
        // P = 1 always stops.
        assert!((0..1000).all(|_| !RandomStop { p_stop: 1.0 }.keep_rolling(&v, &mut rng)));
    }

    #[test]
    fn same_seed_same_decisions() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let g = Game::new();
        let v = View::new(&rules, &g);
        let run = |seed| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            (0..64)
                .map(|_| RandomStop { p_stop: 0.5 }.keep_rolling(&v, &mut rng))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
    }
}
