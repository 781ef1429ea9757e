//! The counters file: the raw integer counters of a run (or a shard of it, or a checkpoint),
//! with the run's identity, the shard id and the chunks covered, closed by a row count and a
//! checksum so that a truncated or edited file is refused. `merge` adds such files together.
//! Rows `hist` (turn histogram: bin `turns` counts `games`) are optional, as in older files.
//! Meta row `kind` (format 3; format 2 files are tournaments') tells the kind of run.

use crate::commands::tournament::MAX_GAMES;
use crate::error::one_line;
use crate::sim::stats::{
    sums_fit, MatchupStats, SeatCounters, StopCell, SEATS, STOP_CARS, STOP_ROLLS, TURN_BINS,
};
use crate::sim::work::{chunk_count, Progress, Shard};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

pub use super::run_id::{RunId, RunKind};

/// The `format` meta row of the files written now; format 2 (no `kind`: a tournament's) is
/// still read.
pub const FORMAT: &str = "pressluck-counters-3";

/// A counters file in memory.
#[derive(Clone, Debug, PartialEq)]
pub struct CountersFile {
    /// The run.
    pub run: RunId,
    /// Which shard this is.
    pub shard: Shard,
    /// The counters and the chunks they cover.
    pub progress: Progress,
}

/// One CSV row; the fields used depend on `record`.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Row {
    record: String,
    name: String,
    value: String,
    matchup: Option<usize>,
    slot: Option<usize>,
    seat: Option<usize>,
    roll: Option<usize>,
    cars: Option<usize>,
    games: Option<u64>,
    wins: Option<u64>,
    score: Option<u64>,
    score_sq: Option<u64>,
    turns: Option<u64>,
    turns_sq: Option<u64>,
    rolls: Option<u64>,
    busts: Option<u64>,
    decisions: Option<u64>,
    stops: Option<u64>,
    unfinished: Option<u64>,
}

/// FNV-1a over bytes, as 16 hex digits.
fn checksum(bytes: &[u8]) -> String {
    let h = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{h:016x}")
}

/// Chunk sets as ranges: `0-12 15`.
fn ranges(set: &BTreeSet<u64>) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut it = set.iter().copied().peekable();
    while let Some(start) = it.next() {
        let mut end = start;
        while it.peek() == Some(&(end + 1)) {
            end = it.next().unwrap_or(end);
        }
        out.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
    }
    out.join(" ")
}

/// Parses [`ranges`] text of chunks below `limit` (the run's chunk count).
fn parse_ranges(text: &str, limit: u64) -> Option<BTreeSet<u64>> {
    let mut set = BTreeSet::new();
    for part in text.split_whitespace() {
        let (a, b) = part.split_once('-').unwrap_or((part, part));
        let (a, b): (u64, u64) = (a.parse().ok()?, b.parse().ok()?);
        if b < a || b >= limit {
            return None;
        }
        set.extend(a..=b);
    }
    Some(set)
}

