//! `pressluck completions`: its flags ([`CompletionsArgs`]).

use super::outputs::PageOutArg;
use clap::Args;

/// `pressluck completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
    /// Where the page goes.
    #[command(flatten)]
    pub out: PageOutArg,
}
