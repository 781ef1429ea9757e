//! `pressluck merge`: adds the counters of a sharded tournament's or sweep's shards and writes
//! the result table (and chart) the unsharded run writes, refusing shards of different runs or
//! kinds, duplicates and (unless allowed) missing ones.

use crate::error::input;
use crate::output::counters_csv::{CountersFile, RunKind};
use crate::output::svg_sweep::render_sweep;
use crate::output::svg_tournament;
use crate::output::sweep_csv;
use crate::output::tournament_csv::TournamentResult;
use crate::settings::MergeSettings;
use anyhow::Result;
use pressluck_core::counters::sums_fit;
use pressluck_core::sim::{chunk_count, Progress};
use std::collections::BTreeMap;
use std::process::ExitCode;

/// Runs the command.
pub fn run(a: MergeSettings) -> Result<ExitCode> {
    let mut files: BTreeMap<u64, (String, CountersFile)> = BTreeMap::new();
    for path in &a.shards {
        let shown = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| input(format!("{shown}: {e}")))?;
        let file = CountersFile::from_csv(&bytes).map_err(|e| input(format!("{shown}: {e}")))?;
        if let Some((first_name, first)) = files.values().next() {
            if file.run.kind.name() != first.run.kind.name() {
                return Err(input(format!(
                    "{shown}: a {} shard, but {first_name} is a {} shard; they do not merge",
                    file.run.kind.name(),
                    first.run.kind.name()
                )));
            }
            if let Some(d) = file.run.first_difference(&first.run) {
                return Err(input(format!(
                    "{shown}: not a shard of the same run as {first_name} (different {}: {} here, {} in {first_name})",
                    d.what, d.ours, d.theirs
                )));
            }
            if file.shard.count != first.shard.count {
                return Err(input(format!(
                    "{shown}: shard {} does not match {first_name}'s {} shards",
                    file.shard, first.shard.count
                )));
            }
        }
        if let Some((other, _)) = files.get(&file.shard.index) {
            return Err(input(format!(
                "{shown}: shard {} is also given as {other}",
                file.shard
            )));
        }
        files.insert(file.shard.index, (shown, file));
    }
    let Some((_, (_, first))) = files.iter().next() else {
        return Err(input("merge: no shard given"));
    };
    let (run, count) = (first.run.clone(), first.shard.count);
    let mut total = Progress::new(run.matchups.len());
    let mut partial = false;
    for (name, f) in files.values() {
        if !f.progress.complete(run.games, f.shard) {
            if !a.allow_partial {
                return Err(input(format!("{name}: shard {} is incomplete (an interrupted run); resume it or pass --allow-partial", f.shard)));
            }
            partial = true;
        }
        for (m, done) in f.progress.done.iter().enumerate() {
            if let Some(k) = done
                .iter()
                .find(|&&k| !f.shard.owns(k) || k >= chunk_count(run.games))
            {
                return Err(input(format!(
                    "{name}: chunk {k} does not belong to shard {}",
                    f.shard
                )));
            }
            if !sums_fit(&[&total.stats[m], &f.progress.stats[m]], u64::MAX) {
                return Err(input(format!(
                    "{name}: its counters overflow when added to the other shards'"
                )));
            }
            total.stats[m] += &f.progress.stats[m];
            total.done[m].extend(done.iter().copied());
        }
    }
    let missing: Vec<String> = (1..=count)
        .filter(|k| !files.contains_key(k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        if !a.allow_partial {
            return Err(input(format!(
                "missing {} {}: pass them all, or --allow-partial",
                if missing.len() == 1 {
                    "shard"
                } else {
                    "shards"
                },
                missing.join(", ")
            )));
        }
        partial = true;
    }
    match &run.kind {
        RunKind::Tournament => {
            let result = TournamentResult {
                provenance: run.provenance(),
                players: run.players,
                matchups: run
                    .matchups
                    .iter()
                    .map(|m| m.split('|').map(String::from).collect())
                    .zip(total.stats)
                    .collect(),
                partial,
                games: run.games,
            };
            let svg = a
                .svg
                .as_ref()
                .map(|_| svg_tournament::render(&result))
                .transpose()?;
            a.out.write(&result.table()?.export(a.format)?)?;
            if let Some(p) = &a.stop_table {
                p.write(&result.stop_table()?.export(a.format)?)?;
            }
            if let (Some(p), Some(svg)) = (&a.svg, svg) {
                p.write(svg.as_bytes())?;
            }
        }
        // A counters file is never a review's (its reader refuses one).
        RunKind::Review { .. } => return Err(input("merge: a review has no counters to merge")),
        RunKind::Sweep { .. } => {
            if a.stop_table.is_some() {
                return Err(input("--stop-table: a sweep has no stop table"));
            }
            let result = sweep_csv::result(&run, &total.stats, partial)
                .map_err(|e| input(format!("merge: {e}")))?;
            let svg = a.svg.as_ref().map(|_| render_sweep(&result)).transpose()?;
            a.out.write(&result.table()?.export(a.format)?)?;
            if let (Some(p), Some(svg)) = (&a.svg, svg) {
                p.write(svg.as_bytes())?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
