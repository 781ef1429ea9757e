//! The column-race family: The Mother Road: Route 66, Can't Stop and The Great Races.
//!
//! `set` (columns as bits), `layout` (board data), `rules` (game, edition, variants), `board`
//! (bit-packed lasting state), `turn` (cars), `choice` (legal uses of a roll), `bust` (the exact
//! bust table), `game` (apply, stop, bust), `shape` and `rank` (the engine's fast path: the turn's shape, and a roll's choices ranked on it).

pub mod board;
pub mod bust;
pub mod choice;
pub mod game;
pub mod layout;
pub mod legal;
pub mod odds;
pub mod plain;
pub mod rank;
#[cfg(target_arch = "x86_64")]
pub mod rank_avx2;
pub mod rank_table;
pub mod rules;
pub mod set;
pub mod shape;
pub mod turn;

pub use board::Board;
pub use choice::{Choice, ChoiceList};
pub use game::Game;
pub use layout::Layout;
pub use plain::PlainPicks;
pub use rank::ChoiceScores;
pub use rules::{Edition, GameKind, Rules, Variant};
pub use set::ColumnSet;
pub use shape::TurnShape;
pub use turn::Turn;
