//! A finished sweep: the swept policy's counters per point and opponent, the best point of
//! each series, and the CSV rows (`game,players,rules,board,seed,status,policy,parameter,
//! opponent,games,wins,win_rate,ci95_low,ci95_high,mean_turns,sd_turns,best`, then
//! `se_turns`; the figures of a point with no games are empty).

use crate::counters::{mean_sd, wilson95, SeatCounters};
use crate::output::provenance::{f6, Provenance};
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
    win_rate: Option<String>,
    ci95_low: Option<String>,
    ci95_high: Option<String>,
    mean_turns: Option<String>,
    sd_turns: Option<String>,
    best: bool,
    se_turns: Option<String>,
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
        self.provenance.csv(self.partial, self.rows())
    }

    /// The best point of each series, one line each, for stdout.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        for series in &self.series {
            let i = series.best(self.solitaire());
            let e = Estimate::of(&series.counters[i]);
            let p = &self.points[i];
            let _ = if self.solitaire() {
                writeln!(
                    s,
                    "best {}: {:.3} mean turns (se {:.3}) alone",
                    p.policy, e.mean_turns, e.se_turns
                )
            } else {
                writeln!(
                    s,
                    "best {} against {:<24} win rate {:.4} [{:.4}, {:.4}]",
                    p.policy, series.opponent, e.win_rate, e.ci95.0, e.ci95.1
                )
            };
        }
        s
    }
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
        assert!(r.summary().contains("best rolls:2 against ev"));
    }
}
