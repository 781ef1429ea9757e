//! What every run of many games shares: its flags ([`RunArgs`]: seed, threads, progress,
//! shard, checkpoint, resume) and their checks into [`RunSettings`] and [`Control`].

use super::game::GameArgs;
use super::outputs::output;
use crate::error::input;
use crate::output::destination::Destination;
use crate::output::table::TableFormat;
use crate::settings::{Control, RunSettings};
use anyhow::Result;
use clap::Args;
use pressluck_core::games::Family;
use pressluck_core::sim::{Shard, MAX_THREADS};
use std::path::PathBuf;

/// What every run of many games takes (`tournament`, `sweep`, `tune`): the seed, threads and
/// progress flags, and `--shard`, `--checkpoint` and `--resume`.
#[derive(Debug, Default, Args)]
pub struct RunArgs {
    /// Random seed: the same seed and arguments give the same table, whatever the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads.
    #[command(flatten)]
    pub threads: ThreadsArg,
    /// No progress bar and no summary.
    #[arg(long)]
    pub quiet: bool,
    /// Play only shard K of N (chunks k with k % N = K-1); --out then holds raw counters for
    /// `pressluck merge`.
    #[arg(long)]
    pub shard: Option<String>,
    /// Save the counters of finished chunks here as the run goes (and on Ctrl-C).
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Continue the run saved in this checkpoint (same arguments).
    #[arg(long)]
    pub resume: Option<PathBuf>,
}

/// `--threads` of the commands that play games on worker threads (`tournament`, `sweep`,
/// `tune`, `bench`).
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct ThreadsArg {
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

impl ThreadsArg {
    /// The thread count, checked: 1..=[`MAX_THREADS`], or none for all cores.
    pub fn checked(self) -> Result<Option<usize>> {
        match self.threads {
            Some(t) if !(1..=MAX_THREADS).contains(&t) => Err(input(format!(
                "--threads {t}: must be between 1 and {MAX_THREADS}"
            ))),
            t => Ok(t),
        }
    }
}

/// Checks `--shard`, `--checkpoint` and `--resume` of a run whose result goes to `out`.
pub(super) fn control(sharding: RunArgs, out: &Destination) -> Result<Control> {
    let shard = match &sharding.shard {
        Some(t) => Shard::parse(t).map_err(|e| input(format!("--shard {e}")))?,
        None => Shard::WHOLE,
    };
    let checkpoint = match &sharding.checkpoint {
        Some(p) if p.as_os_str() == "-" => {
            return Err(input(
                "--checkpoint -: a checkpoint is a file to resume from, not standard output",
            ))
        }
        Some(p) => Some(output(p, "--checkpoint", &[(out, "--out")])?),
        None => None,
    };
    Ok(Control {
        shard,
        sharded_output: sharding.shard.is_some(),
        checkpoint,
        resume: sharding.resume,
    })
}

/// The flags every run of many games shares, checked: its games per matchup are `games` and
/// its threads (both already checked by the command), its seats `players`; its result table
/// goes to `out` in `format`.
pub(super) fn run_settings<F: Family>(
    family: F,
    game: &GameArgs,
    players: u8,
    games: u64,
    (format, out): (TableFormat, PathBuf),
    run: RunArgs,
) -> Result<RunSettings<F>> {
    if run.shard.is_some() && format != TableFormat::Csv {
        return Err(input(
            "--format json: a shard writes counters for `pressluck merge`; ask `pressluck merge --format json` instead",
        ));
    }
    let out = output(&out, "--out", &[])?;
    let (seed, threads, quiet) = (run.seed, run.threads.threads, run.quiet);
    let control = control(run, &out)?;
    Ok(RunSettings {
        provenance: game.provenance(Some(players), Some(seed))?,
        family,
        games,
        seed,
        out,
        format,
        threads,
        quiet,
        control,
    })
}
