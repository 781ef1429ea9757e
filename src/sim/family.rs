//! A game family as the tournament sees it: how to read its policy specs and how to play a
//! matchup's games into counters. The column-race games are one family; Shortcut and Treasure
//! Hunt are others.

use super::dice_source::name_key;
use super::runner::run_matchup;
use super::schedule::{Matchup, Named};
use super::stats::MatchupStats;
use crate::columns::Rules;
use crate::policy::PolicySpec;

/// A game family with its rules fixed: the tournament's view of it.
pub trait Family: Sync {
    /// A parsed policy spec of this family.
    type Spec: Clone + Named + Send + Sync;

    /// The game's name in outputs (`route66`, `shortcut`, …).
    fn game_name(&self) -> String;

    /// Seats at the table.
    fn players(&self) -> u8;

    /// The policies a tournament plays when `--policies` is not given.
    fn default_policies(&self) -> &'static str;

    /// A fingerprint of every rule setting and the board: runs differing here never merge.
    fn fingerprint(&self) -> String {
        self.game_name()
    }

    /// Parses one policy spec (or strategy file); the error says what is wrong.
    fn parse_spec(&self, text: &str) -> Result<Self::Spec, String>;

    /// Plays games `first..first + count` of a matchup; game `i` depends only on (seed, the
    /// matchup's name, i). `progress` receives finished game counts.
    fn run_matchup(
        &self,
        m: &Matchup<Self::Spec>,
        seed: u64,
        first: u64,
        count: u64,
        progress: &(dyn Fn(u64) + Sync),
    ) -> MatchupStats;
}

/// A fingerprint of a family's settings: the FNV hash of their `Debug` text, so runs whose
/// rules or board differ in anything never merge.
pub fn fingerprint_of(settings: &impl std::fmt::Debug) -> String {
    format!("{:016x}", name_key(&format!("{settings:?}")))
}

/// The default tournament field of the column-race games.
pub const DEFAULT_POLICIES: &str = "ev,fixed-risk:0.3,one-roll,rule28";

/// The column-race family: Route 66, Can't Stop, The Great Races.
#[derive(Clone, Copy, Debug)]
pub struct ColumnFamily(pub Rules);

impl Family for ColumnFamily {
    type Spec = PolicySpec;

    fn game_name(&self) -> String {
        self.0.game.name().to_string()
    }

    fn players(&self) -> u8 {
        self.0.players
    }

    fn default_policies(&self) -> &'static str {
        DEFAULT_POLICIES
    }

    fn fingerprint(&self) -> String {
        fingerprint_of(&self.0)
    }

    fn parse_spec(&self, text: &str) -> Result<PolicySpec, String> {
        PolicySpec::parse(text)
    }

    fn run_matchup(
        &self,
        m: &Matchup<PolicySpec>,
        seed: u64,
        first: u64,
        count: u64,
        progress: &(dyn Fn(u64) + Sync),
    ) -> MatchupStats {
        run_matchup(&self.0, m, seed, first, count, progress)
    }
}
