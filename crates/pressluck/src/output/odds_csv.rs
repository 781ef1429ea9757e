//! The odds exporters: the bust table of sets (schema `columns,bust_rolls,p_bust,p_success`
//! after the provenance columns), the one-roll track view and the reach table, each as rows
//! for [`super::provenance::Provenance::csv`].

use super::provenance::f6;
use super::table::Figure;
use pressluck_core::columns::{SetOdds, TrackOdds};
use serde::Serialize;

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
