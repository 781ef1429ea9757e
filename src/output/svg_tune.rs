//! The tuning curve: by generation, the best candidate's objective (`class="candidates"`) and
//! the incumbent's after it (`class="incumbent"`), each measured on that generation's games;
//! the win rate (or alone the mean turns) on the y axis.

use super::svg_chart::{colour, draw_legend, light_mesh, partial_mark, render, svg_err, FONT};
use crate::output::tune_csv::TuneResult;
use anyhow::Result;
use plotters::prelude::*;

/// The chart's size in pixels.
const SIZE: (u32, u32) = (900, 500);

/// Draws the curve of `r`, titled with the tuned template, as SVG text.
pub fn render_curve(r: &TuneResult, template: &str) -> Result<String> {
    let curve = r.curve();
    let n = curve.len().max(1) as f64;
    let values = curve
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .filter(|v| v.is_finite());
    let lo = values.clone().fold(f64::INFINITY, f64::min);
    let hi = values.fold(f64::NEG_INFINITY, f64::max);
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (0.0, 1.0) };
    let pad = ((hi - lo) * 0.08).max(if r.solitaire { 0.05 } else { 0.005 });
    let (y0, y1) = (lo - pad, hi + pad);
    let title = format!(
        "{} ({}, {} player{}): {}{}",
        r.provenance.game,
        r.provenance.rules,
        r.provenance.players.unwrap_or(0),
        if r.solitaire { "" } else { "s" },
        template,
        partial_mark(r.partial)
    );
    let y_desc = if r.solitaire {
        "mean turns to finish (lower is better)"
    } else {
        "win rate against the field"
    };
    render(SIZE, |root, groups| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 18))
            .margin(14)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .build_cartesian_2d(0.5..n + 0.5, y0..y1)
            .map_err(svg_err)?;
        light_mesh(&mut chart)
            .x_desc("generation")
            .y_desc(y_desc)
            .draw()
            .map_err(svg_err)?;
        for (i, (class, label)) in [
            ("candidates", "best candidate of the generation"),
            ("incumbent", "incumbent after the generation"),
        ]
        .into_iter()
        .enumerate()
        {
            let c = if i == 1 {
                RGBColor(40, 40, 40)
            } else {
                colour(0)
            };
            groups.open(root, class, label)?;
            let points: Vec<(f64, f64)> = curve
                .iter()
                .enumerate()
                .map(|(g, &(a, b))| ((g + 1) as f64, if i == 0 { a } else { b }))
                .filter(|p| p.1.is_finite())
                .collect();
            chart
                .draw_series(LineSeries::new(points, c.stroke_width(2 + i as u32)))
                .map_err(svg_err)?
                .label(label)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 16, y + 5)], c.filled()));
            groups.close(root)?;
        }
        draw_legend(&mut chart, SeriesLabelPosition::LowerRight)
    })
}
