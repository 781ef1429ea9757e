//! Work cut by its cost ([`by_cost`]): a chunk of games (or rollouts) played in pieces sized
//! by how long its games take, which every thread of the current rayon pool takes in turn.
//!
//! Chunks are fixed (they decide the seeds' use, and what a shard or a checkpoint holds), but
//! their cost is not: a chunk of 2,048 games of fixed rules plays in milliseconds, one game of
//! a searching player can take longer than that. A run of fewer chunks than threads would leave
//! threads idle, and a run of a few long chunks would wait on the last. So the threads of the
//! pool take a chunk's games a piece at a time, and a piece is sized by its kind's [`Pace`]: it
//! starts at one game and grows (at most fourfold a piece) until a piece takes about
//! [`PIECE`]. A cheap chunk is soon played whole (the size learnt by a matchup's first chunk
//! serves its others); a dear one is spread game by game.
//!
//! Who plays which piece changes no output byte: game `i` is dealt from its own index, and the
//! pieces' results come back in the order of their games, to be added up (integer counters)
//! or laid end to end (results rollout by rollout).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// About how long a piece takes: long enough that starting one (building the policies, the
/// engine's lanes, a clone of the seats) costs little beside it, short enough that a run of a
/// few pieces ends evenly on every thread.
const PIECE: Duration = Duration::from_millis(10);

/// Most games a piece (more than any chunk holds).
const MAX_PIECE: u64 = 1 << 32;

/// The games a piece of one kind (a matchup's games, a decision's rollouts), learnt from how
/// long the pieces played took: shared by the chunks of that kind, so that the first chunks'
/// timing sizes the others' pieces. It guides the cutting only; no result depends on it.
#[derive(Debug)]
pub struct Pace(AtomicU64);

impl Default for Pace {
    /// Nothing timed yet: pieces of one game.
    fn default() -> Pace {
        Pace(AtomicU64::new(1))
    }
}

impl Pace {
    /// Games the next piece.
    fn size(&self) -> u64 {
        self.0.load(Ordering::Relaxed).max(1)
    }

    /// Learns from a piece of `games` games that took `took`.
    fn learn(&self, games: u64, took: Duration) {
        let now = self.size();
        self.0.store(next_size(now, games, took), Ordering::Relaxed);
    }
}

/// The size of the next piece, after a piece of `games` games took `took` when pieces were of
/// `now` games: the games that would take [`PIECE`] at that piece's pace, at least 1 and at
/// most 4 × `now` (a first piece's time may be mostly the cost of starting it).
fn next_size(now: u64, games: u64, took: Duration) -> u64 {
    let nanos = took.as_nanos().max(1);
    let fits = u128::from(games) * PIECE.as_nanos() / nanos;
    let most = now.saturating_mul(4).min(MAX_PIECE);
    u64::try_from(fits).unwrap_or(u64::MAX).clamp(1, most)
}

