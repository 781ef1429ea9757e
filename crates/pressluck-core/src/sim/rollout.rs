//! Rollouts: each option of a decision played out many times, for the chance that the player
//! to move wins (alone: the turns to finish), on any game's [`Family`].
//!
//! Every option's position (the decision's position with the option applied) is played on to
//! the end `n` times by the rollout policies, one a seat. Rollout `i` of every option is dealt
//! the same dice and policy streams, from (seed, `i`) by the runner's own seeding
//! ([`game_streams`]): common random numbers, so two options' results differ by the options and
//! not by the dice, and their difference is measured rollout by rollout (a paired interval,
//! far tighter than either chance's own). Rollouts are played in fixed chunks over rayon and
//! counted in integers, so the result is the same on any number of threads (a chunk of dear
//! rollouts is spread further, in pieces cut by their cost: [`super::pieces`]).

use super::interval::{chance, paired_chances, whole_numbers, Estimate};
use super::pieces::{by_cost, Pace};
use super::repeats::first_places;
use crate::engine::deal::{game_streams, name_key};
use crate::games::family::Family;
use rayon::prelude::*;

/// Rollouts per chunk: the unit of parallel work, fixed so it never depends on the thread
/// count.
pub const ROLLOUT_CHUNK: u64 = 256;

/// Most rollouts an option may ask for.
pub const MAX_ROLLOUTS: u64 = 100_000_000;

/// The key rollout streams are dealt under ([`game_streams`]'s matchup key).
pub fn rollout_key() -> u64 {
    name_key("rollout")
}

/// The integer counters of a decision's rollouts: per option the wins of the player to move
/// and the turns it took to the end; per pair of options the rollouts both won and the sum
/// of products of their turns (what the paired intervals need). Adding is exact, so any
/// order of chunks gives the same counters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RolloutCounts {
    /// Rollouts played per option.
    pub n: u64,
    /// Options.
    pub options: usize,
    /// Wins of the player to move, per option.
    pub wins: Vec<u64>,
    /// Rollouts the game was abandoned at the turn limit, per option.
    pub unfinished: Vec<u64>,
    /// Turns the player to move took from the decision to the end, summed, per option.
    pub turns: Vec<u64>,
    /// `both[j · options + k]`: rollouts that options `j` and `k` both won.
    pub both: Vec<u64>,
    /// `turn_products[j · options + k]`: Σ over rollouts of the turns of `j` times those of `k`.
    pub turn_products: Vec<u128>,
}

impl RolloutCounts {
    /// No rollouts yet, of `options` options.
    pub fn new(options: usize) -> RolloutCounts {
        RolloutCounts {
            n: 0,
            options,
            wins: vec![0; options],
            unfinished: vec![0; options],
            turns: vec![0; options],
            both: vec![0; options * options],
            turn_products: vec![0; options * options],
        }
    }

    /// Adds another's counters (of as many options).
    pub fn add(&mut self, o: &RolloutCounts) {
        self.n += o.n;
        let add = |a: &mut [u64], b: &[u64]| a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        add(&mut self.wins, &o.wins);
        add(&mut self.unfinished, &o.unfinished);
        add(&mut self.turns, &o.turns);
        add(&mut self.both, &o.both);
        for (x, y) in self.turn_products.iter_mut().zip(&o.turn_products) {
            *x += y;
        }
    }

    /// The share of rollouts option `j` won, with its 95% Wilson interval.
    pub fn win_chance(&self, j: usize) -> Estimate {
        chance(self.wins[j], self.n)
    }

    /// Option `j`'s chance less option `k`'s, measured rollout by rollout (each rollout −1, 0
    /// or 1), with its paired 95% score interval ([`paired_chances`]); exactly 0 for an option
    /// against itself.
    pub fn win_difference(&self, j: usize, k: usize) -> Estimate {
        if j == k {
            return Estimate::exact(0.0);
        }
        let both = self.both[j * self.options + k];
        paired_chances(self.wins[j] - both, self.wins[k] - both, self.n)
    }

