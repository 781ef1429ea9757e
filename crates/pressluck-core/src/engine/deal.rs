//! What game `i` of a matchup is dealt, from (seed, matchup name, `i`) alone, so that no
//! schedule, thread count, shard or resumption can change a game: its dice and policy
//! generators and its seating.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

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

/// The dice and policy generators of game `i` of a matchup: both depend on (seed, matchup, i)
/// alone.
pub fn game_rngs(seed: u64, matchup_key: u64, i: u64) -> (Xoshiro256PlusPlus, Xoshiro256PlusPlus) {
    let s = game_seed(seed, matchup_key, i);
    (
        Xoshiro256PlusPlus::seed_from_u64(s),
        Xoshiro256PlusPlus::seed_from_u64(s ^ POLICY_STREAM),
    )
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
