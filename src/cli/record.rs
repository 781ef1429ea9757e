//! Reading a game record (`replay`, `advise`): the flags that override or extend its header
//! ([`RecordArgs`]), its game found, and the boards and decks it names loaded.

use super::values::{self, Offered};
use crate::error::input;
use crate::settings::{Format, RecordSettings};
use anyhow::Result;
use clap::Args;
use pressluck_core::columns::GameKind;
use pressluck_core::games::{GameId, RecordOptions};
use std::path::PathBuf;

/// How to read a game record: flags that override or extend its header, and the output format.
#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The flags that override or extend the record's header.
    #[command(flatten)]
    pub rules: RecordRulesArgs,
    /// Output: text or json.
    #[arg(long, default_value = "text", value_parser = Offered(values::text_formats))]
    pub format: String,
}

/// The flags that override or extend a game record's header.
#[derive(Clone, Debug, Args)]
pub struct RecordRulesArgs {
    /// Game (overrides the record's `game` line).
    #[arg(long, value_parser = Offered(values::games))]
    pub game: Option<String>,
    /// Route 66 edition (overrides the record).
    #[arg(long, value_parser = Offered(values::editions))]
    pub edition: Option<String>,
    /// Variant, repeatable (added to the record's).
    #[arg(long = "variant", value_parser = Offered(values::variants), hide_possible_values = true)]
    pub variants: Vec<String>,
    /// Board file replacing the built-in board.
    #[arg(long)]
    pub board: Option<PathBuf>,
    /// Treasure Hunt: deck file (TOML) whose cards the record plays.
    #[arg(long)]
    pub deck: Option<PathBuf>,
}

/// The game a record is of: `--game`, else its own `game` line, else Route 66.
fn record_game(a: &RecordRulesArgs, bytes: &[u8]) -> String {
    if let Some(g) = &a.game {
        return g.clone();
    }
    let text = String::from_utf8_lossy(bytes);
    for line in text.lines() {
        let mut words = line.split('#').next().unwrap_or("").split_whitespace();
        if words.next() == Some("game") {
            return words.next().unwrap_or("").to_string();
        }
    }
    GameKind::Route66.name().to_string()
}

/// The record `file` read as `a` says, to be written in `format`: its bytes, its game (as
/// `--game` or its `game` line names it; a name no game has is read as a Route 66 record, whose
/// reading names the error) and the flags for it.
pub(super) fn read_record(
    file: PathBuf,
    a: &RecordRulesArgs,
    format: Format,
) -> Result<RecordSettings> {
    let bytes = std::fs::read(&file).map_err(|e| input(format!("{}: {e}", file.display())))?;
    let game = GameId::parse(&record_game(a, &bytes)).unwrap_or(GameId::Route66);
    Ok(RecordSettings {
        file,
        bytes,
        game,
        options: RecordOptions {
            game: a.game.clone(),
            edition: a.edition.clone(),
            variants: a.variants.clone(),
            board: a.board.clone(),
            deck: a.deck.clone(),
        },
        format,
    })
}

/// The output format of `--format`.
pub(super) fn format(text: &str) -> Result<Format> {
    match text {
        "json" => Ok(Format::Json),
        "text" => Ok(Format::Text),
        other => Err(input(format!(
            "--format: unknown format '{other}' (expected {})",
            Format::NAMES.join(" or ")
        ))),
    }
}
