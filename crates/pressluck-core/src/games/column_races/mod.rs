//! The Mother Road: Route 66 and Can't Stop, the press-your-luck column races: their rules and
//! board are [`crate::columns`], their policies [`crate::policy`], their fast play
//! [`crate::engine`], their records [`crate::columns::record`]; here, the family the runner
//! plays.

pub(crate) mod advice;
pub(crate) mod definition;
pub(crate) mod entry;
pub(crate) mod family;
pub(crate) mod odds;
pub(crate) mod options;
pub(crate) mod paired;
pub(crate) mod race_value;
pub(crate) mod record;
pub(crate) mod search;
pub(crate) mod table;
pub(crate) mod turn_dice;
pub(crate) mod walk;

pub use advice::{advice_text, column_advice, ranking, ranks};
pub use definition::{column_rules_from, CantStop, Route66};
pub use entry::{board_file, CANT_STOP, COLUMN_FAMILIES, ROUTE66};
pub use family::ColumnFamily;
pub use family::ColumnSeats;
pub use odds::{column_odds, column_odds_views, ReachRow, SetRow, TrackRow};
pub use options::{after_use, column_options, use_options};
pub use race_value::RaceValue;
pub(crate) use record::in_file;
pub use record::DEFAULT_ADVISE_POLICIES;
pub use record::{column_advice_policies, ColumnRecord, HandPosition, PlayedColumns};
pub use search::{search_key, SearchTally, Searcher, SeatPolicy};
pub use table::{ColumnTable, TableSeat};
pub use walk::record_walk;
