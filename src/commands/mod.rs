//! One file per subcommand: validated settings in, exporters out.

pub mod advise;
pub mod bench;
pub mod boards;
pub mod job;
pub mod merge;
pub mod odds;
pub mod policies;
pub mod replay;
pub mod sweep;
pub mod tournament;

use crate::cli::Command;
use anyhow::Result;
use std::process::ExitCode;

/// Runs a parsed subcommand.
pub fn run(command: Command) -> Result<ExitCode> {
    match command {
        Command::Tournament(a) => tournament::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Boards(a) => boards::run(a),
        Command::Policies(a) => policies::run(a),
        Command::Odds(a) => odds::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Advise(a) => advise::run(a),
        Command::Sweep(a) => sweep::run(a),
    }
}
