//! Self-play: the engine loop, the runner over chunks of games, the schedule of matchups, and
//! the integer counters they add up to.

pub mod bust_check;
pub mod dice_source;
pub mod family;
pub mod interrupt;
pub mod lanes;
pub mod play;
pub mod player;
pub mod races;
pub mod runner;
pub mod schedule;
pub mod stats;
pub mod work;
