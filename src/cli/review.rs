//! `pressluck review`: its flags ([`ReviewArgs`]) and their checks into [`ReviewSettings`]:
//! the record, the rollouts that play its positions out, and where the table goes.

use super::bots::BotArgs;
use super::game::board_label;
use super::outputs::{output, TableFormatArg};
use super::record::{read_record, RecordRulesArgs};
use super::run::ThreadsArg;
use super::strategies::{warn_unnamed, StrategiesArg};
use crate::error::input;
use crate::settings::{Format, ReviewSettings, RolloutSettings};
use anyhow::Result;
use clap::Args;
use pressluck_core::engine::EngineRequest;
use pressluck_core::games::join_spec_parts;
use pressluck_core::sim::MAX_REVIEW_ROLLOUTS;
use std::path::PathBuf;
use std::sync::Arc;

/// Rollouts a position when `--rollouts` is not given.
pub const DEFAULT_REVIEW_ROLLOUTS: u64 = 1000;

/// `pressluck review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The game record.
    pub file: PathBuf,
    /// The flags that override or extend its header.
    #[command(flatten)]
    pub rules: RecordRulesArgs,
    /// Rollouts of each position: each option of every decision, and each position before and
    /// after every roll.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_REVIEW_ROLLOUTS)]
    pub rollouts: u64,
    /// The policies that play the rollouts: one a seat, or one for all (default: the game's
    /// strongest shipped player for the table size).
    #[arg(long, value_name = "SPEC[,SPEC…]")]
    pub rollout_policies: Option<String>,
    /// Strategy files found by name in --rollout-policies.
    #[command(flatten)]
    pub strategies: StrategiesArg,
    /// Bots' timeout and log.
    #[command(flatten)]
    pub bots: BotArgs,
    /// Random seed of the rollouts: the same seed and arguments give the same review, whatever
    /// the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads of the rollouts.
    #[command(flatten)]
    pub threads: ThreadsArg,
    /// The review table, one row a decision, a roll and a player (`-`: standard output,
    /// instead of the text review).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The table's format.
    #[command(flatten)]
    pub format: TableFormatArg,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

impl ReviewArgs {
    /// `pressluck review`: the record read (as for `replay`), the rollouts checked, the table's
    /// destination checked; the rollouts played by the engine `engine` asks for.
    pub fn settings(self, engine: EngineRequest) -> Result<ReviewSettings> {
        match self.rollouts {
            0 => return Err(input("--rollouts 0: give at least one rollout a position")),
            n if n > MAX_REVIEW_ROLLOUTS => {
                return Err(input(format!(
                    "--rollouts {n}: at most {MAX_REVIEW_ROLLOUTS} rollouts a position"
                )))
            }
            _ => {}
        }
        let threads = self.threads.checked()?;
        let format = self.format.parse()?;
        let out = match &self.out {
            Some(path) => Some(output(path, "--out", &[])?),
            None => None,
        };
        let book = self.strategies.book()?;
        let record = read_record(self.file, &self.rules, Format::Text)?;
        let game = record.game.name();
        // `rule-of-n:30,marker=5` is one spec, as in --policies.
        let policies = self.rollout_policies.as_deref().map(|text| {
            let parts: Vec<&str> = text.split(',').map(str::trim).collect();
            join_spec_parts(&parts, |p| book.parse(game, p).is_ok())
        });
        warn_unnamed(&book);
        let board_file = board_label(self.rules.board.as_deref(), self.rules.deck.as_deref())?;
        Ok(ReviewSettings {
            record,
            rollouts: RolloutSettings {
                rollouts: self.rollouts,
                policies,
                seed: self.seed,
                threads,
                book: Arc::new(book),
                engine,
            },
            board_file,
            out,
            format,
            quiet: self.quiet,
        })
    }
}
