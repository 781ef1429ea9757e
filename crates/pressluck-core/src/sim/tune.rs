//! The tuner: CMA-ES (the `cmaes` crate) over a template's box of parameters, looking for the
//! policy with the best objective — the win rate against a field of opponents (every seat
//! rotation), or with one player the fewest mean turns to finish.
//!
//! - The search runs in unit coordinates, each parameter 0..=1 of its range; a point becomes a
//!   spec through the template ([`SearchSpace::spec`]), so whole parameters are rounded and
//!   grids respected. A point outside the box plays its nearest point inside and pays a penalty
//!   for the distance.
//! - Common random numbers: every candidate of generation `g` plays the same games, those of
//!   the seed `game_seed(seed, TUNE, g)` and a key per opponent that does not depend on the
//!   candidate. CMA-ES ranks a generation's candidates against each other, so the noise they
//!   share cancels.
//! - The incumbent (the best so far) plays each generation's games too, and a candidate takes
//!   its place only by beating it on the same games: a lucky draw cannot crown a candidate.
//! - At the end the incumbent is validated on games the search never saw (another key space)
//!   against each opponent of the field.
//! - Each evaluation's counters are integers: a run is the same on one thread or many, and a
//!   run resumed from its finished generations ([`Tuning::done`]) replays them exactly.

use super::runner::CHUNK;
use super::work::chunk_count;
use crate::counters::{mean95, mean_sd, wilson95, MatchupStats, SeatCounters};
use crate::engine::deal::{game_seed, name_key};
use crate::games::family::{matchup_key, Family};
use crate::games::{Matchup, Named};
use crate::template::SearchSpace;
use cmaes::{CMAESOptions, DVector, Mode};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};

/// The search's first step size, in unit coordinates (a third of each range).
const INITIAL_STEP: f64 = 0.3;

/// What a point outside the box pays for its squared distance to it, in the objective's units.
const OUTSIDE_PENALTY: f64 = 10.0;

/// The salt of the search's game seeds.
const TUNE_STREAM: u64 = 0x7475_6e65_2d67_656e;

/// A tuning problem: what is searched, and how a candidate is scored.
pub struct Tuning<'a, F: Family> {
    /// The game family with its rules.
    pub family: &'a F,
    /// The template's box.
    pub space: &'a SearchSpace,
    /// The opponents (empty: solitaire, scored by turns).
    pub field: &'a [F::Spec],
    /// Games a candidate plays against each opponent (or alone).
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Candidate evaluations the search may spend: whole generations while they fit, then a
    /// last generation of the candidates left (the first ones CMA-ES draws), then it stops.
    pub budget: usize,
    /// Candidates a generation (none: CMA-ES's default for the dimension).
    pub population: Option<usize>,
    /// The finished generations of an earlier, interrupted run of the same problem.
    pub done: Vec<Generation>,
}

/// A candidate's counters, added up over the field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Turns taken, summed over the games.
    pub turns: u64,
    /// Squares of the turns of each game, summed.
    pub turns_sq: u64,
}

impl Score {
    /// The candidate's slot-0 counters of one matchup's games.
    fn of(stats: &MatchupStats) -> Score {
        let c: SeatCounters = stats.slot_total(0);
        Score {
            games: c.games,
            wins: c.wins,
            turns: c.turns,
            turns_sq: c.turns_sq,
        }
    }

    /// Adds another matchup's counters.
    fn add(&mut self, o: Score) {
        self.games += o.games;
        self.wins += o.wins;
        self.turns += o.turns;
        self.turns_sq += o.turns_sq;
    }

    /// The objective: the win rate, or alone the mean turns; a spec that could not be played
    /// (no games) scores the worst.
    pub fn objective(&self, solitaire: bool) -> f64 {
        if self.games == 0 {
            return if solitaire { f64::MAX } else { 0.0 };
        }
        if solitaire {
            mean_sd(self.games, self.turns, self.turns_sq).0
        } else {
            self.wins as f64 / self.games.max(1) as f64
        }
    }

    /// The objective's 95% interval: Wilson's for a win rate, the mean ± 1.96 standard errors
    /// for turns.
    pub fn interval(&self, solitaire: bool) -> (f64, f64) {
        if solitaire {
            mean95(self.games, self.turns, self.turns_sq)
        } else {
            wilson95(self.wins, self.games)
        }
    }

    /// Whether `self` is strictly better than `other` on the objective, compared exactly on the
    /// counters (both played the same number of games).
    fn beats(&self, other: &Score, solitaire: bool) -> bool {
        if self.games == 0 {
            return false;
        }
        if other.games == 0 {
            return true;
        }
        let (a, b) = if solitaire {
            (
                other.turns as u128 * self.games as u128,
                self.turns as u128 * other.games as u128,
            )
        } else {
            (
                self.wins as u128 * other.games as u128,
                other.wins as u128 * self.games as u128,
            )
        };
        a > b
    }
}

