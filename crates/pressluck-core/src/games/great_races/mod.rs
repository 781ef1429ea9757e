//! The Great Races: one roll a turn and a pairing to choose, on the column board
//! ([`crate::columns`]). Its pairing rules ([`policy`], re-scored exactly by [`exact`]), its
//! game loop ([`play`]) and the family the runner plays ([`family`]).

pub mod exact;
pub mod family;
pub mod play;
pub mod policy;

pub use family::RacesFamily;

use super::entry::{GameEntry, GameFlags, GameId};
use policy::{RaceSpec, DEFAULT_RACE_POLICIES, RACE_FAMILIES};

/// The Great Races in the catalogue.
pub const ENTRY: GameEntry = GameEntry {
    id: GameId::GreatRaces,
    name: "great-races",
    title: "The Great Races",
    policy_families: &RACE_FAMILIES,
    default_policies: DEFAULT_RACE_POLICIES,
    spec_name: |text| RaceSpec::parse(text).map(|s| s.name),
    flags: GameFlags {
        edition: false,
        columns_to_win: false,
        board: true,
        deck: false,
    },
    builtin_board: "great-races",
    odds_views: &["sets", "tracks", "reach"],
};
