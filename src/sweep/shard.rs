//! A sweep as a run of counters: the grid its matchups make (point by point, opponent by
//! opponent) and its result from the counters. The unsharded `sweep` and `merge` both build the
//! result here, so merged shards give the single run's bytes.

use super::result::{Series, SweepPoint, SweepResult, FIELD, SOLITAIRE};
use crate::counters::MatchupStats;
use crate::output::counters_csv::{RunId, RunKind};

/// The swept policy's name at each point and the opponents' names (none alone) that the
/// matchup names of a sweep with `points` points make, or why they make no sweep.
pub fn layout(
    players: u8,
    points: usize,
    matchups: &[String],
) -> Result<(Vec<String>, Vec<String>), String> {
    let not_grid = || {
        format!(
            "the {} matchups do not make a grid of {points} sweep point(s) by opponents",
            matchups.len()
        )
    };
    let per = matchups.len().checked_div(points).unwrap_or(0);
    if per == 0 || per * points != matchups.len() || (players == 1 && per != 1) || players > 2 {
        return Err(not_grid());
    }
    let slots = |m: &str| -> Result<(String, String), String> {
        match m.split('|').collect::<Vec<_>>().as_slice() {
            [p] if players == 1 => Ok((p.to_string(), String::new())),
            [p, o] if players == 2 => Ok((p.to_string(), o.to_string())),
            _ => Err(not_grid()),
        }
    };
    let policies: Vec<String> = (0..points)
        .map(|i| slots(&matchups[i * per]).map(|s| s.0))
        .collect::<Result<_, _>>()?;
    let opponents: Vec<String> = if players == 1 {
        Vec::new()
    } else {
        (0..per)
            .map(|j| slots(&matchups[j]).map(|s| s.1))
            .collect::<Result<_, _>>()?
    };
    for (n, m) in matchups.iter().enumerate() {
        let (p, o) = slots(m)?;
        if p != policies[n / per] || (players == 2 && o != opponents[n % per]) {
            return Err(not_grid());
        }
    }
    Ok((policies, opponents))
}

/// The result of a sweep from its identity and its counters (one per matchup), marked
/// `partial` when games are missing. Fails when `run` is no sweep's.
pub fn result(run: &RunId, stats: &[MatchupStats], partial: bool) -> Result<SweepResult, String> {
    let RunKind::Sweep { template, points } = &run.kind else {
        return Err("not a sweep's counters".into());
    };
    let (policies, opponents) = layout(run.players, points.len(), &run.matchups)?;
    if stats.len() != run.matchups.len() {
        return Err("counters for a different number of matchups".into());
    }
    let per = opponents.len().max(1);
    let series_of = |j: usize, name: &str| Series {
        opponent: name.to_string(),
        counters: (0..points.len())
            .map(|i| stats[i * per + j].slot_total(0))
            .collect(),
    };
    let mut series: Vec<Series> = if opponents.is_empty() {
        vec![series_of(0, SOLITAIRE)]
    } else {
        opponents
            .iter()
            .enumerate()
            .map(|(j, o)| series_of(j, o))
            .collect()
    };
    if !opponents.is_empty() {
        let mut field = series_of(0, FIELD);
        for s in &series[1..] {
            for (a, b) in field.counters.iter_mut().zip(&s.counters) {
                *a += *b;
            }
        }
        series.push(field);
    }
    Ok(SweepResult {
        provenance: run.provenance(),
        players: run.players,
        template: template.clone(),
        points: points
            .iter()
            .zip(policies)
            .map(|(p, policy)| SweepPoint {
                parameter: p.clone(),
                policy,
            })
            .collect(),
        series,
        partial,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn layout_reads_the_grid_and_refuses_anything_else() {
        let two = names(&["a:1|ev", "a:1|r", "a:2|ev", "a:2|r"]);
        assert_eq!(
            layout(2, 2, &two),
            Ok((names(&["a:1", "a:2"]), names(&["ev", "r"])))
        );
        assert_eq!(
            layout(1, 2, &names(&["a:1", "a:2"])),
            Ok((names(&["a:1", "a:2"]), Vec::new()))
        );
        for (players, points, list) in [
            (2, 3, two.clone()),
            (2, 0, two.clone()),
            (1, 2, two.clone()),
            (2, 2, names(&["a:1|ev", "a:1|r", "a:2|r", "a:2|ev"])),
            (2, 2, names(&["a:1|ev", "a:1|r", "a:1|ev", "a:2|r"])),
            (2, 1, Vec::new()),
            (3, 1, names(&["a|b|c"])),
        ] {
            assert!(layout(players, points, &list).is_err(), "{list:?}");
        }
    }
}