    /// The mean turns option `j` took the player to move to the end, with its 95% interval (no
    /// lower than 0).
    pub fn mean_turns(&self, j: usize) -> Estimate {
        let sum = self.turns[j] as f64;
        let sum_sq = self.turn_products[j * self.options + j] as f64;
        let e = whole_numbers(self.n, sum, sum_sq);
        Estimate {
            lo: e.lo.max(0.0),
            ..e
        }
    }

    /// Option `j`'s mean turns less option `k`'s, with the paired 95% interval; exactly 0 for an
    /// option against itself.
    pub fn turns_difference(&self, j: usize, k: usize) -> Estimate {
        if j == k {
            return Estimate::exact(0.0);
        }
        let o = self.options;
        let sum = self.turns[j] as f64 - self.turns[k] as f64;
        let (jj, kk, jk) = (
            self.turn_products[j * o + j],
            self.turn_products[k * o + k],
            self.turn_products[j * o + k],
        );
        // Σ (a − b)² = Σ a² + Σ b² − 2 Σ a b, exact in integers.
        let sum_sq = (jj + kk - 2 * jk) as f64;
        whole_numbers(self.n, sum, sum_sq)
    }
}

/// What the rollouts say of a decision: which option is best, or that the best and the
/// runner-up are too close to tell apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// This option is best: its difference to every other has an interval clear of 0.
    Best(usize),
    /// The best option (by its estimate) and the runner-up differ by an interval that holds 0.
    TooClose {
        /// The best option by its estimate.
        best: usize,
        /// The runner-up.
        runner_up: usize,
    },
}

/// A decision's rollouts: the counters and what they say.
#[derive(Clone, Debug, PartialEq)]
pub struct Rollouts {
    /// The counters.
    pub counts: RolloutCounts,
    /// Whether the player to move plays alone: options are then compared by turns to finish
    /// (fewer is better), else by the chance to win.
    pub alone: bool,
}

impl Rollouts {
    /// The best option by its estimate: the most wins (alone: the fewest turns); the first
    /// listed on ties.
    pub fn best(&self) -> usize {
        let c = &self.counts;
        (0..c.options)
            .min_by_key(|&j| {
                if self.alone {
                    (c.turns[j], j)
                } else {
                    (u64::MAX - c.wins[j], j)
                }
            })
            .unwrap_or(0)
    }

    /// Option `j`'s difference to the best option (`j` less best), with its paired interval:
    /// in chance to win, or alone in turns.
    pub fn difference_to_best(&self, j: usize) -> Estimate {
        let best = self.best();
        if self.alone {
            self.counts.turns_difference(j, best)
        } else {
            self.counts.win_difference(j, best)
        }
    }

    /// The best option, or "too close to call" when its difference to the runner-up (the next
    /// best by estimate) has an interval that holds 0.
    pub fn verdict(&self) -> Verdict {
        let best = self.best();
        let c = &self.counts;
        let runner_up = (0..c.options).filter(|&j| j != best).min_by_key(|&j| {
            if self.alone {
                (c.turns[j], j)
            } else {
                (u64::MAX - c.wins[j], j)
            }
        });
        match runner_up {
            Some(r) if self.difference_to_best(r).holds(0.0) => {
                Verdict::TooClose { best, runner_up: r }
            }
            _ => Verdict::Best(best),
        }
    }
}

/// Plays each of `options` (positions after each option of one decision) on to the end `n`
/// times with `seats`, and counts the results of seat `mover`, the player to move at the
/// decision (turns are counted from `turns_before`, the mover's turns at the decision).
/// Rollout `i` of every option is dealt the streams of game `i` under (`seed`,
/// [`rollout_key`]). Chunks of [`ROLLOUT_CHUNK`] rollouts run over the current rayon pool, each
/// in pieces cut by its cost (a few dear rollouts still fill every core).
pub fn roll_out<F: Family>(
    family: &F,
    seats: &F::Seats,
    options: &[F::Position],
    mover: u8,
    turns_before: u32,
    n: u64,
    seed: u64,
) -> Rollouts {
    roll_out_reporting(
        family,
        seats,
        options,
        mover,
        turns_before,
        n,
        seed,
        &|_| {},
    )
}

