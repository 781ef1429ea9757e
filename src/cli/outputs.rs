//! The output checks every command shares: a file or standard output for each output flag,
//! none of them the same file as another (or standard output twice), and a table's default
//! `--out` by its `--format`; the `--format` of a result table ([`TableFormatArg`]) and the
//! `--out` of a generated page ([`PageOutArg`]).

use super::values::{self, Offered};
use crate::error::input;
use crate::output::destination::Destination;
use crate::output::table::TableFormat;
use anyhow::Result;
use clap::Args;
use std::path::{Path, PathBuf};

/// The destination of `path`, the output of `flag` (see [`Destination::check`]), which must
/// not be any of `taken` (destinations and their flags) already.
pub(super) fn output(
    path: &Path,
    flag: &str,
    taken: &[(&Destination, &str)],
) -> Result<Destination> {
    let d = Destination::check(path, flag)?;
    if let Some((_, other)) = taken.iter().find(|(t, _)| t.same_as(&d)) {
        return Err(input(if d.is_stdout() {
            format!("{flag} -: standard output is already {other}'s")
        } else {
            format!("{flag}: same file as {other}")
        }));
    }
    Ok(d)
}

/// `--out` of a generated page or script (`completions`, `man`).
#[derive(Debug, Args)]
pub struct PageOutArg {
    /// Output file (default and `-`: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

impl PageOutArg {
    /// The destination of the page or script: `--out`, else standard output.
    pub fn destination(&self) -> Result<Destination> {
        output(self.out.as_deref().unwrap_or(Path::new("-")), "--out", &[])
    }
}

/// `--format` of the commands that write a result table (CSV or JSON Lines).
#[derive(Debug, Args)]
pub struct TableFormatArg {
    /// Table format: csv, or json (JSON Lines: one object per CSV row, keys the CSV header's
    /// names, numbers as numbers, an empty field as null).
    #[arg(long, default_value = "csv", value_parser = Offered(values::table_formats))]
    pub format: String,
}

impl TableFormatArg {
    /// The table format `--format` names.
    pub fn parse(&self) -> Result<TableFormat> {
        TableFormat::parse(&self.format)
    }
}

/// The table format of `--format` and the `--out` path: as given, or `name.csv` (`name.jsonl`
/// in JSON Lines).
pub(super) fn table_output(
    format: &TableFormatArg,
    out: Option<PathBuf>,
    name: &str,
) -> Result<(TableFormat, PathBuf)> {
    let format = format.parse()?;
    let out = out.unwrap_or_else(|| format!("{name}.{}", format.extension()).into());
    Ok((format, out))
}
