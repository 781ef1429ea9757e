//! `pressluck sweep`: its flags ([`SweepArgs`]) and their checks into [`SweepSettings`].

use super::bots::BotArgs;
use super::game::GameArgs;
use super::outputs::{output, table_output, TableFormatArg};
use super::policy_list::parse_policies;
use super::run::{run_settings, RunArgs};
use crate::error::input;
use crate::settings::SweepSettings;
use anyhow::Result;
use clap::Args;
use pressluck_core::games::{Family, Named};
use pressluck_core::sim::MAX_GAMES;
use pressluck_core::template::expand;
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
    /// 'rolls:{1..8}' (step 1 by default: whole bounds; decimal bounds need a step) or
    /// 'rule-of-n:{20..36 step 2}'.
    #[arg(long)]
    pub policy: String,
    /// Opponents, comma-separated specs or strategies (two players; default: the game's
    /// tournament field).
    #[arg(long)]
    pub against: Option<String>,
    /// Folder of your own strategy files, found by name in --against (default:
    /// $PRESSLUCK_STRATEGIES, else ./strategies when it exists; the built-in ones are always
    /// there).
    #[arg(long)]
    pub strategies: Option<PathBuf>,
    /// Bots' timeout and log.
    #[command(flatten)]
    pub bots: BotArgs,
    /// Games per point and opponent.
    #[arg(long, default_value_t = 20_000)]
    pub games: u64,
    /// Output table (`-`: standard output; default sweep.csv, or sweep.jsonl with --format
    /// json).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The table's format.
    #[command(flatten)]
    pub format: TableFormatArg,

    /// Also draw the sweep as an SVG chart.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Seed, threads, progress; shard, checkpoint and resume.
    #[command(flatten)]
    pub run: RunArgs,
}

impl SweepArgs {
    /// Checks a sweep's `--players` before its game is set up: 1 (solitaire) or 2.
    pub fn check_players(&self) -> Result<()> {
        let players = self.players;
        if !(1..=2).contains(&players) {
            return Err(input(format!(
                "--players {players}: a sweep takes 1 (solitaire) or 2 players"
            )));
        }
        Ok(())
    }

    /// `pressluck sweep` for `family`, the game of its game flags.
    pub fn settings<F: Family>(self, family: F) -> Result<SweepSettings<F>> {
        let expanded = expand(&self.policy).map_err(|e| input(format!("--policy {e}")))?;
        let mut points: Vec<(String, F::Spec)> = Vec::new();
        for p in expanded {
            let spec = family
                .parse_spec(&p.spec)
                .map_err(|e| input(format!("--policy: at {}: {e}", p.parameter)))?;
            if let Some((q, _)) = points.iter().find(|(_, s)| s.name() == spec.name()) {
                return Err(input(format!(
                    "--policy: {q} and {} make the same policy '{}'",
                    p.parameter,
                    spec.name()
                )));
            }
            points.push((p.parameter, spec));
        }
        let opponents = match (self.players, &self.against) {
            (1, None) => Vec::new(),
            (1, Some(_)) => {
                return Err(input("--against: a solitaire sweep (--players 1) has none"))
            }
            (_, text) => {
                let text = text.as_deref().unwrap_or(family.default_policies());
                parse_policies(&family, text, "--against", false)?
            }
        };
        let per_point = opponents.len().max(1) as u64;
        let total = (points.len() as u64).saturating_mul(per_point);
        if self.games == 0 || self.games.saturating_mul(total) > MAX_GAMES {
            return Err(input(format!(
            "--games {}: must be at least 1, and {} points × {per_point} opponents × games at most {MAX_GAMES}",
            self.games,
            points.len()
        )));
        }
        self.run.threads.checked()?;
        if self.svg.is_some() && self.run.shard.is_some() {
            return Err(input(
                "--svg: a shard writes counters; draw the merged result instead",
            ));
        }
        let out = table_output(&self.format, self.out, "sweep")?;
        let run = run_settings(family, &self.game, self.players, self.games, out, self.run)?;
        let svg = match &self.svg {
            Some(p) => Some(output(p, "--svg", &[(&run.out, "--out")])?),
            None => None,
        };
        Ok(SweepSettings {
            run,
            template: self.policy,
            points,
            opponents,
            svg,
        })
    }
}
