//! The play-outs of a review ([`play_outs`]): every position of a played game's walk played on
//! to the end `n` times, rollout `i` of every position on the streams of rollout `i` of
//! [`crate::sim::roll_out`] (common random numbers, under the same seed and key).
//!
//! The work is cut into (position, chunk of [`ROLLOUT_CHUNK`] rollouts) tasks, taken in the
//! walk's order by every thread of the pool (each task in pieces cut by its cost:
//! [`super::pieces`]), so an interrupted review has played out the game's first positions and
//! can be reviewed that far. [`PlayOuts`] holds the results of the tasks done, and a resumed
//! review starts from them: the results of rollout `i` of a position do not depend on the
//! task that played it, so a review interrupted and resumed is the same bytes as one played
//! at once. For the same reason a position the walk holds more than once (two options of a
//! decision that lead to the same position, as The Great Races' pairings and Shortcut's moves
//! often do) is played out once, at its first place, and its results kept at every place.

use super::pieces::{by_cost, Pace};
use super::repeats::equal_places;
use super::rollout::{rollout_key, ROLLOUT_CHUNK};
use crate::engine::deal::game_streams;
use crate::games::asked::take_spoiled;
use crate::games::Family;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// No seat won the rollout (abandoned at the turn limit).
pub const NO_WINNER: u32 = u32::MAX;

/// The positions of a walk played out `n` times each, or some of them: per position and
/// rollout, the seat that won ([`NO_WINNER`] when none did; alone: the turns taken from the
/// game's start), for the (position, chunk) tasks done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOuts {
    /// Rollouts per position.
    pub n: u64,
    /// Whether the table has one player (results are turns, not winners).
    pub alone: bool,
    /// `results[p · n + i]`: rollout `i` of position `p` (0 until its task is done).
    results: Vec<u32>,
    /// `done[p · chunks + c]`: whether chunk `c` of position `p` is played.
    done: Vec<bool>,
}

impl PlayOuts {
    /// Nothing played yet of `positions` positions, `n` rollouts each (`alone`: one player).
    pub fn new(positions: usize, n: u64, alone: bool) -> PlayOuts {
        PlayOuts {
            n,
            alone,
            results: vec![0; positions * n as usize],
            done: vec![false; positions * n.div_ceil(ROLLOUT_CHUNK) as usize],
        }
    }

    /// Every position played out, from its results rollout by rollout (`results[p · n + i]`).
    pub fn from_results(n: u64, alone: bool, results: Vec<u32>) -> PlayOuts {
        let positions = results.len() / n.max(1) as usize;
        let mut o = PlayOuts::new(positions, n, alone);
        o.results = results;
        o.done.fill(true);
        o
    }

    /// Positions played out, or being played out.
    pub fn positions(&self) -> usize {
        self.results.len() / self.n.max(1) as usize
    }

    /// Chunks of rollouts a position.
    pub fn chunks(&self) -> u64 {
        self.n.div_ceil(ROLLOUT_CHUNK)
    }

    /// The rollouts of chunk `c`.
    pub fn chunk_range(&self, c: u64) -> Range<u64> {
        c * ROLLOUT_CHUNK..((c + 1) * ROLLOUT_CHUNK).min(self.n)
    }

    /// Whether chunk `c` of position `p` is played.
    pub fn is_done(&self, p: usize, c: u64) -> bool {
        self.done[p * self.chunks() as usize + c as usize]
    }

    /// Whether every chunk of position `p` is played.
    pub fn position_done(&self, p: usize) -> bool {
        (0..self.chunks()).all(|c| self.is_done(p, c))
    }

    /// Positions of which every chunk is played.
    pub fn positions_done(&self) -> usize {
        (0..self.positions())
            .filter(|&p| self.position_done(p))
            .count()
    }

    /// Whether every position is played out.
    pub fn complete(&self) -> bool {
        self.done.iter().all(|&d| d)
    }

    /// The results of chunk `c` of position `p`, once played.
    pub fn chunk(&self, p: usize, c: u64) -> Option<&[u32]> {
        let r = self.chunk_range(c);
        let at = p * self.n as usize;
        self.is_done(p, c)
            .then(|| &self.results[at + r.start as usize..at + r.end as usize])
    }

    /// Records the results of chunk `c` of position `p` (a chunk's worth, rollout by rollout);
    /// the error says what does not fit.
    pub fn set(&mut self, p: usize, c: u64, results: &[u32]) -> Result<(), String> {
        if p >= self.positions() || c >= self.chunks() {
            return Err(format!(
                "chunk {c} of position {p}: the walk has {} positions of {} chunks",
                self.positions(),
                self.chunks()
            ));
        }
        let r = self.chunk_range(c);
        if results.len() as u64 != r.end - r.start {
            return Err(format!(
                "chunk {c} of position {p}: {} results, not {}",
                results.len(),
                r.end - r.start
            ));
        }
        let at = p * self.n as usize;
        self.results[at + r.start as usize..at + r.end as usize].copy_from_slice(results);
        let chunks = self.chunks() as usize;
        self.done[p * chunks + c as usize] = true;
        Ok(())
    }

