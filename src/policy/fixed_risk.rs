//! `fixed-risk:P`: roll again while the exact chance of busting on the next roll is at most P;
//! stop at once when a car reaches a scoring space (unless `fixed-risk:P,ignore-top`).

use super::{Policy, View};
use rand_core::RngCore;

/// Rolls while the next roll's bust chance is at most `max_bust`.
#[derive(Clone, Copy, Debug)]
pub struct FixedRisk {
    /// Highest bust chance still worth a roll, in [0, 1).
    pub max_bust: f64,
    /// Stop as soon as a car stands on a scoring space.
    pub stop_at_top: bool,
}

impl Policy for FixedRisk {
    #[inline]
    fn keep_rolling<R: RngCore>(&mut self, view: &View, _rng: &mut R) -> bool {
        if view.stop_wins() || (self.stop_at_top && !view.game.turn.at_top.is_empty()) {
            return false;
        }
        view.p_bust() <= self.max_bust
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
        assert!(FixedRisk {
            max_bust: 0.0803,
            stop_at_top: true
        }
        .keep_rolling(&v, &mut rng));
        assert!(!FixedRisk {
            max_bust: 0.0802,
            stop_at_top: true
        }
        .keep_rolling(&v, &mut rng));
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
        assert!(!FixedRisk {
            max_bust: 0.99,
            stop_at_top: true
        }
        .keep_rolling(&v, &mut rng));
        // Usable is every open column but 2 with two cars free: no roll busts, so it goes on.
        assert!(FixedRisk {
            max_bust: 0.5,
            stop_at_top: false
        }
        .keep_rolling(&v, &mut rng));
    }
}
