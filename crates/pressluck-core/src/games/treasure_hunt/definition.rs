//! Treasure Hunt as the house plugs it in ([`TreasureHunt`]): its rules and deck from the game
//! flags (1 to 4 players, its variants, `--deck` replacing the built-in deck) and the
//! [`TreasureFamily`] the runner plays.

use super::claims_table::claims_table;
use super::deck::Deck;
use super::family::TreasureFamily;
use super::played::TreasurePlayed;
use super::rules::ThRules;
use crate::engine::cpu::EngineRequest;
use crate::games::definition::GameDefinition;
use crate::games::entry::GameEntry;
use crate::games::odds_table::{OddsRequest, UseRows};
use crate::games::options::{read_game_file, GameOptions};

/// Treasure Hunt.
#[derive(Clone, Copy, Debug)]
pub struct TreasureHunt;

impl GameDefinition for TreasureHunt {
    const ENTRY: &'static GameEntry = &super::entry::ENTRY;
    type Setup = TreasureFamily;
    type Family = TreasureFamily;
    type Record = TreasurePlayed;

    fn setup(o: &GameOptions) -> Result<TreasureFamily, String> {
        let players = o.players;
        if !(1..=4).contains(&players) {
            return Err(format!(
                "--players {players}: Treasure Hunt takes 1 to 4 players"
            ));
        }
        let mut rules = ThRules::new(players);
        for v in &o.variants {
            rules
                .apply_variant(v)
                .map_err(|e| format!("--variant: {e}"))?;
        }
        if let Some(why) = rules.unreachable() {
            return Err(format!("--variant: no game can be won: {why}"));
        }
        let deck = match &o.deck {
            None => Deck::standard(),
            Some(path) => read_game_file(path, "--deck", Deck::from_toml)?,
        };
        Ok(TreasureFamily { rules, deck })
    }

    fn odds<U: UseRows>(
        setup: &TreasureFamily,
        r: &OddsRequest,
        work: U,
    ) -> Result<U::Output, String> {
        claims_table(&setup.deck, r, work)
    }

    /// No engine to choose.
    fn family(setup: TreasureFamily, _: EngineRequest) -> TreasureFamily {
        setup
    }
}
