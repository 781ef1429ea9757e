//! `pressluck man`: its flags ([`ManArgs`]).

use super::outputs::PageOutArg;
use clap::Args;

/// `pressluck man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Print this subcommand's page (pressluck-NAME(1)) instead, e.g. tune.
    pub subcommand: Option<String>,
    /// Where the page goes.
    #[command(flatten)]
    pub out: PageOutArg,
}
