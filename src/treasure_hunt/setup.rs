//! The validated Treasure Hunt game of the command line: rules from `--players` and
//! `--variant`, the deck from `--deck` (or the built-in one).

use super::deck::Deck;
use super::rules::ThRules;
use crate::error::input;
use crate::sim::families::TreasureFamily;
use anyhow::Result;
use std::path::Path;

/// The game name on the command line.
pub const GAME_NAME: &str = "treasure-hunt";

/// Builds the game for `players` from the variants and an optional deck file; errors are
/// one-line input errors naming the flag.
pub fn treasure_setup(
    players: u8,
    variants: &[String],
    deck: Option<&Path>,
    board: Option<&Path>,
) -> Result<TreasureFamily> {
    if !(1..=4).contains(&players) {
        return Err(input(format!(
            "--players {players}: Treasure Hunt takes 1 to 4 players"
        )));
    }
    if board.is_some() {
        return Err(input(
            "--board does not apply to treasure-hunt (the grid is fixed); use --deck for the cards",
        ));
    }
    let mut rules = ThRules::new(players);
    for v in variants {
        rules
            .apply_variant(v)
            .map_err(|e| input(format!("--variant: {e}")))?;
    }
    let deck = match deck {
        None => Deck::standard(),
        Some(path) => load_deck(path)?,
    };
    Ok(TreasureFamily { rules, deck })
}

/// Reads and checks a deck file; errors name the file.
pub fn load_deck(path: &Path) -> Result<Deck> {
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| input(format!("--deck {shown}: {e}")))?;
    let text =
        String::from_utf8(bytes).map_err(|_| input(format!("--deck {shown}: not UTF-8 text")))?;
    Deck::from_toml(&text).map_err(|e| input(format!("--deck {shown}: {e}")))
}
