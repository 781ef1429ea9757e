//! Reading a counters file back: the checksum and row count first, then every row and meta
//! value checked, so that a damaged, truncated or crafted file is refused with one line saying
//! what is wrong and where.

use super::{parse_ranges, unseal, CountersFile, Row, RunId, RunKind, FORMAT};
use crate::error::one_line;
use pressluck_core::counters::{
    sums_fit, MatchupStats, SeatCounters, StopCell, SEATS, STOP_CARS, STOP_ROLLS, TURN_BINS,
};
use pressluck_core::sim::{chunk_count, Progress, Shard, MAX_GAMES};

impl CountersFile {
    /// Reads a file; errors say what is wrong and on which line, on one line.
    pub fn from_csv(bytes: &[u8]) -> Result<CountersFile, String> {
        CountersFile::read_csv(bytes).map_err(|e| one_line(&e))
    }

    /// [`CountersFile::from_csv`] before its error is made one line.
    fn read_csv(bytes: &[u8]) -> Result<CountersFile, String> {
        let text = std::str::from_utf8(bytes)
            .map_err(|_| "not UTF-8 text: not a counters file".to_string())?;
        let header = text.lines().next().unwrap_or("");
        if header != "record,name,value" && !header.starts_with("record,name,value,") {
            return Err(
                "line 1: not a pressluck counters file (no `record,name,value,…` header)".into(),
            );
        }
        let body = unseal(text)?;
        let mut rdr = csv::Reader::from_reader(body.as_bytes());
        let mut meta: Vec<(String, String)> = Vec::new();
        let mut policies: Vec<(String, String)> = Vec::new();
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
                "policy" if row.name.is_empty() || row.value.is_empty() => {
                    return Err(bad("a policy row needs a name and a definition"));
                }
                "policy" => policies.push((row.name, row.value)),
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
        match get("format")?.as_str() {
            FORMAT => {}
            old @ ("pressluck-counters-2" | "pressluck-counters-3" | "pressluck-counters-4") => {
                return Err(format!(
                    "format '{old}' was written before the run identity encoding changed \
                     (rules and policy definitions written out): this version can neither merge \
                     nor resume it; play the run again"
                ))
            }
            other => return Err(format!("format '{other}': not {FORMAT} (a newer file?)")),
        }
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
            if let Some(p) = name
                .split('|')
                .find(|p| !policies.iter().any(|(n, _)| n == p))
            {
                return Err(format!(
                    "line {line}: policy '{p}' of matchup '{name}' has no definition row"
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
            board: get("board")?,
            setup: get("setup")?,
            players: players as u8,
            matchups: names,
            policies,
            games,
            seed: num("seed")?,
            kind: RunKind::from_meta(&meta)?,
        };
        match &run.kind {
            RunKind::Sweep { points, .. } => {
                crate::output::run_id::sweep_grid(run.players, points.len(), &run.matchups)?;
            }
            RunKind::Review { .. } => {
                return Err("a review's meta in a counters file: not a tournament or sweep".into())
            }
            RunKind::Tournament => {}
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
