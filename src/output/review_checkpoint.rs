//! The checkpoint of an interrupted review (`review --checkpoint`, `--resume`): the run's
//! identity ([`RunId`] of kind `review`: the record's digest, game, rules, board, setup digest,
//! seats, rollout policies and their definitions, rollouts a position, seed) and the results of
//! the play-outs done, chunk by chunk, closed by a row count and a checksum as counters files
//! are, so that a truncated or edited file is refused.
//!
//! Rows: `meta` (name, value; `lineup` the rollout policies seat by seat, joined by `|`);
//! `policy` (name, definition) per rollout policy; `chunk` per
//! chunk played (`position`, `chunk`, and in `value` its results rollout by rollout, space
//! separated: the winning seat from 0, `-` for none; alone the turns taken).

use super::counters_csv::{seal, unseal};
use super::run_id::{RunId, RunKind};
use crate::error::one_line;
use pressluck_core::counters::SEATS;
use pressluck_core::sim::{PlayOuts, MAX_PLAY_OUTS, MAX_REVIEW_ROLLOUTS, NO_WINNER};
use serde::{Deserialize, Serialize};

/// The `format` meta row of the files written now.
pub const FORMAT: &str = "pressluck-review-checkpoint-1";

/// Columns of a row.
const COLUMNS: usize = 5;

/// A review's checkpoint in memory.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewCheckpoint {
    /// The review: its identity.
    pub run: RunId,
    /// The play-outs done.
    pub outs: PlayOuts,
}

/// One CSV row; the fields used depend on `record`.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Row {
    record: String,
    name: String,
    value: String,
    position: Option<usize>,
    chunk: Option<u64>,
}

/// A chunk's results as text: space separated, a winner `-` when none won.
fn results_text(results: &[u32]) -> String {
    let one = |r: &u32| match *r {
        NO_WINNER => "-".to_string(),
        r => r.to_string(),
    };
    results.iter().map(one).collect::<Vec<_>>().join(" ")
}

