//! A game family as the runner sees it: how to read its policy specs and how to play a chunk
//! of a matchup's games into counters. The column races (Route 66, Can't Stop), The Great
//! Races, Shortcut and Treasure Hunt are the families ([`crate::games`]).

use super::matchup::{Matchup, Named};
use crate::counters::MatchupStats;
use crate::engine::deal::name_key;

/// A game family with its rules fixed: the runner's view of it.
pub trait Family: Sync {
    /// A parsed policy spec of this family.
    type Spec: Clone + Named + Send + Sync;

    /// The game's name in outputs (`route66`, `shortcut`, …).
    fn game_name(&self) -> String;

    /// Seats at the table.
    fn players(&self) -> u8;

    /// The policies a tournament plays when `--policies` is not given.
    fn default_policies(&self) -> &'static str;

    /// The run identity of the rules: the canonical text of the game, the seats, every rule
    /// setting and the board or deck ([`crate::identity`]); runs whose texts differ never merge.
    fn identity(&self) -> String;

    /// Parses one policy spec (or strategy file); the error says what is wrong.
    fn parse_spec(&self, text: &str) -> Result<Self::Spec, String>;

    /// Plays games `lo..hi` of a matchup, one after another, and returns their counters; game
    /// `i` depends only on (seed, `key`, i). Runs key a matchup by its name ([`matchup_key`]);
    /// the tuner keys every candidate alike, so they play the same games.
    fn play(&self, m: &Matchup<Self::Spec>, seed: u64, key: u64, lo: u64, hi: u64) -> MatchupStats;
}

/// The key of a matchup's games: the FNV hash of its name, so that adding a policy to a
/// tournament does not change the games of the other matchups.
pub fn matchup_key<S: Named>(m: &Matchup<S>) -> u64 {
    name_key(&m.name())
}
