//! The work of a tournament: (matchup, chunk) units spread over rayon, each played in pieces cut
//! by its cost ([`super::pieces`]). A shard takes the chunks `k` with `k % N == K − 1`; a
//! resumed run skips the chunks its checkpoint holds; an interrupt lets the chunks in hand
//! finish and starts no more. Counters are added per matchup, so the answer is the same however
//! the units were split, ordered or resumed.

use super::pieces::{by_cost, Pace};
use super::runner::CHUNK;
use crate::counters::MatchupStats;
use crate::games::asked::take_spoiled;
use crate::games::family::{matchup_key, Family};
use crate::games::Matchup;
use rayon::prelude::*;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};

/// Which part of the game indices a run plays: shard `index` (1-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, 1..=count.
    pub index: u64,
    /// Number of shards.
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Parses `K/N` with 1 ≤ K ≤ N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| format!("'{text}' is not K/N"))?;
        let k: u64 = k
            .trim()
            .parse()
            .map_err(|_| format!("'{text}': '{k}' is not a number"))?;
        let n: u64 = n
            .trim()
            .parse()
            .map_err(|_| format!("'{text}': '{n}' is not a number"))?;
        if n == 0 || k == 0 || k > n || n > 1_000_000 {
            return Err(format!("'{text}': need 1 <= K <= N <= 1000000"));
        }
        Ok(Shard { index: k, count: n })
    }

    /// Whether chunk `k` belongs to this shard.
    pub fn owns(&self, chunk: u64) -> bool {
        chunk % self.count == self.index - 1
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Chunks of a matchup of `games` games.
pub fn chunk_count(games: u64) -> u64 {
    games.div_ceil(CHUNK)
}

/// Counters so far: per matchup, the summed counters and the chunks they cover.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Per matchup: counters of the finished chunks.
    pub stats: Vec<MatchupStats>,
    /// Per matchup: the finished chunks.
    pub done: Vec<BTreeSet<u64>>,
}

impl Progress {
    /// Nothing done yet, for `matchups` matchups.
    pub fn new(matchups: usize) -> Progress {
        Progress {
            stats: vec![MatchupStats::default(); matchups],
            done: vec![BTreeSet::new(); matchups],
        }
    }

    /// Adds a finished chunk.
    pub fn add(&mut self, matchup: usize, chunk: u64, stats: &MatchupStats) {
        if self.done[matchup].insert(chunk) {
            self.stats[matchup] += stats;
        }
    }

    /// Whether every chunk a shard owns is done.
    pub fn complete(&self, games: u64, shard: Shard) -> bool {
        let owned = (0..chunk_count(games)).filter(|&k| shard.owns(k)).count();
        self.done.iter().all(|d| d.len() == owned)
    }
}

/// Plays games `0..games` of one matchup in chunks over rayon and adds up their counters: the
/// same answer on one thread or many. `None` when a seat could not answer (a bot's fault).
pub fn play_matchup<F: Family>(
    family: &F,
    m: &Matchup<F::Spec>,
    seed: u64,
    games: u64,
) -> Option<MatchupStats> {
    let key = matchup_key(m);
    let pace = Pace::default();
    (0..chunk_count(games))
        .into_par_iter()
        .map(|k| {
            let (lo, hi) = (k * CHUNK, ((k + 1) * CHUNK).min(games));
            play_chunk(family, m, seed, key, lo, hi, &pace)
        })
        .reduce(
            || Some(MatchupStats::default()),
            |a, b| {
                let mut a = a?;
                a += &b?;
                Some(a)
            },
        )
}

/// Plays games `lo..hi` of a matchup in pieces cut by their cost ([`by_cost`], `pace` the
/// matchup's) and adds up their counters: the counters of `family.play(m, seed, key, lo, hi)`,
/// on every core the pool has even when the chunk is the run's only one. `None` when a seat
/// could not answer in a piece ([`take_spoiled`], marked on the thread that played it).
pub(crate) fn play_chunk<F: Family>(
    family: &F,
    m: &Matchup<F::Spec>,
    seed: u64,
    key: u64,
    lo: u64,
    hi: u64,
    pace: &Pace,
) -> Option<MatchupStats> {
    let pieces = by_cost(lo, hi, pace, &|a, b| {
        take_spoiled();
        let stats = family.play(m, seed, key, a, b);
        (!take_spoiled()).then_some(stats)
    });
    let mut stats = MatchupStats::default();
    for piece in pieces {
        stats += &piece?;
    }
    Some(stats)
}

