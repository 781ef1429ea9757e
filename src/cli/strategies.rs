//! The strategies known by name: the built-in ones and the strategy files of a folder
//! (`--strategies`, `PRESSLUCK_STRATEGIES`, else `./strategies`).

use crate::error::input;
use crate::policy::spec::StrategyBook;
use anyhow::Result;
use std::path::Path;

/// The strategies known by name: the built-in ones and the files of `dir` (`--strategies` or
/// `PRESSLUCK_STRATEGIES`), else of `./strategies` when that folder exists.
pub fn strategies(dir: Option<&Path>) -> Result<StrategyBook> {
    let book = StrategyBook::builtin();
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
