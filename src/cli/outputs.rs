//! The output checks every command shares: a file or standard output for each output flag,
//! none of them the same file as another (or standard output twice), and a table's default
//! `--out` by its `--format`.

use crate::error::input;
use crate::output::destination::Destination;
use crate::output::table::TableFormat;
use anyhow::Result;
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

/// The destination of a generated page or script: `--out`, else standard output.
pub fn page_out(out: Option<&Path>) -> Result<Destination> {
    output(out.unwrap_or(Path::new("-")), "--out", &[])
}

/// The table format of `--format` and the `--out` path: as given, or `name.csv` (`name.jsonl`
/// in JSON Lines).
pub(super) fn table_output(
    format: &str,
    out: Option<PathBuf>,
    name: &str,
) -> Result<(TableFormat, PathBuf)> {
    let format = TableFormat::parse(format)?;
    let out = out.unwrap_or_else(|| format!("{name}.{}", format.extension()).into());
    Ok((format, out))
}
