//! The game flags a user gave, before any game has checked them ([`GameOptions`]): the one
//! input every game's setup reads ([`super::definition::GameDefinition::setup`]), the checks of
//! flags that belong to other games, and the reading of the board and deck files they name.

use super::entry::GameEntry;
use std::path::{Path, PathBuf};

/// The game flags as given: `--players`, `--edition`, `--variant` (repeatable),
/// `--columns-to-win`, `--board FILE`, `--deck FILE`. Errors name the flag.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// Seats at the table.
    pub players: u8,
    /// `--edition` (Route 66), as given.
    pub edition: Option<String>,
    /// `--variant`, each as given, in order.
    pub variants: Vec<String>,
    /// `--columns-to-win` (Can't Stop).
    pub columns_to_win: Option<u8>,
    /// `--board FILE`: a board file of the game's own format.
    pub board: Option<PathBuf>,
    /// `--deck FILE` (Treasure Hunt).
    pub deck: Option<PathBuf>,
}

impl GameOptions {
    /// Checks that every flag given is one `game` takes, and that no variant is given twice,
    /// as the game reads its variants ([`GameEntry::variant_key`]: `1` and `leisurely` are one
    /// variant of Route 66; `rounds` and `rounds:5` one of Treasure Hunt).
    pub fn check_applicable(&self, game: &GameEntry) -> Result<(), String> {
        let name = game.name;
        let takes = game.flags;
        if let Some(e) = self.edition.as_ref().filter(|_| !takes.edition) {
            return Err(format!("--edition {e} applies to route66 only, not {name}"));
        }
        if let Some(n) = self.columns_to_win.filter(|_| !takes.columns_to_win) {
            return Err(format!(
                "--columns-to-win {n} applies to cant-stop only, not {name}"
            ));
        }
        if self.deck.is_some() && !takes.deck {
            return Err(format!("--deck applies to treasure-hunt only, not {name}"));
        }
        if self.board.is_some() && !takes.board {
            return Err(
                "--board does not apply to treasure-hunt (the grid is fixed); use --deck for the cards"
                    .into(),
            );
        }
        // The same variant twice, or two readings of one: by the game's own reading of a
        // variant (the column games read `1` and `leisurely:10` as `leisurely`'s rule).
        let key = game.variant_key;
        let canonical = game.variant_name;
        for (i, v) in self.variants.iter().enumerate() {
            if let Some(w) = self.variants[..i].iter().find(|w| key(w) == key(v)) {
                return Err(if w == v {
                    format!("--variant {v} is given twice; give each variant once")
                } else if canonical(w) != canonical(v) {
                    format!(
                        "--variant {v} conflicts with --variant {w}: two readings of one variant; give one"
                    )
                } else {
                    format!("--variant {v}: the same variant as --variant {w}; give each once")
                });
            }
        }
        Ok(())
    }
}

/// Reads the text file `path` named by `flag` and checks it with `parse`; every error is one
/// line naming the flag and the file.
pub fn read_game_file<T>(
    path: &Path,
    flag: &str,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<T, String> {
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("{flag} {shown}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{flag} {shown}: not UTF-8 text"))?;
    parse(&text).map_err(|e| format!("{flag} {shown}: {e}"))
}
