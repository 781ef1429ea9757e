//! The column races' tables of `pressluck odds` (Route 66, Can't Stop and The Great Races): the
//! bust table of sets of cars, or of all 2048 usable sets, with an optional Monte Carlo check
//! ([`SetRow`]: `columns,bust_rolls,p_bust,p_success,…`); the one-roll view of each track
//! ([`TrackRow`]); the odds of climbing `d` more steps this turn on the board ([`ReachRow`]).

use crate::columns::{
    mask_table, reach_odds, set_table, track_table, ColumnSet, Rules, SetOdds, TrackOdds,
    MAX_COLUMN, MAX_SAMPLES, MIN_COLUMN,
};
use crate::counters::wilson999;
use crate::engine::sample_busts;
use crate::figure::Figure;
use crate::games::odds_table::{check_samples, parse_columns, OddsRequest, OddsView, UseRows};
use serde::Serialize;

/// The column races' tables: `sets` (its heat map drawn for Route 66 and Can't Stop when
/// `heat_map`), `tracks`, `reach`.
pub const fn column_odds_views(heat_map: bool) -> [OddsView; 3] {
    [
        OddsView {
            name: "sets",
            about: "bust odds of sets of cars",
            masks: true,
            bust_table: true,
            samples: true,
            players: false,
            heat_map,
        },
        OddsView::plain("tracks", "the one-roll view of each track"),
        OddsView::plain("reach", "odds of climbing d more steps this turn"),
    ]
}

/// `x` as a six-decimal figure.
fn f6(x: f64) -> Figure {
    Figure::fixed(x, 6)
}

/// The table `r` asks of the column race `rules`, handed to `work`; errors name the flag.
pub fn column_odds<U: UseRows>(
    rules: &Rules,
    r: &OddsRequest,
    work: U,
) -> Result<U::Output, String> {
    let blocked = parse_columns(r.blocked.as_deref().unwrap_or(""), "--blocked")?;
    let free_cars = r.free_cars.unwrap_or(0);
    if free_cars > 3 {
        return Err(format!("--free-cars {free_cars}: must be 0 to 3"));
    }
    check_samples(r.samples, MAX_SAMPLES)?;
    let only = r
        .cars
        .as_deref()
        .map(|text| only_cars(text, blocked, free_cars))
        .transpose()?;
    let note = only
        .filter(|c| c.len() < 3 && r.free_cars.is_none())
        .map(|cars| {
            format!(
                "note: the bust chance of cars on {} assumes no free car (the turn's other cars \
                 are used up or blocked); --free-cars {} counts cars still to place",
                columns_text(cars),
                3 - cars.len()
            )
        });
    Ok(match r.view {
        "sets" => {
            let odds = if r.masks {
                mask_table()
            } else {
                set_table(blocked, free_cars)
            };
            let rows = odds
                .iter()
                .filter(|o| !matches!(only, Some(c) if o.cars != c))
                .map(|o| {
                    let mc = r.samples.map(|n| {
                        let (cars, free, blk) = if r.masks {
                            (ColumnSet::EMPTY, 3, !o.usable)
                        } else {
                            (o.cars, o.free_cars, blocked)
                        };
                        let k = sample_busts(cars, free, blk, n, r.seed);
                        let (lo, hi) = wilson999(k, n);
                        (k as f64 / n as f64, lo, hi)
                    });
                    SetRow::new(o, mc)
                })
                .collect();
            work.with(note, rows)
        }
        "tracks" => work.with(note, track_table().iter().map(TrackRow::from).collect()),
        _ => {
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
            work.with(note, rows)
        }
    })
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
fn only_cars(text: &str, blocked: ColumnSet, free_cars: u8) -> Result<ColumnSet, String> {
    let cars = parse_columns(text, "--cars")?;
    if cars.is_empty() || cars.len() > 3 {
        return Err(format!("--cars {text}: give 1 to 3 columns, e.g. 4,7,11"));
    }
    if cars.len() + u32::from(free_cars) > 3 {
        return Err(format!(
            "--cars {text} --free-cars {free_cars}: a turn has 3 cars in all"
        ));
    }
    if let Some(c) = (cars & blocked).iter().next() {
        return Err(format!("--cars {text}: column {c} is also in --blocked"));
    }
    Ok(cars)
}

/// One row of the bust table.
#[derive(Debug, Default, Serialize)]
pub struct SetRow {
    columns: String,
    bust_rolls: u16,
    p_bust: Figure,
    p_success: Figure,
    free_cars: u8,
    usable: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    p_bust_mc: Option<Figure>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mc_low: Option<Figure>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mc_high: Option<Figure>,
}

impl SetRow {
    /// A row from exact odds and, optionally, a Monte Carlo estimate with its 99.9% interval.
    pub fn new(o: &SetOdds, mc: Option<(f64, f64, f64)>) -> SetRow {
        SetRow {
            columns: o.cars.to_string(),
            bust_rolls: o.bust_rolls,
            p_bust: f6(o.p_bust()),
            p_success: f6(1.0 - o.p_bust()),
            free_cars: o.free_cars,
            usable: o.usable.to_string(),
            p_bust_mc: mc.map(|m| f6(m.0)),
            mc_low: mc.map(|m| f6(m.1)),
            mc_high: mc.map(|m| f6(m.2)),
        }
    }
}

/// One row of the track view.
#[derive(Debug, Default, Serialize)]
pub struct TrackRow {
    track: u8,
    offered_rolls: u16,
    p_offered: Figure,
    double_rolls: u16,
    steps_per_roll: Figure,
}

impl From<&TrackOdds> for TrackRow {
    fn from(t: &TrackOdds) -> Self {
        TrackRow {
            track: t.column,
            offered_rolls: t.offered_rolls,
            p_offered: f6(t.offered_rolls as f64 / 1296.0),
            double_rolls: t.double_rolls,
            steps_per_roll: f6(t.steps_per_roll),
        }
    }
}

/// One row of the reach table.
#[derive(Debug, Default, Serialize)]
pub struct ReachRow {
    /// The column.
    pub column: u8,
    /// Steps still to climb.
    pub distance: u8,
    /// The chance of climbing them this turn.
    pub p_reach: Figure,
}
