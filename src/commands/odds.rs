//! `pressluck odds`: exact stop-or-roll odds by enumeration of the 1296 rolls — the bust table
//! of sets of cars (or of all 2048 usable sets), the one-roll track view, and reach odds —
//! with an optional Monte Carlo check.

use crate::cli::{GameSetup, OddsArgs};
use crate::columns::odds::{mask_table, reach_odds, set_table, track_table};
use crate::columns::set::{MAX_COLUMN, MIN_COLUMN};
use crate::columns::ColumnSet;
use crate::counters::wilson999;
use crate::engine::bust_check::sample_busts;
use crate::error::input;
use crate::output::atomic::{check_writable, write_atomic, write_out};
use crate::output::odds_csv::{ReachRow, SetRow, TrackRow};
use crate::output::svg_odds::render_odds;
use anyhow::Result;
use std::process::ExitCode;

/// Most Monte Carlo rolls per row.
const MAX_SAMPLES: u64 = 1_000_000_000;

/// Parses a comma-separated list of columns like `2,12`.
pub fn parse_columns(text: &str, flag: &str) -> Result<ColumnSet> {
    let mut set = ColumnSet::EMPTY;
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let c: u8 = part
            .parse()
            .map_err(|_| input(format!("{flag} {text}: '{part}' is not a column number")))?;
        if !(MIN_COLUMN..=MAX_COLUMN).contains(&c) {
            return Err(input(format!("{flag} {text}: column {c} is not in 2..12")));
        }
        set = set.with(c);
    }
    Ok(set)
}

/// The set of `--cars`: at most three open columns, sets view without `--masks`.
fn only_cars(text: &str, blocked: ColumnSet, a: &OddsArgs) -> Result<ColumnSet> {
    if a.view != "sets" || a.masks {
        return Err(input(
            "--cars applies to --view sets only (without --masks)",
        ));
    }
    let cars = parse_columns(text, "--cars")?;
    if cars.is_empty() || cars.len() > 3 {
        return Err(input(format!(
            "--cars {text}: give 1 to 3 columns, e.g. 4,7,11"
        )));
    }
    if let Some(c) = (cars & blocked).iter().next() {
        return Err(input(format!(
            "--cars {text}: column {c} is also in --blocked"
        )));
    }
    Ok(cars)
}

/// Runs the command.
pub fn run(a: OddsArgs) -> Result<ExitCode> {
    let setup = a.game.setup(2)?;
    if a.svg.is_some() && !matches!(setup, GameSetup::Columns(_)) {
        return Err(input(
            "--svg: the heat map is of the column games' bust table",
        ));
    }
    let provenance = a.game.provenance(None, a.samples.map(|_| a.seed))?;
    match &setup {
        GameSetup::Shortcut(setup) => return crate::shortcut::odds::run(setup, &a, &provenance),
        GameSetup::TreasureHunt(family) => {
            return crate::treasure_hunt::odds_cli::run(&a, family, &provenance)
        }
        GameSetup::Columns(_) | GameSetup::GreatRaces(_) => {}
    }
    let rules = a.game.rules(2)?;
    let blocked = parse_columns(&a.blocked, "--blocked")?;
    if a.free_cars > 3 {
        return Err(input(format!(
            "--free-cars {}: must be 0 to 3",
            a.free_cars
        )));
    }
    if let Some(n) = a.samples {
        if n == 0 || n > MAX_SAMPLES {
            return Err(input(format!(
                "--samples {n}: must be between 1 and {MAX_SAMPLES}"
            )));
        }
    }
    if a.masks && a.view != "sets" {
        return Err(input("--masks applies to --view sets only"));
    }
    let only = a
        .cars
        .as_deref()
        .map(|text| only_cars(text, blocked, &a))
        .transpose()?;
    if let Some(p) = &a.out {
        check_writable(p, "--out")?;
    }
    if let Some(p) = &a.svg {
        if a.view != "sets" || a.masks {
            return Err(input("--svg draws the sets view only (without --masks)"));
        }
        check_writable(p, "--svg")?;
        if Some(p) == a.out.as_ref() {
            return Err(input("--svg: same file as --out"));
        }
    }
    let csv = match a.view.as_str() {
        "sets" => {
            let rows = if a.masks {
                mask_table()
            } else {
                set_table(blocked, a.free_cars)
            };
            let rows = rows
                .iter()
                .filter(|o| !matches!(only, Some(c) if o.cars != c));
            provenance.csv(
                false,
                rows.map(|o| {
                    let mc = a.samples.map(|n| {
                        let (cars, free, blk) = if a.masks {
                            (ColumnSet::EMPTY, 3, !o.usable)
                        } else {
                            (o.cars, o.free_cars, blocked)
                        };
                        let k = sample_busts(cars, free, blk, n, a.seed);
                        let (lo, hi) = wilson999(k, n);
                        (k as f64 / n as f64, lo, hi)
                    });
                    SetRow::new(o, mc)
                }),
            )?
        }
        "tracks" => provenance.csv(false, track_table().iter().map(TrackRow::from))?,
        "reach" => {
            let mut rows = Vec::new();
            for c in MIN_COLUMN..=MAX_COLUMN {
                let len = rules.layout.len(c);
                for (d, p) in reach_odds(c, len).into_iter().enumerate().skip(1) {
                    rows.push(ReachRow {
                        column: c,
                        distance: d as u8,
                        p_reach: format!("{p:.6}"),
                    });
                }
            }
            provenance.csv(false, rows)?
        }
        v => return Err(input(format!("--view {v}: expected sets, tracks or reach"))),
    };
    write_out(a.out.as_deref(), &csv)?;
    if let Some(p) = &a.svg {
        write_atomic(p, render_odds(blocked)?.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}
