//! pressluck: the command line of an analyzer for press-your-luck dice race games.
//!
//! The games, policies, engines and runner are the `pressluck-core` library; this crate holds
//! what a user touches: the flags ([`cli`]), the commands ([`commands`]), their validated
//! [`settings`], and the exporters, charts and progress bars ([`output`]).

#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod cli;
pub mod commands;
pub mod error;
pub mod output;
pub mod players;
pub mod settings;
