//! A Great Races record as `replay`, `advise` and `review` read it ([`RaceRecord`]): the column
//! races' record, its decisions the pairings of a roll, advised on by the pairing rules; and a
//! position set up by hand with the roll to pair ([`RacePosition`]).

use super::advice::race_advice;
use super::entry::ENTRY;
use super::family::RacesFamily;
use super::options::race_options;
use super::policy::{RaceRule, RaceSpec};
use crate::columns::record::Decision;
use crate::columns::{Game, Rules};
use crate::dice::Roll;
use crate::engine::cpu::EngineRequest;
use crate::games::column_races::advice_text;
use crate::games::column_races::PlayedColumns;
use crate::games::decision::Walk;
use crate::games::record::{Advisable, Decided, GameRecord, RecordLabel, RecordOptions};
use crate::games::spec_list::advice_specs;
use crate::games::strategies::parse_with_strategies;
use crate::games::strategies::Strategies;
use serde_json::Value;

/// The pairing rules `advise` asks by default (`random` has no advice in it).
pub const DEFAULT_ADVISE_RACE_POLICIES: &str = "race-points,race-progress,race-margin";

/// A roll to consider is for the games with a choice to roll on.
const NO_ROLL: &str =
    "--roll: a roll of four dice to consider applies to Route 66 and Can't Stop records";

/// The pairing rules of `list` (the default list when `None`), strategies of `book` included;
/// a rule that decides by chance has no advice in it.
fn race_advice_policies(
    list: Option<&str>,
    book: &dyn Strategies,
) -> Result<Vec<RaceSpec>, String> {
    advice_specs(
        list,
        DEFAULT_ADVISE_RACE_POLICIES,
        |p| parse_with_strategies(book, ENTRY.name, p, RaceSpec::parse),
        |spec: &RaceSpec| {
            (spec.asked.is_none() && spec.rule == RaceRule::Random).then(|| spec.name.clone())
        },
    )
}

/// The decision `d` in `game` as rolled-out options, from the seat to move.
fn race_decided(rules: &Rules, game: &Game, d: &Decision) -> Option<Decided<Game>> {
    race_options(rules, game, d).map(|options| Decided {
        options,
        mover: game.to_move,
        turns: game.turns[game.to_move as usize & 3],
    })
}

/// A Great Races record.
#[derive(Clone, Debug)]
pub struct RaceRecord(pub PlayedColumns);

impl Advisable for RaceRecord {
    type Family = RacesFamily;
    type Policies = Vec<RaceSpec>;

    fn advice_policies(
        &self,
        list: Option<&str>,
        book: &dyn Strategies,
        _: bool,
    ) -> Result<Vec<RaceSpec>, String> {
        race_advice_policies(list, book)
    }

    fn advice(&self, policies: &Vec<RaceSpec>, roll: Option<Roll>) -> Result<Value, String> {
        if roll.is_some() {
            return Err(NO_ROLL.into());
        }
        let d = self.0.decision(None)?;
        Ok(race_advice(self.0.rules(), self.0.game(), d, policies))
    }

    fn advice_text(&self, advice: &Value) -> String {
        advice_text(advice)
    }

    fn family(&self, _: EngineRequest) -> RacesFamily {
        RacesFamily(*self.0.rules())
    }

    fn decided(&self, roll: Option<Roll>) -> Result<Option<Decided<Game>>, String> {
        if roll.is_some() {
            return Err(NO_ROLL.into());
        }
        let d = self.0.decision(None)?;
        Ok(race_decided(self.0.rules(), self.0.game(), &d))
    }
}

impl GameRecord for RaceRecord {
    fn read(shown: &str, bytes: &[u8], o: &RecordOptions) -> Result<RaceRecord, String> {
        PlayedColumns::read(shown, bytes, o).map(RaceRecord)
    }

    fn position_text(&self) -> String {
        self.0.position_text()
    }

    fn position_json(&self) -> String {
        self.0.position_json()
    }

    fn walk(&self) -> Result<Walk<Game>, String> {
        self.0.walk(|game, _| game)
    }

    fn label(&self) -> RecordLabel {
        self.0.label()
    }
}

/// A Great Races position set up by hand (`advise --game great-races --cubes … --roll …`):
/// the rules, the game at the start of the mover's turn, and the roll whose pairings are the
/// decision (a turn is one roll).
#[derive(Clone, Debug)]
pub struct RacePosition {
    /// The rules.
    pub rules: Rules,
    /// The game.
    pub game: Game,
    /// The roll to pair.
    pub roll: Roll,
}

impl RacePosition {
    /// The decision: the pairings of the roll.
    fn decision(&self) -> Decision {
        Decision::Use(self.roll, self.game.choices(&self.rules, self.roll))
    }
}

impl Advisable for RacePosition {
    type Family = RacesFamily;
    type Policies = Vec<RaceSpec>;

    fn advice_policies(
        &self,
        list: Option<&str>,
        book: &dyn Strategies,
        _: bool,
    ) -> Result<Vec<RaceSpec>, String> {
        race_advice_policies(list, book)
    }

    fn advice(&self, policies: &Vec<RaceSpec>, _: Option<Roll>) -> Result<Value, String> {
        Ok(race_advice(
            &self.rules,
            &self.game,
            self.decision(),
            policies,
        ))
    }

    fn advice_text(&self, advice: &Value) -> String {
        advice_text(advice)
    }

    fn family(&self, _: EngineRequest) -> RacesFamily {
        RacesFamily(self.rules)
    }

    fn decided(&self, _: Option<Roll>) -> Result<Option<Decided<Game>>, String> {
        Ok(race_decided(&self.rules, &self.game, &self.decision()))
    }
}
