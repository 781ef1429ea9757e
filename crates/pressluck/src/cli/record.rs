//! Reading a game record (`replay`, `advise`): the flags that override or extend its header
//! ([`RecordArgs`]), its game found, and the boards and decks it names loaded.

use super::game::{load_board, load_deck, load_shortcut_board};
use crate::error::input;
use crate::settings::{Format, RecordGame, RecordSettings};
use anyhow::Result;
use clap::Args;
use pressluck_core::columns::record::Overrides;
use pressluck_core::columns::{Edition, GameKind, Variant};
use pressluck_core::games::shortcut::{self, ShortcutBoard};
use pressluck_core::games::treasure_hunt::{self, Deck};
use std::path::PathBuf;

/// How to read a game record: flags that override or extend its header, and the output format.
#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The flags that override or extend the record's header.
    #[command(flatten)]
    pub rules: RecordRulesArgs,
    /// Output: json or text.
    #[arg(long, default_value = "text")]
    pub format: String,
}

/// The flags that override or extend a game record's header.
#[derive(Clone, Debug, Args)]
pub struct RecordRulesArgs {
    /// Game (overrides the record's `game` line; with no record, the game of the position).
    #[arg(long)]
    pub game: Option<String>,
    /// Route 66 edition (overrides the record).
    #[arg(long)]
    pub edition: Option<String>,
    /// Variant, repeatable (added to the record's).
    #[arg(long = "variant")]
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

/// The record `file` read as `a` says, to be written in `format`, with the name of its game
/// (as `--game` or its `game` line gives it).
pub(super) fn read_record(
    file: PathBuf,
    a: &RecordRulesArgs,
    format: Format,
) -> Result<(RecordSettings, String)> {
    let bytes = std::fs::read(&file).map_err(|e| input(format!("{}: {e}", file.display())))?;
    let name = record_game(a, &bytes);
    let game = match name.as_str() {
        shortcut::GAME_NAME => {
            if a.edition.is_some() || !a.variants.is_empty() || a.deck.is_some() {
                return Err(input(
                    "--edition, --variant and --deck do not apply to shortcut",
                ));
            }
            RecordGame::Shortcut(match &a.board {
                Some(p) => load_shortcut_board(p)?,
                None => ShortcutBoard::default_board(),
            })
        }
        treasure_hunt::GAME_NAME => {
            if a.edition.is_some() || !a.variants.is_empty() || a.board.is_some() {
                return Err(input(
                    "--edition, --variant and --board do not apply to a treasure-hunt record (write variant lines in it; --deck names its cards)",
                ));
            }
            RecordGame::TreasureHunt(match &a.deck {
                Some(path) => load_deck(path)?,
                None => Deck::standard(),
            })
        }
        _ => {
            if a.deck.is_some() {
                return Err(input("--deck applies to treasure-hunt records only"));
            }
            RecordGame::Columns(overrides(a)?)
        }
    };
    let record = RecordSettings {
        file,
        bytes,
        game,
        format,
    };
    Ok((record, name))
}

/// The command-line flags that override or extend a column-race record's header.
fn overrides(a: &RecordRulesArgs) -> Result<Overrides> {
    let game = match &a.game {
        Some(g) => Some(
            g.parse::<GameKind>()
                .map_err(|e| input(format!("--game: {e}")))?,
        ),
        None => None,
    };
    let edition = match &a.edition {
        Some(e) => Some(
            e.parse::<Edition>()
                .map_err(|e| input(format!("--edition: {e}")))?,
        ),
        None => None,
    };
    let variants = a
        .variants
        .iter()
        .map(|v| {
            v.parse::<Variant>()
                .map_err(|e| input(format!("--variant: {e}")))
        })
        .collect::<Result<Vec<_>>>()?;
    let layout = match &a.board {
        Some(path) => Some(load_board(path)?),
        None => None,
    };
    Ok(Overrides {
        game,
        edition,
        variants,
        layout,
    })
}

/// The output format of `--format`.
pub(super) fn format(text: &str) -> Result<Format> {
    match text {
        "json" => Ok(Format::Json),
        "text" => Ok(Format::Text),
        other => Err(input(format!(
            "--format: unknown format '{other}' (expected json or text)"
        ))),
    }
}
