//! The game flags ([`GameArgs`]) checked into a game of any family ([`GameSetup`]) and the
//! provenance its CSVs carry; the board and deck files they name, read and checked.

use super::args::GameArgs;
use crate::columns::{Edition, GameKind, Layout, Rules, Variant};
use crate::error::input;
use crate::output::provenance::Provenance;
use crate::settings::GameSetup;
use crate::shortcut::{self, ShortcutBoard, ShortcutSetup};
use crate::sim::families::TreasureFamily;
use crate::treasure_hunt::{self, Deck, ThRules};
use anyhow::Result;
use std::path::Path;

impl GameArgs {
    /// Validates the game settings for `players` players, whatever the family.
    pub fn setup(&self, players: u8) -> Result<GameSetup> {
        if self.game == shortcut::GAME_NAME {
            return Ok(GameSetup::Shortcut(shortcut_setup(self, players)?));
        }
        if self.game == treasure_hunt::GAME_NAME {
            return treasure_setup(self, players).map(GameSetup::TreasureHunt);
        }
        if self.deck.is_some() {
            return Err(input("--deck applies to treasure-hunt only"));
        }
        let rules = self.rules(players)?;
        Ok(if rules.game == GameKind::GreatRaces {
            GameSetup::GreatRaces(rules)
        } else {
            GameSetup::Columns(rules)
        })
    }

    /// Validates the game settings into column-race rules for `players` players.
    pub fn rules(&self, players: u8) -> Result<Rules> {
        let game: GameKind = self
            .game
            .parse()
            .map_err(|e: String| input(format!("--game: {e}")))?;
        let edition: Edition = self
            .edition
            .parse()
            .map_err(|e: String| input(format!("--edition: {e}")))?;
        if edition == Edition::De && game != GameKind::Route66 {
            return Err(input(format!(
                "--edition de applies to route66 only, not {game}"
            )));
        }
        if !(1..=4).contains(&players) {
            return Err(input(format!(
                "--players {players}: these games take 1 to 4 players"
            )));
        }
        let mut rules = if game == GameKind::Route66 {
            Rules::route66(edition, players)
        } else {
            Rules::new(game, players)
        };
        for v in &self.variants {
            let variant: Variant = v
                .parse()
                .map_err(|e: String| input(format!("--variant: {e}")))?;
            rules
                .apply_variant(variant)
                .map_err(|e| input(format!("--variant {v}: {e}")))?;
        }
        if !(3..=5).contains(&self.columns_to_win) {
            return Err(input(format!(
                "--columns-to-win {}: must be 3, 4 or 5",
                self.columns_to_win
            )));
        }
        rules.columns_to_win = self.columns_to_win;
        if let Some(path) = &self.board {
            rules.layout = load_board(path)?;
        }
        Ok(rules)
    }
}

impl GameArgs {
    /// The provenance of a run of this game (see [`Provenance`]): `players` seats (none for a
    /// table that holds for any), `seed` where the numbers depend on one. A board or deck file
    /// is named by its bytes' digest; the file is read here once more (it is a few hundred
    /// bytes), so the label always matches what was played.
    pub fn provenance(&self, players: Option<u8>, seed: Option<u64>) -> Result<Provenance> {
        let (game, builtin) = match self.game.parse::<GameKind>() {
            Ok(GameKind::Route66) if self.edition == "de" => {
                (GameKind::Route66.name(), "route66-de")
            }
            Ok(g) => (g.name(), g.name()),
            Err(_) if self.game == treasure_hunt::GAME_NAME => {
                (treasure_hunt::GAME_NAME, "treasure-hunt-deck")
            }
            Err(_) if self.game == shortcut::GAME_NAME => {
                (shortcut::GAME_NAME, shortcut::GAME_NAME)
            }
            Err(e) => return Err(input(format!("--game: {e}"))),
        };
        let file = self.board.as_ref().or(self.deck.as_ref());
        let board = match file {
            Some(path) => {
                let flag = if self.board.is_some() {
                    "--board"
                } else {
                    "--deck"
                };
                let bytes = std::fs::read(path)
                    .map_err(|e| input(format!("{flag} {}: {e}", path.display())))?;
                Provenance::file_label(&bytes)
            }
            None => builtin.to_string(),
        };
        let mut parts: Vec<String> = Vec::new();
        if game == GameKind::Route66.name() {
            parts.push(self.edition.clone());
        }
        // The column games' variants by their names (`1` is `leisurely`); the others' as given.
        parts.extend(self.variants.iter().map(|v| match v.parse::<Variant>() {
            Ok(v) if self.game.parse::<GameKind>().is_ok() => v.name().to_string(),
            _ => v.clone(),
        }));
        if self.columns_to_win != 3 {
            parts.push(format!("columns-to-win:{}", self.columns_to_win));
        }
        Ok(Provenance {
            game: game.to_string(),
            players,
            rules: Provenance::rules_label(&parts),
            board,
            seed,
        })
    }
}

