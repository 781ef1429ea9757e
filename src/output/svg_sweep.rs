//! The sweep chart: the swept policy's win rate against the parameter, one line per opponent
//! with its Wilson 95% band, the field (`all`) as a dark line, and each line's best point ringed
//! and labelled. Solitaire sweeps plot mean turns with a ±1.96 standard-error band instead.
//! Groups: `class="series"` per opponent (`data-name` = the opponent), `class="field"` for the
//! whole field, each holding its band (`<polygon>`), its line (`<polyline>`, one vertex per
//! point) and its best point (`<circle>`).

use super::svg_chart::{colour, draw_legend, light_mesh, partial_mark, render, svg_err, FONT};
use crate::output::sweep_csv::{Estimate, SweepResult, FIELD};
use anyhow::Result;
use plotters::prelude::*;

/// The chart's size in pixels.
const SIZE: (u32, u32) = (900, 540);

/// Per point of a series: (x, value, band low, band high), or `None` for a point with no
/// games (an interrupted run's), which the chart leaves out.
fn series_values(r: &SweepResult, s: usize, xs: &[f64]) -> Vec<Option<(f64, f64, f64, f64)>> {
    xs.iter()
        .zip(&r.series[s].counters)
        .map(|(&x, c)| {
            if c.games == 0 {
                return None;
            }
            let e = Estimate::of(c);
            Some(if r.solitaire() {
                let half = 1.959_964 * e.se_turns;
                (x, e.mean_turns, e.mean_turns - half, e.mean_turns + half)
            } else {
                (x, e.win_rate, e.ci95.0, e.ci95.1)
            })
        })
        .collect()
}

/// A range holding `lo..hi` with a margin (at least `min_span` wide).
fn padded(lo: f64, hi: f64, min_span: f64) -> (f64, f64) {
    let pad = ((hi - lo) * 0.06).max(min_span / 2.0);
    (lo - pad, hi + pad)
}

/// Draws the sweep as SVG text.
pub fn render_sweep(r: &SweepResult) -> Result<String> {
    let xs: Vec<f64> = r
        .points
        .iter()
        .map(|p| p.parameter.parse::<f64>().unwrap_or(0.0))
        .collect();
    let values: Vec<_> = (0..r.series.len())
        .map(|s| series_values(r, s, &xs))
        .collect();
    let all = values.iter().flatten().flatten();
    let lo = all.clone().map(|v| v.2).fold(f64::INFINITY, f64::min);
    let hi = all.map(|v| v.3).fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (0.0, 1.0) };
    let (y0, y1) = padded(lo, hi, if r.solitaire() { 1.0 } else { 0.02 });
    let (y0, y1) = if r.solitaire() {
        (y0.max(0.0), y1)
    } else {
        (y0.max(0.0), y1.min(1.0))
    };
    let first = xs.first().copied().unwrap_or(0.0);
    let last = xs.last().copied().unwrap_or(1.0);
    let (x0, x1) = padded(first, last, 0.1);
    let title = format!(
        "{} ({}, {} player{}): {}{}",
        r.provenance.game,
        r.provenance.rules,
        r.players,
        if r.players == 1 { "" } else { "s" },
        r.template,
        partial_mark(r.partial)
    );
    let y_desc = if r.solitaire() {
        "mean turns to finish (95% band)"
    } else {
        "win rate of the swept policy (Wilson 95% band)"
    };
    render(SIZE, |root, groups| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 20))
            .margin(14)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .build_cartesian_2d(x0..x1, y0..y1)
            .map_err(svg_err)?;
        light_mesh(&mut chart)
            .x_desc("parameter")
            .y_desc(y_desc)
            .draw()
            .map_err(svg_err)?;
        if !r.solitaire() && (y0..=y1).contains(&0.5) {
            chart
                .draw_series(LineSeries::new(
                    [(x0, 0.5), (x1, 0.5)],
                    RGBColor(150, 150, 150),
                ))
                .map_err(svg_err)?;
        }
        for (s, points) in values.iter().enumerate() {
            let series = &r.series[s];
            let vals: Vec<(f64, f64, f64, f64)> = points.iter().flatten().copied().collect();
            if vals.is_empty() {
                continue;
            }
            let field = series.opponent == FIELD;
            let c = if field {
                RGBColor(40, 40, 40)
            } else {
                colour(s)
            };
            groups.open(
                root,
                if field { "field" } else { "series" },
                &series.opponent,
            )?;
            let band: Vec<(f64, f64)> = vals
                .iter()
                .map(|v| (v.0, v.2))
                .chain(vals.iter().rev().map(|v| (v.0, v.3)))
                .collect();
            chart
                .draw_series([Polygon::new(band, c.mix(0.14).filled())])
                .map_err(svg_err)?;
            let label = if r.solitaire() {
                "alone".to_string()
            } else if field {
                "all opponents".to_string()
            } else {
                format!("against {}", series.opponent)
            };
            chart
                .draw_series(LineSeries::new(
                    vals.iter().map(|v| (v.0, v.1)),
                    c.stroke_width(if field { 3 } else { 2 }),
                ))
                .map_err(svg_err)?
                .label(label)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 16, y + 5)], c.filled()));
            let best = series.best(r.solitaire());
            let Some((bx, by, _, _)) = points[best] else {
                groups.close(root)?;
                continue;
            };
            let label = format!("best {}", r.points[best].parameter);
            let lift = -18 - 14 * s as i32;
            let right = best * 2 >= points.len();
            let dx = if right {
                -8 - 7 * label.len() as i32
            } else {
                8
            };
            chart
                .draw_series([EmptyElement::at((bx, by))
                    + Circle::new((0, 0), 6, c.stroke_width(2))
                    + Text::new(label, (dx, lift), (FONT, 12).into_font().color(&c))])
                .map_err(svg_err)?;
            groups.close(root)?;
        }
        draw_legend(&mut chart, SeriesLabelPosition::LowerRight)
    })
}
