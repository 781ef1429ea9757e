//! The tuner: CMA-ES (the `cmaes` crate) over a template's box of parameters, looking for the
//! policy with the best objective — the win rate against a field of opponents (every seat
//! rotation), or with one player the fewest mean turns to finish.
//!
//! - The tables ([`tables`]): the candidate sits in slot 0 and the field fills the other
//!   seats. At two players each opponent is a table; at three and four, every choice of the
//!   other seats' opponents from the field — distinct entries, each set once, when the field
//!   has enough; otherwise every way of filling them that seats each entry at least once. The
//!   seats rotate one a game, as in a tournament, so over every `n` games of an `n`-seat table
//!   the candidate plays each seat once. The objective is the candidate's win share over all
//!   its tables' games.
//! - The search runs in unit coordinates, each parameter 0..=1 of its range; a point becomes a
//!   spec through the template ([`SearchSpace::spec`]), so whole parameters are rounded and
//!   grids respected. A point outside the box plays its nearest point inside and pays a penalty
//!   for the distance.
//! - Common random numbers: every candidate of generation `g` plays the same games, those of
//!   the seed `game_seed(seed, TUNE, g)` and a key per opponent that does not depend on the
//!   candidate. CMA-ES ranks a generation's candidates against each other, so the noise they
//!   share cancels.
//! - The incumbent (the best so far) plays each generation's games too, and a candidate takes
//!   its place only by beating it on the same games: a lucky draw cannot crown a candidate. The
//!   first incumbent is the template's start (its `from` values, else each range's middle),
//!   played on the first generation's games, so the search never returns worse than where it
//!   began on the games it played.
//! - A spec drawn twice in a generation (whole parameters round many points to one) is played
//!   once: the draw takes the score it already has on these games, and is not charged to the
//!   budget again. A generation that draws nothing new costs only the incumbent's replay; after
//!   [`SETTLED_AFTER`] such generations in a row the search has settled on the grid and ends.
//! - At the end the incumbent is validated on games the search never saw (another key space)
//!   against each opponent of the field.
//! - Each evaluation's counters are integers: a run is the same on one thread or many, and a
//!   run resumed from its finished generations ([`Tuning::done`]) replays them exactly.

use super::pieces::Pace;
use super::runner::CHUNK;
use super::work::{chunk_count, play_chunk};
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

/// The search's first step size when none is given, in unit coordinates (a third of each
/// range).
pub const INITIAL_STEP: f64 = 0.3;

/// What a point outside the box pays for its squared distance to it, in the objective's units.
const OUTSIDE_PENALTY: f64 = 10.0;

/// Generations in a row that draw only specs already played on their games after which the
/// search has settled (a small step moves away from the start over a few of them).
pub const SETTLED_AFTER: usize = 3;

/// The salt of the search's game seeds.
const TUNE_STREAM: u64 = 0x7475_6e65_2d67_656e;

/// A tuning problem: what is searched, and how a candidate is scored.
pub struct Tuning<'a, F: Family> {
    /// The game family with its rules.
    pub family: &'a F,
    /// The template's box.
    pub space: &'a SearchSpace,
    /// The opponents (empty: solitaire, scored by turns), seated at the family's table by
    /// [`tables`].
    pub field: &'a [F::Spec],
    /// Games a candidate plays at each table (at two players, against each opponent; or alone).
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Candidate evaluations the search may spend: whole generations while they fit, then a
    /// last generation of the candidates left (the first ones CMA-ES draws), then it stops. A
    /// draw of a spec already played on its generation's games is not charged.
    pub budget: usize,
    /// Candidates a generation (none: CMA-ES's default for the dimension).
    pub population: Option<usize>,
    /// The search's first step size, in unit coordinates ([`INITIAL_STEP`] unless a run
    /// refines a known point, where a small step keeps the first candidates near it).
    pub step: f64,
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

/// A finished generation: the incumbent replayed on its games (in the first, the template's
/// start), its candidates, and the incumbent after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generation {
    /// The incumbent before this generation (the first generation's: the start), on this
    /// generation's games.
    pub incumbent: Option<Evaluation>,
    /// The candidates, in the order CMA-ES drew them, each spec once (a spec drawn again, or
    /// the incumbent's, took the score it had).
    pub candidates: Vec<Evaluation>,
    /// The incumbent after this generation (the spec).
    pub best: String,
}

