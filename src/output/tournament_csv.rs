//! The tournament exporters: result rows (`game,players,rules,board,seed,status,matchup,policy,
//! seat,games,wins,win_rate,ci95_low,ci95_high,mean_score,mean_turns,sd_turns,mean_rolls,
//! bust_rate`, then `sd_score,unfinished`; per matchup and policy a row for all seats and one
//! per seat, then per seat a row of policy `all`, whoever sat there: the seat advantage), the
//! stop-probability table, and the plain summary table for stdout. A figure of no games (a row of an interrupted run's unplayed matchup) is
//! an empty field, not 0.

use super::provenance::{f6, ratio, Provenance};
use super::table::{Figure, Table};
use pressluck_core::counters::{
    mean95, mean_sd, wilson95, MatchupStats, SeatCounters, STOP_CARS, STOP_ROLLS,
};
use serde::Serialize;
use std::fmt::Write as _;

/// A finished tournament: what was played and the counters of every matchup.
#[derive(Debug)]
pub struct TournamentResult {
    /// The run: game, seats, rules, board, seed.
    pub provenance: Provenance,
    /// Seats at the table.
    pub players: u8,
    /// Each matchup (its policy names, slot by slot) with its counters.
    pub matchups: Vec<(Vec<String>, MatchupStats)>,
    /// Whether some games are missing (an interrupted run, a partial merge).
    pub partial: bool,
    /// Games per matchup the run asked for.
    pub games: u64,
}

/// The `policy` of the seat-advantage rows: whoever sat in the row's seat, whatever the policy.
pub const ANY_POLICY: &str = "all";

/// One row of the tournament CSV, after the provenance columns.
#[derive(Debug, Default, Serialize)]
pub struct ResultRow {
    matchup: String,
    policy: String,
    seat: String,
    games: u64,
    wins: u64,
    win_rate: Option<Figure>,
    ci95_low: Option<Figure>,
    ci95_high: Option<Figure>,
    mean_score: Option<Figure>,
    mean_turns: Option<Figure>,
    sd_turns: Option<Figure>,
    mean_rolls: Option<Figure>,
    bust_rate: Option<Figure>,
    sd_score: Option<Figure>,
    unfinished: u64,
}

/// Sums `counters` into one.
fn total<'a>(counters: impl Iterator<Item = &'a SeatCounters>) -> SeatCounters {
    let mut t = SeatCounters::default();
    for c in counters {
        t += *c;
    }
    t
}

impl TournamentResult {
    /// The distinct policies of a matchup with the slots each fills, in slot order.
    fn policies(slots: &[String]) -> Vec<(String, Vec<usize>)> {
        let mut out: Vec<(String, Vec<usize>)> = Vec::new();
        for (slot, name) in slots.iter().enumerate() {
            match out.iter_mut().find(|(n, _)| n == name) {
                Some((_, slots)) => slots.push(slot),
                None => out.push((name.clone(), vec![slot])),
            }
        }
        out
    }

    /// Per matchup and policy: `seat = all` then each seat 1..n, with the counters behind it.
    fn lines(&self) -> Vec<(String, String, String, SeatCounters, u64)> {
        let mut out = Vec::new();
        for (m, st) in &self.matchups {
            let name = m.join("|");
            for (policy, slots) in Self::policies(m) {
                let at_seat = |seat: usize| total(slots.iter().map(|&s| &st.cells[s][seat]));
                let mut all = SeatCounters::default();
                for seat in 0..self.players as usize {
                    all += at_seat(seat);
                }
                out.push((
                    name.clone(),
                    policy.clone(),
                    "all".to_string(),
                    all,
                    st.unfinished,
                ));
                if self.players > 1 {
                    for seat in 0..self.players as usize {
                        out.push((
                            name.clone(),
                            policy.clone(),
                            (seat + 1).to_string(),
                            at_seat(seat),
                            st.unfinished,
                        ));
                    }
                }
            }
            if self.players > 1 {
                for seat in 0..self.players as usize {
                    out.push((
                        name.clone(),
                        ANY_POLICY.to_string(),
                        (seat + 1).to_string(),
                        Self::seat_total(st, m.len(), seat),
                        st.unfinished,
                    ));
                }
            }
        }
        out
    }

