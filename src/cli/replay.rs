//! `pressluck replay`: its flags ([`ReplayArgs`]) and the record they name, read into
//! [`RecordSettings`].

use super::record::{format, read_record, RecordArgs};
use crate::settings::RecordSettings;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

/// `pressluck replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The game record.
    pub file: PathBuf,
    /// How to read it.
    #[command(flatten)]
    pub reading: RecordArgs,
}

impl ReplayArgs {
    /// `pressluck replay`: the record read, its game found and the flags that apply to it checked.
    pub fn settings(self) -> Result<RecordSettings> {
        let format = format(&self.reading.format)?;
        read_record(self.file, &self.reading.rules, format)
    }
}
