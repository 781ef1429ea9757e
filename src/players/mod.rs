//! Players from outside: bots (programs speaking the player protocol of docs/players.md on
//! their standard input and output) and, at `pressluck play`, people. The games know only "a
//! seat that is asked" (`pressluck_core::games::asked`); here are the processes, pipes,
//! timeouts and terminals: a bot's process ([`process`]), the protocol's messages
//! ([`protocol`]), bots as askers ([`bots`]), their faults ([`fault`]), a person at the table
//! of `pressluck play` ([`human`]) and what one run of pressluck shares of them ([`mod@session`]).

pub mod bots;
pub mod fault;
pub mod human;
pub mod process;
pub mod protocol;
pub mod session;

pub use bots::Bots;
pub use fault::Fault;
pub use session::{session, DEFAULT_BOT_TIMEOUT_SECS};

/// The run's bot fault as its one-line error (exit 2), if a bot faulted: what a command that
/// writes nothing on a fault (`advise`, `review`) returns instead of its output.
pub fn fault_error() -> Option<anyhow::Error> {
    session()
        .fault()
        .map(|f| crate::error::input(format!("{}; nothing written", f.message())))
}
