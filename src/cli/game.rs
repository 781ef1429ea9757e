//! The game flags ([`GameArgs`]), declared once for every command that plays a game, handed to
//! the game named to check into its setup ([`GameSetup`]), and the provenance its CSVs carry
//! (a board or deck file named by its digest).

use super::values::{self, Offered};
use crate::error::input;
use crate::output::provenance::Provenance;
use anyhow::Result;
use clap::Args;
use pressluck_core::columns::Variant;
use pressluck_core::games::{GameId, GameOptions, GameSetup};
use std::path::{Path, PathBuf};

/// Which game, edition, variants and board: shared by every command that plays a game.
#[derive(Debug, Args, Clone)]
pub struct GameArgs {
    /// The game.
    #[arg(long, default_value = "route66", value_parser = Offered(values::games))]
    pub game: String,
    /// Route 66 rulebook edition: en (the default: second place anywhere) or de (second place
    /// from * spaces).
    #[arg(long, value_parser = Offered(values::editions))]
    pub edition: Option<String>,
    /// Variants, each game's own (the help lists them from the catalogue).
    #[arg(long = "variant", value_parser = Offered(values::variants), help = values::variant_help(), hide_possible_values = true)]
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

    /// The game flags as the games read them.
    fn options(&self, players: u8) -> GameOptions {
        GameOptions {
            players,
            edition: self.edition.clone(),
            variants: self.variants.clone(),
            columns_to_win: self.columns_to_win,
            board: self.board.clone(),
            deck: self.deck.clone(),
        }
    }

    /// Validates the game settings for `players` players, whatever the game (its own
    /// [`pressluck_core::games::GameDefinition::setup`]).
    pub fn setup(&self, players: u8) -> Result<GameSetup> {
        self.game_id()?.setup(&self.options(players)).map_err(input)
    }

    /// The provenance of a run of this game (see [`Provenance`]): `players` seats (none for a
    /// table that holds for any), `seed` where the numbers depend on one. A board or deck file
    /// is named by its bytes' digest; the file is read here once more (it is a few hundred
    /// bytes), so the label always matches what was played.
    pub fn provenance(&self, players: Option<u8>, seed: Option<u64>) -> Result<Provenance> {
        let game = self.game_id()?;
        let edition = self.edition.as_deref().unwrap_or("en");
        let board = match board_label(self.board.as_deref(), self.deck.as_deref())? {
            Some(label) => label,
            None => game.builtin_board(&self.options(0)).to_string(),
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
