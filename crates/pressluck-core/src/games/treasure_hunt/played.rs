//! A Treasure Hunt record as `replay`, `advise` and `review` read it ([`TreasurePlayed`]): dealt
//! from its deck and played; its advice is each policy's next action, its rollouts play from the
//! view of the player to move, the cards and tiles that player cannot see dealt anew each rollout
//! ([`super::ThPosition`]).

use super::advice::{treasure_advice, treasure_advice_text};
use super::deck::Deck;
use super::family::TreasureFamily;
use super::options::treasure_options;
use super::policy::ThSpec;
use super::position::ThPosition;
use super::record::replay;
use super::record::with_unlisted_cards;
use super::rules::GAME_NAME;
use super::state::State;
use super::view::{position_json, position_text};
use super::walk::record_walk;
use crate::dice::Roll;
use crate::engine::cpu::EngineRequest;
use crate::games::column_races::in_file;
use crate::games::decision::Walk;
use crate::games::options::read_game_file;
use crate::games::record::{Advisable, Decided, GameRecord, RecordLabel, RecordOptions};
use crate::games::spec_list::advice_specs;
use crate::games::strategies::parse_with_strategies;
use crate::games::strategies::Strategies;
use serde_json::Value;

/// The Treasure Hunt policies `advise` asks by default.
pub const DEFAULT_ADVISE_TREASURE_POLICIES: &str = "greedy,runner,thief";

/// A Treasure Hunt record, dealt from its deck and played.
#[derive(Clone, Debug)]
pub struct TreasurePlayed {
    /// The file, as errors name it.
    shown: String,
    /// The record, as written.
    text: String,
    /// The deck its cards come from.
    deck: Deck,
    /// The game it reaches.
    state: State,
}

impl TreasurePlayed {
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

impl Advisable for TreasurePlayed {
    type Family = TreasureFamily;
    type Policies = Vec<ThSpec>;

    fn advice_policies(
        &self,
        list: Option<&str>,
        book: &dyn Strategies,
        _: bool,
    ) -> Result<Vec<ThSpec>, String> {
        // No Treasure Hunt policy decides by chance.
        advice_specs(
            list,
            DEFAULT_ADVISE_TREASURE_POLICIES,
            |p| parse_with_strategies(book, GAME_NAME, p, ThSpec::parse),
            |_| None,
        )
    }

    fn advice(&self, policies: &Vec<ThSpec>, roll: Option<Roll>) -> Result<Value, String> {
        if roll.is_some() {
            return Err(
                "--roll: a roll of four dice to consider applies to Route 66 and Can't Stop records"
                    .into(),
            );
        }
        Ok(treasure_advice(&self.state, policies))
    }

    fn advice_text(&self, advice: &Value) -> String {
        treasure_advice_text(advice)
    }

    fn family(&self, _: EngineRequest) -> TreasureFamily {
        TreasureFamily {
            rules: self.state.rules,
            deck: self.deck.clone(),
        }
    }

    /// From the view of the player to move: the deck's cards the record never lists lie under
    /// the draw pile, and each rollout deals anew what that player cannot see.
    fn decided(&self, _: Option<Roll>) -> Result<Option<Decided<ThPosition>>, String> {
        let state = with_unlisted_cards(&self.state, &self.deck);
        let mover = state.current;
        Ok(treasure_options(&state).map(|options| Decided {
            options,
            mover,
            turns: state.players[mover as usize].turns,
        }))
    }
}

impl GameRecord for TreasurePlayed {
    fn read(shown: &str, bytes: &[u8], o: &RecordOptions) -> Result<TreasurePlayed, String> {
        if o.edition.is_some() || !o.variants.is_empty() || o.board.is_some() {
            return Err("--edition, --variant and --board do not apply to a treasure-hunt record (write variant lines in it; --deck names its cards)".into());
        }
        let deck = match &o.deck {
            Some(path) => read_game_file(path, "--deck", Deck::from_toml)?,
            None => Deck::standard(),
        };
        let text = std::str::from_utf8(bytes).map_err(|_| in_file(shown, "not UTF-8 text"))?;
        let state = replay(text, &deck).map_err(|e| in_file(shown, e))?;
        Ok(TreasurePlayed {
            shown: shown.to_string(),
            text: text.to_string(),
            deck,
            state,
        })
    }

    fn position_text(&self) -> String {
        position_text(&self.state)
    }

    fn position_text_for(&self, seat: u8) -> String {
        super::view::position_text_seen(&self.state, seat)
    }

    fn position_json(&self) -> String {
        position_json(&self.state) + "\n"
    }

    fn walk(&self) -> Result<Walk<ThPosition>, String> {
        record_walk(&self.text, &self.deck).map_err(|e| in_file(&self.shown, e))
    }

    fn label(&self) -> RecordLabel {
        RecordLabel {
            game: GAME_NAME,
            players: self.state.rules.players,
            rules: self.variants(),
            builtin_board: super::entry::ENTRY.builtin_board,
        }
    }
}