/// The result at one table (or alone) on fresh games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Validation {
    /// The table's opponents, their names joined by `|` in slot order (none alone).
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

    /// The opponents of each table, in slot order ([`tables`] of the field at the family's
    /// seats; one empty table alone).
    pub fn tables(&self) -> Vec<Vec<F::Spec>> {
        tables(self.field, self.family.players() as usize)
    }

    /// Plays `spec` for its score: `games` at each table (or alone) with the keys
    /// `key_of(matchup)` and the seed `seed`; `None` when interrupted.
    fn play(
        &self,
        spec: &F::Spec,
        seed: u64,
        key_of: &(dyn Fn(&Matchup<F::Spec>) -> u64 + Sync),
        interrupt: &AtomicBool,
    ) -> Option<Vec<Score>> {
        let matchups: Vec<Matchup<F::Spec>> = self
            .tables()
            .into_iter()
            .map(|opponents| Matchup {
                slots: std::iter::once(spec.clone()).chain(opponents).collect(),
            })
            .collect();
        let units: Vec<(usize, u64)> = (0..matchups.len())
            .flat_map(|m| (0..chunk_count(self.games)).map(move |k| (m, k)))
            .collect();
        let paces: Vec<Pace> = matchups.iter().map(|_| Pace::default()).collect();
        let played: Vec<Option<(usize, Score)>> = units
            .par_iter()
            .map(|&(m, k)| {
                if interrupt.load(Ordering::Relaxed) {
                    return None;
                }
                let (lo, hi) = (k * CHUNK, ((k + 1) * CHUNK).min(self.games));
                let key = key_of(&matchups[m]);
                // A seat that could not answer left the chunk unfinished: the score is none.
                let stats = play_chunk(self.family, &matchups[m], seed, key, lo, hi, &paces[m])?;
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
        let key = |m: &Matchup<F::Spec>| match m.slots.len() {
            1 => name_key("tune"),
            _ => name_key(&format!("tune|{}", opponents_name(&m.slots[1..]))),
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

    /// Plays `spec` at each table (or alone) on `games` games the search never saw.
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
        let names: Vec<Option<String>> = self
            .tables()
            .iter()
            .map(|t| (!t.is_empty()).then(|| opponents_name(t)))
            .collect();
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
            drawn: 0,
            incumbent: None,
            spent: 0,
            unchanged: 0,
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
                // The incumbent on this generation's games: the first generation's is the
                // template's start.
                let incumbent_spec = match &st.incumbent {
                    Some(inc) => inc.spec.clone(),
                    None => self.space.spec(&self.space.start()),
                };
                let incumbent = match replayed {
                    Some(done) => done.incumbent.clone(),
                    None => match self.score_text(parse, &incumbent_spec, g, interrupt) {
                        Some(score) => Some(Evaluation {
                            spec: incumbent_spec,
                            score,
                        }),
                        None => {
                            st.interrupted = true;
                            return f64::NAN;
                        }
                    },
                };
                st.current = Some(Generation {
                    incumbent,
                    candidates: Vec::new(),
                    best: String::new(),
                });
                st.drawn = 0;
            }
            st.drawn += 1;
            let current = st.current.as_ref().expect("a generation in hand");
            let played = current
                .candidates
                .iter()
                .chain(current.incumbent.iter())
                .find(|e| e.spec == spec_text)
                .map(|e| e.score);
            let k = current.candidates.len();
            let (score, last) = match played {
                Some(score) => (score, false),
                None => {
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
                    let current = st.current.as_mut().expect("a generation in hand");
                    current.candidates.push(Evaluation {
                        spec: spec_text,
                        score,
                    });
                    (score, st.spent == self.budget)
                }
            };
            if st.drawn == lambda || last {
                let mut gen = st.current.take().expect("a generation in hand");
                st.unchanged = if gen.candidates.is_empty() {
                    st.unchanged + 1
                } else {
                    0
                };
                // The incumbent stays unless a candidate beats it; of equal candidates the
                // first drawn.
                let crowned = gen
                    .candidates
                    .iter()
                    .fold(gen.incumbent.as_ref(), |b, e| match b {
                        Some(b) if !e.score.beats(&b.score, solitaire) => Some(b),
                        _ => Some(e),
                    })
                    .expect("a generation has an incumbent or a candidate")
                    .clone();
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
        let options = CMAESOptions::new(self.space.start(), self.step)
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
            let settled = st.unchanged >= SETTLED_AFTER;
            if st.interrupted || settled || stop.is_some() || st.spent >= self.budget {
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

/// The names of a table's opponents joined by `|`, in slot order.
fn opponents_name<S: Named>(opponents: &[S]) -> String {
    opponents
        .iter()
        .map(|o| o.name())
        .collect::<Vec<_>>()
        .join("|")
}

/// The opponents of each table a candidate plays at `seats` seats against `field`, each in
/// slot order after the candidate's slot 0, in lexicographic order of the entries' positions:
///
/// - with at least `seats - 1` entries, every set of `seats - 1` distinct entries, once (at
///   two seats each opponent alone; four entries at three seats make six tables);
/// - with fewer, every way of filling the `seats - 1` seats, each entry at least once and in
///   list order (`ev`, `glenn` at four seats: `ev|ev|glenn` and `ev|glenn|glenn`);
/// - no field, or one seat: one table, the candidate alone.
///
/// Over its tables every entry fills as many seats as any other.
pub fn tables<S: Clone>(field: &[S], seats: usize) -> Vec<Vec<S>> {
    let others = seats.saturating_sub(1);
    if field.is_empty() || others == 0 {
        return vec![Vec::new()];
    }
    let k = field.len();
    let distinct = k >= others;
    let mut out = Vec::new();
    let mut idx = Vec::with_capacity(others);
    /// Extends `idx` by non-decreasing positions from `start` (strictly increasing when
    /// `distinct`), keeping the tuples that use every entry when not `distinct`.
    fn rec(
        start: usize,
        k: usize,
        others: usize,
        distinct: bool,
        idx: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if idx.len() == others {
            if distinct
                || idx.first() == Some(&0)
                    && idx.windows(2).all(|w| w[1] - w[0] <= 1)
                    && idx.last() == Some(&(k - 1))
            {
                out.push(idx.clone());
            }
            return;
        }
        for i in start..k {
            idx.push(i);
            rec(
                if distinct { i + 1 } else { i },
                k,
                others,
                distinct,
                idx,
                out,
            );
            idx.pop();
        }
    }
    rec(0, k, others, distinct, &mut idx, &mut out);
    out.into_iter()
        .map(|t| t.into_iter().map(|i| field[i].clone()).collect())
        .collect()
}

/// How many tables [`tables`] makes of `field` entries at `seats` seats, without making them
/// (saturating at `u64::MAX`).
pub fn table_count(field: usize, seats: usize) -> u64 {
    let others = seats.saturating_sub(1) as u64;
    let k = field as u64;
    if k == 0 || others == 0 {
        1
    } else if k >= others {
        binomial(k, others)
    } else {
        binomial(others - 1, k - 1)
    }
}

/// `n` choose `r`, saturating at `u64::MAX`.
fn binomial(n: u64, r: u64) -> u64 {
    let r = r.min(n - r);
    let mut c: u128 = 1;
    for i in 0..r {
        c = c * (n - i) as u128 / (i + 1) as u128;
        if c > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    c as u64
}

/// The search's state between the optimizer's calls.
struct Search {
    /// The finished generations.
    generations: Vec<Generation>,
    /// The generation in hand.
    current: Option<Generation>,
    /// Points CMA-ES has drawn for the generation in hand (a spec drawn again counts here, not
    /// in its candidates).
    drawn: usize,
    /// The best so far, with its score on the last generation's games.
    incumbent: Option<Evaluation>,
    /// Candidates evaluated (or replayed from a checkpoint) so far, each spec once a
    /// generation.
    spent: usize,
    /// The last generations in a row that drew nothing new.
    unchanged: usize,
    /// Whether an interrupt cut an evaluation short.
    interrupted: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{Edition, Rules};
    use crate::games::column_races::family::ColumnFamily;
    use crate::policy::PolicySpec;

    /// The tables of the entries `field` at `seats` seats, as names.
    fn named(field: &[&str], seats: usize) -> Vec<String> {
        tables(field, seats).iter().map(|t| t.join("|")).collect()
    }

    #[test]
    fn two_seats_seat_each_opponent_alone() {
        assert_eq!(
            named(&["ev", "glenn", "rule28"], 2),
            ["ev", "glenn", "rule28"]
        );
    }

    #[test]
    fn a_field_large_enough_sits_every_set_of_distinct_opponents_once() {
        assert_eq!(
            named(&["a", "b", "c", "d"], 3),
            ["a|b", "a|c", "a|d", "b|c", "b|d", "c|d"]
        );
        assert_eq!(named(&["a", "b", "c"], 4), ["a|b|c"]);
        assert_eq!(
            named(&["a", "b", "c", "d"], 4),
            ["a|b|c", "a|b|d", "a|c|d", "b|c|d"]
        );
        assert_eq!(named(&["a", "b"], 3), ["a|b"]);
    }

    #[test]
    fn a_small_field_fills_the_seats_with_every_entry_at_least_once() {
        assert_eq!(
            named(&["ev", "glenn"], 4),
            ["ev|ev|glenn", "ev|glenn|glenn"]
        );
        assert_eq!(named(&["ev"], 4), ["ev|ev|ev"]);
        assert_eq!(named(&["ev"], 3), ["ev|ev"]);
        assert_eq!(named(&[], 3), [""]);
        assert_eq!(named(&["ev"], 1), [""]);
    }

    #[test]
    fn every_entry_fills_as_many_seats_and_the_count_is_exact() {
        let field = ["a", "b", "c", "d", "e", "f"];
        for seats in 1..=4 {
            for k in 0..=field.len() {
                let t = tables(&field[..k], seats);
                assert_eq!(t.len() as u64, table_count(k, seats), "{k} at {seats}");
                for table in &t {
                    assert_eq!(table.len(), if k == 0 { 0 } else { seats - 1 });
                }
                let seats_of = |e: &&str| t.iter().flatten().filter(|x| *x == e).count();
                let counts: Vec<usize> = field[..k].iter().map(seats_of).collect();
                assert!(counts.windows(2).all(|w| w[0] == w[1]), "{counts:?}");
            }
        }
        assert_eq!(table_count(100, 4), 161_700);
        assert_eq!(table_count(usize::MAX, 3), u64::MAX);
    }

    /// A Route 66 tuning problem at `players` seats against `field`.
    fn problem<'a>(
        family: &'a ColumnFamily,
        space: &'a SearchSpace,
        field: &'a [PolicySpec],
    ) -> Tuning<'a, ColumnFamily> {
        Tuning {
            family,
            space,
            field,
            games: 240,
            seed: 7,
            budget: 4,
            population: Some(4),
            step: INITIAL_STEP,
            done: Vec::new(),
        }
    }

    fn specs(names: &[&str]) -> Vec<PolicySpec> {
        names
            .iter()
            .map(|n| PolicySpec::parse(n).unwrap())
            .collect()
    }

    #[test]
    fn at_three_seats_the_candidate_plays_every_seat_of_every_table_equally() {
        let family = ColumnFamily::new(Rules::route66(Edition::En, 3));
        let space = SearchSpace::parse("rolls:{1..5}").unwrap();
        let field = specs(&["ev", "one-roll", "rule28"]);
        let tuning = problem(&family, &space, &field);
        let candidate = PolicySpec::parse("rolls:3").unwrap();
        let never = AtomicBool::new(false);
        let tables = tuning.tables();
        assert_eq!(tables.len(), 3);
        let mut total = Score::default();
        for opponents in &tables {
            let m = Matchup {
                slots: std::iter::once(candidate.clone())
                    .chain(opponents.iter().cloned())
                    .collect(),
            };
            let key = name_key(&format!("tune|{}", opponents_name(opponents)));
            let stats = family.play(&m, game_seed(7, TUNE_STREAM, 0), key, 0, 240);
            for seat in 0..3 {
                assert_eq!(stats.cells[0][seat].games, 80, "{}", m.name());
            }
            total.add(Score::of(&stats));
        }
        assert_eq!(total.games, 720);
        assert_eq!(tuning.score(&candidate, 0, &never), Some(total));
    }

    #[test]
    fn a_table_is_validated_on_the_tournaments_own_games() {
        let family = ColumnFamily::new(Rules::route66(Edition::En, 4));
        let space = SearchSpace::parse("rolls:{1..5}").unwrap();
        let field = specs(&["ev", "glenn"]);
        let tuning = problem(&family, &space, &field);
        let candidate = PolicySpec::parse("rolls:4").unwrap();
        let never = AtomicBool::new(false);
        let validation = tuning.validate(&candidate, 400, &never).unwrap();
        let opponents: Vec<_> = validation.iter().map(|v| v.opponent.clone()).collect();
        assert_eq!(
            opponents,
            [
                Some("ev|ev|glenn".to_string()),
                Some("ev|glenn|glenn".to_string())
            ]
        );
        for (v, names) in validation
            .iter()
            .zip([["ev", "ev", "glenn"], ["ev", "glenn", "glenn"]])
        {
            let m = Matchup {
                slots: std::iter::once(candidate.clone())
                    .chain(specs(&names))
                    .collect(),
            };
            let stats = family.play(&m, 7, matchup_key(&m), 0, 400);
            assert_eq!(v.score, Score::of(&stats));
            assert_eq!(v.score.games, 400);
        }
    }
}
