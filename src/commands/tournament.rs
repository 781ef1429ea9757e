//! `pressluck tournament` (being built in this session).

use anyhow::Result;
use std::process::ExitCode;

/// Runs the command.
pub fn run(_args: crate::cli::TournamentArgs) -> Result<ExitCode> {
    Err(anyhow::anyhow!("tournament: not built yet"))
}
