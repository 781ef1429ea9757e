//! A record of Route 66, Can't Stop or The Great Races read under the command line's flags and
//! played ([`PlayedColumns`]); as `replay`, `advise` and `review` read a Route 66 or Can't Stop
//! record ([`ColumnRecord`]) and a position set up by hand ([`HandPosition`]).

use super::advice::{advice_text, column_advice};
use super::family::ColumnFamily;
use super::options::column_options;
use super::walk::record_walk;
use crate::columns::record::{play, Decision, Overrides, PositionView, Record, Replay, Setup};
use crate::columns::{Edition, Game, GameKind, Layout, Rules, Variant};
use crate::dice::Roll;
use crate::engine::cpu::EngineRequest;
use crate::engine::ColumnPosition;
use crate::games::decision::Walk;
use crate::games::options::read_game_file;
use crate::games::record::{Advisable, Decided, GameRecord, RecordLabel, RecordOptions};
use crate::games::spec_list::advice_specs;
use crate::games::strategies::{parse_column_spec, Strategies};
use crate::policy::PolicySpec;
use serde_json::Value;
use std::fmt::Display;

/// The policies `advise` asks of a Route 66 or Can't Stop decision by default.
pub const DEFAULT_ADVISE_POLICIES: &str =
    "ev,optimal-turn,fixed-risk:0.3,rule28,glenn,one-roll,rolls:2";

/// A column-race record, read under the command line's flags and played.
#[derive(Clone, Debug)]
pub struct PlayedColumns {
    /// The file, as errors name it.
    shown: String,
    /// The record, as written.
    record: Record,
    /// Its game, edition, variants and rules.
    setup: Setup,
    /// The game it reaches.
    replay: Replay,
}

/// An error in the record file `shown`, naming it.
pub(crate) fn in_file(shown: &str, e: impl Display) -> String {
    format!("{shown}: {e}")
}

impl PlayedColumns {
    /// The record `bytes` of the file `shown`, read under `o` and played.
    pub fn read(shown: &str, bytes: &[u8], o: &RecordOptions) -> Result<PlayedColumns, String> {
        if o.deck.is_some() {
            return Err("--deck applies to treasure-hunt records only".into());
        }
        let overrides = overrides(o)?;
        let record = Record::from_bytes(bytes).map_err(|e| in_file(shown, e))?;
        let setup = record.setup(&overrides).map_err(|e| in_file(shown, e))?;
        let replay = play(&record, &setup.rules).map_err(|e| in_file(shown, e))?;
        Ok(PlayedColumns {
            shown: shown.to_string(),
            record,
            setup,
            replay,
        })
    }

    /// The rules the record is played under.
    pub fn rules(&self) -> &Rules {
        &self.setup.rules
    }

    /// The game the record reaches.
    pub fn game(&self) -> &Game {
        &self.replay.game
    }

    /// The position the record reaches, for a person.
    pub fn position_text(&self) -> String {
        self.view().to_text()
    }

    /// The position the record reaches, as pretty-printed JSON with a final line break.
    pub fn position_json(&self) -> String {
        self.view().to_json() + "\n"
    }

    /// The position as `replay` shows it.
    fn view(&self) -> PositionView<'_> {
        PositionView {
            rules: &self.setup.rules,
            edition: self.setup.edition,
            variants: &self.setup.variants,
            game: &self.replay.game,
            pending: self.replay.pending.map(|(roll, list, _)| (roll, list)),
        }
    }

    /// The decision the record reaches, or the uses of `roll` when one is given to consider.
    pub fn decision(&self, roll: Option<Roll>) -> Result<Decision, String> {
        let (rules, game) = (&self.setup.rules, &self.replay.game);
        match (self.replay.decision(rules), roll) {
            (d, None) => Ok(d),
            (Decision::Roll | Decision::RollOrStop, Some(r)) => {
                Ok(Decision::Use(r, game.choices(rules, r)))
            }
            (Decision::Over, Some(_)) => Err("--roll: the record's game is over".into()),
            (Decision::Use(..), Some(_)) => Err(
                "--roll: the record ends on a roll of its own; advice on its uses needs no --roll"
                    .into(),
            ),
        }
    }

    /// The whole game as decisions and rolls, each position made by `at` from the game and
    /// whether the turn's first decision is still to take.
    pub fn walk<P>(&self, at: impl Fn(Game, bool) -> P) -> Result<Walk<P>, String> {
        record_walk(&self.setup.rules, &self.record, at).map_err(|e| in_file(&self.shown, e))
    }

    /// The rules the review's provenance names: the edition (Route 66), the variants by name,
    /// the columns to win when not 3 (Can't Stop); and the built-in board.
    pub fn label(&self) -> RecordLabel {
        let (setup, rules) = (&self.setup, &self.setup.rules);
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
        let builtin_board = match (rules.game, setup.edition) {
            (GameKind::Route66, Edition::De) => "route66-de",
            (game, _) => game.name(),
        };
        RecordLabel {
            game: rules.game.name(),
            players: rules.players,
            rules: parts,
            builtin_board,
        }
    }
}

