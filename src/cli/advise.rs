//! `pressluck advise`: its flags ([`AdviseArgs`]) and their checks into [`AdviseSettings`]:
//! a record or a position by hand ([`super::position`]), and the policies to ask.

use super::bots::BotArgs;
use super::position::{parse_roll, position, PositionArgs};
use super::record::{format, read_record, RecordArgs};
use super::run::ThreadsArg;
use super::strategies::{warn_unnamed, StrategiesArg};
use crate::error::input;
use crate::settings::{AdviseSettings, AdviseSource, RolloutSettings};
use anyhow::Result;
use clap::Args;
use pressluck_core::engine::EngineRequest;
use pressluck_core::games::join_spec_parts;
use pressluck_core::sim::{MAX_ROLLOUTS, MIN_ROLLOUTS};
use std::path::PathBuf;
use std::sync::Arc;

/// `pressluck advise`.
#[derive(Debug, Args)]
pub struct AdviseArgs {
    /// The game record; without one, the position is the one the flags below set up, in the
    /// game --game names (route66, the default; cant-stop; great-races, with --roll).
    pub file: Option<PathBuf>,
    /// How to read the record (or, without one, the game and the output format).
    #[command(flatten)]
    pub reading: RecordArgs,
    /// The position, without a record.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Policies to ask, comma-separated (default: ev, optimal-turn, fixed-risk:0.3, rule28,
    /// glenn, one-roll and rolls:2; The Great Races: race-points, race-progress, race-margin).
    #[arg(long)]
    pub policies: Option<String>,
    /// Strategy files found by name in --policies.
    #[command(flatten)]
    pub strategies: StrategiesArg,
    /// Bots' timeout and log.
    #[command(flatten)]
    pub bots: BotArgs,
    /// Play each option of the decision out N times (2 or more) and report the chance to win of
    /// the player to move (alone: the turns to finish), with paired 95% intervals.
    #[arg(long, value_name = "N")]
    pub rollouts: Option<u64>,
    /// The policies that play the rollouts: one a seat, or one for all (default: the game's
    /// strongest shipped player for the table size).
    #[arg(long, value_name = "SPEC[,SPEC…]")]
    pub rollout_policies: Option<String>,
    /// Random seed of the rollouts: the same seed and arguments give the same figures, whatever
    /// the thread count (default 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads of the rollouts.
    #[command(flatten)]
    pub threads: ThreadsArg,
}

impl AdviseArgs {
    /// `pressluck advise`: the record (as for `replay`) or the position the flags set up, the
    /// policies of its game, and the rollouts asked for (played by the engine `engine` asks
    /// for).
    pub fn settings(self, engine: EngineRequest) -> Result<AdviseSettings> {
        let book = self.strategies.book()?;
        let threads = self.threads.checked()?;
        let rollouts = match self.rollouts {
            Some(n) if n < MIN_ROLLOUTS => {
                return Err(input(format!(
                    "--rollouts {n}: give at least {MIN_ROLLOUTS} rollouts an option (one has no spread to measure)"
                )))
            }
            Some(n) if n > MAX_ROLLOUTS => {
                return Err(input(format!(
                    "--rollouts {n}: at most {MAX_ROLLOUTS} rollouts an option"
                )))
            }
            Some(n) => Some(n),
            None => {
                let flag = [
                    (self.rollout_policies.is_some(), "--rollout-policies"),
                    (self.seed.is_some(), "--seed"),
                    (threads.is_some(), "--threads"),
                ]
                .into_iter()
                .find_map(|(given, flag)| given.then_some(flag));
                if let Some(flag) = flag {
                    return Err(input(format!("{flag}: goes with --rollouts N")));
                }
                None
            }
        };
        let format = format(&self.reading.format)?;
        let (source, game) = match self.file {
            Some(file) => {
                let roll = self.position.roll.as_deref().map(parse_roll).transpose()?;
                let position = PositionArgs {
                    roll: None,
                    ..self.position.clone()
                };
                if let Some(flag) = position.first_given() {
                    return Err(input(format!(
                    "{flag} sets up a position without a record; give a record or the position, not both"
                )));
                }
                let record = read_record(file, &self.reading.rules, format)?;
                let game = record.game.name();
                (AdviseSource::Record { record, roll }, game)
            }
            None => {
                let source = position(&self.reading.rules, &self.position)?;
                let game = match &source {
                    AdviseSource::Position(p) => p.rules.game.name(),
                    AdviseSource::Race(p) => p.rules.game.name(),
                    AdviseSource::Record { record, .. } => record.game.name(),
                };
                (source, game)
            }
        };
        warn_unnamed(&book);
        // `rule-of-n:30,marker=5` is one spec, as in --policies.
        let rollout_policies = self.rollout_policies.as_deref().map(|text| {
            let parts: Vec<&str> = text.split(',').map(str::trim).collect();
            join_spec_parts(&parts, |p| book.parse(game, p).is_ok())
        });
        let book = Arc::new(book);
        let rollouts = rollouts.map(|n| RolloutSettings {
            rollouts: n,
            policies: rollout_policies,
            seed: self.seed.unwrap_or(1),
            threads,
            book: book.clone(),
            engine,
        });
        Ok(AdviseSettings {
            source,
            policies: self.policies,
            book,
            format,
            rollouts,
        })
    }
}
