//! A Shortcut record ([`ShortcutPlayed`]): its position, the rollouts of its decision (the
//! advice on a Shortcut record is its rollouts), and its review.

use super::{in_file, PlayedRecord};
use crate::commands::game_review::{provenance, reviewed};
use crate::commands::rollouts::{over, rollouts};
use crate::error::input;
use crate::settings::{AdvisePolicies, Format, RecordSettings, ReviewSettings, RolloutSettings};
use anyhow::Result;
use pressluck_core::dice::Roll;
use pressluck_core::games::shortcut::record::{
    self, position_text, ShortcutRecord, ShortcutReplay,
};
use pressluck_core::games::shortcut::{self, record_walk, shortcut_options};
use pressluck_core::games::shortcut::{ShortcutBoard, ShortcutSetup};
use pressluck_core::games::{ShortcutFamily, WithStrategies};
use serde_json::{json, Value};
use std::process::ExitCode;

/// Why `advise` on a Shortcut record needs `--rollouts`: its advice is its rollouts alone.
pub const NEEDS_ROLLOUTS: &str =
    "advise reads a Shortcut record with --rollouts N only (the chance to win of each option); \
     else use replay (and odds --game shortcut --view policy)";

/// A Shortcut record, played on its board.
pub struct ShortcutPlayed {
    /// The board.
    board: ShortcutBoard,
    /// The record, as written.
    record: ShortcutRecord,
    /// The game it reaches, and its narration.
    replay: ShortcutReplay,
}

impl ShortcutPlayed {
    /// The record of `s` played on `board`; errors name the file and the line.
    pub fn play(s: &RecordSettings, board: &ShortcutBoard) -> Result<ShortcutPlayed> {
        let record = ShortcutRecord::from_bytes(&s.bytes).map_err(|e| in_file(s, e))?;
        let replay = record::play(&record, board).map_err(|e| in_file(s, e))?;
        Ok(ShortcutPlayed {
            board: board.clone(),
            record,
            replay,
        })
    }

    /// The seats' family at this record's table, the policies naming `s`'s strategies.
    fn family(&self, s: &RolloutSettings) -> WithStrategies<ShortcutFamily> {
        WithStrategies {
            family: ShortcutFamily(ShortcutSetup::new(self.board.clone(), self.record.players)),
            strategies: s.book.clone(),
        }
    }
}

impl PlayedRecord for ShortcutPlayed {
    fn position(&self, format: Format) -> String {
        match format {
            Format::Json => record::position_json(&self.board, &self.replay),
            Format::Text => position_text(&self.board, &self.replay),
        }
    }

    /// The rollouts of the turn about to start: the seat to move, its square, and each
    /// option's figures.
    fn advice(
        &self,
        _: &AdvisePolicies,
        _: Option<Roll>,
        rollouts_asked: Option<&RolloutSettings>,
    ) -> Result<Value> {
        let Some(s) = rollouts_asked else {
            return Err(input(NEEDS_ROLLOUTS));
        };
        let (b, g) = (&self.board, &self.replay.game);
        let options = shortcut_options(b, g).ok_or_else(over)?;
        let mover = g.to_move;
        let r = rollouts(&self.family(s), options, mover, g.turns[mover as usize], s)?;
        Ok(json!({
            "game": shortcut::GAME_NAME,
            "to_move": mover + 1,
            "square": b.id(g.cars[mover as usize]),
            "decision": "announce",
            "rollouts": r,
        }))
    }

    fn advice_text(&self, advice: &Value) -> String {
        format!(
            "shortcut: player {} to move, on {}\n",
            advice["to_move"],
            advice["square"].as_str().unwrap_or("")
        )
    }

    fn review(&self, s: &ReviewSettings) -> Result<ExitCode> {
        let walk = record_walk(&self.record, &self.board).map_err(|e| in_file(&s.record, e))?;
        let players = self.record.players;
        let provenance = provenance(s, shortcut::GAME_NAME, players, &[], "shortcut");
        reviewed(s, &self.family(&s.rollouts), &walk, provenance)
    }
}
