//! The dice of the searching player's rollouts: each turn of each seat dealt from a stream of
//! its own, keyed by (rollout, seat, turns the seat has completed), so that the games played
//! on from two options of a decision meet the same dice turn for turn even when one option
//! ends the turn and the other rolls on. A rollout may also end at a turn's start once it has
//! seen enough turns (a truncated rollout, valued there).

use crate::dice::{self, Outcome, Roll};
use crate::engine::deal::{generator, splitmix64, xoshiro_state};
use crate::engine::DiceSource;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Dice dealt turn by turn (see the module comment).
#[derive(Clone, Debug)]
pub struct TurnDice {
    /// The rollout's key: every turn's stream is derived from it.
    key: u64,
    /// The stream of the turn in hand.
    rng: Xoshiro256PlusPlus,
    /// Turn starts still allowed before the rollout ends (`u32::MAX`: to the game's end).
    turns_left: u32,
    /// Whether the rollout has ended at a turn's start.
    ended: bool,
}

impl TurnDice {
    /// The dice of rollout `key` taken up in the turn of `seat`, which has completed `turns`
    /// turns, ending at the start of the `horizon`-th turn begun after this one (`None`: at the
    /// game's end).
    #[inline]
    pub fn new(key: u64, seat: u8, turns: u32, horizon: Option<u32>) -> TurnDice {
        TurnDice {
            key,
            rng: turn_stream(key, seat, turns),
            turns_left: horizon.unwrap_or(u32::MAX),
            ended: false,
        }
    }
}

/// The stream of the turn of `seat` after `turns` completed turns, in rollout `key`.
#[inline]
fn turn_stream(key: u64, seat: u8, turns: u32) -> Xoshiro256PlusPlus {
    let which = (u64::from(seat) << 32) | u64::from(turns);
    generator(xoshiro_state(splitmix64(key ^ splitmix64(which))))
}

/// The key of rollout `i` of a decision whose seed is `seed`.
#[inline]
pub fn rollout_key(seed: u64, i: u64) -> u64 {
    splitmix64(seed ^ splitmix64(i.wrapping_add(0x7e11_d1ce)))
}

impl DiceSource for TurnDice {
    #[inline]
    fn roll(&mut self) -> Option<Roll> {
        (!self.ended).then(|| dice::sample(&mut self.rng))
    }

    #[inline]
    fn outcome(&mut self) -> Option<Outcome> {
        (!self.ended).then(|| dice::sample_outcome(&mut self.rng))
    }

    #[inline]
    fn turn_start(&mut self, seat: u8, turns: u32) {
        if self.turns_left == 0 {
            self.ended = true;
            return;
        }
        self.turns_left = self.turns_left.saturating_sub(1);
        self.rng = turn_stream(self.key, seat, turns);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The next `n` outcomes of `dice`.
    fn outcomes(dice: &mut TurnDice, n: usize) -> Vec<Option<Outcome>> {
        (0..n).map(|_| dice.outcome()).collect()
    }

    #[test]
    fn a_turn_is_dealt_the_same_dice_whatever_came_before_it() {
        let key = rollout_key(7, 3);
        // Taken up in seat 0's sixth turn, three rolls, then seat 1's fifth turn begins.
        let mut long = TurnDice::new(key, 0, 5, None);
        let first = outcomes(&mut long, 3);
        long.turn_start(1, 4);
        // Taken up at the start of that same turn.
        let mut short = TurnDice::new(key, 1, 4, None);
        assert_eq!(outcomes(&mut long, 6), outcomes(&mut short, 6));
        // Another turn, another rollout: other dice.
        let mut other = TurnDice::new(key, 0, 6, None);
        assert_ne!(outcomes(&mut other, 3), first);
        let mut other = TurnDice::new(rollout_key(7, 4), 0, 5, None);
        assert_ne!(outcomes(&mut other, 3), first);
    }

    #[test]
    fn a_rollout_ends_at_the_start_of_the_turn_past_its_horizon() {
        let mut dice = TurnDice::new(rollout_key(1, 1), 0, 0, Some(1));
        assert!(dice.outcome().is_some());
        dice.turn_start(1, 0);
        assert!(dice.outcome().is_some());
        dice.turn_start(0, 1);
        assert_eq!((dice.outcome(), dice.roll()), (None, None));
    }
}
