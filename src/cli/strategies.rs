//! The strategies known by name: the built-in ones and the strategy files of a folder
//! (`--strategies`, `PRESSLUCK_STRATEGIES`, else `./strategies`); the `--strategies` flag of
//! the commands whose `--policies` finds them ([`StrategiesArg`]).

use crate::error::input;
use crate::players::Bots;
use anyhow::Result;
use clap::Args;
use pressluck_core::games::StrategyBook;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// `--strategies` of `tournament`, `bench` and `advise`: a folder of strategy files their
/// `--policies` finds by name.
#[derive(Debug, Args)]
pub struct StrategiesArg {
    /// Folder of your own strategy files, found by name in --policies (default: ./strategies
    /// when it exists; the built-in ones are always there).
    #[arg(long, env = "PRESSLUCK_STRATEGIES")]
    pub strategies: Option<PathBuf>,
}

impl StrategiesArg {
    /// The strategies known by name with this folder (see [`strategies`]).
    pub fn book(&self) -> Result<StrategyBook> {
        strategies(self.strategies.as_deref())
    }
}

/// The strategies known by name: the built-in ones and the files of `dir` (`--strategies` or
/// `PRESSLUCK_STRATEGIES`), else of `./strategies` when that folder exists; bots (a strategy
/// file's `command`, the quick form `bot:PROGRAM`) run as processes ([`Bots`]).
pub fn strategies(dir: Option<&Path>) -> Result<StrategyBook> {
    let book = StrategyBook::builtin().with_bots(Arc::new(Bots));
    match dir {
        Some(d) => book
            .with_folder(d)
            .map_err(|e| input(format!("--strategies {}: {e}", d.display()))),
        None if Path::new("strategies").is_dir() => {
            book.with_folder(Path::new("strategies")).map_err(input)
        }
        None => Ok(book),
    }
}

/// Prints a warning on standard error for each refused strategy file the command's checks
/// did not name (a file named is an error instead).
pub fn warn_unnamed(book: &StrategyBook) {
    for line in book.warnings() {
        eprintln!("{line}");
    }
}
