//! `rolls:N`: roll exactly N times a turn, then stop; stop earlier only when stopping wins.

use super::decide::Policy;
use super::view::View;
use crate::columns::Rules;
use crate::policy::choice_scores::ChoiceScores;
use rand_core::RngCore;

/// Rolls `n` times a turn (fewer when stopping wins the game); chooses by the shared rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rolls {
    /// Successful rolls per turn, at least 1.
    pub n: u16,
}

impl Policy for Rolls {
    #[inline]
    fn keep_rolling<R: RngCore>(&mut self, view: &View, _rng: &mut R) -> bool {
        if view.stop_wins() {
            return false;
        }
        view.game.turn.rolls < self.n
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
    fn rolls_exactly_n_times() {
        let rules = Rules::new(GameKind::Route66, 2);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut g = Game::new();
        let mut policy = Rolls { n: 3 };
        // After roll 1 and roll 2 it goes on; after the third successful roll it stops.
        g.apply(&rules, Choice::two(6, 8));
        assert!(policy.keep_rolling(&View::new(&rules, &g), &mut rng));
        g.apply(&rules, Choice::one(7));
        assert!(policy.keep_rolling(&View::new(&rules, &g), &mut rng));
        g.apply(&rules, Choice::two(6, 8));
        assert_eq!(g.turn.rolls, 3);
        assert!(!policy.keep_rolling(&View::new(&rules, &g), &mut rng));
        // rolls:1 is one-roll.
        let mut g = Game::new();
        g.apply(&rules, Choice::one(7));
        assert!(!Rolls { n: 1 }.keep_rolling(&View::new(&rules, &g), &mut rng));
    }

    #[test]
    fn stops_early_when_stopping_wins() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut g = Game::new();
        // Two columns claimed already; column 2 (3 spaces) topped in two rolls: a third wins.
        g.board.won[0] = 2;
        g.apply(&rules, Choice::two(2, 2));
        g.apply(&rules, Choice::one(2));
        assert!(g.turn.at_top.has(2));
        assert!(!Rolls { n: 5 }.keep_rolling(&View::new(&rules, &g), &mut rng));
        g.board.won[0] = 1;
        assert!(Rolls { n: 5 }.keep_rolling(&View::new(&rules, &g), &mut rng));
    }
}