/// [`roll_out`], telling `done(k)` of each `k` games played (a rollout of every option), for
/// a progress bar: the same figures.
#[allow(clippy::too_many_arguments)]
pub fn roll_out_reporting<F: Family>(
    family: &F,
    seats: &F::Seats,
    options: &[F::Position],
    mover: u8,
    turns_before: u32,
    n: u64,
    seed: u64,
    done: &(dyn Fn(u64) + Sync),
) -> Rollouts {
    let k = options.len();
    let key = rollout_key();
    // Options that lead to the same position have the same rollouts: played at the first.
    let first = first_places(options);
    // The counters of rollouts `lo..hi`.
    let count = |lo: u64, hi: u64| {
        let mut seats = seats.clone();
        let mut counts = RolloutCounts::new(k);
        let (mut won, mut turns) = (vec![false; k], vec![0u64; k]);
        let mut unfinished = vec![false; k];
        for i in lo..hi {
            let (dice, rng) = game_streams(seed, key, i).generators();
            for (j, position) in options.iter().enumerate() {
                let f = first[j];
                if f < j {
                    (won[j], turns[j], unfinished[j]) = (won[f], turns[f], unfinished[f]);
                } else {
                    let end = family.play_out(&mut seats, position, dice.clone(), rng.clone());
                    won[j] = end.winner == Some(mover);
                    let t = end.turns[mover as usize & 3].saturating_sub(turns_before);
                    turns[j] = t as u64;
                    unfinished[j] = end.winner.is_none();
                }
                counts.unfinished[j] += unfinished[j] as u64;
            }
            counts.n += 1;
            done(k as u64);
            for j in 0..k {
                counts.wins[j] += won[j] as u64;
                counts.turns[j] += turns[j];
                for l in 0..k {
                    counts.both[j * k + l] += (won[j] && won[l]) as u64;
                    counts.turn_products[j * k + l] += (turns[j] * turns[l]) as u128;
                }
            }
        }
        counts
    };
    let chunks: Vec<u64> = (0..n.div_ceil(ROLLOUT_CHUNK)).collect();
    let pace = Pace::default();
    let parts: Vec<RolloutCounts> = chunks
        .par_iter()
        .flat_map_iter(|&c| {
            let (lo, hi) = (c * ROLLOUT_CHUNK, ((c + 1) * ROLLOUT_CHUNK).min(n));
            by_cost(lo, hi, &pace, &count)
        })
        .collect();
    let mut counts = RolloutCounts::new(k);
    for p in &parts {
        counts.add(p);
    }
    Rollouts {
        counts,
        alone: family.players() == 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{Game, GameKind, Rules};
    use crate::engine::play::ColumnPosition;
    use crate::games::ColumnFamily;

    #[test]
    fn an_option_listed_twice_counts_as_the_first_of_them() {
        let fam = ColumnFamily::new(Rules::new(GameKind::CantStop, 2));
        let spec = crate::policy::PolicySpec::parse("fixed-risk:0.3").unwrap();
        let seats = fam.seats(&[spec.clone(), spec]).unwrap();
        let a = ColumnPosition::start();
        let mut b = a;
        b.game.to_move = 1;
        let pair = roll_out(&fam, &seats, &[a, b], 0, 0, 700, 3).counts;
        let three = roll_out(&fam, &seats, &[a, b, a], 0, 0, 700, 3).counts;
        // Place 2 is place 0 again, in every counter and every pair.
        let of = [0, 1, 0];
        for j in 0..3 {
            assert_eq!(three.wins[j], pair.wins[of[j]]);
            assert_eq!(three.turns[j], pair.turns[of[j]]);
            assert_eq!(three.unfinished[j], pair.unfinished[of[j]]);
            for l in 0..3 {
                assert_eq!(three.both[j * 3 + l], pair.both[of[j] * 2 + of[l]]);
                assert_eq!(
                    three.turn_products[j * 3 + l],
                    pair.turn_products[of[j] * 2 + of[l]]
                );
            }
        }
        assert_eq!(three.both[2], three.wins[0]);
    }

    /// The counters of two options whose results are listed rollout by rollout.
    fn counts_of(a: &[(bool, u64)], b: &[(bool, u64)]) -> RolloutCounts {
        let mut c = RolloutCounts::new(2);
        for (x, y) in a.iter().zip(b) {
            let w = [x.0, y.0];
            let t = [x.1, y.1];
            c.n += 1;
            for j in 0..2 {
                c.wins[j] += w[j] as u64;
                c.turns[j] += t[j];
                for l in 0..2 {
                    c.both[j * 2 + l] += (w[j] && w[l]) as u64;
                    c.turn_products[j * 2 + l] += (t[j] * t[l]) as u128;
                }
            }
        }
        c
    }

    #[test]
    fn paired_differences_are_measured_rollout_by_rollout() {
        // Differences 1, 0, 0, −1, 1: one option won and the other lost in 2 rollouts, the
        // reverse in 1: the paired interval of those counts.
        let a = [(true, 3), (true, 4), (false, 5), (false, 6), (true, 2)];
        let b = [(false, 4), (true, 4), (false, 5), (true, 5), (false, 2)];
        let c = counts_of(&a, &b);
        let d = c.win_difference(0, 1);
        assert_eq!(d, paired_chances(2, 1, 5));
        assert!((d.mean - 0.2).abs() < 1e-12, "{d:?}");
        assert_eq!(c.win_difference(1, 0), d.negated());
        // Turn differences −1, 0, 0, 1, 0: sum 0, sum of squares 2.
        assert_eq!(c.turns_difference(0, 1), whole_numbers(5, 0.0, 2.0));
        // Mean turns 4: an interval that does not reach below 0 turns.
        let t = c.mean_turns(0);
        assert_eq!(t.mean, 4.0);
        assert!(t.lo >= 0.0 && t.hi > 4.0, "{t:?}");
        // An option against itself: exactly 0.
        assert_eq!(c.win_difference(1, 1), Estimate::exact(0.0));
        assert_eq!(c.turns_difference(1, 1), Estimate::exact(0.0));
        // The same results in both options: too close to call.
        let same = counts_of(&a, &a);
        assert!(same.win_difference(0, 1).holds(0.0));
        let r = Rollouts {
            counts: same,
            alone: false,
        };
        assert_eq!(
            r.verdict(),
            Verdict::TooClose {
                best: 0,
                runner_up: 1
            }
        );
    }

    #[test]
    fn three_rollouts_tell_nothing_apart() {
        // The example: stop won 2 of 3 rollouts, roll none (never both): no verdict,
        // and a difference inside [−1, +1].
        let roll = [(false, 0), (false, 0), (false, 0)];
        let stop = [(true, 0), (true, 0), (false, 0)];
        let r = Rollouts {
            counts: counts_of(&roll, &stop),
            alone: false,
        };
        let d = r.difference_to_best(0);
        assert!(d.lo >= -1.0 && d.holds(0.0), "{d:?}");
        assert_eq!(
            r.verdict(),
            Verdict::TooClose {
                best: 1,
                runner_up: 0
            }
        );
        // Alone: three rollouts one turn apart every time are no verdict either.
        let slow = [(false, 5), (false, 6), (false, 7)];
        let fast = [(false, 4), (false, 5), (false, 6)];
        let r = Rollouts {
            counts: counts_of(&slow, &fast),
            alone: true,
        };
        assert!(r.difference_to_best(0).holds(0.0));
        assert!(matches!(r.verdict(), Verdict::TooClose { best: 1, .. }));
    }

    #[test]
    fn stopping_on_the_third_column_wins_every_rollout() {
        // Can't Stop, 2 players: player 1 has won 2 and 12 and holds a car at the top of 3 and
        // cars on 4 and 5. Stopping wins at once; rolling on busts unless the roll makes a 3,
        // 4 or 5 (the opponent then plays on).
        let rules = Rules::new(GameKind::CantStop, 2);
        let fam = ColumnFamily::new(rules);
        let mut game = Game::new();
        for c in [2, 12] {
            game.board.set_cube(0, c, rules.layout.len(c));
            game.board.closed = game.board.closed.with(c);
            game.board.won[0] += 1;
        }
        game.turn = game
            .turn
            .after(&rules, &game.board, 0, crate::columns::Choice::one(3));
        for _ in 1..rules.layout.len(3) {
            game.turn = game
                .turn
                .after(&rules, &game.board, 0, crate::columns::Choice::one(3));
        }
        for c in [4, 5] {
            game.turn = game
                .turn
                .after(&rules, &game.board, 0, crate::columns::Choice::one(c));
        }
        game.turn.rolls = 4;
        assert!(game.turn.at_top.has(3), "{game:?}");
        let roll = ColumnPosition {
            game,
            decide_first: false,
        };
        let mut stop = roll;
        stop.game.stop(&rules);
        assert_eq!(stop.game.winner, Some(0));
        let spec = fam.parse_spec("fixed-risk:0.3").unwrap();
        let seats = fam.seats(&[spec]).unwrap();
        let r = roll_out(&fam, &seats, &[roll, stop], 0, 0, 500, 7);
        assert_eq!(r.counts.wins[1], 500);
        assert_eq!(r.counts.win_chance(1).mean, 1.0);
        assert!(r.counts.wins[0] < 500);
        assert_eq!(r.verdict(), Verdict::Best(1));
        let d = r.difference_to_best(0);
        assert!(d.hi < 0.0, "{d:?}");
    }

    #[test]
    fn the_same_counters_on_one_thread_and_two() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let fam = ColumnFamily::new(rules);
        let spec = fam.parse_spec("glenn").unwrap();
        let seats = fam.seats(&[spec]).unwrap();
        let start = ColumnPosition::start();
        let run = |threads| {
            let pool = crate::sim::runner::thread_pool(Some(threads)).unwrap();
            pool.install(|| roll_out(&fam, &seats, &[start, start], 0, 0, 1000, 3))
        };
        let one = run(1);
        assert_eq!(one, run(2));
        // The same position twice: the same games, rollout by rollout.
        assert_eq!(one.counts.wins[0], one.counts.wins[1]);
        assert_eq!(one.counts.both[1], one.counts.wins[0]);
    }

    #[test]
    fn a_run_reports_every_game_it_plays_and_the_same_figures() {
        // Two options of a searching player's rollouts, 6 rollouts each, on two threads.
        let rules = Rules::new(GameKind::CantStop, 2);
        let fam = ColumnFamily::new(rules);
        let spec = fam
            .parse_spec("rollout:glenn,budget=8,horizon=end")
            .unwrap();
        let seats = fam.seats(&[spec]).unwrap();
        let start = ColumnPosition::start();
        let done = std::sync::atomic::AtomicU64::new(0);
        let pool = crate::sim::runner::thread_pool(Some(2)).unwrap();
        let reported = pool.install(|| {
            roll_out_reporting(&fam, &seats, &[start, start], 0, 0, 6, 3, &|k| {
                done.fetch_add(k, std::sync::atomic::Ordering::Relaxed);
            })
        });
        assert_eq!(done.into_inner(), 12);
        assert_eq!(
            reported,
            roll_out(&fam, &seats, &[start, start], 0, 0, 6, 3)
        );
    }
}
