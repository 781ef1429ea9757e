//! `pressluck tournament`: its flags ([`TournamentArgs`]) and their checks into
//! [`TournamentSettings`].

use super::bots::BotArgs;
use super::game::GameArgs;
use super::outputs::{output, table_output, TableFormatArg};
use super::policy_list::parse_policies;
use super::run::{run_settings, RunArgs};
use super::strategies::StrategiesArg;
use crate::error::input;
use crate::settings::TournamentSettings;
use anyhow::Result;
use clap::Args;
use pressluck_core::games::Family;
use pressluck_core::sim::{matchups, MAX_GAMES};
use std::path::PathBuf;

/// `pressluck tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Seats at the table (1 = solitaire: turns to finish).
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// Policies, comma-separated: specs, strategy names or strategy files (see `pressluck
    /// policies`); default for the column games: ev,fixed-risk:0.3,one-roll,rule28 (each game
    /// has its own).
    #[arg(long)]
    pub policies: Option<String>,
    /// Strategy files found by name in --policies.
    #[command(flatten)]
    pub strategies: StrategiesArg,
    /// Bots' timeout and log.
    #[command(flatten)]
    pub bots: BotArgs,
    /// Games per matchup.
    #[arg(long, default_value_t = 100_000)]
    pub games: u64,
    /// Output table (`-`: standard output; default tournament.csv, or tournament.jsonl with
    /// --format json).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write the stop-probability table to this file (in --format).
    #[arg(long)]
    pub stop_table: Option<PathBuf>,
    /// The table's format.
    #[command(flatten)]
    pub format: TableFormatArg,

    /// Seed, threads, progress; shard, checkpoint and resume.
    #[command(flatten)]
    pub run: RunArgs,
    /// Also draw the results as an SVG chart: win rates with 95% whiskers, or (solitaire)
    /// histograms of turns to finish.
    #[arg(long)]
    pub svg: Option<PathBuf>,
}

impl TournamentArgs {
    /// `pressluck tournament` for `family`, the game of its game flags.
    pub fn settings<F: Family>(self, family: F) -> Result<TournamentSettings<F>> {
        let text = self
            .policies
            .clone()
            .unwrap_or_else(|| family.default_policies().to_string());
        let policies = parse_policies(&family, &text, "--policies", true)?;
        let matchups = matchups(&policies, self.players as usize);
        if self.games == 0 || self.games > MAX_GAMES {
            return Err(input(format!(
                "--games {}: must be between 1 and {MAX_GAMES}",
                self.games
            )));
        }
        self.run.threads.checked()?;
        let sharded = self.run.shard.is_some();
        if sharded && self.stop_table.is_some() {
            return Err(input(
                "--stop-table: a shard writes counters; ask `pressluck merge --stop-table` instead",
            ));
        }
        let out = table_output(&self.format, self.out, "tournament")?;
        let run = run_settings(family, &self.game, self.players, self.games, out, self.run)?;
        let stop_table = match &self.stop_table {
            Some(p) => Some(output(p, "--stop-table", &[(&run.out, "--out")])?),
            None => None,
        };
        let svg = match &self.svg {
            Some(_) if sharded => {
                return Err(input(
                    "--svg: a shard writes counters; draw the merged result instead",
                ))
            }
            Some(p) => {
                let mut taken = vec![(&run.out, "--out")];
                if let Some(t) = &stop_table {
                    taken.push((t, "--stop-table"));
                }
                Some(output(p, "--svg", &taken)?)
            }
            None => None,
        };
        Ok(TournamentSettings {
            run,
            matchups,
            stop_table,
            svg,
        })
    }
}