/// The command-line flags that override or extend a column-race record's header.
fn overrides(o: &RecordOptions) -> Result<Overrides, String> {
    let game = match &o.game {
        Some(g) => Some(g.parse::<GameKind>().map_err(|e| format!("--game: {e}"))?),
        None => None,
    };
    let edition = match &o.edition {
        Some(e) => Some(
            e.parse::<Edition>()
                .map_err(|e| format!("--edition: {e}"))?,
        ),
        None => None,
    };
    let variants = o
        .variants
        .iter()
        .map(|v| v.parse::<Variant>().map_err(|e| format!("--variant: {e}")))
        .collect::<Result<Vec<_>, String>>()?;
    let layout = match &o.board {
        Some(path) => Some(read_game_file(path, "--board", Layout::from_toml)?),
        None => None,
    };
    Ok(Overrides {
        game,
        edition,
        variants,
        layout,
    })
}

/// The Route 66 or Can't Stop policies of `list` (the default list when `None`) for `game`,
/// strategies of `book` included; a spec's own commas (`rule-of-n:30,marker=5`) kept. A policy
/// that decides by chance has no advice in it.
pub fn column_advice_policies(
    game: &str,
    list: Option<&str>,
    book: &dyn Strategies,
) -> Result<Vec<PolicySpec>, String> {
    advice_specs(
        list,
        DEFAULT_ADVISE_POLICIES,
        |p| parse_column_spec(book, game, p),
        |spec: &PolicySpec| spec.name.starts_with("random").then(|| spec.name.clone()),
    )
}

/// The decision `d` in `game` as rolled-out options, from the seat to move.
fn decided(rules: &Rules, game: &Game, d: &Decision) -> Option<Decided<ColumnPosition>> {
    column_options(rules, game, d).map(|options| Decided {
        options,
        mover: game.to_move,
        turns: game.turns[game.to_move as usize & 3],
    })
}

/// A Route 66 or Can't Stop record.
#[derive(Clone, Debug)]
pub struct ColumnRecord(pub PlayedColumns);

impl Advisable for ColumnRecord {
    type Family = ColumnFamily;
    type Policies = Vec<PolicySpec>;

    fn advice_policies(
        &self,
        list: Option<&str>,
        book: &dyn Strategies,
        _: bool,
    ) -> Result<Vec<PolicySpec>, String> {
        column_advice_policies(self.0.rules().game.name(), list, book)
    }

    fn advice(&self, policies: &Vec<PolicySpec>, roll: Option<Roll>) -> Result<Value, String> {
        let d = self.0.decision(roll)?;
        Ok(column_advice(self.0.rules(), self.0.game(), d, policies))
    }

    fn advice_text(&self, advice: &Value) -> String {
        advice_text(advice)
    }

    fn family(&self, engine: EngineRequest) -> ColumnFamily {
        ColumnFamily::with_engine(*self.0.rules(), engine)
    }

    fn decided(&self, roll: Option<Roll>) -> Result<Option<Decided<ColumnPosition>>, String> {
        let d = self.0.decision(roll)?;
        Ok(decided(self.0.rules(), self.0.game(), &d))
    }
}

impl GameRecord for ColumnRecord {
    fn read(shown: &str, bytes: &[u8], o: &RecordOptions) -> Result<ColumnRecord, String> {
        PlayedColumns::read(shown, bytes, o).map(ColumnRecord)
    }

    fn position_text(&self) -> String {
        self.0.position_text()
    }

    fn position_json(&self) -> String {
        self.0.position_json()
    }

    fn walk(&self) -> Result<Walk<ColumnPosition>, String> {
        self.0
            .walk(|game, decide_first| ColumnPosition { game, decide_first })
    }

    fn label(&self) -> RecordLabel {
        self.0.label()
    }
}

/// A Route 66 or Can't Stop position set up by hand (`advise --cars …`): the rules, the game,
/// and the roll to consider, if any.
#[derive(Clone, Debug)]
pub struct HandPosition {
    /// The rules.
    pub rules: Rules,
    /// The game.
    pub game: Game,
    /// The roll to consider (its uses are the decision), if any.
    pub roll: Option<Roll>,
}

impl HandPosition {
    /// The decision: the uses of the roll to consider, else roll on or stop (a turn with no
    /// car yet: roll).
    fn decision(&self) -> Decision {
        match self.roll {
            Some(r) => Decision::Use(r, self.game.choices(&self.rules, r)),
            None if self.game.turn.cars.is_empty() => Decision::Roll,
            None => Decision::RollOrStop,
        }
    }
}

impl Advisable for HandPosition {
    type Family = ColumnFamily;
    type Policies = Vec<PolicySpec>;

    fn advice_policies(
        &self,
        list: Option<&str>,
        book: &dyn Strategies,
        _: bool,
    ) -> Result<Vec<PolicySpec>, String> {
        column_advice_policies(self.rules.game.name(), list, book)
    }

    fn advice(&self, policies: &Vec<PolicySpec>, _: Option<Roll>) -> Result<Value, String> {
        Ok(column_advice(
            &self.rules,
            &self.game,
            self.decision(),
            policies,
        ))
    }

    fn advice_text(&self, advice: &Value) -> String {
        advice_text(advice)
    }

    fn family(&self, engine: EngineRequest) -> ColumnFamily {
        ColumnFamily::with_engine(self.rules, engine)
    }

    fn decided(&self, _: Option<Roll>) -> Result<Option<Decided<ColumnPosition>>, String> {
        Ok(decided(&self.rules, &self.game, &self.decision()))
    }
}
