//! `one-roll`: The Great Races rule brought into a press-your-luck game — stop after the first
//! successful roll of every turn.

use super::decide::Policy;
use super::view::View;
use crate::columns::Rules;
use crate::policy::choice_scores::ChoiceScores;
use rand_core::RngCore;

/// Stops after the first successful roll of every turn; chooses by the shared choice rule.
#[derive(Clone, Copy, Debug, Default)]
pub struct OneRoll;

impl Policy for OneRoll {
    #[inline]
    fn keep_rolling<R: RngCore>(&mut self, _view: &View, _rng: &mut R) -> bool {
        false
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
    fn stops_after_the_first_roll() {
        let rules = Rules::new(GameKind::Route66, 2);
        let mut g = Game::new();
        g.apply(&rules, Choice::two(6, 8));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        // Two cars on 6 and 8, one free: only 1296 - ... rolls bust, yet it stops.
        assert!(!OneRoll.keep_rolling(&View::new(&rules, &g), &mut rng));
    }
}