    /// Whoever sat in `seat` (from 0) over every slot of a matchup of `slots` policies.
    fn seat_total(st: &MatchupStats, slots: usize, seat: usize) -> SeatCounters {
        total((0..slots).map(|slot| &st.cells[slot][seat]))
    }

    /// The result rows in the CSV schema (after the provenance columns).
    pub fn rows(&self) -> Vec<ResultRow> {
        self.lines()
            .into_iter()
            .map(|(matchup, policy, seat, c, unfinished)| {
                let played = c.games > 0;
                let (lo, hi) = wilson95(c.wins, c.games);
                let (mean_turns, sd_turns) = mean_sd(c.games, c.turns, c.turns_sq);
                let some = |x: f64| played.then(|| f6(x));
                ResultRow {
                    matchup,
                    policy,
                    seat,
                    games: c.games,
                    wins: c.wins,
                    win_rate: ratio(c.wins, c.games),
                    ci95_low: some(lo),
                    ci95_high: some(hi),
                    mean_score: ratio(c.score, c.games),
                    mean_turns: some(mean_turns),
                    sd_turns: some(sd_turns),
                    mean_rolls: ratio(c.rolls, c.turns),
                    bust_rate: ratio(c.busts, c.turns),
                    sd_score: some(mean_sd(c.games, c.score, c.score_sq).1),
                    unfinished,
                }
            })
            .collect()
    }

    /// The result table: the provenance columns, then [`TournamentResult::rows`].
    pub fn table(&self) -> anyhow::Result<Table> {
        self.provenance.table(self.partial, self.rows())
    }

    /// The result table as CSV.
    pub fn to_csv(&self) -> anyhow::Result<Vec<u8>> {
        self.table()?.to_csv()
    }

    /// The stop-probability table as CSV (see [`TournamentResult::stop_table`]).
    pub fn stop_table_csv(&self) -> anyhow::Result<Vec<u8>> {
        self.stop_table()?.to_csv()
    }

    /// The stop-probability table: per policy (over all its matchups), by successful roll
    /// number within the turn and cars in play, how often it stopped and how often the next roll
    /// busted. Row `roll = 0` is the turn's opening roll: `decisions` counts turns begun.
    pub fn stop_table(&self) -> anyhow::Result<Table> {
        let mut order: Vec<String> = Vec::new();
        let mut cells: Vec<[[pressluck_core::counters::StopCell; STOP_CARS]; STOP_ROLLS]> =
            Vec::new();
        for (m, st) in &self.matchups {
            for (slot, name) in m.iter().enumerate() {
                let i = match order.iter().position(|n| n == name) {
                    Some(i) => i,
                    None => {
                        order.push(name.clone());
                        cells.push(Default::default());
                        order.len() - 1
                    }
                };
                for (a, b) in cells[i]
                    .iter_mut()
                    .flatten()
                    .zip(st.stop[slot].iter().flatten())
                {
                    *a += *b;
                }
            }
        }
        let mut rows = Vec::new();
        for (name, table) in order.iter().zip(&cells) {
            for (roll, by_cars) in table.iter().enumerate() {
                for (cars, c) in by_cars.iter().enumerate() {
                    if c.decisions == 0 && c.busts == 0 {
                        continue;
                    }
                    let rolled_on = c.decisions - c.stops;
                    rows.push(StopRow {
                        policy: name.clone(),
                        roll: roll as u32,
                        cars: cars as u32,
                        decisions: c.decisions,
                        stops: c.stops,
                        stop_rate: ratio(c.stops, c.decisions),
                        busts: c.busts,
                        bust_rate: ratio(c.busts, rolled_on),
                    });
                }
            }
        }
        self.provenance.table(self.partial, rows)
    }

    /// The games a matchup played, for a person: `653312`, or in a run missing some
    /// (interrupted, a partial merge) `653312 of 2000000`.
    fn games_text(&self, played: u64) -> String {
        if self.partial {
            format!("{played} of {}", self.games)
        } else {
            played.to_string()
        }
    }

