//! The game families: each game's policy specs and the loop that plays its chunks.

pub mod columns;
pub mod races;
pub mod shortcut;
pub mod treasure_hunt;

pub use columns::ColumnFamily;
pub use races::RacesFamily;
pub use shortcut::ShortcutFamily;
pub use treasure_hunt::TreasureFamily;
