//! The Great Races: one roll a turn and a pairing to choose, on the column board
//! ([`crate::columns`]). Its pairing rules (`policy`, re-scored exactly by [`exact`]), its
//! game loop (`play`) and the family the runner plays (`family`).

pub(crate) mod advice;
pub(crate) mod definition;
pub mod exact;
pub(crate) mod family;
pub(crate) mod options;
pub(crate) mod play;
pub(crate) mod policy;
pub(crate) mod record;

pub use advice::race_advice;
pub use definition::GreatRaces;
pub use family::RaceSeats;
pub use family::RacesFamily;
pub use options::race_options;
pub use play::play_race;
pub use policy::{progress_gain, RaceRule, RaceSpec};
pub use record::{RaceRecord, DEFAULT_ADVISE_RACE_POLICIES};

use super::catalogue::GameId;
use super::column_races::definition::{column_variant_key, column_variant_name};
use super::entry::{GameEntry, GameFlags};
use crate::columns::GameKind;
use policy::{DEFAULT_RACE_POLICIES, RACE_FAMILIES};

/// The Great Races in the catalogue.
pub const ENTRY: GameEntry = GameEntry {
    id: GameId::GreatRaces,
    name: "great-races",
    title: "The Great Races",
    policy_families: &RACE_FAMILIES,
    default_policies: DEFAULT_RACE_POLICIES,
    spec_name: |text| RaceSpec::parse(text).map(|s| s.name),
    column_kind: Some(GameKind::GreatRaces),
    flags: GameFlags {
        edition: false,
        columns_to_win: false,
        board: true,
        deck: false,
    },
    builtin_board: "great-races",
    board_files: || {
        vec![super::column_races::board_file(
            "great-races",
            "The Great Races (our reading: Can't Stop lengths, shaded spaces on the upper half; --game great-races)",
            crate::columns::Layout::great_races(),
        )]
    },
    odds_views: &super::column_races::column_odds_views(false),
    variant_key: column_variant_key,
    variant_name: column_variant_name,
    strongest_player: |_| "race-progress",
};
