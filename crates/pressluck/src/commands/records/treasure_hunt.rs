//! A Treasure Hunt record ([`TreasurePlayed`]): its position and each policy's next action.
//! It has no rollouts (its players' unseen cards would need dealing anew), so no review.

use super::{in_file, PlayedRecord};
use crate::commands::advice::{treasure_advice, treasure_text};
use crate::error::input;
use crate::settings::{AdvisePolicies, Format, RecordSettings, ReviewSettings, RolloutSettings};
use anyhow::Result;
use pressluck_core::dice::Roll;
use pressluck_core::games::treasure_hunt::{self, Deck, State};
use serde_json::Value;
use std::process::ExitCode;

/// A Treasure Hunt record, dealt from its deck and played.
pub struct TreasurePlayed {
    /// The game it reaches.
    state: State,
}

impl TreasurePlayed {
    /// The record of `s` dealt from `deck` and played; errors name the file and the line.
    pub fn play(s: &RecordSettings, deck: &Deck) -> Result<TreasurePlayed> {
        let text = std::str::from_utf8(&s.bytes).map_err(|_| in_file(s, "not UTF-8 text"))?;
        let state = treasure_hunt::replay(text, deck).map_err(|e| in_file(s, e))?;
        Ok(TreasurePlayed { state })
    }
}

impl PlayedRecord for TreasurePlayed {
    fn position(&self, format: Format) -> String {
        match format {
            Format::Json => treasure_hunt::position_json(&self.state) + "\n",
            Format::Text => treasure_hunt::position_text(&self.state),
        }
    }

    fn advice(
        &self,
        policies: &AdvisePolicies,
        _: Option<Roll>,
        rollouts: Option<&RolloutSettings>,
    ) -> Result<Value> {
        if rollouts.is_some() {
            return Err(input(
                "--rollouts: rollouts play Route 66, Can't Stop, The Great Races and Shortcut \
                 positions; Treasure Hunt's actions are not rolled out",
            ));
        }
        match policies {
            AdvisePolicies::TreasureHunt(specs) => Ok(treasure_advice(&self.state, specs)),
            _ => Err(input("--policies: the policies asked are of another game")),
        }
    }

    fn advice_text(&self, advice: &Value) -> String {
        treasure_text(advice)
    }

    fn review(&self, s: &ReviewSettings) -> Result<ExitCode> {
        Err(input(format!(
            "{}: review reads Route 66, Can't Stop, The Great Races and Shortcut records; a Treasure Hunt record has no rollouts (its unseen cards would need dealing anew)",
            s.record.file.display()
        )))
    }
}
