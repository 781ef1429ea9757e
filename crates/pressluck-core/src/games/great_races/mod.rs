//! The Great Races: one roll a turn and a pairing to choose, on the column board
//! ([`crate::columns`]). Its pairing rules ([`policy`], re-scored exactly by [`exact`]), its
//! game loop ([`play`]) and the family the runner plays ([`family`]).

pub mod exact;
pub mod family;
pub mod play;
pub mod policy;

pub use family::RacesFamily;