impl ReviewCheckpoint {
    /// Serialises the checkpoint.
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
        let lineup = r.matchups.first().cloned().unwrap_or_default();
        w.serialize(meta("lineup", lineup))?;
        w.serialize(meta("rollouts", r.games.to_string()))?;
        w.serialize(meta("seed", r.seed.to_string()))?;
        w.serialize(meta("positions", self.outs.positions().to_string()))?;
        for (name, definition) in &r.policies {
            w.serialize(Row {
                record: "policy".into(),
                name: name.clone(),
                value: definition.clone(),
                ..Row::default()
            })?;
        }
        for p in 0..self.outs.positions() {
            for c in 0..self.outs.chunks() {
                if let Some(results) = self.outs.chunk(p, c) {
                    w.serialize(Row {
                        record: "chunk".into(),
                        value: results_text(results),
                        position: Some(p),
                        chunk: Some(c),
                        ..Row::default()
                    })?;
                }
            }
        }
        let bytes = w.into_inner().map_err(|e| anyhow::anyhow!("csv: {e}"))?;
        Ok(seal(bytes, COLUMNS))
    }

    /// Reads a file; errors say what is wrong and on which line, on one line.
    pub fn from_csv(bytes: &[u8]) -> Result<ReviewCheckpoint, String> {
        ReviewCheckpoint::read_csv(bytes).map_err(|e| one_line(&e))
    }

    /// [`ReviewCheckpoint::from_csv`] before its error is made one line.
    fn read_csv(bytes: &[u8]) -> Result<ReviewCheckpoint, String> {
        let text = std::str::from_utf8(bytes)
            .map_err(|_| "not UTF-8 text: not a review checkpoint".to_string())?;
        if !text.starts_with("record,name,value,") {
            return Err(
                "line 1: not a pressluck review checkpoint (no `record,name,value,…` header)"
                    .into(),
            );
        }
        let body = unseal(text)?;
        let mut rdr = csv::Reader::from_reader(body.as_bytes());
        let mut meta: Vec<(String, String)> = Vec::new();
        let mut policies: Vec<(String, String)> = Vec::new();
        let mut chunks: Vec<(usize, usize, u64, String)> = Vec::new();
        for (i, row) in rdr.deserialize::<Row>().enumerate() {
            let line = i + 2;
            let row = row.map_err(|e| format!("line {line}: {e}"))?;
            match (row.record.as_str(), row.position, row.chunk) {
                // Another file's format (a tournament's checkpoint) is named before its rows.
                ("meta", ..) if row.name == "format" && row.value != FORMAT => {
                    return Err(format!(
                        "format '{}': not a review checkpoint ({FORMAT})",
                        row.value
                    ))
                }
                ("meta", ..) => meta.push((row.name, row.value)),
                ("policy", ..) if !row.name.is_empty() && !row.value.is_empty() => {
                    policies.push((row.name, row.value))
                }
                ("chunk", Some(p), Some(c)) => chunks.push((line, p, c, row.value)),
                (other, ..) => return Err(format!("line {line}: a bad '{other}' row")),
            }
        }
        let get = |k: &str| {
            meta.iter()
                .find(|(n, _)| n == k)
                .map(|(_, v)| v.clone())
                .ok_or(format!("missing meta '{k}'"))
        };
        let num = |k: &str| -> Result<u64, String> {
            get(k)?
                .parse()
                .map_err(|_| format!("meta '{k}' is not a number"))
        };
        match get("format")?.as_str() {
            FORMAT => {}
            other => return Err(format!("format '{other}': not {FORMAT}")),
        }
        let kind = RunKind::from_meta(&meta)?;
        if !matches!(kind, RunKind::Review { .. }) {
            return Err(format!(
                "a {}'s file, not a review's checkpoint",
                kind.name()
            ));
        }
        let players = num("players")?;
        if !(1..=SEATS as u64).contains(&players) {
            return Err(format!(
                "meta 'players' {players} is not between 1 and {SEATS}"
            ));
        }
        let rollouts = num("rollouts")?;
        if !(1..=MAX_REVIEW_ROLLOUTS).contains(&rollouts) {
            return Err(format!(
                "meta 'rollouts' {rollouts} is not between 1 and {MAX_REVIEW_ROLLOUTS}"
            ));
        }
        let positions = num("positions")?;
        if positions.saturating_mul(rollouts) > MAX_PLAY_OUTS {
            return Err(format!(
                "meta 'positions' {positions}: more play-outs than a review holds"
            ));
        }
        let alone = players == 1;
        let mut outs = PlayOuts::new(positions as usize, rollouts, alone);
        for (line, p, c, text) in chunks {
            let bad = |what: &str| format!("line {line}: {what}");
            let results = text
                .split(' ')
                .map(|r| match r {
                    "-" if !alone => Ok(NO_WINNER),
                    r => r
                        .parse::<u32>()
                        .ok()
                        .filter(|&x| alone || x < players as u32)
                        .ok_or_else(|| bad(&format!("'{r}' is not a result of this review"))),
                })
                .collect::<Result<Vec<u32>, String>>()?;
            outs.set(p, c, &results).map_err(|e| bad(&e))?;
        }
        let run = RunId {
            game: get("game")?,
            rules: get("rules")?,
            board: get("board")?,
            setup: get("setup")?,
            players: players as u8,
            matchups: vec![get("lineup")?],
            policies,
            games: rollouts,
            seed: num("seed")?,
            kind,
        };
        Ok(ReviewCheckpoint { run, outs })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checkpoint() -> ReviewCheckpoint {
        let mut outs = PlayOuts::new(3, 300, false);
        outs.set(0, 0, &[1; 256]).unwrap();
        let mut last = vec![0; 44];
        last[3] = NO_WINNER;
        outs.set(2, 1, &last).unwrap();
        ReviewCheckpoint {
            run: RunId {
                game: "cant-stop".into(),
                rules: "standard".into(),
                board: "cant-stop".into(),
                setup: "sha256:00".into(),
                players: 2,
                matchups: vec!["glenn|glenn".into()],
                policies: vec![("glenn".into(), "glenn".into())],
                games: 300,
                seed: 4,
                kind: RunKind::Review {
                    record: "sha256:11".into(),
                },
            },
            outs,
        }
    }

    #[test]
    fn a_checkpoint_reads_back_as_written() {
        let c = checkpoint();
        let bytes = c.to_csv().unwrap();
        assert_eq!(ReviewCheckpoint::from_csv(&bytes).unwrap(), c);
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.contains("\nchunk,,0 0 0 - 0"), "{text}");
    }

    #[test]
    fn damaged_or_foreign_files_are_refused_in_one_line() {
        let text = String::from_utf8(checkpoint().to_csv().unwrap()).unwrap();
        let edited = text.replacen("chunk,,1 1", "chunk,,0 1", 1);
        let cut = &text[..text.rfind("end,checksum").unwrap()];
        for (bytes, why) in [
            (edited.as_bytes(), "checksum"),
            (cut.as_bytes(), "end"),
            (&b"game,players\n"[..], "not a pressluck review checkpoint"),
        ] {
            let e = ReviewCheckpoint::from_csv(bytes).unwrap_err();
            assert!(e.contains(why) && !e.contains('\n'), "{e}");
        }
        // A result no seat of the table could have.
        let mut c = checkpoint();
        c.outs.set(0, 0, &[2; 256]).unwrap();
        let e = ReviewCheckpoint::from_csv(&c.to_csv().unwrap()).unwrap_err();
        assert!(e.contains("'2' is not a result"), "{e}");
    }
}
