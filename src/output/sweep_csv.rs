//! A finished sweep: the swept policy's counters per point and opponent, the best point of
//! each series, and the CSV rows (`game,players,rules,board,seed,status,policy,parameter,
//! opponent,games,wins,win_rate,ci95_low,ci95_high,mean_turns,sd_turns,best`, then
//! `se_turns`; the figures of a point with no games are empty); and the sweep as a run of
//! counters: the grid its matchups make (point by point, opponent by opponent) and its result
//! from the counters. The unsharded `sweep` and `merge` both build the result here, so merged
//! shards give the single run's bytes.

use crate::output::counters_csv::{RunId, RunKind};
use crate::output::provenance::{f6, Provenance};
use crate::output::run_id::sweep_grid;
use crate::output::table::{Figure, Table};
use pressluck_core::counters::{mean_sd, wilson95, MatchupStats, SeatCounters};
use serde::Serialize;
use std::cmp::Ordering;
use std::fmt::Write as _;

/// The opponent label of a solitaire sweep's only series.
pub const SOLITAIRE: &str = "-";
/// The opponent label of the series against the whole field.
pub const FIELD: &str = "all";

/// One point of the sweep: its parameter value and the policy it makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepPoint {
    /// The parameter value as text (`0.25`).
    pub parameter: String,
    /// The policy's canonical name (`fixed-risk:0.25`).
    pub policy: String,
}

/// The swept policy's counters at every point against one opponent (or the field, or alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    /// The opponent's name, [`FIELD`] or [`SOLITAIRE`].
    pub opponent: String,
    /// Counters of the swept policy, point by point.
    pub counters: Vec<SeatCounters>,
}

impl Series {
    /// The index of the best point: the highest win rate with opponents, the fewest mean
    /// turns alone; compared exactly on the integer counters, ties to the earlier point.
    pub fn best(&self, solitaire: bool) -> usize {
        let key = |c: &SeatCounters| if solitaire { c.turns } else { c.wins };
        let mut best = 0;
        for (i, c) in self.counters.iter().enumerate().skip(1) {
            let b = &self.counters[best];
            let lhs = key(c) as u128 * b.games as u128;
            let rhs = key(b) as u128 * c.games as u128;
            let better = if solitaire {
                Ordering::Less
            } else {
                Ordering::Greater
            };
            if c.games > 0 && (b.games == 0 || lhs.cmp(&rhs) == better) {
                best = i;
            }
        }
        best
    }
}

/// A finished sweep.
#[derive(Clone, Debug)]
pub struct SweepResult {
    /// The run: game, seats, rules, board, seed.
    pub provenance: Provenance,
    /// Seats at the table (1 or 2).
    pub players: u8,
    /// The template as given.
    pub template: String,
    /// The points, in order.
    pub points: Vec<SweepPoint>,
    /// One series per opponent then [`FIELD`] (two players), or one [`SOLITAIRE`] series.
    pub series: Vec<Series>,
    /// Whether some games are missing (an interrupted run, a partial merge).
    pub partial: bool,
}

/// One row of the sweep CSV, after the provenance columns.
#[derive(Debug, Default, Serialize)]
pub struct SweepRow {
    policy: String,
    parameter: String,
    opponent: String,
    games: u64,
    wins: u64,
    win_rate: Option<Figure>,
    ci95_low: Option<Figure>,
    ci95_high: Option<Figure>,
    mean_turns: Option<Figure>,
    sd_turns: Option<Figure>,
    best: bool,
    se_turns: Option<Figure>,
}

/// Point estimates of a series' point: win rate, its interval, mean turns, sd and se.
pub struct Estimate {
    /// Wins per game.
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub ci95: (f64, f64),
    /// Mean turns per game.
    pub mean_turns: f64,
    /// Standard deviation of the turns per game.
    pub sd_turns: f64,
    /// Standard error of the mean turns.
    pub se_turns: f64,
}

impl Estimate {
    /// The estimates from counters.
    pub fn of(c: &SeatCounters) -> Estimate {
        let (mean_turns, sd_turns) = mean_sd(c.games, c.turns, c.turns_sq);
        let n = c.games.max(1) as f64;
        Estimate {
            win_rate: c.wins as f64 / n,
            ci95: wilson95(c.wins, c.games),
            mean_turns,
            sd_turns,
            se_turns: sd_turns / n.sqrt(),
        }
    }
}

