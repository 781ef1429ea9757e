//! The command line of `pressluck sweep`, kept beside the sweep so that `cli.rs` stays within
//! its size; `cli` re-exports it.

use crate::cli::{GameArgs, ShardArgs};
use clap::Args;
use std::path::PathBuf;

/// `pressluck sweep`.
#[derive(Debug, Args)]
pub struct SweepArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Seats at the table: 2 (the swept policy against each opponent) or 1 (solitaire).
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// The swept policy: a spec with one range, like 'fixed-risk:{0.05..0.6 step 0.05}',
    /// 'rolls:{1..8}' (step 1 by default) or 'rule-of-n:{20..36 step 2}'.
    #[arg(long)]
    pub policy: String,
    /// Opponents, comma-separated specs (two players; default: the game's tournament field).
    #[arg(long)]
    pub against: Option<String>,
    /// Games per point and opponent.
    #[arg(long, default_value_t = 20_000)]
    pub games: u64,
    /// Random seed: the same seed and arguments give the same CSV, whatever the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output CSV.
    #[arg(long, default_value = "results/sweep.csv")]
    pub out: PathBuf,
    /// Also draw the sweep as an SVG chart.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// No progress bar and no summary.
    #[arg(long)]
    pub quiet: bool,
    /// Shard, checkpoint and resume, as for `tournament`.
    #[command(flatten)]
    pub sharding: ShardArgs,
}
