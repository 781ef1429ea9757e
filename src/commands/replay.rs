//! `pressluck replay FILE`: plays a game record of any game and prints the position it reaches.

use crate::error::input;
use crate::output::destination::Destination;
use crate::settings::{Format, RecordSettings};
use anyhow::Result;
use pressluck_core::games::{GameRecord, UseRecord};
use std::process::ExitCode;

/// Prints the position the record reaches, as text or JSON.
pub fn run(s: RecordSettings) -> Result<ExitCode> {
    let shown = s.file.display().to_string();
    let text = s
        .game
        .read_record(&shown, &s.bytes, &s.options, Position(s.format))
        .map_err(input)?;
    Destination::Stdout.write(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The position of a record, in this format.
struct Position(Format);

impl UseRecord for Position {
    type Output = String;

    fn with<R: GameRecord>(self, record: R) -> String {
        match self.0 {
            Format::Json => record.position_json(),
            Format::Text => record.position_text(),
        }
    }
}
