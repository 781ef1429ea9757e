//! The flags of the commands whose seats may be bots ([`BotArgs`]): how long a bot may take
//! to answer, and where bots' standard error goes.

use crate::error::input;
use crate::players::{session, DEFAULT_BOT_TIMEOUT_SECS};
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

/// The longest `--bot-timeout` accepted, in seconds.
const MAX_BOT_TIMEOUT_SECS: f64 = 3600.0;

/// `--bot-timeout` and `--bot-log`.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// Seconds a bot may take to answer (its greeting or a decision) before the run ends with
    /// its fault.
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_BOT_TIMEOUT_SECS)]
    pub bot_timeout: f64,
    /// Append bots' standard error to this file instead of the terminal.
    #[arg(long, value_name = "FILE")]
    pub bot_log: Option<PathBuf>,
}

impl BotArgs {
    /// Checks the flags and gives them to the run's session.
    pub fn configure(&self) -> Result<()> {
        let t = self.bot_timeout;
        if !(t.is_finite() && t > 0.0 && t <= MAX_BOT_TIMEOUT_SECS) {
            return Err(input(format!(
                "--bot-timeout {t}: must be more than 0 and at most {MAX_BOT_TIMEOUT_SECS} seconds"
            )));
        }
        let log = match &self.bot_log {
            Some(p) => Some(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(p)
                    .map_err(|e| input(format!("--bot-log {}: {e}", p.display())))?,
            ),
            None => None,
        };
        session().configure(Duration::from_secs_f64(t), log);
        Ok(())
    }
}
