//! A position set up by hand for `advise` (Route 66, Can't Stop and The Great Races): its flags
//! ([`PositionArgs`]) and their parsing (`P:COLUMN@SPACE,…`, `--roll a,b,c,d`).

use super::game::GameArgs;
use super::record::RecordRulesArgs;
use crate::error::input;
use crate::settings::AdviseSource;
use anyhow::Result;
use clap::Args;
use pressluck_core::columns::{set_up, PositionSpec};
use pressluck_core::dice::Roll;
use pressluck_core::games::column_races::HandPosition;
use pressluck_core::games::great_races::RacePosition;
use pressluck_core::games::GameSetup;

/// A position by hand for `advise` (Route 66, Can't Stop and The Great Races): columns (tracks)
/// are 2 to 12, spaces count from 1 at the bottom, players from 1. `--roll` also goes with a
/// record.
#[derive(Clone, Debug, Default, Args)]
pub struct PositionArgs {
    /// Seats at the table (default: 2, or more when the flags name a higher player).
    #[arg(long)]
    pub players: Option<u8>,
    /// The player to move (default 1).
    #[arg(long)]
    pub to_move: Option<u8>,
    /// Cubes of player P, repeatable: P:COLUMN@SPACE,… (e.g. --cubes 1:7@3,4@2 --cubes 2:7@5).
    #[arg(long = "cubes")]
    pub cubes: Vec<String>,
    /// Columns won by player P, repeatable, in the order they were won: P:COLUMN,… (Route 66:
    /// second place goes by the cubes in the column, as when it was won).
    #[arg(long = "won")]
    pub won: Vec<String>,
    /// The cars of the turn in hand: COLUMN@SPACE,… (Can't Stop's neutral markers; The Great
    /// Races has none).
    #[arg(long)]
    pub cars: Option<String>,
    /// Successful rolls so far this turn (default: the fewest that make the cars' steps, two a
    /// roll; fewer is an error; not in The Great Races, one roll a turn).
    #[arg(long)]
    pub rolls: Option<u16>,
    /// The roll to use: four dice, e.g. 3,4,4,6 (without it: roll on or stop; The Great Races
    /// needs it, its pairings being the decision); with a record, a roll to consider where the
    /// record awaits one.
    #[arg(long)]
    pub roll: Option<String>,
}