impl CountersFile {
    /// Serialises the file.
    pub fn to_csv(&self) -> anyhow::Result<Vec<u8>> {
        let mut w = csv::Writer::from_writer(Vec::new());
        let meta = |name: &str, value: String| Row {
            record: "meta".into(),
            name: name.into(),
            value,
            ..Row::default()
        };
        let r = &self.run;
        w.serialize(meta("format", FORMAT.into()))?;
        for (name, value) in r.kind.meta() {
            w.serialize(meta(name, value))?;
        }
        w.serialize(meta("game", r.game.clone()))?;
        w.serialize(meta("rules", r.rules.clone()))?;
        w.serialize(meta("setup", r.setup.clone()))?;
        w.serialize(meta("players", r.players.to_string()))?;
        w.serialize(meta("games", r.games.to_string()))?;
        w.serialize(meta("seed", r.seed.to_string()))?;
        w.serialize(meta("shard", self.shard.to_string()))?;
        for (m, name) in r.matchups.iter().enumerate() {
            let st = &self.progress.stats[m];
            w.serialize(Row {
                record: "matchup".into(),
                name: ranges(&self.progress.done[m]),
                value: name.clone(),
                matchup: Some(m),
                unfinished: Some(st.unfinished),
                ..Row::default()
            })?;
            for (slot, seats) in st.cells.iter().enumerate() {
                for (seat, c) in seats
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| **c != SeatCounters::default())
                {
                    w.serialize(Row {
                        record: "cell".into(),
                        matchup: Some(m),
                        slot: Some(slot),
                        seat: Some(seat),
                        games: Some(c.games),
                        wins: Some(c.wins),
                        score: Some(c.score),
                        score_sq: Some(c.score_sq),
                        turns: Some(c.turns),
                        turns_sq: Some(c.turns_sq),
                        rolls: Some(c.rolls),
                        busts: Some(c.busts),
                        ..Row::default()
                    })?;
                }
            }
            for (slot, table) in st.stop.iter().enumerate() {
                for (roll, by_cars) in table.iter().enumerate() {
                    for (cars, c) in by_cars
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| **c != StopCell::default())
                    {
                        w.serialize(Row {
                            record: "stop".into(),
                            matchup: Some(m),
                            slot: Some(slot),
                            roll: Some(roll),
                            cars: Some(cars),
                            decisions: Some(c.decisions),
                            stops: Some(c.stops),
                            busts: Some(c.busts),
                            ..Row::default()
                        })?;
                    }
                }
            }
            for (slot, bins) in st.turns_hist.iter().enumerate() {
                for (turns, &n) in bins.iter().enumerate().filter(|(_, &n)| n > 0) {
                    w.serialize(Row {
                        record: "hist".into(),
                        matchup: Some(m),
                        slot: Some(slot),
                        turns: Some(turns as u64),
                        games: Some(n),
                        ..Row::default()
                    })?;
                }
            }
        }
        let mut bytes = w.into_inner().map_err(|e| anyhow::anyhow!("csv: {e}"))?;
        let rows = bytes.iter().filter(|&&b| b == b'\n').count() - 1;
        let end = format!(
            "end,checksum,{}:{},,,,,,,,,,,,,,,,\n",
            rows,
            checksum(&bytes)
        );
        bytes.extend_from_slice(end.as_bytes());
        Ok(bytes)
    }

    /// Reads a file; errors say what is wrong and on which line, on one line.
    pub fn from_csv(bytes: &[u8]) -> Result<CountersFile, String> {
        CountersFile::read_csv(bytes).map_err(|e| one_line(&e))
    }

    /// [`CountersFile::from_csv`] before its error is made one line.
    fn read_csv(bytes: &[u8]) -> Result<CountersFile, String> {
        let text = std::str::from_utf8(bytes)
            .map_err(|_| "not UTF-8 text: not a counters file".to_string())?;
        if !text.starts_with("record,name,value,") {
            return Err(
                "line 1: not a pressluck counters file (no `record,name,value,…` header)".into(),
            );
        }
        let body_end = text
            .trim_end_matches('\n')
            .rfind('\n')
            .map(|i| i + 1)
            .ok_or("empty or truncated file")?;
        let last = text[body_end..].trim_end();
        let Some(sum) = last.strip_prefix("end,checksum,") else {
            return Err("truncated: the closing `end` row is missing".into());
        };
        let want = sum.split(',').next().unwrap_or("");
        let rows = text[..body_end].lines().count().saturating_sub(1);
        if want != format!("{rows}:{}", checksum(&text.as_bytes()[..body_end])) {
            return Err("checksum mismatch: the file was edited or damaged".into());
        }
        let mut rdr = csv::Reader::from_reader(&text.as_bytes()[..body_end]);
        let mut meta: Vec<(String, String)> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        let mut chunk_lists: Vec<(usize, String)> = Vec::new();
        let mut progress = Progress::new(0);
        for (i, row) in rdr.deserialize::<Row>().enumerate() {
            let line = i + 2;
            let row = row.map_err(|e| format!("line {line}: {e}"))?;
            let bad = |what: &str| format!("line {line}: {what}");
            let m = row.matchup.unwrap_or(usize::MAX);
            match row.record.as_str() {
                "meta" => meta.push((row.name, row.value)),
                "matchup" => {
                    if m != names.len() {
                        return Err(bad("matchups out of order"));
                    }
                    names.push(row.value);
                    progress.stats.push(MatchupStats {
                        unfinished: row.unfinished.unwrap_or(0),
                        ..MatchupStats::default()
                    });
                    chunk_lists.push((line, row.name));
                }
                "cell" => {
                    let (slot, seat) = (row.slot.unwrap_or(SEATS), row.seat.unwrap_or(SEATS));
                    if m >= names.len() || slot >= SEATS || seat >= SEATS {
                        return Err(bad("cell out of range"));
                    }
                    let c = &mut progress.stats[m].cells[slot][seat];
                    let get = |v: Option<u64>| v.ok_or_else(|| bad("missing counter"));
                    *c = SeatCounters {
                        games: get(row.games)?,
                        wins: get(row.wins)?,
                        score: get(row.score)?,
                        score_sq: get(row.score_sq)?,
                        turns: get(row.turns)?,
                        turns_sq: get(row.turns_sq)?,
                        rolls: get(row.rolls)?,
                        busts: get(row.busts)?,
                    };
                }
                "stop" => {
                    let (slot, roll, cars) = (
                        row.slot.unwrap_or(SEATS),
                        row.roll.unwrap_or(STOP_ROLLS),
                        row.cars.unwrap_or(STOP_CARS),
                    );
                    if m >= names.len() || slot >= SEATS || roll >= STOP_ROLLS || cars >= STOP_CARS
                    {
                        return Err(bad("stop cell out of range"));
                    }
                    let get = |v: Option<u64>| v.ok_or_else(|| bad("missing counter"));
                    progress.stats[m].stop[slot][roll][cars] = StopCell {
                        decisions: get(row.decisions)?,
                        stops: get(row.stops)?,
                        busts: get(row.busts)?,
                    };
                }
                "hist" => {
                    let (slot, bin) = (row.slot.unwrap_or(SEATS), row.turns.unwrap_or(u64::MAX));
                    if m >= names.len() || slot >= SEATS || bin >= TURN_BINS as u64 {
                        return Err(bad("histogram bin out of range"));
                    }
                    let n = row.games.ok_or_else(|| bad("missing counter"))?;
                    progress.stats[m].turns_hist[slot][bin as usize] = n;
                }
                other => return Err(bad(&format!("unknown record '{other}'"))),
            }
        }
        let get = |k: &str| {
            meta.iter()
                .find(|(n, _)| n == k)
                .map(|(_, v)| v.clone())
                .ok_or(format!("missing meta '{k}'"))
        };
        let version = match get("format")?.as_str() {
            "pressluck-counters-2" => 2,
            FORMAT => 3,
            other => return Err(format!("format '{other}': not {FORMAT} (a newer file?)")),
        };
        let num = |k: &str| -> Result<u64, String> {
            get(k)?
                .parse()
                .map_err(|_| format!("meta '{k}' is not a number"))
        };
        let games = num("games")?;
        if games == 0 || games > MAX_GAMES {
            return Err(format!(
                "meta 'games' {games} is not between 1 and {MAX_GAMES}"
            ));
        }
        let players = num("players")?;
        if !(1..=SEATS as u64).contains(&players) {
            return Err(format!(
                "meta 'players' {players} is not between 1 and {SEATS}"
            ));
        }
        for (name, (line, list)) in names.iter().zip(&chunk_lists) {
            if name.split('|').filter(|p| !p.is_empty()).count() as u64 != players {
                return Err(format!(
                    "line {line}: matchup '{name}' does not name {players} policies"
                ));
            }
            let chunks = chunk_count(games);
            let done = parse_ranges(list, chunks).ok_or_else(|| {
                format!(
                    "line {line}: bad chunk list (chunks of this run are 0 to {})",
                    chunks - 1
                )
            })?;
            progress.done.push(done);
        }
        check_counters(&progress, games)?;
        let run = RunId {
            game: get("game")?,
            rules: get("rules")?,
            setup: get("setup")?,
            players: players as u8,
            matchups: names,
            games,
            seed: num("seed")?,
            kind: RunKind::from_meta(&meta, version)?,
        };
        if let RunKind::Sweep { points, .. } = &run.kind {
            crate::sweep::shard::layout(run.players, points.len(), &run.matchups)?;
        }
        let shard = Shard::parse(&get("shard")?).map_err(|e| format!("meta 'shard': {e}"))?;
        Ok(CountersFile {
            run,
            shard,
            progress,
        })
    }
}

/// Checks that the counters could come from a run of `games` games per matchup: no seat plays
/// more games than that or wins more than it plays, no policy stops more often than it was
/// asked, and no total comes near overflow when files are added up.
fn check_counters(progress: &Progress, games: u64) -> Result<(), String> {
    for (m, st) in progress.stats.iter().enumerate() {
        if st
            .cells
            .iter()
            .flatten()
            .any(|c| c.wins > c.games || c.games > games)
        {
            return Err(format!(
                "matchup {m}: a cell has more wins than games or more games than the run"
            ));
        }
        if st
            .stop
            .iter()
            .flatten()
            .flatten()
            .any(|c| c.stops > c.decisions)
        {
            return Err(format!(
                "matchup {m}: a stop cell has more stops than decisions"
            ));
        }
        if !st.hist_fits(games) {
            return Err(format!(
                "matchup {m}: a turn histogram has more games than the run"
            ));
        }
        if !sums_fit(&[st], u64::MAX / 2) {
            return Err(format!("matchup {m}: counters too large for any real run"));
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "counters_csv_tests.rs"]
mod tests;