    /// The results of position `p`, rollout by rollout (of a position played out).
    pub(crate) fn of(&self, p: usize) -> &[u32] {
        let n = self.n as usize;
        &self.results[p * n..(p + 1) * n]
    }

    /// How good rollout `i` of position `p` went for `seat`: 1 for a win, else 0; alone the
    /// turns taken, negated (more is better either way).
    pub(crate) fn goodness(&self, p: usize, seat: u8, i: usize) -> i64 {
        let r = self.of(p)[i];
        if self.alone {
            -(r as i64)
        } else {
            (r == seat as u32) as i64
        }
    }
}

/// Plays out, with `seats`, every chunk of `positions` that `outs` does not hold yet: rollout
/// `i` of every position on the streams of rollout `i` under `seed` (as
/// [`crate::sim::roll_out`] deals them). Tasks are taken in the walk's order by every thread of
/// the current rayon pool; `on_chunk(p, c, results)` is told of each as it finishes (from any
/// thread). Once `stop` is raised no task starts; those in hand finish. A chunk in which a
/// seat could not answer ([`take_spoiled`]) is not kept. Returns `outs` with the tasks done.
pub fn play_outs<F: Family>(
    family: &F,
    seats: &F::Seats,
    positions: &[F::Position],
    mut outs: PlayOuts,
    seed: u64,
    stop: &AtomicBool,
    on_chunk: &(dyn Fn(usize, u64, &[u32]) + Sync),
) -> PlayOuts {
    let key = rollout_key();
    let alone = outs.alone;
    let places = equal_places(&positions[..positions.len().min(outs.positions())]);
    // A chunk some place of a position holds (a resumed review) is every place's.
    for same in places.iter().filter(|same| same.len() > 1) {
        for c in 0..outs.chunks() {
            let Some(held) = same
                .iter()
                .find_map(|&q| outs.chunk(q, c).map(<[u32]>::to_vec))
            else {
                continue;
            };
            for &q in same {
                if !outs.is_done(q, c) {
                    // `q` is a place of the walk and `held` a chunk's worth: `set` cannot
                    // refuse.
                    let _ = outs.set(q, c, &held);
                    on_chunk(q, c, &held);
                }
            }
        }
    }
    // A task is a position's places (played at the first) and a chunk.
    let tasks: Vec<(&[usize], u64)> = places
        .iter()
        .flat_map(|same| (0..outs.chunks()).map(move |c| (&same[..], c)))
        .filter(|&(same, c)| !outs.is_done(same[0], c))
        .collect();
    let next = AtomicUsize::new(0);
    let finished = Mutex::new(Vec::new());
    let ranges: Vec<Range<u64>> = (0..outs.chunks()).map(|c| outs.chunk_range(c)).collect();
    // The walk's positions are played out by the same policies: one pace serves them all.
    let pace = Pace::default();
    rayon::scope(|scope| {
        for _ in 0..rayon::current_num_threads() {
            scope.spawn(|_| loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let Some(&(same, c)) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    break;
                };
                let p = same[0];
                let range = &ranges[c as usize];
                // A piece in which a seat could not answer (a bot's fault) is `None`.
                let play = |lo: u64, hi: u64| -> Option<Vec<u32>> {
                    let mut seats = seats.clone();
                    take_spoiled();
                    let results = (lo..hi)
                        .map(|i| {
                            let (dice, rng) = game_streams(seed, key, i).generators();
                            let end = family.play_out(&mut seats, &positions[p], dice, rng);
                            if alone {
                                end.turns[0]
                            } else {
                                end.winner.map_or(NO_WINNER, u32::from)
                            }
                        })
                        .collect();
                    (!take_spoiled()).then_some(results)
                };
                let pieces = by_cost(range.start, range.end, &pace, &play);
                // A chunk a seat could not finish is not kept: the fault stops the run.
                let Some(pieces) = pieces.into_iter().collect::<Option<Vec<_>>>() else {
                    continue;
                };
                let results = pieces.concat();
                for &q in same {
                    on_chunk(q, c, &results);
                }
                finished
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((same, c, results));
            });
        }
    });
    for (same, c, results) in finished.into_inner().unwrap_or_else(|e| e.into_inner()) {
        // A task's chunk has the length of its range, inside the walk: `set` cannot refuse it.
        for &q in same {
            let _ = outs.set(q, c, &results);
        }
    }
    outs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{GameKind, Rules};
    use crate::engine::play::ColumnPosition;
    use crate::games::ColumnFamily;
    use crate::policy::PolicySpec;

    /// Two positions of 2-player Can't Stop: the start, player 1 to move and player 2 to move.
    fn two() -> (
        ColumnFamily,
        <ColumnFamily as Family>::Seats,
        [ColumnPosition; 2],
    ) {
        let fam = ColumnFamily::new(Rules::new(GameKind::CantStop, 2));
        let spec = PolicySpec::parse("fixed-risk:0.3").unwrap();
        let seats = fam.seats(&[spec.clone(), spec]).unwrap();
        let mut second = ColumnPosition::start();
        second.game.to_move = 1;
        (fam, seats, [ColumnPosition::start(), second])
    }

    #[test]
    fn play_outs_are_the_rollouts_advise_plays() {
        let (fam, seats, positions) = two();
        let stop = AtomicBool::new(false);
        let start = PlayOuts::new(2, 600, false);
        let o = play_outs(&fam, &seats, &positions, start, 5, &stop, &|_, _, _| ());
        assert!(o.complete());
        let r = crate::sim::roll_out(&fam, &seats, &positions, 0, 0, 600, 5);
        for p in 0..2 {
            let wins = (0..600).filter(|&i| o.goodness(p, 0, i) == 1).count() as u64;
            assert_eq!(wins, r.counts.wins[p]);
        }
    }

    #[test]
    fn stopped_play_outs_resume_to_the_same_results_on_any_thread_count() {
        let (fam, seats, positions) = two();
        let whole = |threads| {
            let pool = crate::sim::thread_pool(Some(threads)).unwrap();
            let stop = AtomicBool::new(false);
            let start = PlayOuts::new(2, 600, false);
            pool.install(|| play_outs(&fam, &seats, &positions, start, 9, &stop, &|_, _, _| ()))
        };
        let one = whole(1);
        assert_eq!(one, whole(2));
        // Raised before the start, nothing is played; raised after the first task, on one
        // thread, the first chunk of the first position alone.
        let stop = AtomicBool::new(true);
        let none = play_outs(
            &fam,
            &seats,
            &positions,
            PlayOuts::new(2, 600, false),
            9,
            &stop,
            &|_, _, _| (),
        );
        assert_eq!(none, PlayOuts::new(2, 600, false));
        stop.store(false, Ordering::SeqCst);
        let pool = crate::sim::thread_pool(Some(1)).unwrap();
        let first = pool.install(|| {
            play_outs(
                &fam,
                &seats,
                &positions,
                PlayOuts::new(2, 600, false),
                9,
                &stop,
                &|_, _, _| stop.store(true, Ordering::SeqCst),
            )
        });
        assert!(first.is_done(0, 0) && !first.is_done(0, 1) && !first.position_done(1));
        assert_eq!(first.chunk(0, 0), one.chunk(0, 0));
        assert_eq!(first.chunk(0, 1), None);
        stop.store(false, Ordering::SeqCst);
        let resumed = play_outs(&fam, &seats, &positions, first, 9, &stop, &|_, _, _| ());
        assert_eq!(resumed, one);
    }

    #[test]
    fn a_position_held_twice_is_played_once_and_kept_at_both_places() {
        let (fam, seats, [a, b]) = two();
        let positions = [a, b, a];
        let stop = AtomicBool::new(false);
        let told = Mutex::new(Vec::new());
        let o = play_outs(
            &fam,
            &seats,
            &positions,
            PlayOuts::new(3, 600, false),
            5,
            &stop,
            &|p, c, _| told.lock().unwrap().push((p, c)),
        );
        // Every place told of, each chunk once, and the results those of the walk without
        // the second place of `a`.
        let mut told = told.into_inner().unwrap();
        told.sort();
        assert_eq!(
            told,
            [
                (0, 0),
                (0, 1),
                (0, 2),
                (1, 0),
                (1, 1),
                (1, 2),
                (2, 0),
                (2, 1),
                (2, 2)
            ]
        );
        let alone = play_outs(
            &fam,
            &seats,
            &[a, b],
            PlayOuts::new(2, 600, false),
            5,
            &stop,
            &|_, _, _| (),
        );
        assert_eq!(o.of(0), alone.of(0));
        assert_eq!(o.of(1), alone.of(1));
        assert_eq!(o.of(2), alone.of(0));
        // A resumed review that holds a chunk at one place of a position keeps it at the
        // other (here results no game gives, so they were copied, not played).
        let mut held = PlayOuts::new(3, 600, false);
        held.set(2, 1, &[7; 256]).unwrap();
        let resumed = play_outs(&fam, &seats, &positions, held, 5, &stop, &|_, _, _| ());
        assert_eq!(resumed.chunk(0, 1), Some(&[7; 256][..]));
        assert_eq!(resumed.chunk(0, 0), o.chunk(0, 0));
        assert!(resumed.complete());
    }

    #[test]
    fn set_refuses_what_does_not_fit() {
        let mut o = PlayOuts::new(2, 300, false);
        assert!(o.set(2, 0, &[0; 256]).is_err());
        assert!(o.set(0, 2, &[0; 44]).is_err());
        assert!(o.set(0, 1, &[0; 45]).is_err());
        o.set(0, 1, &[1; 44]).unwrap();
        assert_eq!(o.chunk(0, 1), Some(&[1; 44][..]));
        assert!(!o.position_done(0));
        o.set(0, 0, &[0; 256]).unwrap();
        assert_eq!(o.positions_done(), 1);
    }
}
