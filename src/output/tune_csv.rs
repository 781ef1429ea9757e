//! A tuning run's table: one row per evaluation of the search (each generation's incumbent
//! replayed on its games — in the first generation the template's start, `candidate` `start` —
//! then its candidates, each spec once, the incumbent after it marked `best`), then the
//! tuned spec's validation on fresh games, one row per opponent (at 3–4 players per table, the
//! opponents' names joined by `|`):
//! `game,players,rules,board,seed,status,stage,generation,candidate,spec,opponent,games,wins,
//! objective,ci95_low,ci95_high,best`. The objective is the win rate, or alone the mean turns.

use crate::output::provenance::{f6, Provenance};
use crate::output::table::{Figure, Table};
use pressluck_core::sim::{Generation, Score, Validation};
use serde::Serialize;

/// One row, after the provenance columns.
#[derive(Debug, Default, Serialize)]
pub struct TuneRow {
    stage: &'static str,
    generation: Option<usize>,
    candidate: String,
    spec: String,
    opponent: Option<String>,
    games: u64,
    wins: u64,
    objective: Option<Figure>,
    ci95_low: Option<Figure>,
    ci95_high: Option<Figure>,
    best: bool,
}

/// A finished (or partial) tuning run as a table.
pub struct TuneResult<'a> {
    /// The run's game, seats, rules, board and seed.
    pub provenance: &'a Provenance,
    /// Whether the objective is turns alone.
    pub solitaire: bool,
    /// The search's generations.
    pub generations: &'a [Generation],
    /// The tuned spec and its validation (none for an interrupted run).
    pub validation: Option<(&'a str, &'a [Validation])>,
    /// Whether the run was cut short.
    pub partial: bool,
}

impl TuneResult<'_> {
    /// The figures of a score.
    fn figures(&self, s: &Score) -> (Option<Figure>, Option<Figure>, Option<Figure>) {
        if s.games == 0 {
            return (None, None, None);
        }
        let (lo, hi) = s.interval(self.solitaire);
        (
            Some(f6(s.objective(self.solitaire))),
            Some(f6(lo)),
            Some(f6(hi)),
        )
    }

    /// The rows, generation by generation, then the validation.
    pub fn rows(&self) -> Vec<TuneRow> {
        let mut rows = Vec::new();
        for (g, gen) in self.generations.iter().enumerate() {
            let mut best_marked = false;
            let incumbent = if g == 0 { "start" } else { "incumbent" };
            let entries = gen
                .incumbent
                .iter()
                .map(|e| (incumbent.to_string(), e))
                .chain(
                    gen.candidates
                        .iter()
                        .enumerate()
                        .map(|(k, e)| ((k + 1).to_string(), e)),
                );
            for (candidate, e) in entries {
                let best = !best_marked && e.spec == gen.best;
                best_marked |= best;
                let (objective, ci95_low, ci95_high) = self.figures(&e.score);
                rows.push(TuneRow {
                    stage: "search",
                    generation: Some(g + 1),
                    candidate,
                    spec: e.spec.clone(),
                    opponent: None,
                    games: e.score.games,
                    wins: e.score.wins,
                    objective,
                    ci95_low,
                    ci95_high,
                    best,
                });
            }
        }
        if let Some((spec, validation)) = self.validation {
            for v in validation {
                let (objective, ci95_low, ci95_high) = self.figures(&v.score);
                rows.push(TuneRow {
                    stage: "validation",
                    generation: None,
                    candidate: "tuned".into(),
                    spec: spec.to_string(),
                    opponent: v.opponent.clone(),
                    games: v.score.games,
                    wins: v.score.wins,
                    objective,
                    ci95_low,
                    ci95_high,
                    best: true,
                });
            }
        }
        rows
    }

    /// The CSV bytes.
    pub fn to_csv(&self) -> anyhow::Result<Vec<u8>> {
        self.table()?.to_csv()
    }

    /// The table: the provenance columns, then the rows.
    pub fn table(&self) -> anyhow::Result<Table> {
        self.provenance.table(self.partial, self.rows())
    }

    /// Per generation: the best candidate's objective and the incumbent's after it (on that
    /// generation's games), for the curve.
    pub fn curve(&self) -> Vec<(f64, f64)> {
        self.generations
            .iter()
            .map(|gen| {
                let objective =
                    |e: &pressluck_core::sim::Evaluation| e.score.objective(self.solitaire);
                let best_candidate = gen
                    .candidates
                    .iter()
                    .map(objective)
                    .fold(None, |b: Option<f64>, v| {
                        Some(match b {
                            None => v,
                            Some(b) if self.solitaire => b.min(v),
                            Some(b) => b.max(v),
                        })
                    })
                    .unwrap_or(f64::NAN);
                let incumbent = gen
                    .candidates
                    .iter()
                    .chain(gen.incumbent.iter())
                    .find(|e| e.spec == gen.best)
                    .map(objective)
                    .unwrap_or(best_candidate);
                (best_candidate, incumbent)
            })
            .collect()
    }
}
