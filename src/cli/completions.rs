//! `pressluck completions`: its flags ([`CompletionsArgs`]).

use super::outputs::page_out;
use crate::output::destination::Destination;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

/// `pressluck completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
    /// Output file (default and `-`: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

impl CompletionsArgs {
    /// Where the output goes: `--out`, else standard output.
    pub fn destination(&self) -> Result<Destination> {
        page_out(self.out.as_deref())
    }
}
