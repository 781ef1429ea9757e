//! `pressluck play`: its flags ([`PlayArgs`]) and their checks into [`PlaySettings`]: the
//! seats (`human`, policies, strategies, bots), the seed, the record's file and the hints.

use super::bots::BotArgs;
use super::game::GameArgs;
use super::run::ThreadsArg;
use super::strategies::StrategiesArg;
use crate::error::input;
use crate::players::human::Human;
use crate::settings::{Person, PlaySettings, RecordOut, RolloutSettings, Screen, TableGame};
use anyhow::Result;
use clap::Args;
use pressluck_core::engine::EngineRequest;
use pressluck_core::games::asked::{AskedSeat, SeatSpec};
use pressluck_core::games::{join_spec_parts, one_a_seat, Family, RecordOptions, StrategyBook};
use pressluck_core::sim::{MAX_ROLLOUTS, MIN_ROLLOUTS};
use std::path::PathBuf;
use std::sync::Arc;

/// The name of a person's seat in `--policies`.
pub const HUMAN: &str = "human";

/// `pressluck play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Seats at the table.
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// The seats' players in seat order, comma-separated, one a seat (or one for all): `human`
    /// (you, asked on the terminal or standard input), policies, strategies and bots.
    #[arg(long)]
    pub policies: String,
    /// Strategy files found by name in --policies.
    #[command(flatten)]
    pub strategies: StrategiesArg,
    /// Seed of the game's dice (default: drawn, and printed so the game can be played again).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write the game's record here, line by line as it is played (`-`: standard output);
    /// an existing file is refused unless --force.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Replace the --out file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Rollouts an option of a `hint`.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub hint_rollouts: u64,
    /// Worker threads of a hint's rollouts.
    #[command(flatten)]
    pub threads: ThreadsArg,
    /// Bots' timeout and log.
    #[command(flatten)]
    pub bots: BotArgs,
}

impl PlayArgs {
    /// `pressluck play` for `family`, the game of its game flags, its policy lists knowing the
    /// strategies of `book`, its hints played by the engine `engine` asks for.
    pub fn settings<F: Family>(
        self,
        family: F,
        book: Arc<StrategyBook>,
        engine: EngineRequest,
    ) -> Result<PlaySettings<F>> {
        if self.game.columns_to_win.is_some() {
            return Err(input(
                "--columns-to-win: a game record cannot hold it, so its record would replay as \
                 another game; play the game as its rules have it",
            ));
        }
        let threads = self.threads.checked()?;
        if self.hint_rollouts < MIN_ROLLOUTS || self.hint_rollouts > MAX_ROLLOUTS {
            return Err(input(format!(
                "--hint-rollouts {}: give {MIN_ROLLOUTS} to {MAX_ROLLOUTS} rollouts an option",
                self.hint_rollouts
            )));
        }
        let out = match &self.out {
            Some(p) if p.as_os_str() == "-" => Some(RecordOut::Stdout),
            Some(p) if p.is_dir() => {
                return Err(input(format!("--out {}: is a directory", p.display())))
            }
            Some(p) if p.exists() && !self.force => {
                return Err(input(format!(
                    "--out {}: the file exists; the record is written as the game goes, so give \
                     a new file, or --force to replace it",
                    p.display()
                )))
            }
            Some(p) => Some(RecordOut::File {
                path: p.clone(),
                force: self.force,
            }),
            None => None,
        };
        let screen = Screen {
            to_stderr: out == Some(RecordOut::Stdout),
        };
        let table = TableGame {
            game: self.game.game_id()?,
            options: RecordOptions {
                board: self.game.board.clone(),
                deck: self.game.deck.clone(),
                ..RecordOptions::default()
            },
            hint: RolloutSettings {
                rollouts: self.hint_rollouts,
                policies: None,
                seed: 1,
                threads,
                book,
                engine,
            },
        };
        let parts: Vec<&str> = self.policies.split(',').map(str::trim).collect();
        if parts.iter().any(|p| p.is_empty()) {
            return Err(input(format!(
                "--policies '{}': empty entry",
                self.policies
            )));
        }
        let texts = join_spec_parts(&parts, |p| p == HUMAN || family.parse_spec(p).is_ok());
        let mut human = None;
        let mut specs = Vec::new();
        for t in &texts {
            if t == HUMAN {
                let person = human
                    .get_or_insert_with(|| Arc::new(Human::new(table.clone(), screen)))
                    .clone();
                specs.push(F::Spec::asked(AskedSeat::new(HUMAN, person)));
            } else {
                specs.push(
                    family
                        .parse_spec(t)
                        .map_err(|e| input(format!("--policies: {e}")))?,
                );
            }
        }
        let seats =
            one_a_seat(&specs, self.players).map_err(|e| input(format!("--policies: {e}")))?;
        let (seed, seed_drawn) = match self.seed {
            Some(s) => (s, false),
            None => (drawn_seed(), true),
        };
        let provenance = self.game.provenance(Some(self.players), Some(seed))?;
        crate::players::session().set_rules(&provenance.rules);
        crate::players::session().set_seed(seed);
        let mut command = format!(
            "pressluck play --game {} --players {} --policies {} --seed {seed}",
            self.game.game, self.players, self.policies
        );
        for v in &self.game.variants {
            command += &format!(" --variant {v}");
        }
        if let Some(e) = &self.game.edition {
            command += &format!(" --edition {e}");
        }
        for (flag, file) in [("--board", &self.game.board), ("--deck", &self.game.deck)] {
            if let Some(f) = file {
                command += &format!(" {flag} {}", f.display());
            }
        }
        Ok(PlaySettings {
            family,
            seats,
            seed,
            seed_drawn,
            out,
            table,
            person: human.map(|h| h as Arc<dyn Person>),
            screen,
            command,
        })
    }
}

/// A seed for a game whose `--seed` is not given: the system's random keys (a new hasher's).
fn drawn_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}
