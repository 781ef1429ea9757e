//! `pressluck policies` (being built in this session).

use anyhow::Result;
use std::process::ExitCode;

/// Runs the command.
pub fn run(_args: crate::cli::PoliciesArgs) -> Result<ExitCode> {
    Err(anyhow::anyhow!("policies: not built yet"))
}
