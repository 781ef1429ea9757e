//! `pressluck bench`: its flags ([`BenchArgs`]) and their checks into [`BenchSettings`].

use super::game::GameArgs;
use super::policy_list::split_policies;
use super::run::ThreadsArg;
use super::strategies::StrategiesArg;
use crate::error::input;
use crate::settings::BenchSettings;
use anyhow::Result;
use clap::Args;
use pressluck_core::games::{Family, Matchup};
use pressluck_core::sim::MAX_GAMES;

/// `pressluck bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Seats at the table.
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// Policies by seat, comma-separated; fewer than the seats repeat the last one (default:
    /// fixed-risk:0.3 for the column games, the first of the game's default field otherwise).
    #[arg(long)]
    pub policies: Option<String>,
    /// Strategy files found by name in --policies.
    #[command(flatten)]
    pub strategies: StrategiesArg,
    /// Games to play.
    #[arg(long, default_value_t = 1_000_000)]
    pub games: u64,
    /// Worker threads.
    #[command(flatten)]
    pub threads: ThreadsArg,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play the same games this many times (1 to 100) and report the median time, with the
    /// fastest and slowest run: one run on a shared machine can be off by 15% or more.
    #[arg(long, default_value_t = 1)]
    pub repeat: u32,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Most runs one bench repeats.
const MAX_REPEAT: u32 = 100;

impl BenchArgs {
    /// Checks `bench`'s numbers before its game is set up.
    pub fn check_limits(&self) -> Result<()> {
        if self.games == 0 || self.games > MAX_GAMES {
            return Err(input(format!(
                "--games {}: must be between 1 and {MAX_GAMES}",
                self.games
            )));
        }
        if self.repeat == 0 || self.repeat > MAX_REPEAT {
            return Err(input(format!(
                "--repeat {}: must be between 1 and {MAX_REPEAT}",
                self.repeat
            )));
        }
        self.threads.checked()?;
        Ok(())
    }

    /// `pressluck bench` for `family`, the game of its game flags (its numbers checked by
    /// [`Self::check_limits`]).
    pub fn settings<F: Family>(self, family: F) -> Result<BenchSettings<F>> {
        let first = family
            .default_policies()
            .split(',')
            .next()
            .unwrap_or_default();
        let text = self.policies.clone().unwrap_or_else(|| {
            if first == "ev" {
                "fixed-risk:0.3".to_string()
            } else {
                first.to_string()
            }
        });
        let mut slots = Vec::new();
        for part in split_policies(&family, &text, "--policies")? {
            slots.push(
                family
                    .parse_spec(&part)
                    .map_err(|e| input(format!("--policies: {e}")))?,
            );
        }
        while slots.len() < self.players as usize {
            slots.push(slots[slots.len() - 1].clone());
        }
        if slots.len() > self.players as usize {
            return Err(input(format!(
                "--policies: {} policies for {}",
                slots.len(),
                pressluck_core::numbers::count(self.players.into(), "seat", "seats")
            )));
        }
        Ok(BenchSettings {
            family,
            matchup: Matchup { slots },
            games: self.games,
            seed: self.seed,
            threads: self.threads.threads,
            repeat: self.repeat,
            json: self.json,
        })
    }
}
