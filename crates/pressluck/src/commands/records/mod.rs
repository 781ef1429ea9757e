//! A game record of any game, read and replayed ([`PlayedRecord`]): what `replay`, `advise` and
//! `review` ask of a record, each game's answers in a file of its own; [`play`] is the one
//! place that tells the games' records apart.

mod columns;
mod shortcut;
mod treasure_hunt;

pub use columns::position_advice;
pub use shortcut::NEEDS_ROLLOUTS as SHORTCUT_NEEDS_ROLLOUTS;

use crate::error::input;
use crate::settings::{
    AdvisePolicies, Format, RecordGame, RecordSettings, ReviewSettings, RolloutSettings,
};
use anyhow::Result;
use pressluck_core::dice::Roll;
use serde_json::Value;
use std::process::ExitCode;

/// A record of one game, read and played to its end.
pub trait PlayedRecord {
    /// The position the record reaches, as `replay` prints it.
    fn position(&self, format: Format) -> String;

    /// The advice on the decision the record reaches (after `roll`, the `--roll` given), by
    /// `policies`, with the rollouts `rollouts` asks for (under the key `rollouts`), as JSON.
    fn advice(
        &self,
        policies: &AdvisePolicies,
        roll: Option<Roll>,
        rollouts: Option<&RolloutSettings>,
    ) -> Result<Value>;

    /// The advice drawn for a person (its rollouts are drawn apart).
    fn advice_text(&self, advice: &Value) -> String;

    /// Reviews the game as `s` asks and writes the review.
    fn review(&self, s: &ReviewSettings) -> Result<ExitCode>;
}

/// The record of `s` read and played (errors name the file and the line).
pub fn play(s: &RecordSettings) -> Result<Box<dyn PlayedRecord>> {
    Ok(match &s.game {
        RecordGame::Columns(overrides) => Box::new(columns::ColumnRecord::play(s, overrides)?),
        RecordGame::Shortcut(board) => Box::new(shortcut::ShortcutPlayed::play(s, board)?),
        RecordGame::TreasureHunt(deck) => Box::new(treasure_hunt::TreasurePlayed::play(s, deck)?),
    })
}

/// An error in the record file `s`, naming it.
fn in_file(s: &RecordSettings, e: impl std::fmt::Display) -> anyhow::Error {
    input(format!("{}: {e}", s.file.display()))
}
