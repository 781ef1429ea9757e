//! Route 66 and Can't Stop as the house plugs them in ([`Route66`], [`CantStop`]): their rules
//! from the game flags ([`column_rules_from`], which The Great Races reads too) and the
//! [`ColumnFamily`] the runner plays.

use super::entry::{CANT_STOP, ROUTE66};
use super::family::ColumnFamily;
use super::odds::column_odds;
use super::record::ColumnRecord;
use crate::columns::{Edition, GameKind, Layout, Rules, Variant};
use crate::engine::cpu::EngineRequest;
use crate::games::definition::GameDefinition;
use crate::games::entry::GameEntry;
use crate::games::odds_table::{OddsRequest, UseRows};
use crate::games::options::{read_game_file, GameOptions};

/// The Mother Road: Route 66.
#[derive(Clone, Copy, Debug)]
pub struct Route66;

/// Can't Stop.
#[derive(Clone, Copy, Debug)]
pub struct CantStop;

impl GameDefinition for Route66 {
    const ENTRY: &'static GameEntry = &ROUTE66;
    type Setup = Rules;
    type Family = ColumnFamily;
    type Record = ColumnRecord;

    fn setup(options: &GameOptions) -> Result<Rules, String> {
        column_rules_from(GameKind::Route66, options)
    }

    fn family(rules: Rules, engine: EngineRequest) -> ColumnFamily {
        ColumnFamily::with_engine(rules, engine)
    }

    fn odds<U: UseRows>(rules: &Rules, r: &OddsRequest, work: U) -> Result<U::Output, String> {
        column_odds(rules, r, work)
    }

    fn column_rules(rules: &Rules) -> Option<&Rules> {
        Some(rules)
    }

    /// The German edition's board is its own (second place from the * spaces).
    fn builtin_board(options: &GameOptions) -> &'static str {
        match options.edition.as_deref() {
            Some("de") => "route66-de",
            _ => Self::ENTRY.builtin_board,
        }
    }
}

impl GameDefinition for CantStop {
    const ENTRY: &'static GameEntry = &CANT_STOP;
    type Setup = Rules;
    type Family = ColumnFamily;
    type Record = ColumnRecord;

    fn setup(options: &GameOptions) -> Result<Rules, String> {
        column_rules_from(GameKind::CantStop, options)
    }

    fn family(rules: Rules, engine: EngineRequest) -> ColumnFamily {
        ColumnFamily::with_engine(rules, engine)
    }

    fn odds<U: UseRows>(rules: &Rules, r: &OddsRequest, work: U) -> Result<U::Output, String> {
        column_odds(rules, r, work)
    }

    fn column_rules(rules: &Rules) -> Option<&Rules> {
        Some(rules)
    }
}

/// The rules of the column race `game` from the game flags `o`: the edition (Route 66; `en`
/// unless given), 1 to 4 players, the variants in order, the columns to win (Can't Stop, 3 to
/// 5) and the board file. Errors name the flag.
pub fn column_rules_from(game: GameKind, o: &GameOptions) -> Result<Rules, String> {
    let edition: Edition = o
        .edition
        .as_deref()
        .unwrap_or("en")
        .parse()
        .map_err(|e: String| format!("--edition: {e}"))?;
    let players = o.players;
    if !(1..=4).contains(&players) {
        return Err(format!(
            "--players {players}: these games take 1 to 4 players"
        ));
    }
    let mut rules = if game == GameKind::Route66 {
        Rules::route66(edition, players)
    } else {
        Rules::new(game, players)
    };
    for v in &o.variants {
        let variant: Variant = v.parse().map_err(|e: String| format!("--variant: {e}"))?;
        rules
            .apply_variant(variant)
            .map_err(|e| format!("--variant {v}: {e}"))?;
    }
    if let Some(n) = o.columns_to_win {
        if !(3..=5).contains(&n) {
            return Err(format!("--columns-to-win {n}: must be 3, 4 or 5"));
        }
        rules.columns_to_win = n;
    }
    if let Some(path) = &o.board {
        rules.layout = read_game_file(path, "--board", Layout::from_toml)?;
    }
    Ok(rules)
}
