//! What game `i` of a matchup is dealt, from (seed, matchup name, `i`) alone, so that no
//! schedule, thread count, shard or resumption can change a game: its dice and policy streams
//! ([`game_streams`], the one path from (seed, matchup, game) to random numbers, which the
//! scalar engines turn into generators and the AVX2 lanes load as they are) and its seating.

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::{SplitMix64, Xoshiro256PlusPlus};

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

/// Salt separating a game's policy random stream from its dice stream.
const POLICY_STREAM: u64 = 0x5eed_0f90_11c1_e5a7;

/// The xoshiro256++ state a generator seeded with `seed` starts from: the first four outputs
/// of SplitMix64 seeded with `seed` (what `Xoshiro256PlusPlus::seed_from_u64` does).
#[inline]
pub fn xoshiro_state(seed: u64) -> [u64; 4] {
    let mut sm = SplitMix64::seed_from_u64(seed);
    [sm.next_u64(), sm.next_u64(), sm.next_u64(), sm.next_u64()]
}

/// The xoshiro256++ generator that starts from `state` (words in order, as
/// `xoshiro_state` gives them; the all-zero state, which no seed gives, is replaced as
/// `Xoshiro256PlusPlus::from_seed` replaces it).
#[inline]
pub fn generator(state: [u64; 4]) -> Xoshiro256PlusPlus {
    let mut seed = [0u8; 32];
    for (bytes, word) in seed.chunks_exact_mut(8).zip(state) {
        bytes.copy_from_slice(&word.to_le_bytes());
    }
    Xoshiro256PlusPlus::from_seed(seed)
}

/// A game's two random streams as xoshiro256++ states: the dice's, and the policies' (for
/// the policies that draw). Both depend on (seed, matchup key, game index) alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameStreams {
    /// The state of the dice stream.
    pub dice: [u64; 4],
    /// The state of the policies' stream.
    pub policy: [u64; 4],
}

impl GameStreams {
    /// The two streams as generators: (dice, policies).
    #[inline]
    pub fn generators(self) -> (Xoshiro256PlusPlus, Xoshiro256PlusPlus) {
        (generator(self.dice), generator(self.policy))
    }
}

/// The streams of game `i` of the matchup keyed `matchup_key` in a run seeded `seed`: every
/// engine and every game draws game `i`'s dice and policy choices from these.
#[inline]
pub fn game_streams(seed: u64, matchup_key: u64, i: u64) -> GameStreams {
    let s = game_seed(seed, matchup_key, i);
    GameStreams {
        dice: xoshiro_state(s),
        policy: xoshiro_state(s ^ POLICY_STREAM),
    }
}

/// FNV-1a of a string: a stable key for a matchup's name, so that adding a policy to a
/// tournament does not change the games of the other matchups.
pub fn name_key(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The slot in each seat for game `index`: the seats rotate by one each game, so over any `n`
/// consecutive games every slot sits in every seat once.
#[inline]
pub fn seating(index: u64, players: usize) -> [usize; 4] {
    let r = (index % players.max(1) as u64) as usize;
    let mut s = [0usize; 4];
    for (seat, slot) in s.iter_mut().enumerate().take(players) {
        *slot = (seat + r) % players;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_differ_by_every_input() {
        let s = game_seed(1, 2, 3);
        assert_ne!(s, game_seed(2, 2, 3));
        assert_ne!(s, game_seed(1, 3, 3));
        assert_ne!(s, game_seed(1, 2, 4));
        assert_eq!(s, game_seed(1, 2, 3));
        assert_ne!(name_key("ev|one-roll"), name_key("one-roll|ev"));
    }

    #[test]
    fn the_streams_are_the_generators_seeded_from_the_game_seed() {
        for (seed, key, i) in [
            (0, 0, 0),
            (1, 2, 3),
            (u64::MAX, 7, 1 << 40),
            (5, u64::MAX, 9),
        ] {
            let s = game_seed(seed, key, i);
            let (mut dice, mut policy) = game_streams(seed, key, i).generators();
            let mut want_dice = Xoshiro256PlusPlus::seed_from_u64(s);
            let mut want_policy = Xoshiro256PlusPlus::seed_from_u64(s ^ POLICY_STREAM);
            for _ in 0..8 {
                assert_eq!(dice.next_u64(), want_dice.next_u64());
                assert_eq!(policy.next_u64(), want_policy.next_u64());
            }
        }
        let a = game_streams(1, 2, 3);
        assert_ne!(a.dice, a.policy);
        assert_ne!(a, game_streams(1, 2, 4));
    }

    #[test]
    fn xoshiro_state_is_the_seeded_generator_state() {
        for seed in [0u64, 1, 7, u64::MAX, 0x1234_5678_9abc_def0] {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let s = xoshiro_state(seed);
            // xoshiro256++'s first output is rotl(s0 + s3, 23) + s0.
            let first = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
            assert_eq!(rng.next_u64(), first, "seed {seed}");
        }
    }

    #[test]
    fn seats_rotate_one_a_game() {
        assert_eq!(seating(0, 3), [0, 1, 2, 0]);
        assert_eq!(seating(1, 3), [1, 2, 0, 0]);
        assert_eq!(seating(5, 2), [1, 0, 0, 0]);
        assert_eq!(seating(7, 1), [0, 0, 0, 0]);
    }

    #[test]
    fn rotation_puts_every_slot_in_every_seat() {
        for n in 1..=4 {
            let mut seen = [[0; 4]; 4];
            for i in 0..n as u64 {
                let s = seating(i, n);
                for seat in 0..n {
                    seen[s[seat]][seat] += 1;
                }
            }
            for row in seen.iter().take(n) {
                assert!(row[..n].iter().all(|&x| x == 1), "{n}: {seen:?}");
            }
        }
    }
}
