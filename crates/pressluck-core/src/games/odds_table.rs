//! A game's tables of `pressluck odds` ([`OddsView`]: a table's name and the flags it takes;
//! [`OddsRequest`]: the flags as given), computed by the game
//! ([`super::definition::GameDefinition::odds`]) and handed, whatever their rows' type, to the
//! command's exporter ([`UseRows`]).

use crate::columns::{ColumnSet, MAX_COLUMN, MIN_COLUMN};
use serde::Serialize;

/// One table of `pressluck odds --view NAME`, and the flags that shape it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OddsView {
    /// The table's name (`--view`).
    pub name: &'static str,
    /// What the table holds, in a few words (`odds --help`).
    pub about: &'static str,
    /// `--masks`: every usable set instead of sets of cars.
    pub masks: bool,
    /// `--blocked`, `--free-cars` and `--cars` (unless `--masks`): the bust table's rows.
    pub bust_table: bool,
    /// `--samples` (and `--seed`): a Monte Carlo check of each row.
    pub samples: bool,
    /// `--players`: the table is solved for 1 or 2 players.
    pub players: bool,
    /// `--svg` (unless `--masks`): a heat map of every three cars.
    pub heat_map: bool,
}

impl OddsView {
    /// A table that no flag shapes: its name and what it holds.
    pub const fn plain(name: &'static str, about: &'static str) -> OddsView {
        OddsView {
            name,
            about,
            masks: false,
            bust_table: false,
            samples: false,
            players: false,
            heat_map: false,
        }
    }
}

/// The `odds` flags as given, for the table `view` (one of the game's views).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OddsRequest {
    /// The table.
    pub view: &'static str,
    /// `--players`.
    pub players: Option<u8>,
    /// `--masks`.
    pub masks: bool,
    /// `--blocked`, as given.
    pub blocked: Option<String>,
    /// `--free-cars`.
    pub free_cars: Option<u8>,
    /// `--cars`, as given.
    pub cars: Option<String>,
    /// `--samples`.
    pub samples: Option<u64>,
    /// The seed of the Monte Carlo check.
    pub seed: u64,
}

/// Work with a table's rows, whatever their type: the command's exporter.
pub trait UseRows {
    /// What the work gives.
    type Output;

    /// Does the work with `rows` (each a serde struct, its fields the columns), after `note`,
    /// an assumption of the table a person should read first, if any.
    fn with<T: Serialize + Default>(self, note: Option<String>, rows: Vec<T>) -> Self::Output;
}

/// Parses a comma-separated list of columns like `2,12` for the flag `flag`.
pub fn parse_columns(text: &str, flag: &str) -> Result<ColumnSet, String> {
    let mut set = ColumnSet::EMPTY;
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let c: u8 = part
            .parse()
            .map_err(|_| format!("{flag} {text}: '{part}' is not a column number"))?;
        if !(MIN_COLUMN..=MAX_COLUMN).contains(&c) {
            return Err(format!("{flag} {text}: column {c} is not in 2..12"));
        }
        if set.has(c) {
            return Err(format!("{flag} {text}: column {c} is listed twice"));
        }
        set = set.with(c);
    }
    Ok(set)
}

/// Checks `--samples N` against the most a table takes.
pub fn check_samples(samples: Option<u64>, max: u64) -> Result<(), String> {
    match samples {
        Some(n) if n == 0 || n > max => Err(format!("--samples {n}: must be between 1 and {max}")),
        _ => Ok(()),
    }
}
