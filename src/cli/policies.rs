//! `pressluck policies`: its flags ([`PoliciesArgs`]) and their checks into
//! [`PoliciesSettings`].

use super::strategies::strategies;
use super::values::{self, Offered};
use crate::error::input;
use crate::settings::PoliciesSettings;
use anyhow::Result;
use clap::Args;
use pressluck_core::games::GameId;
use std::path::PathBuf;

/// `pressluck policies`.
#[derive(Debug, Args)]
pub struct PoliciesArgs {
    /// Only this game's policies.
    #[arg(long, value_parser = Offered(values::games))]
    pub game: Option<String>,
    /// Folder of your own strategy files, listed beside the built-in ones (default:
    /// $PRESSLUCK_STRATEGIES, else ./strategies when it exists; the built-in ones are always
    /// there).
    #[arg(long)]
    pub strategies: Option<PathBuf>,
}

impl PoliciesArgs {
    /// `pressluck policies`.
    pub fn settings(self) -> Result<PoliciesSettings> {
        let game = self
            .game
            .as_deref()
            .map(|g| GameId::parse(g).map_err(|e| input(format!("--game: {e}"))))
            .transpose()?;
        Ok(PoliciesSettings {
            game,
            strategies: strategies(self.strategies.as_deref())?,
        })
    }
}
