//! The game flags ([`GameArgs`]), declared once for every command that plays a game, checked
//! into a game of any family ([`GameSetup`]) and the provenance its CSVs carry; the board and
//! deck files they name, read and checked.

use crate::error::input;
use crate::output::provenance::Provenance;
use anyhow::Result;
use clap::Args;
use pressluck_core::columns::{Edition, GameKind, Layout, Rules, Variant};
use pressluck_core::games::shortcut::{ShortcutBoard, ShortcutSetup};
use pressluck_core::games::treasure_hunt::{Deck, ThRules};
use pressluck_core::games::{GameId, GameSetup, TreasureFamily};
use std::path::{Path, PathBuf};

/// Which game, edition, variants and board: shared by every command that plays a game.
#[derive(Debug, Args, Clone)]
pub struct GameArgs {
    /// Game: route66, cant-stop, great-races, shortcut or treasure-hunt.
    #[arg(long, default_value = "route66")]
    pub game: String,
    /// Route 66 rulebook edition: en (the default: second place anywhere) or de (second place
    /// from * spaces).
    #[arg(long)]
    pub edition: Option<String>,
    /// Variant (repeatable): leisurely, faster-gear (Route 66), jump (Can't Stop); hand-5,
    /// two-dice, solo-far, rounds, rounds:N, row-limit:N, target:N, turn-cap:N (Treasure Hunt).
    #[arg(long = "variant")]
    pub variants: Vec<String>,
    /// Board file (TOML) replacing the game's built-in board; see `pressluck boards`.
    #[arg(long)]
    pub board: Option<PathBuf>,
    /// Can't Stop: columns a player must claim to win (3 to 5; the rule is 3).
    #[arg(long)]
    pub columns_to_win: Option<u8>,
    /// Treasure Hunt: deck file (TOML) replacing the built-in 54-card deck.
    #[arg(long)]
    pub deck: Option<PathBuf>,
}

impl GameArgs {
    /// The game named by `--game`.
    pub fn game_id(&self) -> Result<GameId> {
        GameId::parse(&self.game).map_err(|e| input(format!("--game: {e}")))
    }

    /// Checks the flags that belong to one game only, and the variants given twice.
    fn check_applicable(&self, game: GameId) -> Result<()> {
        let name = game.name();
        let takes = game.entry().flags;
        if let Some(e) = self.edition.as_ref().filter(|_| !takes.edition) {
            return Err(input(format!(
                "--edition {e} applies to route66 only, not {name}"
            )));
        }
        if let Some(n) = self.columns_to_win.filter(|_| !takes.columns_to_win) {
            return Err(input(format!(
                "--columns-to-win {n} applies to cant-stop only, not {name}"
            )));
        }
        if self.deck.is_some() && !takes.deck {
            return Err(input(format!(
                "--deck applies to treasure-hunt only, not {name}"
            )));
        }
        if self.board.is_some() && !takes.board {
            return Err(input(
                "--board does not apply to treasure-hunt (the grid is fixed); use --deck for the cards",
            ));
        }
        // The same variant twice, or two readings of one: by the rule it changes for the
        // column games (`1` is `leisurely`, and so is `leisurely:10`), by the text before any
        // `:` for the others (`rounds` and `rounds:5`).
        let columns = game.column_kind().is_some();
        let key = |v: &str| match v.parse::<Variant>() {
            Ok(v) if columns => v.rule().to_string(),
            _ => v.split(':').next().unwrap_or(v).to_string(),
        };
        let name = |v: &str| match v.parse::<Variant>() {
            Ok(v) if columns => v.name().to_string(),
            _ => v.to_string(),
        };
        for (i, v) in self.variants.iter().enumerate() {
            if let Some(w) = self.variants[..i].iter().find(|w| key(w) == key(v)) {
                return Err(input(if w == v {
                    format!("--variant {v} is given twice; give each variant once")
                } else if name(w) != name(v) && columns {
                    format!(
                        "--variant {v} conflicts with --variant {w}: two readings of one variant; give one"
                    )
                } else {
                    format!("--variant {v}: the same variant as --variant {w}; give each once")
                }));
            }
        }
        Ok(())
    }

