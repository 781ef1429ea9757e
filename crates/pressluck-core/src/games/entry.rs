//! What a game is before any table is set up ([`GameEntry`]): the type of an entry in the
//! catalogue ([`super::catalogue`]), which each game's folder fills in for itself.

use super::odds_table::OddsView;
use crate::columns::GameKind;

/// A policy family of a game: its spec syntax and one line on what it does.
pub type PolicyFamily = (&'static str, &'static str);

/// The key of a `--variant` text of a game whose variants are named by the text before any
/// `:` (`rounds` and `rounds:5` are one variant), which is also its name.
pub fn variant_word(text: &str) -> String {
    text.split(':').next().unwrap_or(text).to_string()
}

/// The game flags a game may take besides `--game`, `--players` and `--variant`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameFlags {
    /// `--edition en|de` (Route 66).
    pub edition: bool,
    /// `--columns-to-win N` (Can't Stop).
    pub columns_to_win: bool,
    /// `--board FILE`: a board file of the game's own format.
    pub board: bool,
    /// `--deck FILE` (Treasure Hunt).
    pub deck: bool,
}

/// What a game is, before any table is set up.
#[derive(Clone, Copy, Debug)]
pub struct GameEntry {
    /// The name on the command line and in outputs (`route66`, `shortcut`, …).
    pub name: &'static str,
    /// The title, for people.
    pub title: &'static str,
    /// Its built-in policy families, in the order `pressluck policies` lists them.
    pub policy_families: &'static [PolicyFamily],
    /// The policies a tournament plays when `--policies` is not given.
    pub default_policies: &'static str,
    /// The canonical name of one of its policy specs, or why `text` is none.
    pub spec_name: fn(text: &str) -> Result<String, String>,
    /// The column race it is, for the three games played on the column board.
    pub column_kind: Option<GameKind>,
    /// The game flags it takes.
    pub flags: GameFlags,
    /// The name of its built-in board (or deck) in provenance columns.
    pub builtin_board: &'static str,
    /// Its built-in boards (or deck) as board files, each with its name (`pressluck boards`).
    pub board_files: fn() -> Vec<(&'static str, String)>,
    /// The tables of `pressluck odds --view V`, the default first.
    pub odds_views: &'static [OddsView],
    /// The `--variant` texts it takes, as help and shell completions offer them (`N` stands
    /// for a number).
    pub variants: &'static [&'static str],
    /// What a `--variant` text changes, as a key: two texts of one key are the same variant
    /// given twice, or two readings of one.
    pub variant_key: fn(text: &str) -> String,
    /// The canonical name of a `--variant` text (`1` is `leisurely`): two texts of one key but
    /// other names are two readings of one variant.
    pub variant_name: fn(text: &str) -> String,
    /// Its strongest shipped player at a table of `players` seats under the rules as written:
    /// the rollouts' default (a family's [`super::Family::strongest_player`] weighs its
    /// variants too).
    pub strongest_player: fn(players: u8) -> &'static str,
}
