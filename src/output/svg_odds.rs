//! The odds heat map: the exact chance that the next roll busts with three cars out and none
//! free, for every set of three columns. One triangular panel per column k ("a car on k"):
//! the cell in row j and column l is the set {j, k, l}, coloured from pale (safe) to dark
//! brown (risky) and labelled in whole percent; the safest set(s) are outlined. Each set thus
//! shows in the panels of all three of its columns, so any one car can be looked up. Blocked
//! columns (`--blocked`) have no panel and no cells. Groups: `class="panel"`, `data-name` = k,
//! holding one `<rect>` per cell.

use super::svg_chart::{render, svg_err, FONT};
use anyhow::Result;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use pressluck_core::columns::{ColumnSet, SetOdds, MAX_COLUMN, MIN_COLUMN};

/// Pixels per cell, per panel (width, height), the panel grid and the header.
const CELL: i32 = 22;
const PANEL: (i32, i32) = (262, 278);
const GRID_COLS: i32 = 4;
const HEADER: i32 = 56;

/// The colour of a bust chance `p` on a scale topping out at `top`: pale yellow to dark brown.
fn heat(p: f64, top: f64) -> RGBColor {
    const STOPS: [(u8, u8, u8); 4] = [(255, 247, 188), (254, 196, 79), (217, 95, 14), (120, 40, 4)];
    let t = (p / top.max(1e-9)).clamp(0.0, 1.0) * (STOPS.len() - 1) as f64;
    let i = (t.floor() as usize).min(STOPS.len() - 2);
    let f = t - i as f64;
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * f).round() as u8;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Text centred on a point.
fn centred(size: u32, colour: &RGBColor) -> TextStyle<'static> {
    (FONT, size)
        .into_font()
        .color(colour)
        .pos(Pos::new(HPos::Center, VPos::Center))
}

/// Draws the heat map of the three-car bust chances (columns in `blocked` left out).
pub fn render_odds(blocked: ColumnSet) -> Result<String> {
    let open: Vec<u8> = (MIN_COLUMN..=MAX_COLUMN)
        .filter(|&c| !blocked.has(c))
        .collect();
    let odds = |a: u8, b: u8, c: u8| SetOdds::new(ColumnSet::of(&[a, b, c]), 0, blocked);
    let mut all = Vec::new();
    for (i, &a) in open.iter().enumerate() {
        for (j, &b) in open.iter().enumerate().skip(i + 1) {
            for &c in &open[j + 1..] {
                all.push(odds(a, b, c).bust_rolls);
            }
        }
    }
    let least = all.iter().copied().min().unwrap_or(0);
    let top = all.iter().copied().max().unwrap_or(1) as f64 / 1296.0;
    let rows = (open.len() as i32 + 1 + GRID_COLS - 1) / GRID_COLS;
    let size = (
        (GRID_COLS * PANEL.0 + 20) as u32,
        (HEADER + rows * PANEL.1) as u32,
    );
    render(size, |root, groups| {
        let title = "Chance that the next roll busts, three cars out, none free";
        root.draw_text(title, &centred(20, &BLACK), (size.0 as i32 / 2, 20))
            .map_err(svg_err)?;
        let sub = "panel k: a car on column k; row j and column l: the other two cars (outlined: the safest)";
        root.draw_text(
            sub,
            &centred(13, &RGBColor(80, 80, 80)),
            (size.0 as i32 / 2, 42),
        )
        .map_err(svg_err)?;
        for (p, &k) in open.iter().enumerate() {
            let x0 = 10 + (p as i32 % GRID_COLS) * PANEL.0 + 26;
            let y0 = HEADER + (p as i32 / GRID_COLS) * PANEL.1 + 40;
            let others: Vec<u8> = open.iter().copied().filter(|&c| c != k).collect();
            groups.open(root, "panel", &k.to_string())?;
            let head = format!("a car on {k}");
            let mid = x0 + CELL * others.len() as i32 / 2;
            root.draw_text(&head, &centred(15, &BLACK), (mid, y0 - 32))
                .map_err(svg_err)?;
            for (r, &j) in others.iter().enumerate() {
                let (r, grey) = (r as i32, RGBColor(90, 90, 90));
                if r + 1 < others.len() as i32 {
                    let y = y0 + r * CELL + CELL / 2;
                    root.draw_text(&j.to_string(), &centred(11, &grey), (x0 - 12, y))
                        .map_err(svg_err)?;
                }
                if r > 0 {
                    let x = x0 + r * CELL + CELL / 2 - CELL;
                    root.draw_text(&j.to_string(), &centred(11, &grey), (x, y0 - 10))
                        .map_err(svg_err)?;
                }
                for (c, &l) in others.iter().enumerate().skip(r as usize + 1) {
                    let o = odds(j, k, l);
                    let x = x0 + (c as i32 - 1) * CELL;
                    let y = y0 + r * CELL;
                    let fill = heat(o.p_bust(), top);
                    let cell = [(x, y), (x + CELL - 1, y + CELL - 1)];
                    root.draw(&Rectangle::new(cell, fill.filled()))
                        .map_err(svg_err)?;
                    if o.bust_rolls == least {
                        root.draw(&Rectangle::new(cell, BLACK.stroke_width(2)))
                            .map_err(svg_err)?;
                    }
                    let ink = if o.p_bust() > top * 0.55 {
                        WHITE
                    } else {
                        BLACK
                    };
                    let pct = format!("{:.0}", o.p_bust() * 100.0);
                    root.draw_text(&pct, &centred(10, &ink), (x + CELL / 2, y + CELL / 2))
                        .map_err(svg_err)?;
                }
            }
            groups.close(root)?;
        }
        // The colour scale, in the panel slot after the last.
        let p = open.len() as i32;
        let x0 = 10 + (p % GRID_COLS) * PANEL.0 + 30;
        let y0 = HEADER + (p / GRID_COLS) * PANEL.1 + 60;
        root.draw_text("bust chance", &centred(14, &BLACK), (x0 + 100, y0 - 24))
            .map_err(svg_err)?;
        for s in 0..10 {
            let v = top * s as f64 / 9.0;
            let (x, w) = (x0 + s * 20, 20);
            root.draw(&Rectangle::new(
                [(x, y0), (x + w - 1, y0 + 20)],
                heat(v, top).filled(),
            ))
            .map_err(svg_err)?;
        }
        for (s, v) in [(0, 0.0), (9, top)] {
            let label = format!("{:.0}%", v * 100.0);
            root.draw_text(&label, &centred(12, &BLACK), (x0 + s * 20 + 10, y0 + 34))
                .map_err(svg_err)?;
        }
        Ok(())
    })
}
