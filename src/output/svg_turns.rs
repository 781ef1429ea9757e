//! The solitaire chart: for each policy, the share of games finished in each number of turns
//! (from the integer turn histogram of the counters), as a line over the turn counts, with the
//! mean marked by a dot on the axis. The last bin holds every game of 127 turns or more. Groups: `class="series"`,
//! `data-name` = the policy, holding one `<polyline>` with a vertex per turn count shown.

use super::svg_chart::{colour, draw_legend, light_mesh, partial_mark, render, svg_err, FONT};
use super::tournament_csv::TournamentResult;
use anyhow::Result;
use plotters::prelude::*;
use pressluck_core::counters::{mean_sd, TURN_BINS};

/// The chart's size in pixels.
const SIZE: (u32, u32) = (900, 520);

/// Per policy with games: its name, its histogram (slot 0 of its solitaire matchup) and its
/// mean turns.
fn histograms(r: &TournamentResult) -> Vec<(String, [u64; TURN_BINS], f64)> {
    r.matchups
        .iter()
        .filter_map(|(slots, st)| {
            let name = slots.first()?.clone();
            let c = st.slot_total(0);
            if c.games == 0 {
                return None;
            }
            Some((
                name,
                st.turns_hist[0],
                mean_sd(c.games, c.turns, c.turns_sq).0,
            ))
        })
        .collect()
}

/// The turn counts shown: from the first to the last bin any policy fills.
pub fn shown_bins(r: &TournamentResult) -> std::ops::RangeInclusive<usize> {
    let hs = histograms(r);
    let filled = |pick: fn(&[u64; TURN_BINS]) -> Option<usize>| {
        hs.iter()
            .filter_map(|(_, h, _)| pick(h))
            .collect::<Vec<_>>()
    };
    let lo = filled(|h| h.iter().position(|&n| n > 0));
    let hi = filled(|h| h.iter().rposition(|&n| n > 0));
    let lo = lo.into_iter().min().unwrap_or(0);
    let hi = hi.into_iter().max().unwrap_or(0);
    lo..=hi.max(lo + 1)
}

/// Draws the turn histograms of a solitaire tournament as SVG text.
pub fn render_turns(r: &TournamentResult) -> Result<String> {
    let hs = histograms(r);
    let bins = shown_bins(r);
    let share = |h: &[u64; TURN_BINS], t: usize| {
        let total: u64 = h.iter().sum();
        h[t] as f64 / total.max(1) as f64
    };
    let top = hs
        .iter()
        .flat_map(|(_, h, _)| bins.clone().map(move |t| share(h, t)))
        .fold(0.0, f64::max);
    let title = format!(
        "{} ({}, solitaire): share of games finished in each number of turns{}",
        r.provenance.game,
        r.provenance.rules,
        partial_mark(r.partial)
    );
    let (x0, x1) = (*bins.start() as f64 - 0.5, *bins.end() as f64 + 0.5);
    render(SIZE, |root, groups| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 18))
            .margin(14)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .build_cartesian_2d(x0..x1, 0.0..top * 1.1 + 1e-9)
            .map_err(svg_err)?;
        light_mesh(&mut chart)
            .x_desc(format!(
                "turns to finish ({} = {} or more)",
                TURN_BINS - 1,
                TURN_BINS - 1
            ))
            .y_desc("share of games")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()
            .map_err(svg_err)?;
        for (i, (name, h, mean)) in hs.iter().enumerate() {
            let c = colour(i);
            groups.open(root, "series", name)?;
            chart
                .draw_series(LineSeries::new(
                    bins.clone().map(|t| (t as f64, share(h, t))),
                    c.stroke_width(2),
                ))
                .map_err(svg_err)?
                .label(format!("{name} (mean {mean:.2})"))
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 16, y + 5)], c.filled()));
            chart
                .draw_series([Circle::new((*mean, 0.0), 5, c.filled())])
                .map_err(svg_err)?;
            groups.close(root)?;
        }
        draw_legend(&mut chart, SeriesLabelPosition::UpperRight)
    })
}
