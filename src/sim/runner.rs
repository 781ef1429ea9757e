//! The runner: a matchup's games in fixed-size chunks over rayon, each game seeded from
//! (seed, matchup, index) alone, counters added up — the same answer on 1 thread or many.

use super::dice_source::{game_seed, name_key, RngDice};
use super::play::play_game;
use super::schedule::{seating, Matchup};
use super::stats::MatchupStats;
use crate::columns::Rules;
use crate::policy::AnyPolicy;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

/// Games per chunk: the unit of parallel work, fixed so it never depends on the thread count.
pub const CHUNK: u64 = 2048;

/// Salt separating a game's policy random stream from its dice stream.
const POLICY_STREAM: u64 = 0x5eed_0f90_11c1_e5a7;

/// Plays games `first..first + count` of a matchup and returns their counters. `progress` is
/// called with the number of games each finished chunk played (from any thread).
pub fn run_matchup(
    rules: &Rules,
    matchup: &Matchup,
    seed: u64,
    first: u64,
    count: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> MatchupStats {
    let key = name_key(&matchup.name());
    let policies: Vec<AnyPolicy> = matchup.slots.iter().map(|s| s.build(rules)).collect();
    let players = rules.players as usize;
    let end = first + count;
    let chunks = count.div_ceil(CHUNK);
    (0..chunks)
        .into_par_iter()
        .map(|k| {
            let lo = first + k * CHUNK;
            let hi = (lo + CHUNK).min(end);
            let mut pols = policies.clone();
            let mut stats = MatchupStats::default();
            for i in lo..hi {
                let s = game_seed(seed, key, i);
                let mut dice = RngDice(Xoshiro256PlusPlus::seed_from_u64(s));
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(s ^ POLICY_STREAM);
                let seats = seating(i, players);
                play_game(
                    rules,
                    &mut pols,
                    &seats[..players],
                    &mut dice,
                    &mut rng,
                    &mut stats,
                );
            }
            progress(hi - lo);
            stats
        })
        .reduce(MatchupStats::default, |mut a, b| {
            a += &b;
            a
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::GameKind;
    use crate::policy::PolicySpec;

    #[test]
    fn same_answer_on_one_thread_or_many_and_split_or_whole() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let m = Matchup {
            slots: vec![
                PolicySpec::parse("one-roll").unwrap(),
                PolicySpec::parse("fixed-risk:0.3").unwrap(),
            ],
        };
        let whole = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| run_matchup(&rules, &m, 9, 0, 5000, &|_| {}))
        };
        let one = whole(1);
        assert_eq!(one, whole(2));
        assert_eq!(one, whole(3));
        let mut split = run_matchup(&rules, &m, 9, 0, 1234, &|_| {});
        split += &run_matchup(&rules, &m, 9, 1234, 5000 - 1234, &|_| {});
        assert_eq!(one, split);
        let games: u64 = (0..2).map(|s| one.slot_total(s).games).sum();
        assert_eq!(games, 10_000);
        assert_eq!(one.slot_total(0).games, 5000);
    }
}
