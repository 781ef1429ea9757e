//! pressluck-core: the games, policies, engines and runner of pressluck, an analyzer for
//! press-your-luck dice race games.
//!
//! The engine (`dice`, `columns`) plays The Mother Road: Route 66, Can't Stop and The Great
//! Races exactly and without heap allocation in the per-roll loop; Shortcut and Treasure Hunt
//! have folders of their own. The command line lives in the `pressluck` crate.

#![deny(missing_docs)]
#![deny(unnameable_types)]
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod columns;
pub mod counters;
pub mod dice;
pub mod engine;
pub mod error;
pub mod figure;
pub mod games;
pub mod identity;
pub mod numbers;
pub mod policy;
pub mod sim;
pub mod template;
