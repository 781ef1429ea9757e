//! `pressluck odds`: its flags ([`OddsArgs`]) and their checks into [`OddsSettings`]: which
//! table of which game, and the flags that apply to that table only.

use super::game::GameArgs;
use super::outputs::{output, TableFormatArg};
use super::values::{self, Offered};
use crate::error::input;
use crate::output::destination::Destination;
use crate::settings::OddsSettings;
use anyhow::Result;
use clap::Args;
use pressluck_core::games::{parse_columns, OddsRequest, OddsView};
use std::path::PathBuf;

/// `pressluck odds`.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// The game (its board sets the column lengths of the reach view).
    #[command(flatten)]
    pub game: GameArgs,
    /// Which table, each game's own (the help lists them from the catalogue).
    #[arg(long, default_value = "sets", value_parser = Offered(values::odds_views), help = values::view_help(), hide_possible_values = true)]
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

impl OddsArgs {
    /// `pressluck odds`.
    pub fn settings(self) -> Result<OddsSettings> {
        let setup = self.game.setup(2)?;
        // `sets`, the flag's default, is every game's first table.
        let views = setup.id().entry().odds_views;
        let view = match self.view.as_str() {
            "sets" => views[0],
            v => *views.iter().find(|w| w.name == v).ok_or_else(|| {
                let names: Vec<&str> = views.iter().map(|w| w.name).collect();
                input(format!(
                    "--view {v}: expected {} for {}",
                    or_list(&names),
                    setup.id().name()
                ))
            })?,
        };
        check_odds_flags(&self, &view)?;
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
        let heat_map = match &self.svg {
            Some(p) => {
                let svg = output(p, "--svg", &[(&out, "--out")])?;
                let blocked = self.blocked.as_deref().unwrap_or("");
                Some((svg, parse_columns(blocked, "--blocked").map_err(input)?))
            }
            None => None,
        };
        let request = OddsRequest {
            view: view.name,
            players: self.players,
            masks: self.masks,
            blocked: self.blocked,
            free_cars: self.free_cars,
            cars: self.cars,
            samples: self.samples,
            seed,
        };
        Ok(OddsSettings {
            setup,
            request,
            provenance,
            out,
            heat_map,
            format,
        })
    }
}

/// Refuses every `odds` flag that does not apply to the table `view` of the game.
fn check_odds_flags(a: &OddsArgs, view: &OddsView) -> Result<()> {
    let bust_table = view.bust_table && !a.masks;
    let flags: [(bool, &str, bool, &str); 8] = [
        (
            a.masks,
            "--masks",
            view.masks,
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
            view.samples,
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
            view.players,
            "shortcut's policy view",
        ),
        (
            a.svg.is_some(),
            "--svg",
            view.heat_map && !a.masks,
            "the sets view of route66 and cant-stop, without --masks",
        ),
    ];
    for (given, flag, applies, to) in flags {
        if given && !applies {
            let game = a.game.game.as_str();
            return Err(input(format!(
                "{flag} applies to {to} only, not --game {game} --view {}{}",
                view.name,
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
