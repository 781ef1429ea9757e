//! `pressluck replay FILE`: plays a game record of any game and prints the position it reaches.

use super::records;
use crate::output::destination::Destination;
use crate::settings::RecordSettings;
use anyhow::Result;
use std::process::ExitCode;

/// Runs the command: read and play the record, print the position.
pub fn run(s: RecordSettings) -> Result<ExitCode> {
    let text = records::play(&s)?.position(s.format);
    Destination::Stdout.write(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