/// What to play: the seed, the games per matchup and the shard.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Seed of the run.
    pub seed: u64,
    /// Games per matchup.
    pub games: u64,
    /// The shard played.
    pub shard: Shard,
}

/// Plays every unit of the shard not yet in `progress`, calling `on_chunk` (from any thread)
/// as each finishes; once `interrupt` is set no new unit starts. A chunk in which an asked
/// seat could not answer is not counted ([`crate::games::asked::take_spoiled`]). Returns the
/// updated progress.
pub fn run<F: Family>(
    family: &F,
    matchups: &[Matchup<F::Spec>],
    plan: Plan,
    mut progress: Progress,
    interrupt: &AtomicBool,
    on_chunk: &(dyn Fn(usize, u64, &MatchupStats) + Sync),
) -> Progress {
    let Plan { seed, games, shard } = plan;
    let units: Vec<(usize, u64)> = (0..matchups.len())
        .flat_map(|m| (0..chunk_count(games)).map(move |k| (m, k)))
        .filter(|&(m, k)| shard.owns(k) && !progress.done[m].contains(&k))
        .collect();
    let paces: Vec<Pace> = matchups.iter().map(|_| Pace::default()).collect();
    let finished: Vec<(usize, u64, MatchupStats)> = units
        .par_iter()
        .filter_map(|&(m, k)| {
            if interrupt.load(Ordering::Relaxed) {
                return None;
            }
            let lo = k * CHUNK;
            let hi = (lo + CHUNK).min(games);
            let key = matchup_key(&matchups[m]);
            // A seat that could not answer (a bot's fault, a run stopping) left the chunk
            // unfinished: none of it counts.
            let stats = play_chunk(family, &matchups[m], seed, key, lo, hi, &paces[m])?;
            on_chunk(m, k, &stats);
            Some((m, k, stats))
        })
        .collect();
    for (m, k, s) in &finished {
        progress.add(*m, *k, s);
    }
    progress
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{GameKind, Rules};
    use crate::games::ColumnFamily;
    use crate::policy::PolicySpec;
    use crate::sim::schedule::matchups;

    #[test]
    fn shards_partition_the_chunks_and_add_up_to_the_whole() {
        let fam = ColumnFamily::new(Rules::new(GameKind::CantStop, 2));
        let specs: Vec<PolicySpec> = ["one-roll", "fixed-risk:0.2", "fixed-risk:0.4"]
            .iter()
            .map(|s| PolicySpec::parse(s).unwrap())
            .collect();
        let ms = matchups(&specs, 2);
        let games = 5 * CHUNK + 17;
        let stop = AtomicBool::new(false);
        let whole = run(
            &fam,
            &ms,
            Plan {
                seed: 3,
                games,
                shard: Shard::WHOLE,
            },
            Progress::new(ms.len()),
            &stop,
            &|_, _, _| {},
        );
        assert!(whole.complete(games, Shard::WHOLE));
        for n in [2, 7] {
            let mut sum = Progress::new(ms.len());
            for k in 1..=n {
                let shard = Shard { index: k, count: n };
                let part = run(
                    &fam,
                    &ms,
                    Plan {
                        seed: 3,
                        games,
                        shard,
                    },
                    Progress::new(ms.len()),
                    &stop,
                    &|_, _, _| {},
                );
                assert!(part.complete(games, shard));
                for m in 0..ms.len() {
                    sum.stats[m] += &part.stats[m];
                    sum.done[m].extend(part.done[m].iter().copied());
                }
            }
            assert_eq!(sum, whole, "{n} shards");
        }
        // An interrupted run does nothing more; resuming it finishes the same.
        stop.store(true, Ordering::Relaxed);
        let none = run(
            &fam,
            &ms,
            Plan {
                seed: 3,
                games,
                shard: Shard::WHOLE,
            },
            Progress::new(ms.len()),
            &stop,
            &|_, _, _| {},
        );
        assert!(!none.complete(games, Shard::WHOLE));
        stop.store(false, Ordering::Relaxed);
        let resumed = run(
            &fam,
            &ms,
            Plan {
                seed: 3,
                games,
                shard: Shard::WHOLE,
            },
            none,
            &stop,
            &|_, _, _| {},
        );
        assert_eq!(resumed, whole);
    }

    #[test]
    fn shard_parsing() {
        assert_eq!(Shard::parse("2/7"), Ok(Shard { index: 2, count: 7 }));
        for bad in ["0/3", "4/3", "x/3", "3", "1/0", "-1/2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
