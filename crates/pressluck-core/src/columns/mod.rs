//! The column-race family: The Mother Road: Route 66, Can't Stop and The Great Races.
//!
//! `set` (columns as bits), `layout` (board data), `rules` (game, edition, variants), `board`
//! (bit-packed lasting state), `turn` (cars), `choice` (legal uses of a roll), `bust` (the exact
//! bust table), `game` (apply, stop, bust), `legal` (legal sets of a roll) and `odds`
//! (exact stop-or-roll odds).

pub mod board;
pub mod bust;
pub mod choice;
pub mod choice_list;
pub mod game;
pub mod layout;
pub mod legal;
pub mod odds;
pub mod position;
pub mod record;
pub mod rules;
pub mod set;
pub mod turn;

pub use board::Board;
pub use choice::Choice;
pub use choice_list::{ChoiceList, MAX_CHOICES};
pub use game::Game;
pub use layout::Layout;
pub use rules::{Edition, GameKind, Rules, Variant};
pub use set::ColumnSet;
pub use turn::Turn;
