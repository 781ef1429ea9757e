//! Players from outside: bots (programs speaking the player protocol of docs/players.md on
//! their standard input and output) and, at `pressluck play`, people. The games know only "a
//! seat that is asked" (`pressluck_core::games::asked`); here are the processes, pipes,
//! timeouts and terminals: a bot's process ([`process`]), the protocol's messages
//! ([`protocol`]), bots as askers ([`bots`]), their faults ([`fault`]) and what one run of
//! pressluck shares of them ([`session`]).

pub mod bots;
pub mod fault;
pub mod process;
pub mod protocol;
pub mod session;

pub use bots::Bots;
pub use fault::Fault;
pub use session::{session, DEFAULT_BOT_TIMEOUT_SECS};
