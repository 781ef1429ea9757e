//! `fixed-risk:P`: roll again while the exact chance of busting on the next roll is at most P;
//! stop at once when a car reaches a scoring space (unless `fixed-risk:P,ignore-top`).

use super::decide::Policy;
use super::view::View;
use crate::columns::Rules;
use crate::dice::OUTCOMES;
use crate::policy::choice_scores::ChoiceScores;
use rand_core::RngCore;

/// Rolls while the next roll's bust chance is at most `max_bust`.
#[derive(Clone, Copy, Debug)]
pub struct FixedRisk {
    /// Highest bust chance still worth a roll, in [0, 1).
    max_bust: f64,
    /// The same limit in busting rolls out of 1296: the most `b` with `b / 1296 <= max_bust`.
    max_bust_rolls: u16,
    /// Stop as soon as a car stands on a scoring space.
    stop_at_top: bool,
}

impl FixedRisk {
    /// Rolls while the bust chance is at most `max_bust`; `stop_at_top` stops once a car reaches
    /// a scoring space.
    pub fn new(max_bust: f64, stop_at_top: bool) -> FixedRisk {
        // Counted, not multiplied, so the integer test is exactly `b as f64 / 1296.0 <= max_bust`.
        let allowed = (0..=OUTCOMES as u16)
            .take_while(|&b| b as f64 / OUTCOMES as f64 <= max_bust)
            .count();
        FixedRisk {
            max_bust,
            max_bust_rolls: allowed as u16,
            stop_at_top,
        }
    }

    /// The highest bust chance still worth a roll.
    pub fn max_bust(&self) -> f64 {
        self.max_bust
    }

    /// The same limit in busting rolls: it stops when the next roll busts on this many of the
    /// 1296 or more.
    pub fn stop_bust_rolls(&self) -> u16 {
        self.max_bust_rolls
    }

    /// Whether it stops as soon as a car reaches a scoring space.
    pub fn stops_at_top(&self) -> bool {
        self.stop_at_top
    }
}

impl Policy for FixedRisk {
    #[inline]
    fn keep_rolling<R: RngCore>(&mut self, view: &View, _rng: &mut R) -> bool {
        if self.stop_at_top && !view.game.turn.at_top.is_empty() || view.stop_wins() {
            return false;
        }
        // `allowed` counts 0..=max, so rolling on needs bust_rolls < max_bust_rolls.
        view.bust_rolls < self.max_bust_rolls
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
    fn rolls_while_bust_chance_is_at_most_p() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let mut g = Game::new();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        // Cars on 6, 8 then 7: usable {6,7,8}, 104/1296 = 0.0802 bust chance.
        g.apply(&rules, Choice::two(6, 8));
        g.apply(&rules, Choice::one(7));
        let v = View::new(&rules, &g);
        assert_eq!(v.bust_rolls, 104);
        assert!(FixedRisk::new(0.0803, true).keep_rolling(&v, &mut rng));
        assert!(!FixedRisk::new(0.0802, true).keep_rolling(&v, &mut rng));
    }

    #[test]
    fn integer_limit_is_the_probability_test_for_every_count() {
        for p in [
            0.0,
            0.05,
            0.0802,
            0.1,
            0.2,
            0.25,
            1.0 / 3.0,
            0.3,
            0.5,
            0.999,
        ] {
            let f = FixedRisk::new(p, false);
            assert_eq!(f.max_bust(), p);
            for b in 0..=OUTCOMES as u16 {
                assert_eq!(b < f.max_bust_rolls, b as f64 / 1296.0 <= p, "p {p} b {b}");
            }
        }
    }

    #[test]
    fn stops_when_a_car_reaches_the_top() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let mut g = Game::new();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        // Column 2 is 3 spaces: a double 2 and one more 2 put the car on top.
        g.apply(&rules, Choice::two(2, 2));
        g.apply(&rules, Choice::one(2));
        assert!(g.turn.at_top.has(2));
        let v = View::new(&rules, &g);
        assert!(!FixedRisk::new(0.99, true).keep_rolling(&v, &mut rng));
        // Usable is every open column but 2 with two cars free: no roll busts, so it goes on.
        assert!(FixedRisk::new(0.5, false).keep_rolling(&v, &mut rng));
    }
}