impl SweepResult {
    /// Whether the sweep is solitaire (best = fewest turns).
    pub fn solitaire(&self) -> bool {
        self.players == 1
    }

    /// The CSV rows: series by series, point by point.
    pub fn rows(&self) -> Vec<SweepRow> {
        let mut rows = Vec::new();
        for s in &self.series {
            let best = s.best(self.solitaire());
            for (i, (p, c)) in self.points.iter().zip(&s.counters).enumerate() {
                let e = Estimate::of(c);
                let some = |x: f64| (c.games > 0).then(|| f6(x));
                rows.push(SweepRow {
                    policy: p.policy.clone(),
                    parameter: p.parameter.clone(),
                    opponent: s.opponent.clone(),
                    games: c.games,
                    wins: c.wins,
                    win_rate: some(e.win_rate),
                    ci95_low: some(e.ci95.0),
                    ci95_high: some(e.ci95.1),
                    mean_turns: some(e.mean_turns),
                    sd_turns: some(e.sd_turns),
                    best: c.games > 0 && i == best,
                    se_turns: some(e.se_turns),
                });
            }
        }
        rows
    }

    /// The CSV bytes.
    pub fn to_csv(&self) -> anyhow::Result<Vec<u8>> {
        self.table()?.to_csv()
    }

    /// The result table: the provenance columns, then the rows.
    pub fn table(&self) -> anyhow::Result<Table> {
        self.provenance.table(self.partial, self.rows())
    }

    /// The whole table for a person: each series point by point, the best point marked `*`.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        let width = self
            .points
            .iter()
            .map(|p| p.policy.len())
            .max()
            .unwrap_or(6)
            .max(6);
        for series in &self.series {
            let best = series.best(self.solitaire());
            let _ = if self.solitaire() {
                writeln!(
                    s,
                    "{:<width$}  {:>10}  {:>12}  {:>8}",
                    "policy", "games", "mean turns", "se"
                )
            } else {
                writeln!(
                    s,
                    "against {}\n{:<width$}  {:>10}  {:>8}  {:<17}",
                    series.opponent, "policy", "games", "win rate", "95% interval"
                )
            };
            for (i, (p, c)) in self.points.iter().zip(&series.counters).enumerate() {
                let e = Estimate::of(c);
                let mark = if c.games > 0 && i == best { " *" } else { "" };
                let _ = if self.solitaire() {
                    writeln!(
                        s,
                        "{:<width$}  {:>10}  {:>12.3}  {:>8.3}{mark}",
                        p.policy, c.games, e.mean_turns, e.se_turns
                    )
                } else {
                    writeln!(
                        s,
                        "{:<width$}  {:>10}  {:>8.4}  [{:.4}, {:.4}]{mark}",
                        p.policy, c.games, e.win_rate, e.ci95.0, e.ci95.1
                    )
                };
            }
            s.push('\n');
        }
        s += if self.solitaire() {
            "* the fewest mean turns\n"
        } else {
            "* the best win rate against that opponent\n"
        };
        s
    }
}