    /// The plain summary table for a person: one line per matchup and policy, with the games
    /// played (of those asked, in a run missing some). A policy in every seat of its matchup
    /// (self-play) wins 1/players of its seats' games by construction: its line gives the
    /// wins by seat instead.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        let width = self
            .matchups
            .iter()
            .map(|(m, st)| {
                self.games_text(Self::seat_total(st, m.len(), 0).games)
                    .len()
            })
            .fold(10, usize::max);
        if self.players == 1 {
            let _ = writeln!(
                s,
                "{:<24} {:>width$}  {:>11}  {:<17} {:>7}",
                "policy (solitaire)", "games", "mean turns", "95% interval", "sd"
            );
            for (_, policy, seat, c, _) in self.lines() {
                if seat != "all" {
                    continue;
                }
                if c.games == 0 {
                    let _ = writeln!(s, "{policy:<24} {:>width$}", "not played");
                    continue;
                }
                let (mean, sd) = mean_sd(c.games, c.turns, c.turns_sq);
                let (lo, hi) = mean95(c.games, c.turns, c.turns_sq);
                let _ = writeln!(
                    s,
                    "{policy:<24} {:>width$}  {mean:>11.3}  [{lo:.3}, {hi:.3}] {sd:>7.3}",
                    self.games_text(c.games)
                );
            }
            return s;
        }
        let _ = writeln!(
            s,
            "{:<40} {:<22} {:>width$}  {:>8}  {:<17} {:>7} {:>7}",
            "matchup", "policy", "games", "win rate", "95% interval", "turns", "score"
        );
        for (m, st) in &self.matchups {
            let matchup = m.join("|");
            let played = Self::seat_total(st, m.len(), 0).games;
            for (policy, slots) in Self::policies(m) {
                let games = self.games_text(played);
                let c = total(slots.iter().flat_map(|&k| st.cells[k].iter()));
                if c.games == 0 {
                    let _ = writeln!(s, "{matchup:<40} {policy:<22} {games:>width$}  not played");
                    continue;
                }
                let n = self.players as usize;
                if slots.len() == n {
                    let seats: Vec<String> = (0..n)
                        .map(|seat| {
                            let c = Self::seat_total(st, m.len(), seat);
                            let (lo, hi) = wilson95(c.wins, c.games);
                            let rate = c.wins as f64 / c.games.max(1) as f64;
                            format!("seat {} {rate:.4} [{lo:.4}, {hi:.4}]", seat + 1)
                        })
                        .collect();
                    let _ = writeln!(
                        s,
                        "{matchup:<40} {policy:<22} {games:>width$}  self-play (1/{n} by construction), by seat: {}",
                        seats.join(", ")
                    );
                    continue;
                }
                let (lo, hi) = wilson95(c.wins, c.games);
                let n = c.games as f64;
                let _ = writeln!(
                    s,
                    "{matchup:<40} {policy:<22} {games:>width$}  {:>8.4}  [{lo:.4}, {hi:.4}] {:>7.2} {:>7.2}",
                    c.wins as f64 / n,
                    c.turns as f64 / n,
                    c.score as f64 / n
                );
            }
        }
        s.push_str(&self.seat_summary());
        s
    }

    /// The seat advantage for a person: per matchup, how often whoever sat in each seat won,
    /// with its 95% interval; the fair share is 1/players.
    fn seat_summary(&self) -> String {
        let n = self.players as usize;
        let mut s = format!(
            "\nwins by seat (whoever sat there; fair share {:.4}):\n{:<40}",
            1.0 / n as f64,
            "matchup"
        );
        for seat in 1..=n {
            let _ = write!(s, " {:<25}", format!("seat {seat}"));
        }
        s.push('\n');
        for (slots, st) in &self.matchups {
            let _ = write!(s, "{:<40}", slots.join("|"));
            for seat in 0..n {
                let c = Self::seat_total(st, slots.len(), seat);
                if c.games == 0 {
                    let _ = write!(s, " {:<25}", "not played");
                    continue;
                }
                let (lo, hi) = wilson95(c.wins, c.games);
                let cell = format!("{:.4} [{lo:.4}, {hi:.4}]", c.wins as f64 / c.games as f64);
                let _ = write!(s, " {cell:<25}");
            }
            s = s.trim_end().to_string();
            s.push('\n');
        }
        s
    }
}

/// One row of the stop-probability table, after the provenance columns.
#[derive(Debug, Default, Serialize)]
struct StopRow {
    policy: String,
    roll: u32,
    cars: u32,
    decisions: u64,
    stops: u64,
    stop_rate: Option<Figure>,
    busts: u64,
    bust_rate: Option<Figure>,
}
