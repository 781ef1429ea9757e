//! `pressluck tournament`: every matchup of the listed policies, played in parallel, written as
//! a table in `--format` (and optionally the stop-probability table), with a summary on stdout.

use crate::commands::job::{Job, Say};
use crate::output::counters_csv::RunKind;
use crate::output::progress::games_per_sec;
use crate::output::tournament_csv::TournamentResult;
use crate::settings::TournamentSettings;
use anyhow::Result;
use pressluck_core::games::Family;
use pressluck_core::sim::Progress;
use std::process::ExitCode;
use std::time::Instant;

/// The result table of `progress`.
fn result<F: Family>(
    s: &TournamentSettings<F>,
    progress: &Progress,
    partial: bool,
) -> TournamentResult {
    TournamentResult {
        provenance: s.run.provenance.clone(),
        players: s.run.family.players(),
        matchups: s
            .matchups
            .iter()
            .map(|m| m.slot_names())
            .zip(progress.stats.iter().cloned())
            .collect(),
        partial,
        games: s.run.games,
    }
}

/// Runs the command: the result table (and stop table, chart), or a shard's counters; on an
/// interrupt, the checkpoint and a partial CSV, and exit code 130.
pub fn run<F: Family>(settings: TournamentSettings<F>) -> Result<ExitCode> {
    let run = &settings.run;
    let svg = &settings.svg;
    let outputs = [Some(&run.out), settings.stop_table.as_ref(), svg.as_ref()];
    let say = Say::new(run.quiet, &outputs);
    let started = Instant::now();
    let job = Job::new(run, &settings.matchups, RunKind::Tournament);
    let (progress, complete) = job.play()?;
    let secs = started.elapsed().as_secs_f64();
    let interrupted = job.finish(&progress, complete, |partial| {
        let result = result(&settings, &progress, partial);
        run.out.write(&result.table()?.export(run.format)?)?;
        if let Some(p) = &settings.stop_table {
            p.write(&result.stop_table()?.export(run.format)?)?;
        }
        if let Some(p) = svg {
            p.write(crate::output::svg_tournament::render(&result)?.as_bytes())?;
        }
        say.text(&result.summary());
        Ok(())
    })?;
    if let Some(code) = interrupted {
        return Ok(code);
    }
    let played: u64 = progress
        .stats
        .iter()
        .map(|s| (0..4).map(|k| s.slot_total(k).games).sum::<u64>())
        .sum::<u64>()
        / run.family.players().max(1) as u64;
    say.text(&format!(
        "\n{} in {secs:.1} s ({}); results in {}\n",
        pressluck_core::numbers::count(played, "game", "games"),
        games_per_sec(played as f64 / secs.max(1e-9)),
        run.out
    ));
    Ok(ExitCode::SUCCESS)
}
