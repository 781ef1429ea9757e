//! The runner's settings: the fixed chunk of games that is the unit of parallel work, the
//! limits of a run, and the thread pool a run is installed in.

/// Games per chunk: the unit of parallel work, fixed so it never depends on the thread count.
pub const CHUNK: u64 = 2048;

/// Most games one run plays per matchup (a guard against typos like an extra six zeros; a
/// counters file claiming more is refused).
pub const MAX_GAMES: u64 = 10_000_000_000;

/// Most worker threads accepted by `--threads`.
pub const MAX_THREADS: usize = 1024;

/// A rayon pool of `threads` workers (all cores when `None`), for `install`ing a run in.
pub fn thread_pool(
    threads: Option<usize>,
) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = threads {
        pool = pool.num_threads(t);
    }
    pool.build()
}
