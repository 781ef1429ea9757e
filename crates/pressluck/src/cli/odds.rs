//! `pressluck odds`: its flags ([`OddsArgs`]) and their checks into [`OddsSettings`]: which
//! table of which game, and the flags that apply to that table only.

use super::game::GameArgs;
use super::outputs::{output, TableFormatArg};
use crate::error::input;
use crate::output::destination::Destination;
use crate::settings::{OddsSettings, OddsTable};
use anyhow::Result;
use clap::Args;
use pressluck_core::columns::{ColumnSet, MAX_COLUMN, MIN_COLUMN};
use pressluck_core::games::{treasure_hunt, GameSetup};
use std::path::PathBuf;

/// `pressluck odds`.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// The game (its board sets the column lengths of the reach view).
    #[command(flatten)]
    pub game: GameArgs,
    /// Which table: sets (bust odds of sets of cars), tracks (one-roll view), reach (odds of
    /// climbing d more steps this turn).
    #[arg(long, default_value = "sets")]
    pub view: String,
    /// Players of Shortcut's policy view: 1 (the solitaire table, the default) or 2 (the
    /// two-player table: per position, the chance that the player to move wins).
    #[arg(long)]
    pub players: Option<u8>,
    /// The full bust table over all 2048 usable sets (the sets view only).
    #[arg(long)]
    pub masks: bool,
    /// Columns closed (or with a car at the top): removed from every usable set, e.g. 2,12
    /// (the sets view).
    #[arg(long)]
    pub blocked: Option<String>,
    /// Also cover states with up to K cars still free, 0 to 3 (the sets view without --masks;
    /// default 0: the cars listed are all the turn has).
    #[arg(long)]
    pub free_cars: Option<u8>,
    /// Only the rows of these cars, e.g. 4,7,11 (sets view): "how likely am I to bust with
    /// cars on 4, 7 and 11?".
    #[arg(long)]
    pub cars: Option<String>,
    /// Add a Monte Carlo check: N simulated rolls per row, with a 99.9% interval (the sets
    /// view; Treasure Hunt's claims).
    #[arg(long)]
    pub samples: Option<u64>,
    /// Seed of the Monte Carlo check (with --samples; default 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Output table (default and `-`: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The table's format.
    #[command(flatten)]
    pub format: TableFormatArg,

    /// Also draw the bust chances of every three cars as an SVG heat map (sets view).
    #[arg(long)]
    pub svg: Option<PathBuf>,
}

/// Parses a comma-separated list of columns like `2,12` for the flag `flag`.
pub fn parse_columns(text: &str, flag: &str) -> Result<ColumnSet> {
    let mut set = ColumnSet::EMPTY;
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let c: u8 = part
            .parse()
            .map_err(|_| input(format!("{flag} {text}: '{part}' is not a column number")))?;
        if !(MIN_COLUMN..=MAX_COLUMN).contains(&c) {
            return Err(input(format!("{flag} {text}: column {c} is not in 2..12")));
        }
        if set.has(c) {
            return Err(input(format!("{flag} {text}: column {c} is listed twice")));
        }
        set = set.with(c);
    }
    Ok(set)
}

/// Checks `--samples N` against the most a table takes.
fn check_samples(samples: Option<u64>, max: u64) -> Result<()> {
    match samples {
        Some(n) if n == 0 || n > max => {
            Err(input(format!("--samples {n}: must be between 1 and {max}")))
        }
        _ => Ok(()),
    }
}

