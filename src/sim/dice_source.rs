//! Where rolls come from: a seeded random source for self-play, or a script for exact tests.

use crate::dice::{self, Roll};
use rand_core::RngCore;

/// A source of four-dice rolls.
pub trait DiceSource {
    /// The next roll, or `None` when a scripted source has run out.
    fn roll(&mut self) -> Option<Roll>;

    /// The next roll as its ordered-outcome index (0..1296): [`Roll::index`] of
    /// [`DiceSource::roll`], for sources that draw the index first.
    #[inline]
    fn outcome(&mut self) -> Option<usize> {
        self.roll().map(Roll::index)
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
    fn outcome(&mut self) -> Option<usize> {
        Some(dice::sample_index(&mut self.0))
    }
}

/// Rolls read from a fixed list, in order; `None` once the list is used up.
#[derive(Clone, Debug)]
pub struct ScriptedDice<'a> {
    rolls: &'a [Roll],
    next: usize,
}

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

impl DiceSource for ScriptedDice<'_> {
    fn roll(&mut self) -> Option<Roll> {
        let r = self.rolls.get(self.next).copied();
        self.next += r.is_some() as usize;
        r
    }
}

/// SplitMix64's finaliser: a bijective mix of 64 bits, used to derive per-game seeds.
#[inline]
pub const fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index` of a matchup: depends only on (seed, matchup key, index).
#[inline]
pub const fn game_seed(seed: u64, matchup_key: u64, index: u64) -> u64 {
    splitmix64(splitmix64(splitmix64(seed) ^ matchup_key) ^ index)
}

/// FNV-1a of a string: a stable key for a matchup's name, so that adding a policy to a
/// tournament does not change the games of the other matchups.
pub fn name_key(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
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

    #[test]
    fn seeds_differ_by_every_input() {
        let s = game_seed(1, 2, 3);
        assert_ne!(s, game_seed(2, 2, 3));
        assert_ne!(s, game_seed(1, 3, 3));
        assert_ne!(s, game_seed(1, 2, 4));
        assert_eq!(s, game_seed(1, 2, 3));
        assert_ne!(name_key("ev|one-roll"), name_key("one-roll|ev"));
    }
}
