//! The Great Races: one roll a turn and a pairing to choose, on the column board
//! ([`crate::columns`]). Its pairing rules (`policy`, re-scored exactly by [`exact`]), its
//! game loop (`play`) and the family the runner plays (`family`).

pub(crate) mod advice;
pub(crate) mod choices;
pub(crate) mod definition;
pub(crate) mod entry;
pub mod exact;
pub(crate) mod family;
pub(crate) mod gain_rows;
pub(crate) mod options;
pub(crate) mod play;
pub(crate) mod players;
pub(crate) mod points_pick;
pub(crate) mod policy;
pub(crate) mod record;
pub(crate) mod stack_rational;
pub(crate) mod table;
pub(crate) mod track_values;

pub use advice::race_advice;
pub use definition::GreatRaces;
pub use entry::ENTRY;
pub use family::RaceSeats;
pub use family::RacesFamily;
pub use options::race_options;
pub use play::play_race;
pub use players::RacePlayers;
pub use policy::{exact_rescorings, progress_gain, RaceRule, RaceSpec};
pub use record::{RacePosition, RaceRecord, DEFAULT_ADVISE_RACE_POLICIES};
pub use table::RaceTable;

/// Two players on tracks of Can't Stop's heights: for tests whose positions need the longer
/// tracks.
#[cfg(test)]
pub(crate) fn tall_rules() -> crate::columns::Rules {
    let mut rules = crate::columns::Rules::new(crate::columns::GameKind::GreatRaces, 2);
    rules.layout = crate::columns::Layout::great_races_cant_stop_heights();
    rules
}
