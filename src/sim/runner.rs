//! The runner: a matchup's games in fixed-size chunks over rayon, each game seeded from
//! (seed, matchup, index) alone, counters added up — the same answer on 1 thread or many.

use super::dice_source::{game_seed, name_key, RngDice};
use super::lanes::{self, LanePlan};
use super::play::{self, play_game};
use super::schedule::{seating, Matchup};
use super::stats::MatchupStats;
use crate::columns::Rules;
use crate::policy::{AnyPolicy, PolicySpec};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

/// Most worker threads accepted by `--threads`.
pub const MAX_THREADS: usize = 1024;

/// Checks a `--threads` value: 1..=MAX_THREADS, or none for all cores.
pub fn check_threads(threads: Option<usize>) -> anyhow::Result<()> {
    match threads {
        Some(t) if !(1..=MAX_THREADS).contains(&t) => Err(crate::error::input(format!(
            "--threads {t}: must be between 1 and {MAX_THREADS}"
        ))),
        _ => Ok(()),
    }
}

/// A rayon pool of `threads` workers (all cores when `None`), for `install`ing a run in.
pub fn thread_pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = threads {
        pool = pool.num_threads(t);
    }
    Ok(pool.build()?)
}

/// Games per chunk: the unit of parallel work, fixed so it never depends on the thread count.
pub const CHUNK: u64 = 2048;

/// Salt separating a game's policy random stream from its dice stream.
const POLICY_STREAM: u64 = 0x5eed_0f90_11c1_e5a7;

/// Plays games `first..first + count` in fixed chunks over rayon and adds up their counters.
/// `worker` makes the per-worker state (cloned policies, caches, memos), kept from chunk to
/// chunk on one worker, so it must hold nothing that changes a game's result; `play` plays game
/// `i` into the chunk's counters. `progress` is called with each finished chunk's game count
/// (from any thread). Every game family's tournament goes through here.
pub fn run_games<W, M, P>(
    first: u64,
    count: u64,
    progress: &(dyn Fn(u64) + Sync),
    worker: M,
    play: P,
) -> MatchupStats
where
    M: Fn() -> W + Sync + Send,
    P: Fn(&mut W, u64, &mut MatchupStats) + Sync,
{
    run_chunks_with(first, count, progress, worker, |w, lo, hi, stats| {
        for i in lo..hi {
            play(w, i, stats);
        }
    })
}

/// [`run_games`] a chunk at a time: `play(lo, hi, stats)` plays games `lo..hi` into `stats`.
pub fn run_chunks<P>(
    first: u64,
    count: u64,
    progress: &(dyn Fn(u64) + Sync),
    play: P,
) -> MatchupStats
where
    P: Fn(u64, u64, &mut MatchupStats) + Sync,
{
    run_chunks_with(
        first,
        count,
        progress,
        || (),
        |_, lo, hi, stats| play(lo, hi, stats),
    )
}

/// The chunked parallel loop under [`run_games`] and [`run_chunks`]: each chunk's counters
/// start at zero and are added up, so neither the worker state nor the schedule shows.
fn run_chunks_with<W, M, P>(
    first: u64,
    count: u64,
    progress: &(dyn Fn(u64) + Sync),
    worker: M,
    play: P,
) -> MatchupStats
where
    M: Fn() -> W + Sync + Send,
    P: Fn(&mut W, u64, u64, &mut MatchupStats) + Sync,
{
    let end = first + count;
    (0..count.div_ceil(CHUNK))
        .into_par_iter()
        .map_init(worker, |w, k| {
            let lo = first + k * CHUNK;
            let hi = (lo + CHUNK).min(end);
            let mut stats = MatchupStats::default();
            play(w, lo, hi, &mut stats);
            progress(hi - lo);
            stats
        })
        .reduce(MatchupStats::default, |mut a, b| {
            a += &b;
            a
        })
}

/// The dice and policy generators of game `i` of a matchup: both depend on (seed, matchup, i)
/// alone.
pub fn game_rngs(seed: u64, matchup_key: u64, i: u64) -> (Xoshiro256PlusPlus, Xoshiro256PlusPlus) {
    let s = game_seed(seed, matchup_key, i);
    (
        Xoshiro256PlusPlus::seed_from_u64(s),
        Xoshiro256PlusPlus::seed_from_u64(s ^ POLICY_STREAM),
    )
}

/// Plays games `first..first + count` of a column-race matchup and returns their counters.
pub fn run_matchup(
    rules: &Rules,
    matchup: &Matchup<PolicySpec>,
    seed: u64,
    first: u64,
    count: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> MatchupStats {
    let key = name_key(&matchup.name());
    let policies: Vec<AnyPolicy> = matchup.slots.iter().map(|s| s.build(rules)).collect();
    if let Some(plan) = LanePlan::new(rules, &policies) {
        return run_chunks(first, count, progress, |lo, hi, stats| {
            lanes::play_games(rules, &plan, seed, key, lo, hi, stats)
        });
    }
    run_scalar(rules, &policies, seed, key, first, count, progress)
}

/// [`run_matchup`] on the scalar engine, one game after another per chunk.
pub fn run_scalar(
    rules: &Rules,
    policies: &[AnyPolicy],
    seed: u64,
    key: u64,
    first: u64,
    count: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> MatchupStats {
    let players = rules.players as usize;
    let lineup = play::players(policies, rules);
    run_games(
        first,
        count,
        progress,
        || lineup.clone(),
        |pols, i, stats| {
            let (dice, mut rng) = game_rngs(seed, key, i);
            let seats = seating(i, players);
            play_game(
                rules,
                pols,
                &seats[..players],
                &mut RngDice(dice),
                &mut rng,
                stats,
            );
        },
    )
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
