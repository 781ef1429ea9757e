//! A record of Route 66, Can't Stop or The Great Races ([`ColumnRecord`]): its position, the
//! advice on its decision with rollouts, and its review.

use super::{in_file, PlayedRecord};
use crate::commands::advice::{columns_advice, to_text};
use crate::commands::game_review::{provenance, reviewed};
use crate::commands::rollouts::{over, rollouts};
use crate::error::input;
use crate::settings::{AdvisePolicies, Format, RecordSettings, ReviewSettings, RolloutSettings};
use anyhow::Result;
use pressluck_core::columns::record::{
    play, Decision, Overrides, PositionView, Record, Replay, Setup,
};
use pressluck_core::columns::{Edition, Game, GameKind, Rules};
use pressluck_core::dice::Roll;
use pressluck_core::engine::ColumnPosition;
use pressluck_core::games::column_races::{column_options, record_walk};
use pressluck_core::games::great_races::{race_options, RacesFamily};
use pressluck_core::games::{ColumnFamily, WithStrategies};
use serde_json::Value;
use std::process::ExitCode;

/// A column-race record, read under the command line's overrides and played.
pub struct ColumnRecord {
    /// The record, as written.
    record: Record,
    /// Its game, edition, variants and rules.
    setup: Setup,
    /// The game it reaches.
    replay: Replay,
}

impl ColumnRecord {
    /// The record of `s` read with the command line's `overrides` and played; errors name the
    /// file and the line.
    pub fn play(s: &RecordSettings, overrides: &Overrides) -> Result<ColumnRecord> {
        let record = Record::from_bytes(&s.bytes).map_err(|e| in_file(s, e))?;
        let setup = record.setup(overrides).map_err(|e| in_file(s, e))?;
        let replay = play(&record, &setup.rules).map_err(|e| in_file(s, e))?;
        Ok(ColumnRecord {
            record,
            setup,
            replay,
        })
    }
}

impl PlayedRecord for ColumnRecord {
    fn position(&self, format: Format) -> String {
        let position = PositionView {
            rules: &self.setup.rules,
            edition: self.setup.edition,
            variants: &self.setup.variants,
            game: &self.replay.game,
            pending: self.replay.pending.map(|(roll, list, _)| (roll, list)),
        };
        match format {
            Format::Json => position.to_json() + "\n",
            Format::Text => position.to_text(),
        }
    }

    fn advice(
        &self,
        policies: &AdvisePolicies,
        roll: Option<Roll>,
        rollouts: Option<&RolloutSettings>,
    ) -> Result<Value> {
        let (rules, game) = (&self.setup.rules, &self.replay.game);
        let decision = match (self.replay.decision(rules), roll) {
            (d, None) => d,
            (Decision::Roll | Decision::RollOrStop, Some(r)) => {
                Decision::Use(r, game.choices(rules, r))
            }
            (Decision::Over, Some(_)) => return Err(input("--roll: the record's game is over")),
            (Decision::Use(..), Some(_)) => return Err(input(
                "--roll: the record ends on a roll of its own; advice on its uses needs no --roll",
            )),
        };
        position_advice(rules, game, decision, policies, rollouts)
    }

    fn advice_text(&self, advice: &Value) -> String {
        to_text(advice)
    }

    fn review(&self, s: &ReviewSettings) -> Result<ExitCode> {
        let (setup, rules) = (&self.setup, self.setup.rules);
        let in_file = |e| in_file(&s.record, e);
        let mut parts: Vec<String> = Vec::new();
        if rules.game == GameKind::Route66 {
            parts.push(
                if setup.edition == Edition::De {
                    "de"
                } else {
                    "en"
                }
                .into(),
            );
        }
        parts.extend(setup.variants.iter().map(|v| v.name().to_string()));
        if rules.game == GameKind::CantStop && rules.columns_to_win != 3 {
            parts.push(format!("columns-to-win:{}", rules.columns_to_win));
        }
        let builtin = match (rules.game, setup.edition) {
            (GameKind::Route66, Edition::De) => "route66-de",
            (game, _) => game.name(),
        };
        let provenance = provenance(s, rules.game.name(), rules.players, &parts, builtin);
        let strategies = s.rollouts.book.clone();
        if rules.game == GameKind::GreatRaces {
            let walk = record_walk(&rules, &self.record, |g, _| g).map_err(in_file)?;
            let family = WithStrategies {
                family: RacesFamily(rules),
                strategies,
            };
            reviewed(s, &family, &walk, provenance)
        } else {
            let walk = record_walk(&rules, &self.record, |game, decide_first| ColumnPosition {
                game,
                decide_first,
            })
            .map_err(in_file)?;
            let family = WithStrategies {
                family: ColumnFamily::with_engine(rules, s.rollouts.engine),
                strategies,
            };
            reviewed(s, &family, &walk, provenance)
        }
    }
}

/// The advice on `decision` in `game` (a record's, or a position set up on the command line)
/// by `policies`, with the rollouts `rollouts` asks for under the key `rollouts`.
pub fn position_advice(
    rules: &Rules,
    game: &Game,
    decision: Decision,
    policies: &AdvisePolicies,
    rollouts: Option<&RolloutSettings>,
) -> Result<Value> {
    let mut advice = columns_advice(rules, game, decision, policies)?;
    if let Some(s) = rollouts {
        advice["rollouts"] = column_rollouts(rules, game, &decision, s)?;
    }
    Ok(advice)
}

/// The rollouts of a column-race decision (Route 66, Can't Stop, The Great Races) as JSON.
fn column_rollouts(rules: &Rules, game: &Game, d: &Decision, s: &RolloutSettings) -> Result<Value> {
    let (mover, before) = (game.to_move, game.turns[game.to_move as usize & 3]);
    if rules.game == GameKind::GreatRaces {
        let family = WithStrategies {
            family: RacesFamily(*rules),
            strategies: s.book.clone(),
        };
        let options = race_options(rules, game, d).ok_or_else(over)?;
        rollouts(&family, options, mover, before, s)
    } else {
        let family = WithStrategies {
            family: ColumnFamily::with_engine(*rules, s.engine),
            strategies: s.book.clone(),
        };
        let options = column_options(rules, game, d).ok_or_else(over)?;
        rollouts(&family, options, mover, before, s)
    }
}
