//! Shortcut as the house plugs it in ([`Shortcut`]): its setup from the game flags (1 to 4
//! players, no variants, `--board` replacing the built-in board) and the [`ShortcutFamily`] the
//! runner plays.

use super::board::ShortcutBoard;
use super::family::ShortcutFamily;
use super::odds::shortcut_odds;
use super::played::ShortcutPlayed;
use super::setup::ShortcutSetup;
use crate::engine::cpu::EngineRequest;
use crate::games::definition::GameDefinition;
use crate::games::entry::GameEntry;
use crate::games::odds_table::{OddsRequest, UseRows};
use crate::games::options::{read_game_file, GameOptions};

/// Shortcut.
#[derive(Clone, Copy, Debug)]
pub struct Shortcut;

impl GameDefinition for Shortcut {
    const ENTRY: &'static GameEntry = &super::entry::ENTRY;
    type Setup = ShortcutSetup;
    type Family = ShortcutFamily;
    type Record = ShortcutPlayed;

    fn setup(o: &GameOptions) -> Result<ShortcutSetup, String> {
        let players = o.players;
        if !(1..=4).contains(&players) {
            return Err(format!(
                "--players {players}: Shortcut takes 1 to 4 players"
            ));
        }
        if let Some(v) = o.variants.first() {
            return Err(format!("--variant {v}: shortcut has no variants"));
        }
        let board = match &o.board {
            Some(path) => read_game_file(path, "--board", ShortcutBoard::from_toml)?,
            None => ShortcutBoard::default_board(),
        };
        let mut setup = ShortcutSetup::new(board, players);
        setup.custom_board = o.board.is_some();
        Ok(setup)
    }

    fn odds<U: UseRows>(
        setup: &ShortcutSetup,
        r: &OddsRequest,
        work: U,
    ) -> Result<U::Output, String> {
        shortcut_odds(setup, r, work)
    }

    fn family(setup: ShortcutSetup, _: EngineRequest) -> ShortcutFamily {
        ShortcutFamily(setup)
    }
}
