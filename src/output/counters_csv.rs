//! The counters file: the raw integer counters of a run (or a shard of it, or a checkpoint),
//! with the run's identity, the shard id and the chunks covered, closed by a row count and a
//! checksum so that a truncated or edited file is refused. `merge` adds such files together.
//! Meta rows give the run's identity (its kind, game, rules, board, the digest of the rules'
//! identity text in `setup`, seats, games, seed) and rows `policy` each policy's definition
//! (docs/csv.md, "Run identity"). Rows `hist` (turn histogram: bin `turns` counts `games`)
//! are optional.
//!
//! Writing is here; reading and checking a file (it may come from anywhere) is in
//! `counters_csv/read.rs`.

use pressluck_core::counters::{SeatCounters, StopCell};
use pressluck_core::sim::{Progress, Shard};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

pub use super::run_id::{RunId, RunKind};

/// The `format` meta row of the files written now. Files of formats 2 to 4, whose run identity
/// is of another encoding, are refused as such.
pub const FORMAT: &str = "pressluck-counters-5";

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

/// Closes `bytes`, a CSV of `columns` columns (header first), with the `end` row that holds its
/// row count and checksum: `end,checksum,ROWS:SUM` and empty fields to the width.
pub(crate) fn seal(mut bytes: Vec<u8>, columns: usize) -> Vec<u8> {
    let rows = bytes
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        .saturating_sub(1);
    let end = format!(
        "end,checksum,{}:{}{}\n",
        rows,
        checksum(&bytes),
        ",".repeat(columns.saturating_sub(3))
    );
    bytes.extend_from_slice(end.as_bytes());
    bytes
}

/// The text of a file [`seal`] closed, without its `end` row, once that row's count and
/// checksum are found to match: a truncated or edited file is refused, saying so.
pub(crate) fn unseal(text: &str) -> Result<&str, String> {
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
    Ok(&text[..body_end])
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
        for (name, value) in r.identity_meta() {
            w.serialize(meta(name, value))?;
        }
        w.serialize(meta("games", r.games.to_string()))?;
        w.serialize(meta("seed", r.seed.to_string()))?;
        w.serialize(meta("shard", self.shard.to_string()))?;
        for (name, definition) in &r.policies {
            w.serialize(Row {
                record: "policy".into(),
                name: name.clone(),
                value: definition.clone(),
                ..Row::default()
            })?;
        }
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
        let bytes = w.into_inner().map_err(|e| anyhow::anyhow!("csv: {e}"))?;
        Ok(seal(bytes, 19))
    }
}

mod read;

#[cfg(test)]
mod tests;