/// One candidate's evaluation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evaluation {
    /// The spec played.
    pub spec: String,
    /// Its counters.
    pub score: Score,
}

/// A finished generation: the incumbent replayed on its games (none in the first), its
/// candidates, and the incumbent after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generation {
    /// The incumbent before this generation, on this generation's games.
    pub incumbent: Option<Evaluation>,
    /// The candidates, in the order CMA-ES drew them.
    pub candidates: Vec<Evaluation>,
    /// The incumbent after this generation (the spec).
    pub best: String,
}

/// The result against one opponent (or alone) on fresh games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Validation {
    /// The opponent's name (none alone).
    pub opponent: Option<String>,
    /// The tuned spec's counters.
    pub score: Score,
}

/// What a tuning run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Every finished generation.
    pub generations: Vec<Generation>,
    /// Whether the search ran to its end (not interrupted).
    pub complete: bool,
}

impl<F: Family> Tuning<'_, F> {
    /// Whether the objective is turns alone.
    pub fn solitaire(&self) -> bool {
        self.field.is_empty()
    }

    /// Candidates a generation.
    pub fn population(&self) -> usize {
        self.population
            .unwrap_or(4 + (3.0 * (self.space.dimensions() as f64).ln()).floor() as usize)
    }

    /// Plays `spec` for its score: `games` against each opponent (or alone) with the keys
    /// `key_of(opponent)` and the seed `seed`; `None` when interrupted.
    fn play(
        &self,
        spec: &F::Spec,
        seed: u64,
        key_of: &(dyn Fn(&Matchup<F::Spec>) -> u64 + Sync),
        interrupt: &AtomicBool,
    ) -> Option<Vec<Score>> {
        let matchups: Vec<Matchup<F::Spec>> = if self.field.is_empty() {
            vec![Matchup {
                slots: vec![spec.clone()],
            }]
        } else {
            self.field
                .iter()
                .map(|o| Matchup {
                    slots: vec![spec.clone(), o.clone()],
                })
                .collect()
        };
        let units: Vec<(usize, u64)> = (0..matchups.len())
            .flat_map(|m| (0..chunk_count(self.games)).map(move |k| (m, k)))
            .collect();
        let played: Vec<Option<(usize, Score)>> = units
            .par_iter()
            .map(|&(m, k)| {
                if interrupt.load(Ordering::Relaxed) {
                    return None;
                }
                let (lo, hi) = (k * CHUNK, ((k + 1) * CHUNK).min(self.games));
                let stats = self
                    .family
                    .play(&matchups[m], seed, key_of(&matchups[m]), lo, hi);
                Some((m, Score::of(&stats)))
            })
            .collect();
        let mut scores = vec![Score::default(); matchups.len()];
        for p in played {
            let (m, s) = p?;
            scores[m].add(s);
        }
        Some(scores)
    }

    /// A candidate's score on generation `g`'s games: the same games for every candidate.
    fn score(&self, spec: &F::Spec, g: usize, interrupt: &AtomicBool) -> Option<Score> {
        let seed = game_seed(self.seed, TUNE_STREAM, g as u64);
        let key = |m: &Matchup<F::Spec>| match m.slots.get(1) {
            Some(o) => name_key(&format!("tune|{}", o.name())),
            None => name_key("tune"),
        };
        let scores = self.play(spec, seed, &key, interrupt)?;
        let mut total = Score::default();
        for s in scores {
            total.add(s);
        }
        Some(total)
    }

    /// [`Tuning::score`] of a spec text; one outside the policy's domain scores no games.
    fn score_text(
        &self,
        parse: &dyn Fn(&str) -> Option<F::Spec>,
        text: &str,
        g: usize,
        interrupt: &AtomicBool,
    ) -> Option<Score> {
        match parse(text) {
            Some(spec) => self.score(&spec, g, interrupt),
            None => Some(Score::default()),
        }
    }

    /// Plays `spec` against each opponent (or alone) on `games` games the search never saw.
    pub fn validate(
        &self,
        spec: &F::Spec,
        games: u64,
        interrupt: &AtomicBool,
    ) -> Option<Vec<Validation>> {
        let fresh = Tuning {
            games,
            done: Vec::new(),
            ..*self
        };
        let scores = fresh.play(spec, self.seed, &|m| matchup_key(m), interrupt)?;
        let names: Vec<Option<String>> = if self.field.is_empty() {
            vec![None]
        } else {
            self.field
                .iter()
                .map(|o| Some(o.name().to_string()))
                .collect()
        };
        Some(
            names
                .into_iter()
                .zip(scores)
                .map(|(opponent, score)| Validation { opponent, score })
                .collect(),
        )
    }

    /// Runs the search. `parse` turns a spec text into a spec (`None`: the point is outside
    /// the policy's domain, and scores the worst); `on_generation` hears of each generation as
    /// it finishes. Stops early, with the generations finished so far, once `interrupt` is set.
    pub fn run(
        &self,
        parse: &dyn Fn(&str) -> Option<F::Spec>,
        interrupt: &AtomicBool,
        on_generation: &mut dyn FnMut(&Generation),
    ) -> Outcome {
        let solitaire = self.solitaire();
        let lambda = self.population();
        let mode = if solitaire {
            Mode::Minimize
        } else {
            Mode::Maximize
        };
        let state = RefCell::new(Search {
            generations: Vec::new(),
            current: None,
            incumbent: None,
            spent: 0,
            interrupted: false,
        });
        let objective = |x: &DVector<f64>| -> f64 {
            let mut st = state.borrow_mut();
            if st.spent >= self.budget {
                // The rest of a last generation cut short by the budget: not played, and the
                // search stops after this generation, so the value is never used.
                return Score::default().objective(solitaire);
            }
            let g = st.generations.len();
            let spec_text = self.space.spec(x.as_slice());
            let replayed = self.done.get(g);
            if st.current.is_none() {
                let incumbent = match (&st.incumbent, replayed) {
                    (_, Some(done)) => done.incumbent.clone(),
                    (Some(inc), None) => match self.score_text(parse, &inc.spec, g, interrupt) {
                        Some(score) => Some(Evaluation {
                            spec: inc.spec.clone(),
                            score,
                        }),
                        None => {
                            st.interrupted = true;
                            return f64::NAN;
                        }
                    },
                    (None, None) => None,
                };
                st.current = Some(Generation {
                    incumbent,
                    candidates: Vec::new(),
                    best: String::new(),
                });
            }
            let k = st.current.as_ref().map_or(0, |c| c.candidates.len());
            let score = match replayed.and_then(|d| d.candidates.get(k)) {
                Some(e) if e.spec == spec_text => e.score,
                _ => match self.score_text(parse, &spec_text, g, interrupt) {
                    Some(s) => s,
                    None => {
                        st.interrupted = true;
                        return f64::NAN;
                    }
                },
            };
            st.spent += 1;
            let last = st.spent == self.budget;
            let current = st.current.as_mut().expect("a generation in hand");
            current.candidates.push(Evaluation {
                spec: spec_text,
                score,
            });
            if current.candidates.len() == lambda || last {
                let mut gen = st.current.take().expect("a generation in hand");
                let best = gen
                    .candidates
                    .iter()
                    .fold(None::<&Evaluation>, |b, e| match b {
                        Some(b) if !e.score.beats(&b.score, solitaire) => Some(b),
                        _ => Some(e),
                    })
                    .expect("a generation has candidates")
                    .clone();
                let crowned = match &gen.incumbent {
                    Some(inc) if !best.score.beats(&inc.score, solitaire) => inc.clone(),
                    _ => best,
                };
                gen.best = crowned.spec.clone();
                st.incumbent = Some(crowned);
                st.generations.push(gen);
            }
            // The box: a point outside it plays its nearest point inside, and pays for the
            // distance, so the search comes back.
            let outside: f64 = x.iter().map(|v| (v - v.clamp(0.0, 1.0)).powi(2)).sum();
            match mode {
                Mode::Minimize => score.objective(true) + OUTSIDE_PENALTY * outside,
                Mode::Maximize => score.objective(false) - OUTSIDE_PENALTY * outside,
            }
        };
        let options = CMAESOptions::new(self.space.start(), INITIAL_STEP)
            .mode(mode)
            .population_size(lambda)
            .seed(self.seed)
            .tol_fun(0.0)
            .tol_fun_hist(0.0);
        let mut cmaes = match options.build(objective) {
            Ok(c) => c,
            Err(e) => panic!("the tuner's options are valid: {e:?}"),
        };
        let mut reported = 0;
        loop {
            let stop = cmaes.next();
            let st = state.borrow();
            for g in &st.generations[reported..] {
                on_generation(g);
            }
            reported = st.generations.len();
            if st.interrupted || stop.is_some() || st.spent >= self.budget {
                break;
            }
        }
        drop(cmaes);
        let st = state.into_inner();
        Outcome {
            complete: !st.interrupted,
            generations: st.generations,
        }
    }
}

/// The search's state between the optimizer's calls.
struct Search {
    /// The finished generations.
    generations: Vec<Generation>,
    /// The generation in hand.
    current: Option<Generation>,
    /// The best so far, with its score on the last generation's games.
    incumbent: Option<Evaluation>,
    /// Candidates evaluated (or replayed from a checkpoint) so far.
    spent: usize,
    /// Whether an interrupt cut an evaluation short.
    interrupted: bool,
}
