//! The strategies known by name: the built-in ones and the strategy files of a folder
//! (`--strategies`, `PRESSLUCK_STRATEGIES`, else `./strategies`); the `--strategies` flag of
//! the commands whose policy lists find them ([`StrategiesArg`]).

use crate::error::input;
use crate::players::Bots;
use anyhow::Result;
use clap::Args;
use pressluck_core::games::StrategyBook;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The environment variable naming the folder of strategy files when `--strategies` does not.
pub const STRATEGIES_VAR: &str = "PRESSLUCK_STRATEGIES";

/// `--strategies` of `tournament`, `bench`, `advise` and `review`: a folder of strategy files
/// their policy lists find by name.
#[derive(Debug, Args)]
pub struct StrategiesArg {
    /// Folder of your own strategy files, found by name in this command's policy lists
    /// (default: $PRESSLUCK_STRATEGIES, else ./strategies when it exists; the built-in ones are
    /// always there).
    #[arg(long)]
    pub strategies: Option<PathBuf>,
}

impl StrategiesArg {
    /// The strategies known by name with this folder (see [`strategies`]).
    pub fn book(&self) -> Result<StrategyBook> {
        strategies(self.strategies.as_deref())
    }
}

/// The strategies known by name: the built-in ones and the files of `flag` (`--strategies`),
/// else of the folder `PRESSLUCK_STRATEGIES` names, else of `./strategies` when that folder
/// exists; bots (a strategy file's `command`, the quick form `bot:PROGRAM`) run as processes
/// ([`Bots`]). An error names where the folder came from.
pub fn strategies(flag: Option<&Path>) -> Result<StrategyBook> {
    let book = StrategyBook::builtin().with_bots(Arc::new(Bots));
    let from_env = std::env::var_os(STRATEGIES_VAR)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from);
    let (dir, named) = match (flag, &from_env) {
        (Some(d), _) => (d, format!("--strategies {}", d.display())),
        (None, Some(d)) => (d.as_path(), format!("{STRATEGIES_VAR}={}", d.display())),
        (None, None) if Path::new("strategies").is_dir() => {
            return book.with_folder(Path::new("strategies")).map_err(input)
        }
        (None, None) => return Ok(book),
    };
    book.with_folder(dir)
        .map_err(|e| input(format!("{named}: {e}")))
}

/// Prints a warning on standard error for each refused strategy file the command's checks
/// did not name (a file named is an error instead).
pub fn warn_unnamed(book: &StrategyBook) {
    for line in book.warnings() {
        eprintln!("{line}");
    }
}