    /// Validates the game settings for `players` players, whatever the family.
    pub fn setup(&self, players: u8) -> Result<GameSetup> {
        let game = self.game_id()?;
        self.check_applicable(game)?;
        match game {
            GameId::Shortcut => Ok(GameSetup::Shortcut(shortcut_setup(self, players)?)),
            GameId::TreasureHunt => treasure_setup(self, players).map(GameSetup::TreasureHunt),
            GameId::GreatRaces => Ok(GameSetup::GreatRaces(
                self.rules(GameKind::GreatRaces, players)?,
            )),
            GameId::Route66 => Ok(GameSetup::Columns(self.rules(GameKind::Route66, players)?)),
            GameId::CantStop => Ok(GameSetup::Columns(self.rules(GameKind::CantStop, players)?)),
        }
    }

    /// Validates the game settings into the rules of the column race `game` for `players`
    /// players.
    fn rules(&self, game: GameKind, players: u8) -> Result<Rules> {
        let edition: Edition = self
            .edition
            .as_deref()
            .unwrap_or("en")
            .parse()
            .map_err(|e: String| input(format!("--edition: {e}")))?;
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
        if let Some(n) = self.columns_to_win {
            if !(3..=5).contains(&n) {
                return Err(input(format!("--columns-to-win {n}: must be 3, 4 or 5")));
            }
            rules.columns_to_win = n;
        }
        if let Some(path) = &self.board {
            rules.layout = load_board(path)?;
        }
        Ok(rules)
    }

    /// The provenance of a run of this game (see [`Provenance`]): `players` seats (none for a
    /// table that holds for any), `seed` where the numbers depend on one. A board or deck file
    /// is named by its bytes' digest; the file is read here once more (it is a few hundred
    /// bytes), so the label always matches what was played.
    pub fn provenance(&self, players: Option<u8>, seed: Option<u64>) -> Result<Provenance> {
        let game = self.game_id()?;
        let edition = self.edition.as_deref().unwrap_or("en");
        let builtin = match game {
            GameId::Route66 if edition == "de" => "route66-de",
            g => g.entry().builtin_board,
        };
        let board = match board_label(self.board.as_deref(), self.deck.as_deref())? {
            Some(label) => label,
            None => builtin.to_string(),
        };
        let mut parts: Vec<String> = Vec::new();
        if game.entry().flags.edition {
            parts.push(edition.to_string());
        }
        // The column games' variants by their names (`1` is `leisurely`); the others' as given.
        parts.extend(self.variants.iter().map(|v| match v.parse::<Variant>() {
            Ok(v) if game.column_kind().is_some() => v.name().to_string(),
            _ => v.clone(),
        }));
        if let Some(n) = self.columns_to_win.filter(|&n| n != 3) {
            parts.push(format!("columns-to-win:{n}"));
        }
        Ok(Provenance {
            game: game.name().to_string(),
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

/// Checks the game flags for Shortcut: 1 to 4 players, no variants; `--board` replaces the
/// default board.
fn shortcut_setup(g: &GameArgs, players: u8) -> Result<ShortcutSetup> {
    if !(1..=4).contains(&players) {
        return Err(input(format!(
            "--players {players}: Shortcut takes 1 to 4 players"
        )));
    }
    if let Some(v) = g.variants.first() {
        return Err(input(format!("--variant {v}: shortcut has no variants")));
    }
    let mut setup = match &g.board {
        Some(path) => ShortcutSetup::new(load_shortcut_board(path)?, players),
        None => ShortcutSetup::new(ShortcutBoard::default_board(), players),
    };
    setup.custom_board = g.board.is_some();
    Ok(setup)
}

/// Checks the game flags for Treasure Hunt: 1 to 4 players, its variants, `--deck` (or the
/// built-in deck).
fn treasure_setup(g: &GameArgs, players: u8) -> Result<TreasureFamily> {
    if !(1..=4).contains(&players) {
        return Err(input(format!(
            "--players {players}: Treasure Hunt takes 1 to 4 players"
        )));
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

/// The provenance label (`sha256:…`) of the `--board` or else `--deck` file that replaces the
/// built-in one, if either is given; errors name the flag and the file.
pub fn board_label(board: Option<&Path>, deck: Option<&Path>) -> Result<Option<String>> {
    let Some((flag, path)) = board
        .map(|p| ("--board", p))
        .or(deck.map(|p| ("--deck", p)))
    else {
        return Ok(None);
    };
    let bytes =
        std::fs::read(path).map_err(|e| input(format!("{flag} {}: {e}", path.display())))?;
    Ok(Some(Provenance::file_label(&bytes)))
}
