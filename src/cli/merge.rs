//! `pressluck merge`: its flags ([`MergeArgs`]) and their checks into [`MergeSettings`].

use super::outputs::{output, TableFormatArg};
use crate::settings::MergeSettings;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

/// `pressluck merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Shard files written by `tournament --shard K/N` or `sweep --shard K/N`.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// Result table (`-`: standard output).
    #[arg(long)]
    pub out: PathBuf,
    /// Also write the stop-probability table (tournaments only).
    #[arg(long)]
    pub stop_table: Option<PathBuf>,
    /// The table's format.
    #[command(flatten)]
    pub format: TableFormatArg,

    /// Also draw the result as an SVG chart, as `tournament --svg` or `sweep --svg` would.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Merge even if shards are missing (the result is marked partial).
    #[arg(long)]
    pub allow_partial: bool,
}

impl MergeArgs {
    /// `pressluck merge`.
    pub fn settings(self) -> Result<MergeSettings> {
        let format = self.format.parse()?;
        let out = output(&self.out, "--out", &[])?;
        let stop_table = match &self.stop_table {
            Some(p) => Some(output(p, "--stop-table", &[(&out, "--out")])?),
            None => None,
        };
        let svg = match &self.svg {
            Some(p) => {
                let mut taken = vec![(&out, "--out")];
                if let Some(t) = &stop_table {
                    taken.push((t, "--stop-table"));
                }
                Some(output(p, "--svg", &taken)?)
            }
            None => None,
        };
        Ok(MergeSettings {
            shards: self.shards,
            out,
            format,
            stop_table,
            svg,
            allow_partial: self.allow_partial,
        })
    }
}
