//! `pressluck review RECORD`: every decision of a played game measured against the best
//! option by rollouts, flagged by the chance it gave away, every roll's luck, and a summary
//! per player (the review of a game of any family: [`super::game_review`]).

use super::game_review::reviewed;
use crate::error::input;
use crate::settings::ReviewSettings;
use anyhow::Result;
use pressluck_core::games::{GameRecord, UseRecord, WithStrategies};
use std::process::ExitCode;

/// Reviews the record as `s` asks and writes the review.
pub fn run(s: ReviewSettings) -> Result<ExitCode> {
    let r = &s.record;
    let shown = r.file.display().to_string();
    r.game
        .read_record(&shown, &r.bytes, &r.options, Review(&s))
        .map_err(input)?
}

/// The review of a record, as these settings ask.
struct Review<'a>(&'a ReviewSettings);

impl UseRecord for Review<'_> {
    type Output = Result<ExitCode>;

    fn with<R: GameRecord>(self, record: R) -> Result<ExitCode> {
        let s = self.0;
        let walk = record.walk().map_err(input)?;
        let family = WithStrategies {
            family: record.family(s.rollouts.engine),
            strategies: s.rollouts.book.clone(),
        };
        reviewed(s, &family, &walk, &record.label())
    }
}
