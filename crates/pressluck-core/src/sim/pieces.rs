//! Work cut by its cost ([`by_cost`]): a chunk of games (or rollouts) played in pieces sized
//! by how long its games take, the pieces spread over the current rayon pool.
//!
//! Chunks are fixed (they decide what a shard or a checkpoint holds), but their cost is not: a
//! chunk of 2,048 games of fixed rules plays in milliseconds, one game of a searching player
//! can take longer than that. A run of fewer chunks than threads would leave threads idle, and
//! a run of a few long chunks would wait on the last. So a chunk is first played a little at a
//! time, 1 game, then 4, then 16…, until a step takes long enough to time, and what is left is
//! cut into pieces of about [`PIECE`] each, which idle threads take. Cheap chunks stay whole
//! but for their first steps; dear ones are spread game by game.
//!
//! Who plays which piece changes no output byte: game `i` is dealt from its own index, and the
//! pieces' results come back in the order of their games, to be added up (integer counters)
//! or laid end to end (results rollout by rollout).

use rayon::prelude::*;
use std::time::{Duration, Instant};

/// About how long a piece takes: long enough that starting one (building the policies, a
/// clone of the seats) costs little beside it, short enough that a few of them end a run
/// evenly.
const PIECE: Duration = Duration::from_millis(4);

/// How long a first step must take for its pace to be trusted (shorter steps grow fourfold).
const TIMED: Duration = Duration::from_micros(500);

/// Plays `lo..hi` by `play` (of a sub-range `a..b`) in pieces cut by their cost, spread over
/// the current rayon pool; the pieces' results in the order of their ranges, which together
/// cover `lo..hi` once. On a pool of one thread, one piece: `play(lo, hi)`.
pub fn by_cost<T: Send>(lo: u64, hi: u64, play: &(dyn Fn(u64, u64) -> T + Sync)) -> Vec<T> {
    if rayon::current_num_threads() < 2 || hi.saturating_sub(lo) < 2 {
        return vec![play(lo, hi)];
    }
    let mut out = Vec::new();
    let (mut at, mut step) = (lo, 1u64);
    let pace = loop {
        let end = (at + step).min(hi);
        let started = Instant::now();
        out.push(play(at, end));
        let took = started.elapsed();
        let played = end - at;
        at = end;
        if at == hi {
            return out;
        }
        if took >= TIMED {
            break took.as_nanos() / played as u128;
        }
        step *= 4;
    };
    let left = hi - at;
    let piece = (PIECE.as_nanos() / pace.max(1)).clamp(1, left as u128) as u64;
    let pieces: Vec<T> = (0..left.div_ceil(piece))
        .into_par_iter()
        .map(|k| play(at + k * piece, (at + (k + 1) * piece).min(hi)))
        .collect();
    out.extend(pieces);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::runner::thread_pool;

    /// The ranges `by_cost` played, on `threads` threads, for games that take `nanos` each.
    fn ranges(threads: usize, lo: u64, hi: u64, nanos: u64) -> Vec<(u64, u64)> {
        let pool = thread_pool(Some(threads)).unwrap();
        pool.install(|| {
            by_cost(lo, hi, &|a, b| {
                let until = Instant::now() + Duration::from_nanos(nanos * (b - a));
                while Instant::now() < until {}
                (a, b)
            })
        })
    }

    #[test]
    fn the_pieces_cover_the_range_once_in_order() {
        for (threads, nanos) in [(1, 0), (2, 0), (2, 50_000), (3, 1_000_000)] {
            let got = ranges(threads, 5, 45, nanos);
            assert_eq!(got.first().map(|r| r.0), Some(5), "{got:?}");
            assert_eq!(got.last().map(|r| r.1), Some(45), "{got:?}");
            assert!(got.windows(2).all(|w| w[0].1 == w[1].0), "{got:?}");
            assert!(got.iter().all(|r| r.0 < r.1), "{got:?}");
        }
        assert_eq!(ranges(1, 0, 100, 10), [(0, 100)]);
        assert_eq!(ranges(2, 7, 8, 10), [(7, 8)]);
    }

    #[test]
    fn dear_games_are_spread_one_by_one_and_cheap_ones_stay_together() {
        // 5 ms a game, more than a piece: after the first, every game is its own piece.
        let dear = ranges(2, 0, 12, 5_000_000);
        assert_eq!(dear.len(), 12, "{dear:?}");
        // Free games: the steps grow fourfold until one takes long enough to time, or the end.
        let cheap = ranges(2, 0, 2048, 0);
        assert!(cheap.len() <= 7, "{cheap:?}");
    }
}
