//! `pressluck boards`: its flag ([`BoardsArgs`]) and the board name it checks.

use super::values::Offered;
use crate::error::input;
use anyhow::Result;
use clap::Args;

/// `pressluck boards`.
#[derive(Debug, Args)]
pub struct BoardsArgs {
    /// Print only this board.
    #[arg(value_parser = Offered(crate::commands::boards::names))]
    pub name: Option<String>,
}

impl BoardsArgs {
    /// `pressluck boards NAME`: the name of a built-in board (or none: all of them).
    pub fn settings(&self) -> Result<Option<&'static str>> {
        let name = self.name.as_deref();
        let Some(name) = name else { return Ok(None) };
        let names = crate::commands::boards::names();
        names
            .iter()
            .find(|&&n| n == name)
            .map(|&n| Some(n))
            .ok_or_else(|| {
                input(format!(
                    "boards: unknown board '{name}' (expected one of {})",
                    names.join(", ")
                ))
            })
    }
}