impl PositionArgs {
    /// The first position flag given, if any.
    pub fn first_given(&self) -> Option<&'static str> {
        [
            (self.players.is_some(), "--players"),
            (self.to_move.is_some(), "--to-move"),
            (!self.cubes.is_empty(), "--cubes"),
            (!self.won.is_empty(), "--won"),
            (self.cars.is_some(), "--cars"),
            (self.rolls.is_some(), "--rolls"),
            (self.roll.is_some(), "--roll"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

/// The position `p` sets up in the game of `reading` (Route 66 unless `--game` says): Route
/// 66 or Can't Stop with a turn in hand, or The Great Races with the roll to pair.
pub(super) fn position(reading: &RecordRulesArgs, p: &PositionArgs) -> Result<AdviseSource> {
    let game = GameArgs {
        game: reading.game.clone().unwrap_or_else(|| "route66".into()),
        edition: reading.edition.clone(),
        variants: reading.variants.clone(),
        board: reading.board.clone(),
        columns_to_win: None,
        deck: reading.deck.clone(),
    };
    // Players named anywhere, counted from 1.
    let cubes: Vec<(u8, Vec<(u8, u8)>)> = p
        .cubes
        .iter()
        .map(|t| owned(t, "--cubes", |x| spot(x, "--cubes", t)))
        .collect::<Result<_>>()?;
    let won: Vec<(u8, Vec<u8>)> = p
        .won
        .iter()
        .map(|t| owned(t, "--won", |x| number(x, "--won", t)))
        .collect::<Result<_>>()?;
    let named = cubes
        .iter()
        .map(|c| c.0)
        .chain(won.iter().map(|w| w.0))
        .chain(p.to_move)
        .max()
        .unwrap_or(1);
    let players = p.players.unwrap_or(named.max(2));
    let setup = game.setup(players)?;
    let (GameSetup::Route66(rules) | GameSetup::CantStop(rules) | GameSetup::GreatRaces(rules)) =
        setup
    else {
        return Err(input(format!(
            "--game {}: a position by hand takes route66, cant-stop or great-races (for the other games, give a record)",
            game.game
        )));
    };
    let great_races = matches!(setup, GameSetup::GreatRaces(_));
    if great_races {
        let turn = [(p.cars.is_some(), "--cars"), (p.rolls.is_some(), "--rolls")];
        if let Some((_, flag)) = turn.iter().find(|(given, _)| *given) {
            return Err(input(format!(
                "{flag}: The Great Races has no turn in hand (no cars, one roll a turn); give the roll to pair with --roll"
            )));
        }
    }
    let seat = |q: u8, flag: &str| -> Result<u8> {
        if (1..=players).contains(&q) {
            Ok(q - 1)
        } else {
            Err(input(format!(
                "{flag}: player {q} is not at a table of {players} (--players)"
            )))
        }
    };
    let mut spec = PositionSpec {
        to_move: seat(p.to_move.unwrap_or(1), "--to-move")?,
        rolls: p.rolls,
        ..PositionSpec::default()
    };
    for (q, list) in &cubes {
        let q = seat(*q, "--cubes")?;
        spec.cubes.extend(list.iter().map(|&(c, s)| (q, c, s)));
    }
    for (q, list) in &won {
        let q = seat(*q, "--won")?;
        spec.claimed.extend(list.iter().map(|&c| (q, c)));
    }
    if let Some(t) = &p.cars {
        spec.cars = t
            .split(',')
            .map(|x| spot(x, "--cars", t))
            .collect::<Result<_>>()?;
    }
    let game = set_up(&rules, &spec).map_err(|e| input(format!("position: {e}")))?;
    let roll = p.roll.as_deref().map(parse_roll).transpose()?;
    if !great_races {
        return Ok(AdviseSource::Position(HandPosition { rules, game, roll }));
    }
    let roll = roll.ok_or_else(|| {
        input("--roll: a Great Races position is advised on the roll to pair (one roll a turn): give --roll a,b,c,d")
    })?;
    Ok(AdviseSource::Race(RacePosition { rules, game, roll }))
}

/// `P:ITEM,ITEM,…` with each item read by `item`: the player (from 1) and the items.
fn owned<T>(text: &str, flag: &str, item: impl Fn(&str) -> Result<T>) -> Result<(u8, Vec<T>)> {
    let (who, items) = text.split_once(':').ok_or_else(|| {
        input(format!(
            "{flag} {text}: write the player first, like {flag} 1:7@3,4@2"
        ))
    })?;
    let who = number(who, flag, text)?;
    let items = items.split(',').map(item).collect::<Result<_>>()?;
    Ok((who, items))
}

/// `COLUMN@SPACE`.
fn spot(text: &str, flag: &str, whole: &str) -> Result<(u8, u8)> {
    let (c, s) = text.trim().split_once('@').ok_or_else(|| {
        input(format!(
            "{flag} {whole}: '{}' is not COLUMN@SPACE, like 7@3",
            text.trim()
        ))
    })?;
    Ok((number(c, flag, whole)?, number(s, flag, whole)?))
}

/// A small whole number in the flag's text.
fn number(text: &str, flag: &str, whole: &str) -> Result<u8> {
    text.trim()
        .parse()
        .map_err(|_| input(format!("{flag} {whole}: '{}' is not a number", text.trim())))
}

/// `--roll a,b,c,d`: four dice 1 to 6.
pub(super) fn parse_roll(text: &str) -> Result<Roll> {
    let words: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    Roll::parse(&words).ok_or_else(|| {
        input(format!(
            "--roll {text}: give four dice 1 to 6, like 3,4,4,6"
        ))
    })
}
