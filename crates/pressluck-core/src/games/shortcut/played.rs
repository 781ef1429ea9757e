//! A Shortcut record as `replay`, `advise` and `review` read it ([`ShortcutPlayed`]): played on
//! its board; its advice on the announcement about to be made is exact at one or two players
//! (the solved tables), and its rollouts on request.

use super::board::ShortcutBoard;
use super::engine::ShortcutPosition;
use super::exact_advice::{exact_advice, exact_text};
use super::family::ShortcutFamily;
use super::options::shortcut_options;
use super::record::{self, position_json, position_text, ShortcutRecord, ShortcutReplay};
use super::rules::GAME_NAME;
use super::setup::ShortcutSetup;
use super::walk::record_walk;
use crate::dice::Roll;
use crate::engine::cpu::EngineRequest;
use crate::games::column_races::in_file;
use crate::games::decision::Walk;
use crate::games::options::read_game_file;
use crate::games::record::GAME_OVER;
use crate::games::record::{Advisable, Decided, GameRecord, RecordLabel, RecordOptions};
use crate::games::strategies::Strategies;
use serde_json::{json, Value};

/// Why `advise` on a Shortcut record of three or four players needs `--rollouts`: only the
/// solitaire and two-player games are solved exactly.
pub const NEEDS_ROLLOUTS: &str =
    "advise gives exact figures of a Shortcut record of 1 or 2 players; at 3 or 4 give \
     --rollouts N (the chance to win of each option, played out)";

/// A Shortcut record, played on its board.
#[derive(Clone, Debug)]
pub struct ShortcutPlayed {
    /// The file, as errors name it.
    shown: String,
    /// The board and seats, its solved tables shared.
    setup: ShortcutSetup,
    /// The record, as written.
    record: ShortcutRecord,
    /// The game it reaches, and its narration.
    replay: ShortcutReplay,
}

impl Advisable for ShortcutPlayed {
    type Family = ShortcutFamily;
    /// No policies: the rollout policies play the options out.
    type Policies = ();

    fn advice_policies(
        &self,
        list: Option<&str>,
        _: &dyn Strategies,
        rollouts: bool,
    ) -> Result<(), String> {
        if !rollouts && self.record.players > 2 {
            return Err(NEEDS_ROLLOUTS.into());
        }
        if list.is_some() {
            return Err("--policies: advise asks no policies of a Shortcut record; --rollout-policies names those that play the rollouts".into());
        }
        Ok(())
    }

    /// The turn about to start: the seat to move and its square, and at one or two players
    /// each option's exact figure and the optimal one (under `exact`).
    fn advice(&self, _: &(), _: Option<Roll>) -> Result<Value, String> {
        let (b, g) = (&*self.setup.board, &self.replay.game);
        if shortcut_options(b, g).is_none() {
            return Err(GAME_OVER.into());
        }
        let mut advice = json!({
            "game": GAME_NAME,
            "to_move": g.to_move + 1,
            "square": b.id(g.cars[g.to_move as usize]),
            "decision": "announce",
        });
        let exact = exact_advice(&self.setup, g).map_err(|e| format!("--board: {e}"))?;
        if let Some(exact) = exact {
            advice["exact"] = exact;
        }
        Ok(advice)
    }

    fn advice_text(&self, advice: &Value) -> String {
        let mut s = format!(
            "shortcut: player {} to move, on {}\n",
            advice["to_move"],
            advice["square"].as_str().unwrap_or("")
        );
        if advice.get("exact").is_some() {
            s += &exact_text(&advice["exact"]);
        }
        s
    }

    fn family(&self, _: EngineRequest) -> ShortcutFamily {
        ShortcutFamily(self.setup.clone())
    }

    fn decided(&self, _: Option<Roll>) -> Result<Option<Decided<ShortcutPosition>>, String> {
        let (b, g) = (&*self.setup.board, &self.replay.game);
        let mover = g.to_move;
        Ok(shortcut_options(b, g).map(|options| Decided {
            options,
            mover,
            turns: g.turns[mover as usize],
        }))
    }
}

impl GameRecord for ShortcutPlayed {
    fn read(shown: &str, bytes: &[u8], o: &RecordOptions) -> Result<ShortcutPlayed, String> {
        if o.edition.is_some() || !o.variants.is_empty() || o.deck.is_some() {
            return Err("--edition, --variant and --deck do not apply to shortcut".into());
        }
        let board = match &o.board {
            Some(p) => read_game_file(p, "--board", ShortcutBoard::from_toml)?,
            None => ShortcutBoard::default_board(),
        };
        let record = ShortcutRecord::from_bytes(bytes).map_err(|e| in_file(shown, e))?;
        let replay = record::play(&record, &board).map_err(|e| in_file(shown, e))?;
        Ok(ShortcutPlayed {
            shown: shown.to_string(),
            setup: ShortcutSetup::new(board, record.players),
            record,
            replay,
        })
    }

    fn position_text(&self) -> String {
        position_text(&self.setup.board, &self.replay)
    }

    fn position_json(&self) -> String {
        position_json(&self.setup.board, &self.replay)
    }

    fn walk(&self) -> Result<Walk<ShortcutPosition>, String> {
        record_walk(&self.record, &self.setup.board).map_err(|e| in_file(&self.shown, e))
    }

    fn label(&self) -> RecordLabel {
        RecordLabel {
            game: GAME_NAME,
            players: self.record.players,
            rules: Vec::new(),
            builtin_board: GAME_NAME,
        }
    }
}