/// The result of a sweep from its identity and its counters (one per matchup), marked
/// `partial` when games are missing. Fails when `run` is no sweep's.
pub fn result(run: &RunId, stats: &[MatchupStats], partial: bool) -> Result<SweepResult, String> {
    let RunKind::Sweep { template, points } = &run.kind else {
        return Err("not a sweep's counters".into());
    };
    let (policies, opponents) = sweep_grid(run.players, points.len(), &run.matchups)?;
    if stats.len() != run.matchups.len() {
        return Err("counters for a different number of matchups".into());
    }
    let per = opponents.len().max(1);
    let series_of = |j: usize, name: &str| Series {
        opponent: name.to_string(),
        counters: (0..points.len())
            .map(|i| stats[i * per + j].slot_total(0))
            .collect(),
    };
    let mut series: Vec<Series> = if opponents.is_empty() {
        vec![series_of(0, SOLITAIRE)]
    } else {
        opponents
            .iter()
            .enumerate()
            .map(|(j, o)| series_of(j, o))
            .collect()
    };
    if !opponents.is_empty() {
        let mut field = series_of(0, FIELD);
        for s in &series[1..] {
            for (a, b) in field.counters.iter_mut().zip(&s.counters) {
                *a += *b;
            }
        }
        series.push(field);
    }
    Ok(SweepResult {
        provenance: run.provenance(),
        players: run.players,
        template: template.clone(),
        points: points
            .iter()
            .zip(policies)
            .map(|(p, policy)| SweepPoint {
                parameter: p.clone(),
                policy,
            })
            .collect(),
        series,
        partial,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(games: u64, wins: u64, turns: u64) -> SeatCounters {
        SeatCounters {
            games,
            wins,
            turns,
            turns_sq: turns * turns / games.max(1),
            ..SeatCounters::default()
        }
    }

    #[test]
    fn best_is_exact_and_ties_go_to_the_first() {
        let s = Series {
            opponent: "ev".into(),
            counters: vec![c(10, 4, 90), c(10, 6, 80), c(10, 6, 70), c(0, 0, 0)],
        };
        assert_eq!(s.best(false), 1);
        assert_eq!(s.best(true), 2);
        // Three of seven beats 428 of 1000 (0.42857… > 0.428).
        let s = Series {
            opponent: "ev".into(),
            counters: vec![c(1000, 428, 1), c(7, 3, 1)],
        };
        assert_eq!(s.best(false), 1);
    }

    #[test]
    fn rows_mark_one_best_per_series() {
        let r = SweepResult {
            provenance: Provenance {
                game: "cant-stop".into(),
                players: Some(2),
                rules: "standard".into(),
                board: "cant-stop".into(),
                seed: Some(1),
            },
            players: 2,
            template: "rolls:{1..2}".into(),
            points: ["1", "2"]
                .iter()
                .map(|p| SweepPoint {
                    parameter: p.to_string(),
                    policy: format!("rolls:{p}"),
                })
                .collect(),
            series: ["ev", FIELD]
                .iter()
                .map(|o| Series {
                    opponent: o.to_string(),
                    counters: vec![c(10, 3, 50), c(10, 7, 40)],
                })
                .collect(),
            partial: false,
        };
        let csv = String::from_utf8(r.to_csv().unwrap()).unwrap();
        assert!(csv.starts_with("game,players,rules,board,seed,status,policy,parameter,opponent,games,wins,win_rate,ci95_low,ci95_high,mean_turns,sd_turns,best,"));
        assert_eq!(csv.matches(",true,").count(), 2, "{csv}");
        assert!(csv.contains("rolls:2,2,all,10,7,0.700000,"), "{csv}");
        let summary = r.summary();
        assert!(summary.contains("against ev\n"), "{summary}");
        let marked: Vec<&str> = summary.lines().filter(|l| l.ends_with(" *")).collect();
        assert_eq!(marked.len(), 2, "{summary}");
        assert!(
            marked.iter().all(|l| l.starts_with("rolls:2 ")),
            "{summary}"
        );
        assert!(
            summary.lines().any(|l| l.starts_with("rolls:1 ")),
            "{summary}"
        );
    }
}

#[cfg(test)]
mod grid_tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn layout_reads_the_grid_and_refuses_anything_else() {
        let two = names(&["a:1|ev", "a:1|r", "a:2|ev", "a:2|r"]);
        assert_eq!(
            sweep_grid(2, 2, &two),
            Ok((names(&["a:1", "a:2"]), names(&["ev", "r"])))
        );
        assert_eq!(
            sweep_grid(1, 2, &names(&["a:1", "a:2"])),
            Ok((names(&["a:1", "a:2"]), Vec::new()))
        );
        for (players, points, list) in [
            (2, 3, two.clone()),
            (2, 0, two.clone()),
            (1, 2, two.clone()),
            (2, 2, names(&["a:1|ev", "a:1|r", "a:2|r", "a:2|ev"])),
            (2, 2, names(&["a:1|ev", "a:1|r", "a:1|ev", "a:2|r"])),
            (2, 1, Vec::new()),
            (3, 1, names(&["a|b|c"])),
        ] {
            assert!(sweep_grid(players, points, &list).is_err(), "{list:?}");
        }
    }
}
