//! `pressluck review`: its flags ([`ReviewArgs`]) and their checks into [`ReviewSettings`]:
//! the record, the rollouts that play its positions out, and where the table goes.

use super::bots::BotArgs;
use super::game::board_label;
use super::outputs::output;
use super::record::{read_record, RecordRulesArgs};
use super::run::ThreadsArg;
use super::strategies::{warn_unnamed, StrategiesArg};
use super::values::{self, Offered};
use crate::error::input;
use crate::output::destination::Destination;
use crate::output::table::TableFormat;
use crate::settings::{Format, ReviewSettings, RolloutSettings};
use anyhow::Result;
use clap::Args;
use pressluck_core::engine::EngineRequest;
use pressluck_core::games::join_spec_parts;
use pressluck_core::sim::{MAX_REVIEW_ROLLOUTS, MIN_ROLLOUTS};
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
    /// Rollouts of each position (2 or more): each option of every decision, and each position
    /// before and after every roll.
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
    /// The table's format: csv (the default), or json (JSON Lines: one object per CSV row).
    /// Without --out, the table in this format goes to standard output instead of the text
    /// review, as --format does in advise and replay.
    #[arg(long, value_parser = Offered(values::table_formats))]
    pub format: Option<String>,
    /// Also draw the game's course as an SVG chart: each player's chance to win after every
    /// decision and roll (alone: the turns to finish), flagged decisions and the luckiest rolls
    /// marked.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Save the play-outs done here as the review goes (and on Ctrl-C; default beside --out,
    /// as OUT.checkpoint).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Finish the interrupted review saved in this checkpoint (same record and arguments).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

impl ReviewArgs {
    /// `pressluck review`: the record read (as for `replay`), the rollouts checked, the table's
    /// destination checked; the rollouts played by the engine `engine` asks for.
    pub fn settings(self, engine: EngineRequest) -> Result<ReviewSettings> {
        match self.rollouts {
            n if n < MIN_ROLLOUTS => {
                return Err(input(format!(
                    "--rollouts {n}: give at least {MIN_ROLLOUTS} rollouts a position (each is measured against the best the others pick)"
                )))
            }
            n if n > MAX_REVIEW_ROLLOUTS => {
                return Err(input(format!(
                    "--rollouts {n}: at most {MAX_REVIEW_ROLLOUTS} rollouts a position"
                )))
            }
            _ => {}
        }
        let threads = self.threads.checked()?;
        let format = TableFormat::parse(self.format.as_deref().unwrap_or("csv"))?;
        let out = match (&self.out, &self.format) {
            (Some(path), _) => Some(output(path, "--out", &[])?),
            (None, Some(_)) => Some(Destination::Stdout),
            (None, None) => None,
        };
        let mut taken: Vec<(&Destination, &str)> = out.iter().map(|d| (d, "--out")).collect();
        let svg = match &self.svg {
            Some(p) if p.as_os_str() == "-" => {
                return Err(input("--svg -: standard output is the text review's"))
            }
            Some(path) => Some(output(path, "--svg", &taken)?),
            None => None,
        };
        taken.extend(svg.iter().map(|d| (d, "--svg")));
        let checkpoint =
            match &self.checkpoint {
                Some(p) if p.as_os_str() == "-" => return Err(input(
                    "--checkpoint -: a checkpoint is a file to resume from, not standard output",
                )),
                Some(p) => Some(output(p, "--checkpoint", &taken)?),
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
            svg,
            checkpoint,
            resume: self.resume,
            quiet: self.quiet,
        })
    }
}
