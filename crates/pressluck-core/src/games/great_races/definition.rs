//! The Great Races as the house plugs it in ([`GreatRaces`]): its rules from the game flags, as
//! the column races read them, and the [`RacesFamily`] the runner plays.

use super::entry::ENTRY;
use super::family::RacesFamily;
use super::record::RaceRecord;
use crate::columns::{GameKind, Rules};
use crate::engine::cpu::EngineRequest;
use crate::games::column_races::{column_odds, column_rules_from};
use crate::games::definition::GameDefinition;
use crate::games::entry::GameEntry;
use crate::games::odds_table::{OddsRequest, UseRows};
use crate::games::options::GameOptions;

/// The Great Races.
#[derive(Clone, Copy, Debug)]
pub struct GreatRaces;

impl GameDefinition for GreatRaces {
    const ENTRY: &'static GameEntry = &ENTRY;
    type Setup = Rules;
    type Family = RacesFamily;
    type Record = RaceRecord;

    fn setup(options: &GameOptions) -> Result<Rules, String> {
        column_rules_from(GameKind::GreatRaces, options)
    }

    /// One roll a turn: no engine to choose.
    fn family(rules: Rules, _: EngineRequest) -> RacesFamily {
        RacesFamily(rules)
    }

    fn odds<U: UseRows>(rules: &Rules, r: &OddsRequest, work: U) -> Result<U::Output, String> {
        column_odds(rules, r, work)
    }

    fn column_rules(rules: &Rules) -> Option<&Rules> {
        Some(rules)
    }
}
