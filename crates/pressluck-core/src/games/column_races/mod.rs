//! The Mother Road: Route 66 and Can't Stop, the press-your-luck column races: their rules and
//! board are [`crate::columns`], their policies [`crate::policy`], their fast play
//! [`crate::engine`], their records [`crate::columns::record`]; here, the family the runner
//! plays.

pub mod family;

pub use family::ColumnFamily;
