//! A game set up for a table: its rules and board (or deck) and its seats, whatever the game
//! ([`GameSetup`]); and the one place a setup becomes the [`Family`] the runner plays
//! ([`GameSetup::play_with`]), so every command that plays games is written once, generic
//! over the family.

use super::column_races::ColumnFamily;
use super::entry::GameId;
use super::family::Family;
use super::great_races::RacesFamily;
use super::shortcut::family::ShortcutFamily;
use super::shortcut::ShortcutSetup;
use super::strategy_book::StrategyBook;
use super::treasure_hunt::family::TreasureFamily;
use super::with_strategies::WithStrategies;
use crate::columns::Rules;
use crate::engine::cpu::EngineRequest;
use std::sync::Arc;

/// A validated game of any family, ready to play.
#[derive(Clone, Debug)]
pub enum GameSetup {
    /// Route 66 or Can't Stop: the press-your-luck column races.
    Columns(Rules),
    /// The Great Races: one roll a turn, a pairing to choose.
    GreatRaces(Rules),
    /// Shortcut, the press-your-luck road race.
    Shortcut(ShortcutSetup),
    /// Treasure Hunt, with its rules and deck.
    TreasureHunt(TreasureFamily),
}

/// Work to do with a game's family, whichever it is: a command that plays games (tournament,
/// sweep, tune, bench) implements it once, generic over the family.
pub trait UseFamily {
    /// What the work gives.
    type Output;

    /// Does the work with `family`.
    fn with<F: Family>(self, family: F) -> Self::Output;
}

impl GameSetup {
    /// The game.
    pub fn id(&self) -> GameId {
        match self {
            GameSetup::Columns(rules) | GameSetup::GreatRaces(rules) => rules.game.into(),
            GameSetup::Shortcut(_) => GameId::Shortcut,
            GameSetup::TreasureHunt(_) => GameId::TreasureHunt,
        }
    }

    /// The column rules of Route 66, Can't Stop or The Great Races.
    pub fn column_rules(&self) -> Option<&Rules> {
        match self {
            GameSetup::Columns(rules) | GameSetup::GreatRaces(rules) => Some(rules),
            GameSetup::Shortcut(_) | GameSetup::TreasureHunt(_) => None,
        }
    }

    /// Does `work` with this game's family, its policy lists knowing the strategies of `book`,
    /// its column races played by the engine `engine` asks for. The one match of a setup on
    /// its game: each arm is its own instance of the generic work.
    pub fn play_with<U: UseFamily>(
        self,
        book: Arc<StrategyBook>,
        engine: EngineRequest,
        work: U,
    ) -> U::Output {
        match self {
            GameSetup::Columns(rules) => work.with(WithStrategies {
                family: ColumnFamily::with_engine(rules, engine),
                strategies: book,
            }),
            GameSetup::GreatRaces(rules) => work.with(WithStrategies {
                family: RacesFamily(rules),
                strategies: book,
            }),
            GameSetup::Shortcut(setup) => work.with(WithStrategies {
                family: ShortcutFamily(setup),
                strategies: book,
            }),
            GameSetup::TreasureHunt(family) => work.with(WithStrategies {
                family,
                strategies: book,
            }),
        }
    }
}