impl OddsArgs {
    /// `pressluck odds`.
    pub fn settings(self) -> Result<OddsSettings> {
        let setup = self.game.setup(2)?;
        // `sets`, the flag's default, is every game's first table.
        let views = setup.id().entry().odds_views;
        let view = match self.view.as_str() {
            "sets" => views[0],
            v => views.iter().copied().find(|&w| w == v).ok_or_else(|| {
                input(format!(
                    "--view {v}: expected {} for {}",
                    or_list(views),
                    setup.id().name()
                ))
            })?,
        };
        check_odds_flags(&self, &setup, view)?;
        if let Some(p @ (0 | 3..)) = self.players {
            return Err(input(format!(
                "--players {p}: the policy view is solved for 1 or 2 players (at 3 or 4, optimal \
             plays the solitaire table)"
            )));
        }
        let seed = self.seed.unwrap_or(1);
        let provenance = self
            .game
            .provenance(self.players, self.samples.map(|_| seed))?;
        let format = self.format.parse()?;
        let out = match &self.out {
            Some(p) => output(p, "--out", &[])?,
            None => Destination::Stdout,
        };
        let svg = match &self.svg {
            Some(p) => Some(output(p, "--svg", &[(&out, "--out")])?),
            None => None,
        };
        let mut assumption = None;
        let table = match setup {
            GameSetup::Shortcut(setup) => match view {
                "press" => OddsTable::ShortcutPress,
                _ if self.players == Some(2) => OddsTable::ShortcutDuel(setup),
                _ => OddsTable::ShortcutPolicy(setup),
            },
            GameSetup::TreasureHunt(family) => {
                check_samples(self.samples, treasure_hunt::MAX_SAMPLES)?;
                OddsTable::TreasureClaims {
                    deck: family.deck,
                    samples: self.samples,
                    seed,
                }
            }
            GameSetup::Route66(rules)
            | GameSetup::CantStop(rules)
            | GameSetup::GreatRaces(rules) => {
                let blocked = parse_columns(self.blocked.as_deref().unwrap_or(""), "--blocked")?;
                let free_cars = self.free_cars.unwrap_or(0);
                if free_cars > 3 {
                    return Err(input(format!("--free-cars {free_cars}: must be 0 to 3")));
                }
                check_samples(self.samples, pressluck_core::columns::MAX_SAMPLES)?;
                let only = self
                    .cars
                    .as_deref()
                    .map(|text| only_cars(text, blocked, free_cars))
                    .transpose()?;
                if let Some(cars) = only.filter(|c| c.len() < 3 && self.free_cars.is_none()) {
                    assumption = Some(format!(
                    "note: the bust chance of cars on {} assumes no free car (the turn's other cars \
                     are used up or blocked); --free-cars {} counts cars still to place",
                    columns_text(cars),
                    3 - cars.len()
                ));
                }
                match view {
                    "sets" => OddsTable::Sets {
                        masks: self.masks,
                        blocked,
                        free_cars,
                        only,
                        samples: self.samples,
                        seed,
                        svg,
                    },
                    "tracks" => OddsTable::Tracks,
                    _ => OddsTable::Reach(rules),
                }
            }
        };
        Ok(OddsSettings {
            table,
            provenance,
            out,
            assumption,
            format,
        })
    }
}

/// Refuses every `odds` flag that does not apply to the table `view` of `setup`'s game.
fn check_odds_flags(a: &OddsArgs, setup: &GameSetup, view: &str) -> Result<()> {
    let columns = setup.column_rules().is_some();
    let sets = columns && view == "sets";
    let bust_table = sets && !a.masks;
    let shortcut_policy = matches!(setup, GameSetup::Shortcut(_)) && view == "policy";
    let flags: [(bool, &str, bool, &str); 8] = [
        (
            a.masks,
            "--masks",
            sets,
            "the sets view of route66, cant-stop and great-races",
        ),
        (
            a.blocked.is_some(),
            "--blocked",
            bust_table,
            "the sets view without --masks",
        ),
        (
            a.free_cars.is_some(),
            "--free-cars",
            bust_table,
            "the sets view without --masks",
        ),
        (
            a.cars.is_some(),
            "--cars",
            bust_table,
            "the sets view without --masks",
        ),
        (
            a.samples.is_some(),
            "--samples",
            sets || view == "claims",
            "the sets view and treasure-hunt's claims",
        ),
        (
            a.seed.is_some(),
            "--seed",
            a.samples.is_some(),
            "a --samples check",
        ),
        (
            a.players.is_some(),
            "--players",
            shortcut_policy,
            "shortcut's policy view",
        ),
        (
            a.svg.is_some(),
            "--svg",
            bust_table && matches!(setup, GameSetup::Route66(_) | GameSetup::CantStop(_)),
            "the sets view of route66 and cant-stop, without --masks",
        ),
    ];
    for (given, flag, applies, to) in flags {
        if given && !applies {
            let game = a.game.game.as_str();
            return Err(input(format!(
                "{flag} applies to {to} only, not --game {game} --view {view}{}",
                if a.masks && flag != "--masks" {
                    " --masks"
                } else {
                    ""
                }
            )));
        }
    }
    Ok(())
}

/// Words as `a, b or c`.
fn or_list(words: &[&str]) -> String {
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => words.join(""),
    }
}

/// A set of columns as `4, 7 and 11`.
fn columns_text(set: ColumnSet) -> String {
    let names: Vec<String> = set.iter().map(|c| c.to_string()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// The set of `--cars`: at most three open columns, with `free_cars` still free.
fn only_cars(text: &str, blocked: ColumnSet, free_cars: u8) -> Result<ColumnSet> {
    let cars = parse_columns(text, "--cars")?;
    if cars.is_empty() || cars.len() > 3 {
        return Err(input(format!(
            "--cars {text}: give 1 to 3 columns, e.g. 4,7,11"
        )));
    }
    if cars.len() + u32::from(free_cars) > 3 {
        return Err(input(format!(
            "--cars {text} --free-cars {free_cars}: a turn has 3 cars in all"
        )));
    }
    if let Some(c) = (cars & blocked).iter().next() {
        return Err(input(format!(
            "--cars {text}: column {c} is also in --blocked"
        )));
    }
    Ok(cars)
}
