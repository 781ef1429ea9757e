//! Where rolls come from: a seeded random source for self-play ([`RngDice`], its generator
//! dealt by [`super::deal`]), or a script for exact tests (`ScriptedDice`, in tests).

use crate::dice::{self, Outcome, Roll};
use rand_core::RngCore;

/// A source of four-dice rolls.
pub trait DiceSource {
    /// The next roll, or `None` when a scripted source has run out.
    fn roll(&mut self) -> Option<Roll>;

    /// The next roll as its outcome: [`Roll::outcome`] of [`DiceSource::roll`], for sources
    /// that draw the outcome first.
    #[inline]
    fn outcome(&mut self) -> Option<Outcome> {
        self.roll().map(Roll::outcome)
    }

    /// Told by the engine at the start of every turn, before its first roll: the seat about to
    /// roll and the turns it has completed. A source may deal each turn from a stream of its
    /// own, or end the game there (its next outcome `None`), as the searching player's
    /// rollouts do (`crate::games::column_races::search`). Nothing, unless a source says so.
    #[inline(always)]
    fn turn_start(&mut self, seat: u8, turns: u32) {
        let _ = (seat, turns);
    }
}

/// A source borrowed: the source's rolls.
impl<D: DiceSource + ?Sized> DiceSource for &mut D {
    #[inline(always)]
    fn roll(&mut self) -> Option<Roll> {
        (**self).roll()
    }

    #[inline(always)]
    fn outcome(&mut self) -> Option<Outcome> {
        (**self).outcome()
    }

    #[inline(always)]
    fn turn_start(&mut self, seat: u8, turns: u32) {
        (**self).turn_start(seat, turns)
    }
}

/// Rolls drawn from a random generator, one 64-bit draw per roll (Lemire's method).
#[derive(Clone, Debug)]
pub struct RngDice<R>(pub R);

impl<R: RngCore> DiceSource for RngDice<R> {
    #[inline]
    fn roll(&mut self) -> Option<Roll> {
        Some(dice::sample(&mut self.0))
    }

    #[inline]
    fn outcome(&mut self) -> Option<Outcome> {
        Some(dice::sample_outcome(&mut self.0))
    }
}

#[cfg(test)]
/// Rolls read from a fixed list, in order; `None` once the list is used up.
#[derive(Clone, Debug)]
pub struct ScriptedDice<'a> {
    rolls: &'a [Roll],
    next: usize,
}

#[cfg(test)]
impl<'a> ScriptedDice<'a> {
    /// A source replaying `rolls`.
    pub fn new(rolls: &'a [Roll]) -> Self {
        ScriptedDice { rolls, next: 0 }
    }

    /// Rolls handed out so far.
    pub fn used(&self) -> usize {
        self.next
    }
}

#[cfg(test)]
impl DiceSource for ScriptedDice<'_> {
    fn roll(&mut self) -> Option<Roll> {
        let r = self.rolls.get(self.next).copied();
        self.next += r.is_some() as usize;
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripted_dice_replay_in_order_then_stop() {
        let rolls = [Roll([1, 2, 3, 4]), Roll([6, 6, 6, 6])];
        let mut d = ScriptedDice::new(&rolls);
        assert_eq!(d.roll(), Some(Roll([1, 2, 3, 4])));
        assert_eq!(d.roll(), Some(Roll([6, 6, 6, 6])));
        assert_eq!(d.roll(), None);
        assert_eq!(d.used(), 2);
    }
}