/// Reads and checks a column-race board file; errors name the flag and the file.
pub fn load_board(path: &Path) -> Result<Layout> {
    read_checked(path, "--board", Layout::from_toml)
}

/// Checks the game flags for Shortcut: 1 to 4 players, no edition, variants, columns to win or
/// deck; `--board` replaces the default board.
fn shortcut_setup(g: &GameArgs, players: u8) -> Result<ShortcutSetup> {
    if !(1..=4).contains(&players) {
        return Err(input(format!(
            "--players {players}: Shortcut takes 1 to 4 players"
        )));
    }
    if g.edition != "en" {
        return Err(input("--edition applies to route66 only, not shortcut"));
    }
    if let Some(v) = g.variants.first() {
        return Err(input(format!("--variant {v}: shortcut has no variants")));
    }
    if g.columns_to_win != 3 {
        return Err(input(
            "--columns-to-win applies to cant-stop only, not shortcut",
        ));
    }
    let mut setup = match &g.board {
        Some(path) => ShortcutSetup::new(load_shortcut_board(path)?, players),
        None => ShortcutSetup::new(ShortcutBoard::default_board(), players),
    };
    setup.custom_board = g.board.is_some();
    Ok(setup)
}

/// Checks the game flags for Treasure Hunt: 1 to 4 players, its variants, `--deck` (or the
/// built-in deck); no board, edition or columns to win.
fn treasure_setup(g: &GameArgs, players: u8) -> Result<TreasureFamily> {
    if !(1..=4).contains(&players) {
        return Err(input(format!(
            "--players {players}: Treasure Hunt takes 1 to 4 players"
        )));
    }
    if g.board.is_some() {
        return Err(input(
            "--board does not apply to treasure-hunt (the grid is fixed); use --deck for the cards",
        ));
    }
    let mut rules = ThRules::new(players);
    for v in &g.variants {
        rules
            .apply_variant(v)
            .map_err(|e| input(format!("--variant: {e}")))?;
    }
    let deck = match &g.deck {
        None => Deck::standard(),
        Some(path) => load_deck(path)?,
    };
    Ok(TreasureFamily { rules, deck })
}

/// Reads and checks a Treasure Hunt deck file; errors name the flag and the file.
pub fn load_deck(path: &Path) -> Result<Deck> {
    read_checked(path, "--deck", Deck::from_toml)
}

/// Reads and checks a Shortcut board file; errors name the flag and the file.
pub fn load_shortcut_board(path: &Path) -> Result<ShortcutBoard> {
    read_checked(path, "--board", ShortcutBoard::from_toml)
}

/// Reads the text file `path` named by `flag` and checks it with `parse`; every error is one
/// line naming the flag and the file.
fn read_checked<T>(
    path: &Path,
    flag: &str,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<T> {
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| input(format!("{flag} {shown}: {e}")))?;
    let text =
        String::from_utf8(bytes).map_err(|_| input(format!("{flag} {shown}: not UTF-8 text")))?;
    parse(&text).map_err(|e| input(format!("{flag} {shown}: {e}")))
}
