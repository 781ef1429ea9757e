//! A game as the house plugs it in ([`GameDefinition`]): its entry in the catalogue, its setup
//! from the game flags, and the [`Family`] the runner plays. Each game's folder implements it
//! once; the catalogue ([`super::catalogue`]) registers it by one line, and every command that
//! plays games is generic over what it gives.

use super::entry::GameEntry;
use super::family::Family;
use super::odds_table::{OddsRequest, UseRows};
use super::options::GameOptions;
use super::record::GameRecord;
use crate::columns::Rules;
use crate::engine::cpu::EngineRequest;

/// A game, as every command sees it.
pub trait GameDefinition {
    /// What the game is before any table: names, policy families, flags, odds views.
    const ENTRY: &'static GameEntry;

    /// The game set up for a table: its rules, board or deck, and seats, checked.
    type Setup: Clone + std::fmt::Debug + Send + Sync;

    /// The runner's view of the game set up ([`Family`]).
    type Family: Family;

    /// A record of the game, read and played ([`GameRecord`]).
    type Record: GameRecord;

    /// The game set up from the game flags `options` (whose flags of other games are checked
    /// already); the error is one line naming the flag (and the file).
    fn setup(options: &GameOptions) -> Result<Self::Setup, String>;

    /// The family of `setup`, its column races (if any) played by the engine `engine` asks for.
    fn family(setup: Self::Setup, engine: EngineRequest) -> Self::Family;

    /// The table of `pressluck odds` that `request` asks (its view one of the entry's), handed
    /// to `work`; errors name the flag.
    fn odds<U: UseRows>(
        setup: &Self::Setup,
        request: &OddsRequest,
        work: U,
    ) -> Result<U::Output, String>;

    /// The column rules of `setup`, for the games played on the column board.
    fn column_rules(setup: &Self::Setup) -> Option<&Rules> {
        let _ = setup;
        None
    }

    /// The name of the built-in board (or deck) the flags `options` play on, for provenance.
    fn builtin_board(options: &GameOptions) -> &'static str {
        let _ = options;
        Self::ENTRY.builtin_board
    }
}
