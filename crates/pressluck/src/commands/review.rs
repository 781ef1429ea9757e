//! `pressluck review RECORD`: every decision of a played game measured against the best
//! option by rollouts, flagged by the chance it gave away, every roll's luck, and a summary
//! per player (the review of a game of any family: [`super::game_review`]; a record's game:
//! [`super::records`]).

use super::records;
use crate::settings::ReviewSettings;
use anyhow::Result;
use std::process::ExitCode;

/// Runs the command: read the record, review it, write the review.
pub fn run(s: ReviewSettings) -> Result<ExitCode> {
    records::play(&s.record)?.review(&s)
}
