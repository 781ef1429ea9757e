//! A played game's record, whatever the game ([`GameRecord`]): read under the command line's
//! flags ([`RecordOptions`]), shown as a position, advised on by the game's policies, its
//! decision rolled out ([`Decided`]) and the whole game walked for a review. Each game's folder
//! implements it; the catalogue hands a record of any game to a command's generic work
//! ([`UseRecord`], [`super::GameId::read_record`]).

use super::decision::{Options, Walk};
use super::family::Family;
use super::strategies::Strategies;
use crate::dice::Roll;
use crate::engine::cpu::EngineRequest;
use serde_json::Value;
use std::path::PathBuf;

/// The flags that override or extend a record's header, as given (`--game`, `--edition`,
/// `--variant`, `--board`, `--deck`); each game refuses those it does not take.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordOptions {
    /// `--game`: replaces the record's `game` line.
    pub game: Option<String>,
    /// `--edition` (Route 66): replaces the record's.
    pub edition: Option<String>,
    /// `--variant`, each as given: added to the record's.
    pub variants: Vec<String>,
    /// `--board FILE`: replaces the built-in board.
    pub board: Option<PathBuf>,
    /// `--deck FILE` (Treasure Hunt): the deck whose cards the record plays.
    pub deck: Option<PathBuf>,
}

/// The decision a record reaches, as options to roll out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decided<P> {
    /// The options, or why there is one.
    pub options: Options<P>,
    /// The seat deciding, from 0.
    pub mover: u8,
    /// Turns the seat has taken, counted from the game's start.
    pub turns: u32,
}

/// What a review's provenance says of a record's game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordLabel {
    /// The game's name.
    pub game: &'static str,
    /// Seats at the table.
    pub players: u8,
    /// The rule settings that differ from the game's own, by name (edition, variants, …).
    pub rules: Vec<String>,
    /// The built-in board (or deck) it is played on, unless a file replaced it.
    pub builtin_board: &'static str,
}

/// Why rollouts of a finished game have nothing to roll out.
pub const GAME_OVER: &str = "--rollouts: the game is over, there is no decision to roll out";

/// A decision to advise on: a record's, or a position set up by hand. Its policies give their
/// advice; its options are rolled out by the family's play-outs.
pub trait Advisable {
    /// The family the game is played by.
    type Family: Family;
    /// The policies `advise` asks of the decision.
    type Policies;

    /// The policies of `list` (comma-separated specs or strategies of `book`; the game's own
    /// choice when `None`) that `advise` asks; `rollouts` says whether rollouts are asked too.
    /// Errors name the flag.
    fn advice_policies(
        &self,
        list: Option<&str>,
        book: &dyn Strategies,
        rollouts: bool,
    ) -> Result<Self::Policies, String>;

    /// The advice of `policies` on the decision (after `roll`, a roll to consider where the
    /// game takes one), as JSON.
    fn advice(&self, policies: &Self::Policies, roll: Option<Roll>) -> Result<Value, String>;

    /// The advice drawn for a person (its rollouts are drawn apart).
    fn advice_text(&self, advice: &Value) -> String;

    /// The table as the runner plays it, its column races (if any) played by the engine
    /// `engine` asks for.
    fn family(&self, engine: EngineRequest) -> Self::Family;

    /// The decision (after `roll`), its options positions of the family; `None` once the game
    /// is over.
    fn decided(
        &self,
        roll: Option<Roll>,
    ) -> Result<Option<Decided<<Self::Family as Family>::Position>>, String>;
}

/// A record of one game, read and played to where it ends.
pub trait GameRecord: Advisable + Sized {
    /// The record `bytes` of the file `shown`, read under `options`: errors in the file name
    /// it and the line; errors in a flag name the flag.
    fn read(shown: &str, bytes: &[u8], options: &RecordOptions) -> Result<Self, String>;

    /// The position the record reaches, for a person.
    fn position_text(&self) -> String;

    /// The position the record reaches as seat `seat` (from 0) may see it, for a person at
    /// the table: [`GameRecord::position_text`] where nothing is hidden (Treasure Hunt hides
    /// the other seats' hands).
    fn position_text_for(&self, seat: u8) -> String {
        let _ = seat;
        self.position_text()
    }

    /// The position the record reaches, as pretty-printed JSON with a final line break.
    fn position_json(&self) -> String;

    /// The whole game as its decisions and rolls, for a review.
    fn walk(&self) -> Result<Walk<<Self::Family as Family>::Position>, String>;

    /// What a review's provenance says of the game.
    fn label(&self) -> RecordLabel;
}

/// Work to do with a record, whichever game it is of: `replay`, `advise` and `review` each
/// implement it once, generic over the record.
pub trait UseRecord {
    /// What the work gives.
    type Output;

    /// Does the work with `record`.
    fn with<R: GameRecord>(self, record: R) -> Self::Output;
}
