//! `pressluck advise`: the position (a record played up to its decision, or one set up on the
//! command line), the policies asked, the rollouts asked for, the advice printed (the advice
//! itself is the game's: [`pressluck_core::games::Advisable`]).

use super::rollouts::{rollouts, rollouts_text};
use crate::error::input;
use crate::output::destination::Destination;
use crate::settings::{AdviseSettings, AdviseSource, Format};
use anyhow::Result;
use pressluck_core::dice::Roll;
use pressluck_core::games::{Advisable, GameRecord, UseRecord, WithStrategies, GAME_OVER};
use serde_json::Value;
use std::process::ExitCode;

/// Prints the advice on the position's decision, with its rollouts if asked for.
pub fn run(a: AdviseSettings) -> Result<ExitCode> {
    let (advice, text) = match &a.source {
        AdviseSource::Record { record, roll } => {
            let shown = record.file.display().to_string();
            let work = Advice {
                settings: &a,
                roll: *roll,
            };
            record
                .game
                .read_record(&shown, &record.bytes, &record.options, work)
                .map_err(input)??
        }
        AdviseSource::Position(position) => advice(position, &a, None)?,
        AdviseSource::Race(position) => advice(position, &a, None)?,
    };
    if let Some(e) = crate::players::fault_error() {
        return Err(e);
    }
    let text = match a.format {
        Format::Json => serde_json::to_string_pretty(&advice)? + "\n",
        Format::Text => match advice.get("rollouts") {
            Some(r) => text + &rollouts_text(r),
            None => text,
        },
    };
    Destination::Stdout.write(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The advice on a record's decision, after the roll to consider, if any.
struct Advice<'a> {
    settings: &'a AdviseSettings,
    roll: Option<Roll>,
}

impl UseRecord for Advice<'_> {
    type Output = Result<(Value, String)>;

    fn with<R: GameRecord>(self, record: R) -> Result<(Value, String)> {
        let rules = crate::output::provenance::Provenance::rules_label(&record.label().rules);
        crate::players::session().set_rules(&rules);
        advice(&record, self.settings, self.roll)
    }
}

/// The advice on the decision of `at` (after `roll`) as `a` asks: the policies' advice as JSON,
/// with the rollouts under the key `rollouts`, and the policies' advice drawn for a person.
fn advice<A: Advisable>(at: &A, a: &AdviseSettings, roll: Option<Roll>) -> Result<(Value, String)> {
    let policies = at
        .advice_policies(a.policies.as_deref(), &*a.book, a.rollouts.is_some())
        .map_err(input)?;
    let mut advice = at.advice(&policies, roll).map_err(input)?;
    let text = at.advice_text(&advice);
    if let Some(s) = &a.rollouts {
        let decided = at
            .decided(roll)
            .map_err(input)?
            .ok_or_else(|| input(GAME_OVER))?;
        let family = WithStrategies {
            family: at.family(s.engine),
            strategies: s.book.clone(),
        };
        advice["rollouts"] = rollouts(&family, decided.options, decided.mover, decided.turns, s)?;
    }
    Ok((advice, text))
}
