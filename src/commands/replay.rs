//! `pressluck replay` (being built in this session).

use anyhow::Result;
use std::process::ExitCode;

/// Runs the command.
pub fn run(_args: crate::cli::ReplayArgs) -> Result<ExitCode> {
    Err(anyhow::anyhow!("replay: not built yet"))
}
