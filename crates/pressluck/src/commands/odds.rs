//! `pressluck odds`: exact stop-or-roll odds by enumeration — for the column games the bust
//! table of sets of cars (or of all 2048 usable sets), the one-roll track view and reach odds,
//! with an optional Monte Carlo check; Shortcut's press and policy tables; Treasure Hunt's claim
//! odds.

mod treasure_hunt;

use crate::error::input;
use crate::output::odds_csv::{ReachRow, SetRow, TrackRow};
use crate::output::provenance::f6;
use crate::output::svg_odds::render_odds;
use crate::settings::{OddsSettings, OddsTable};
use anyhow::Result;
use pressluck_core::columns::{
    mask_table, reach_odds, set_table, track_table, ColumnSet, MAX_COLUMN, MIN_COLUMN,
};
use pressluck_core::counters::wilson999;
use pressluck_core::engine::sample_busts;
use pressluck_core::games::shortcut::{duel_rows, policy_rows, press_rows};
use std::process::ExitCode;

/// Runs the command: the table in `--format` (and the heat map of the sets view).
pub fn run(s: OddsSettings) -> Result<ExitCode> {
    if let Some(note) = &s.assumption {
        eprintln!("{note}");
    }
    let provenance = &s.provenance;
    let table = match &s.table {
        &OddsTable::Sets {
            masks,
            blocked,
            free_cars,
            only,
            samples,
            seed,
            svg: _,
        } => {
            let rows = if masks {
                mask_table()
            } else {
                set_table(blocked, free_cars)
            };
            let rows = rows
                .iter()
                .filter(|o| !matches!(only, Some(c) if o.cars != c));
            provenance.table(
                false,
                rows.map(|o| {
                    let mc = samples.map(|n| {
                        let (cars, free, blk) = if masks {
                            (ColumnSet::EMPTY, 3, !o.usable)
                        } else {
                            (o.cars, o.free_cars, blocked)
                        };
                        let k = sample_busts(cars, free, blk, n, seed);
                        let (lo, hi) = wilson999(k, n);
                        (k as f64 / n as f64, lo, hi)
                    });
                    SetRow::new(o, mc)
                }),
            )?
        }
        OddsTable::Tracks => provenance.table(false, track_table().iter().map(TrackRow::from))?,
        OddsTable::Reach(rules) => {
            let mut rows = Vec::new();
            for c in MIN_COLUMN..=MAX_COLUMN {
                let len = rules.layout.len(c);
                for (d, p) in reach_odds(c, len).into_iter().enumerate().skip(1) {
                    rows.push(ReachRow {
                        column: c,
                        distance: d as u8,
                        p_reach: f6(p),
                    });
                }
            }
            provenance.table(false, rows)?
        }
        OddsTable::ShortcutPress => provenance.table(false, press_rows())?,
        OddsTable::ShortcutPolicy(setup) => {
            let sol = setup
                .solution()
                .map_err(|e| input(format!("--board: {e}")))?;
            provenance.table(false, policy_rows(&setup.board, &sol))?
        }
        OddsTable::ShortcutDuel(setup) => {
            let duel = setup.duel().map_err(|e| input(format!("--board: {e}")))?;
            provenance.table(false, duel_rows(&setup.board, &duel))?
        }
        OddsTable::TreasureClaims {
            deck,
            samples,
            seed,
        } => treasure_hunt::claims_table(deck, *samples, *seed, provenance)?,
    };
    s.out.write(&table.export(s.format)?)?;
    if let OddsTable::Sets {
        svg: Some(p),
        blocked,
        ..
    } = &s.table
    {
        p.write(render_odds(*blocked)?.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}
