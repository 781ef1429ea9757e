//! `pressluck replay FILE`: plays a game record of any game and prints the position it reaches.

use crate::error::input;
use crate::output::destination::Destination;
use crate::output::position::Position;
use crate::output::{shortcut_position, treasure_position};
use crate::settings::{Format, RecordGame, RecordSettings};
use anyhow::Result;
use pressluck_core::columns::record::{play, Overrides, Record, Replay, Setup};
use pressluck_core::games::shortcut::record::position_text;
use pressluck_core::games::treasure_hunt::{Deck, State};
use std::process::ExitCode;

/// Runs the command: read and play the record, print the position.
pub fn run(s: RecordSettings) -> Result<ExitCode> {
    let text = match &s.game {
        RecordGame::Shortcut(board) => {
            let replay = shortcut(&s, board)?;
            match s.format {
                Format::Json => shortcut_position::to_json(board, &replay),
                Format::Text => position_text(board, &replay),
            }
        }
        RecordGame::TreasureHunt(deck) => {
            let state = treasure(&s, deck)?;
            match s.format {
                Format::Json => treasure_position::to_json(&state) + "\n",
                Format::Text => treasure_position::to_text(&state),
            }
        }
        RecordGame::Columns(overrides) => {
            let (setup, replay) = columns(&s, overrides)?;
            let position = Position {
                rules: &setup.rules,
                edition: setup.edition,
                variants: &setup.variants,
                game: &replay.game,
                pending: replay.pending.map(|(roll, list, _)| (roll, list)),
            };
            match s.format {
                Format::Json => position.to_json() + "\n",
                Format::Text => position.to_text(),
            }
        }
    };
    Destination::Stdout.write(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// Plays a Shortcut record on `board`; errors name the file and line.
pub fn shortcut(
    s: &RecordSettings,
    board: &pressluck_core::games::shortcut::ShortcutBoard,
) -> Result<pressluck_core::games::shortcut::record::ShortcutReplay> {
    let record = pressluck_core::games::shortcut::record::ShortcutRecord::from_bytes(&s.bytes)
        .map_err(|e| in_file(s, e))?;
    pressluck_core::games::shortcut::record::play(&record, board).map_err(|e| in_file(s, e))
}

/// Plays a column-race record (Route 66, Can't Stop, The Great Races) with the command line's
/// `overrides`; errors name the file and line.
pub fn columns(s: &RecordSettings, overrides: &Overrides) -> Result<(Setup, Replay)> {
    let record = Record::from_bytes(&s.bytes).map_err(|e| in_file(s, e))?;
    let setup = record.setup(overrides).map_err(|e| in_file(s, e))?;
    let replay = play(&record, &setup.rules).map_err(|e| in_file(s, e))?;
    Ok((setup, replay))
}

/// Plays a Treasure Hunt record dealt from `deck`; errors name the file and line.
pub fn treasure(s: &RecordSettings, deck: &Deck) -> Result<State> {
    let text = std::str::from_utf8(&s.bytes).map_err(|_| in_file(s, "not UTF-8 text"))?;
    pressluck_core::games::treasure_hunt::replay(text, deck).map_err(|e| in_file(s, e))
}

/// An error in the record file, naming it.
fn in_file(s: &RecordSettings, e: impl std::fmt::Display) -> anyhow::Error {
    input(format!("{}: {e}", s.file.display()))
}