/// Plays `lo..hi` by `play` (of a sub-range `a..b`) in pieces sized by `pace`, which every
/// thread of the current rayon pool takes in turn; the pieces' results in the order of their
/// ranges, which together cover `lo..hi` once. On a pool of one thread, or when one piece
/// holds them all, `play(lo, hi)` on this thread.
pub fn by_cost<T: Send>(
    lo: u64,
    hi: u64,
    pace: &Pace,
    play: &(dyn Fn(u64, u64) -> T + Sync),
) -> Vec<T> {
    let threads = rayon::current_num_threads();
    if threads < 2 || hi.saturating_sub(lo) < 2 {
        return vec![play(lo, hi)];
    }
    let next = AtomicU64::new(lo);
    let done: Mutex<Vec<(u64, T)>> = Mutex::new(Vec::new());
    let take = || loop {
        let size = pace.size();
        let a = next.fetch_add(size, Ordering::Relaxed);
        if a >= hi {
            break;
        }
        let b = a.saturating_add(size).min(hi);
        let started = Instant::now();
        let result = play(a, b);
        pace.learn(b - a, started.elapsed());
        done.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((a, result));
    };
    if pace.size() >= hi - lo {
        take();
    } else {
        rayon::scope(|scope| {
            for _ in 1..threads {
                scope.spawn(|_| take());
            }
            take();
        });
    }
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_by_key(|&(a, _)| a);
    done.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::runner::thread_pool;
    use std::collections::BTreeSet;

    /// Busy for `nanos` nanoseconds.
    fn spin(nanos: u64) {
        let until = Instant::now() + Duration::from_nanos(nanos);
        while Instant::now() < until {}
    }

    /// The ranges `by_cost` played, on `threads` threads, for games that take `nanos` each,
    /// with pieces of `size` games to start.
    fn ranges(threads: usize, lo: u64, hi: u64, nanos: u64, size: u64) -> Vec<(u64, u64)> {
        let pool = thread_pool(Some(threads)).unwrap();
        let pace = Pace(AtomicU64::new(size));
        pool.install(|| {
            by_cost(lo, hi, &pace, &|a, b| {
                spin(nanos * (b - a));
                (a, b)
            })
        })
    }

    #[test]
    fn the_pieces_cover_the_range_once_in_order() {
        for (threads, nanos) in [(1, 0), (2, 0), (2, 50_000), (3, 1_000_000)] {
            let got = ranges(threads, 5, 45, nanos, 1);
            assert_eq!(got.first().map(|r| r.0), Some(5), "{got:?}");
            assert_eq!(got.last().map(|r| r.1), Some(45), "{got:?}");
            assert!(got.windows(2).all(|w| w[0].1 == w[1].0), "{got:?}");
            assert!(got.iter().all(|r| r.0 < r.1), "{got:?}");
        }
        assert_eq!(ranges(1, 0, 100, 10, 1), [(0, 100)]);
        assert_eq!(ranges(2, 7, 8, 10, 1), [(7, 8)]);
    }

    #[test]
    fn dear_games_are_spread_one_by_one_and_a_known_cheap_chunk_is_played_whole() {
        // 12 ms a game, more than a piece: a game's time is at least that (whatever the load),
        // so every game is its own piece.
        let dear = ranges(2, 0, 6, 12_000_000, 1);
        assert_eq!(dear, (0..6).map(|i| (i, i + 1)).collect::<Vec<_>>());
        // Pieces learnt to hold more games than the chunk: one piece.
        assert_eq!(ranges(2, 0, 2048, 0, 4096), [(0, 2048)]);
    }

    #[test]
    fn pieces_grow_at_most_fourfold_to_the_games_a_piece_takes() {
        let ms = Duration::from_millis;
        // A first game slowed by what starting costs: 4 games next, not 6.
        assert_eq!(next_size(1, 1, Duration::from_micros(1600)), 4);
        // Cheap games: fourfold, up to the most a piece holds.
        assert_eq!(next_size(256, 256, Duration::from_micros(80)), 1024);
        assert_eq!(next_size(1 << 31, 1 << 31, Duration::ZERO), MAX_PIECE);
        // A piece that took too long: the games that take a piece at its pace.
        assert_eq!(next_size(1024, 1024, ms(40)), 256);
        // Games dearer than a piece: one at a time.
        assert_eq!(next_size(1, 1, ms(25)), 1);
    }

    #[test]
    fn the_pieces_of_a_dear_chunk_are_played_on_every_thread() {
        // Each piece but the first waits (at most 20 s) until two threads have played one: a
        // chunk played on one thread would wait its full time and fail.
        let pool = thread_pool(Some(2)).unwrap();
        let threads = Mutex::new(BTreeSet::new());
        let pace = Pace::default();
        pool.install(|| {
            by_cost(0, 8, &pace, &|a, _| {
                spin(8_000_000);
                let seen = |t: &Mutex<BTreeSet<usize>>| t.lock().unwrap().len();
                threads
                    .lock()
                    .unwrap()
                    .insert(rayon::current_thread_index().unwrap());
                let since = Instant::now();
                while a > 0 && seen(&threads) < 2 && since.elapsed() < Duration::from_secs(20) {
                    std::thread::sleep(Duration::from_millis(1));
                }
            })
        });
        assert_eq!(threads.into_inner().unwrap().len(), 2);
    }
}
