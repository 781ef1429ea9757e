//! A Treasure Hunt record ([`TreasurePlayed`]): its position, each policy's next action, the
//! rollouts of its decision and its review. Rollouts play from the view of the player to
//! move: the cards and tiles that player cannot see are dealt anew each rollout
//! ([`pressluck_core::games::treasure_hunt::ThPosition`]).

use super::{in_file, PlayedRecord};
use crate::commands::advice::{treasure_advice, treasure_text};
use crate::commands::game_review::{provenance, reviewed};
use crate::commands::rollouts::{over, rollouts};
use crate::error::input;
use crate::output::treasure_position;
use crate::settings::{AdvisePolicies, Format, RecordSettings, ReviewSettings, RolloutSettings};
use anyhow::Result;
use pressluck_core::dice::Roll;
use pressluck_core::games::treasure_hunt::{self, record_walk, treasure_options};
use pressluck_core::games::treasure_hunt::{with_unlisted_cards, Deck, State};
use pressluck_core::games::{TreasureFamily, WithStrategies};
use serde_json::Value;
use std::process::ExitCode;

/// A Treasure Hunt record, dealt from its deck and played.
pub struct TreasurePlayed {
    /// The game it reaches.
    state: State,
    /// The record, as written.
    text: String,
    /// The deck its cards come from.
    deck: Deck,
}

impl TreasurePlayed {
    /// The record of `s` dealt from `deck` and played; errors name the file and the line.
    pub fn play(s: &RecordSettings, deck: &Deck) -> Result<TreasurePlayed> {
        let text = std::str::from_utf8(&s.bytes).map_err(|_| in_file(s, "not UTF-8 text"))?;
        let state = treasure_hunt::replay(text, deck).map_err(|e| in_file(s, e))?;
        Ok(TreasurePlayed {
            state,
            text: text.to_string(),
            deck: deck.clone(),
        })
    }

    /// The seats' family at this record's table, the policies naming `s`'s strategies.
    fn family(&self, s: &RolloutSettings) -> WithStrategies<TreasureFamily> {
        WithStrategies {
            family: TreasureFamily {
                rules: self.state.rules,
                deck: self.deck.clone(),
            },
            strategies: s.book.clone(),
        }
    }

    /// The record's variants, as its `variant` lines name them.
    fn variants(&self) -> Vec<String> {
        self.text
            .lines()
            .map(|l| l.split('#').next().unwrap_or(""))
            .filter_map(|l| l.trim().strip_prefix("variant "))
            .flat_map(str::split_whitespace)
            .map(str::to_string)
            .collect()
    }
}

impl PlayedRecord for TreasurePlayed {
    fn position(&self, format: Format) -> String {
        match format {
            Format::Json => treasure_position::to_json(&self.state) + "\n",
            Format::Text => treasure_position::to_text(&self.state),
        }
    }

    /// Each policy's next action, and with `--rollouts` each option's chance to win.
    fn advice(
        &self,
        policies: &AdvisePolicies,
        _: Option<Roll>,
        rollouts_asked: Option<&RolloutSettings>,
    ) -> Result<Value> {
        let mut advice = match policies {
            AdvisePolicies::TreasureHunt(specs) => treasure_advice(&self.state, specs),
            _ => return Err(input("--policies: the policies asked are of another game")),
        };
        if let Some(s) = rollouts_asked {
            let state = with_unlisted_cards(&self.state, &self.deck);
            let options = treasure_options(&state).ok_or_else(over)?;
            let mover = state.current;
            let before = state.players[mover as usize].turns;
            advice["rollouts"] = rollouts(&self.family(s), options, mover, before, s)?;
        }
        Ok(advice)
    }

    fn advice_text(&self, advice: &Value) -> String {
        treasure_text(advice)
    }

    fn review(&self, s: &ReviewSettings) -> Result<ExitCode> {
        let walk = record_walk(&self.text, &self.deck).map_err(|e| in_file(&s.record, e))?;
        let players = self.state.rules.players;
        let builtin = treasure_hunt::ENTRY.builtin_board;
        let provenance = provenance(
            s,
            treasure_hunt::GAME_NAME,
            players,
            &self.variants(),
            builtin,
        );
        reviewed(s, &self.family(&s.rollouts), &walk, provenance)
    }
}
