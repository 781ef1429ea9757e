//! `pressluck man`: its flags ([`ManArgs`]).

use super::outputs::page_out;
use crate::output::destination::Destination;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

/// `pressluck man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Print this subcommand's page (pressluck-NAME(1)) instead, e.g. tune.
    pub subcommand: Option<String>,
    /// Output file (default and `-`: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

impl ManArgs {
    /// Where the output goes: `--out`, else standard output.
    pub fn destination(&self) -> Result<Destination> {
        page_out(self.out.as_deref())
    }
}
