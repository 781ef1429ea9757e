//! `pressluck sweep`: a policy template with one range, each point played against every
//! opponent (seats rotated, `--games` games each) or alone, written as CSV with the best point
//! of each series marked, and optionally drawn as an SVG chart. `--shard`, `--checkpoint`,
//! `--resume` and Ctrl-C work as for `tournament` (see [`crate::commands::job`]).

use crate::commands::job::{Job, Say};
use crate::output::counters_csv::RunKind;
use crate::output::svg_sweep::render_sweep;
use crate::output::sweep_csv;
use crate::settings::SweepSettings;
use anyhow::Result;
use pressluck_core::games::{Family, Matchup};
use std::process::ExitCode;

/// The matchups, point by point, then opponent by opponent (the swept policy in slot 0).
fn matchups<F: Family>(s: &SweepSettings<F>) -> Vec<Matchup<F::Spec>> {
    let mut out = Vec::new();
    for (_, p) in &s.points {
        if s.opponents.is_empty() {
            out.push(Matchup {
                slots: vec![p.clone()],
            });
        }
        for o in &s.opponents {
            out.push(Matchup {
                slots: vec![p.clone(), o.clone()],
            });
        }
    }
    out
}

/// Runs the command: the CSV, the chart, the best points on stdout; or a shard's counters; on
/// an interrupt, the checkpoint and a partial CSV, and exit code 130.
pub fn run<F: Family>(settings: SweepSettings<F>) -> Result<ExitCode> {
    let run = &settings.run;
    let say = Say::new(run.quiet, &[Some(&run.out), settings.svg.as_ref()]);
    let matchups = matchups(&settings);
    let kind = RunKind::Sweep {
        template: settings.template.clone(),
        points: settings.points.iter().map(|(p, _)| p.clone()).collect(),
    };
    let job = Job::new(run, &matchups, kind);
    let (progress, complete) = job.play()?;
    let interrupted = job.finish(&progress, complete, |partial| {
        // Built as `merge` builds it from shards.
        let result =
            sweep_csv::result(&job.run, &progress.stats, partial).map_err(anyhow::Error::msg)?;
        let svg = settings
            .svg
            .as_ref()
            .map(|_| render_sweep(&result))
            .transpose()?;
        run.out.write(&result.table()?.export(run.format)?)?;
        if let (Some(path), Some(svg)) = (&settings.svg, svg) {
            path.write(svg.as_bytes())?;
        }
        say.text(&result.summary());
        Ok(())
    })?;
    if let Some(code) = interrupted {
        return Ok(code);
    }
    say.text(&format!("results in {}\n", run.out));
    Ok(ExitCode::SUCCESS)
}
