//! `pressluck advise`: the position (a record played up to its decision, or one set up on the
//! command line), the policies asked, the rollouts asked for, the advice printed (the advice
//! itself: [`super::advice`]; a record's game: [`super::records`]).

use super::records::{self, position_advice};
use super::rollouts::rollouts_text;
use crate::output::destination::Destination;
use crate::settings::{AdviseSettings, AdviseSource, Format};
use anyhow::Result;
use pressluck_core::columns::record::Decision;
use std::process::ExitCode;

/// Runs the command: the position, the policies asked, the advice printed.
pub fn run(a: AdviseSettings) -> Result<ExitCode> {
    let rollouts = a.rollouts.as_ref();
    let (advice, text) = match &a.source {
        AdviseSource::Record { record, roll } => {
            let played = records::play(record)?;
            let advice = played.advice(&a.policies, *roll, rollouts)?;
            let text = played.advice_text(&advice);
            (advice, text)
        }
        AdviseSource::Position { rules, game, roll } => {
            let decision = match roll {
                Some(r) => Decision::Use(*r, game.choices(rules, *r)),
                None if game.turn.cars.is_empty() => Decision::Roll,
                None => Decision::RollOrStop,
            };
            let advice = position_advice(rules, game, decision, &a.policies, rollouts)?;
            let text = super::advice::to_text(&advice);
            (advice, text)
        }
    };
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
