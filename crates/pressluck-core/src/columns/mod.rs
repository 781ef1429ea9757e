//! The column-race family: The Mother Road: Route 66, Can't Stop and The Great Races.
//!
//! `set` (columns as bits), `layout` (board data), `rules` (game, edition, variants), `board`
//! (bit-packed lasting state), `turn` (cars), `choice` (legal uses of a roll), `bust` (the exact
//! bust table), `game` (apply, stop, bust), `legal` (legal sets of a roll) and `odds`
//! (exact stop-or-roll odds).

pub(crate) mod board;
pub(crate) mod bust;
pub(crate) mod choice;
pub(crate) mod choice_list;
pub(crate) mod game;
pub(crate) mod layout;
pub(crate) mod legal;
pub(crate) mod odds;
pub(crate) mod position;
pub mod record;
pub(crate) mod rules;
pub(crate) mod set;
pub(crate) mod turn;

pub use board::Board;
pub use board::NOBODY;
pub use bust::bust_rolls;
pub use choice::Choice;
pub use choice_list::{ChoiceList, MAX_CHOICES};
pub use game::Game;
pub use layout::Layout;
pub use layout::{upper_half_spaces, PROGRESS_UNIT};
pub use odds::{mask_table, reach_odds, set_table, track_table, SetOdds, TrackOdds, MAX_SAMPLES};
pub use position::{set_up, PositionSpec};
pub use rules::{Edition, GameKind, Rules, Variant};
pub use set::ColumnIter;
pub use set::ColumnSet;
pub use set::{MAX_COLUMN, MIN_COLUMN};
pub use turn::Turn;
