//! The chart of a reviewed game (`review --svg`): each player's chance to win across the game,
//! after every decision and roll, as chess sites draw their evaluation graph (alone: the turns
//! to finish), each with its 95% band; flagged decisions marked by severity, in chess's signs
//! (`?!` doubtful, `?` error, `??` blunder), and the luckiest rolls marked `▲` with their luck
//! (of the rolls whose luck is clear of 0); the players named in the legend and the rollout
//! settings under the title. The figures are the review's own ([`Review`]: each step's standing
//! before and after, flags, luck, with their intervals).
//!
//! Groups: `class="series"` per player (`data-name` = `player 1`…), holding its band
//! (`<polygon>`) and its line (`<polyline>`, one vertex per point); `class="flag"` per flagged
//! decision (`data-name` its severity); `class="luck"` per luckiest roll.

use super::provenance::Provenance;
use super::svg_chart::{colour, escape, light_mesh, partial_mark, render, svg_err, FONT};
use anyhow::Result;
use plotters::prelude::*;
use pressluck_core::games::{Walk, WalkStep};
use pressluck_core::sim::{Estimate, Flag, Review};

/// The chart's size in pixels.
const SIZE: (u32, u32) = (1100, 600);

/// Luckiest rolls marked.
const LUCKIEST: usize = 3;

/// What the chart of a review draws.
pub struct ReviewChart<'a, P> {
    /// The record as named on the command line (the title names its file).
    pub record: &'a str,
    /// The game walked.
    pub walk: &'a Walk<P>,
    /// Its review.
    pub review: &'a Review,
    /// The review's provenance (game, seats, rules, seed).
    pub provenance: &'a Provenance,
    /// The rollout policies for people (`glenn in every seat`).
    pub policies: &'a str,
    /// Whether the play-outs were interrupted (the review reaches part of the game).
    pub partial: bool,
}

/// A point of the game's course: x (0 before the first step, `k + 1` after step `k`), and
/// where each seat stands there.
struct Point<'a> {
    x: f64,
    standing: &'a [Estimate],
}

impl<P> ReviewChart<'_, P> {
    /// The points of the course: before the first reviewed step, then after every reviewed
    /// step, in the walk's order.
    fn points(&self) -> Vec<Point<'_>> {
        let r = self.review;
        let mut steps: Vec<(usize, &[Estimate], &[Estimate])> = r
            .decisions
            .iter()
            .map(|d| (d.step, &d.standing_before[..], &d.standing_after[..]))
            .chain(
                r.rolls
                    .iter()
                    .map(|x| (x.step, &x.standing_before[..], &x.standing_after[..])),
            )
            .collect();
        steps.sort_by_key(|s| s.0);
        let first = steps.first().map(|&(k, before, _)| Point {
            x: k as f64,
            standing: before,
        });
        first
            .into_iter()
            .chain(steps.iter().map(|&(k, _, after)| Point {
                x: k as f64 + 1.0,
                standing: after,
            }))
            .collect()
    }

    /// A figure on the chart's scale: a chance in points of 100%, or turns.
    fn scaled(&self, x: f64) -> f64 {
        if self.review.alone {
            x
        } else {
            100.0 * x
        }
    }

    /// The record line of point `x` (`start` before the first step).
    fn line_of(&self, x: f64) -> String {
        let k = x.round() as usize;
        match k.checked_sub(1) {
            None => "start".into(),
            Some(s) => self
                .walk
                .steps
                .get(s)
                .map_or(String::new(), |step| format!("line {}", line_of_step(step))),
        }
    }
}

/// The record line of a step of the walk.
fn line_of_step(step: &WalkStep) -> usize {
    match step {
        WalkStep::Decision { line, .. } | WalkStep::Roll { line, .. } => *line,
    }
}

/// The seat of a step of the walk.
fn seat_of(step: &WalkStep) -> u8 {
    match step {
        WalkStep::Decision { seat, .. } | WalkStep::Roll { seat, .. } => *seat,
    }
}

/// A flag's sign, as chess annotates a move: `?!`, `?`, `??`.
fn sign(flag: Flag) -> &'static str {
    match flag {
        Flag::None => "",
        Flag::Doubtful => "?!",
        Flag::Error => "?",
        Flag::Blunder => "??",
    }
}

/// A flag's colour, as chess sites colour them (yellow, orange, red), dark enough to tell
/// from the players' lines of the palette.
fn flag_colour(flag: Flag) -> RGBColor {
    match flag {
        Flag::None | Flag::Doubtful => RGBColor(0xd4, 0xa0, 0x17),
        Flag::Error => RGBColor(0xa6, 0x4b, 0x00),
        Flag::Blunder => RGBColor(0x8b, 0x00, 0x0b),
    }
}

/// The colour of luck.
const LUCK: RGBColor = RGBColor(0x2e, 0x8b, 0x3e);

/// The edge of a marker, so that it shows on a line of its own colour.
const MARK_EDGE: RGBColor = RGBColor(0x30, 0x30, 0x30);

/// How the chart names seat `seat` (from 0).
fn player_name(alone: bool, seat: usize) -> String {
    if alone {
        "player 1 (alone)".to_string()
    } else {
        format!("player {}", seat + 1)
    }
}

/// Draws the review as SVG text.
pub fn render_review<P>(c: &ReviewChart<'_, P>) -> Result<String> {
    let r = c.review;
    let p = c.provenance;
    let points = c.points();
    let seats = points.first().map_or(0, |pt| pt.standing.len());
    let (unit, y_desc) = if r.alone {
        (
            "turns",
            "turns to finish, mean and 95% band (fewer is better)",
        )
    } else {
        ("points", "chance to win, % (Wilson 95% band)")
    };
    let last_x = c.walk.steps.len() as f64;
    let (y0, y1) = if r.alone {
        let values = points
            .iter()
            .flat_map(|pt| pt.standing)
            .flat_map(|e| [e.lo, e.hi]);
        let lo = values.clone().fold(f64::INFINITY, f64::min);
        let hi = values.fold(f64::NEG_INFINITY, f64::max);
        if lo <= hi {
            let pad = ((hi - lo) * 0.08).max(0.5);
            ((lo - pad).max(0.0), hi + pad)
        } else {
            (0.0, 1.0)
        }
    } else {
        // A little room above 100 and below 0, for a marker at either end.
        (-3.0, 103.0)
    };
    let file = std::path::Path::new(c.record)
        .file_name()
        .map_or(c.record.into(), |f| f.to_string_lossy());
    let title = format!(
        "Review of {file}: {} ({}), {} player{}{}",
        p.game,
        p.rules,
        p.players.unwrap_or(1),
        if p.players == Some(1) { "" } else { "s" },
        partial_mark(c.partial)
    );
    let settings = format!(
        "{} rollouts a position, seed {}, played out by {}; flags: ?! doubtful, ? error, ?? blunder; \u{25b2} the {LUCKIEST} luckiest rolls clear of 0",
        r.n,
        p.seed.unwrap_or(0),
        c.policies
    );
    let flagged: Vec<_> = r
        .decisions
        .iter()
        .filter(|d| d.flag != Flag::None)
        .collect();
    let mut lucky: Vec<_> = r.rolls.iter().filter(|x| x.luck.lo > 0.0).collect();
    lucky.sort_by(|a, b| {
        b.luck
            .mean
            .total_cmp(&a.luck.mean)
            .then(a.step.cmp(&b.step))
    });
    lucky.truncate(LUCKIEST);
    render(SIZE, |root, groups| {
        let (top, body) = root.split_vertically(58);
        top.draw_text(&title, &(FONT, 20).into_font().color(&BLACK), (14, 8))
            .map_err(svg_err)?;
        top.draw_text(
            &settings,
            &(FONT, 13).into_font().color(&RGBColor(80, 80, 80)),
            (14, 36),
        )
        .map_err(svg_err)?;
        // The players' colours, at the top right, out of the lines' way.
        for seat in 0..seats {
            let x = SIZE.0 as i32 - 110 * (seats - seat) as i32;
            top.draw(&Rectangle::new(
                [(x, 11), (x + 16, 21)],
                colour(seat).filled(),
            ))
            .map_err(svg_err)?;
            top.draw_text(
                &player_name(r.alone, seat),
                &(FONT, 14).into_font().color(&BLACK),
                (x + 22, 9),
            )
            .map_err(svg_err)?;
        }
        let mut chart = ChartBuilder::on(&body)
            .margin(14)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .build_cartesian_2d(0.0..last_x.max(1.0) + 0.5, y0..y1)
            .map_err(svg_err)?;
        light_mesh(&mut chart)
            .x_desc("the game's decisions and rolls, in order")
            .y_desc(y_desc)
            .x_label_formatter(&|x| c.line_of(*x))
            .y_label_formatter(&|y| {
                if r.alone {
                    format!("{y:.1}")
                } else {
                    format!("{y:.0}%")
                }
            })
            .draw()
            .map_err(svg_err)?;
        if !r.alone && seats > 0 {
            let fair = 100.0 / seats as f64;
            chart
                .draw_series(LineSeries::new(
                    [(0.0, fair), (last_x, fair)],
                    RGBColor(170, 170, 170),
                ))
                .map_err(svg_err)?;
        }
        for seat in 0..seats {
            let name = player_name(r.alone, seat);
            let col = colour(seat);
            groups.open(root, "series", &name)?;
            let band: Vec<(f64, f64)> = points
                .iter()
                .map(|pt| (pt.x, c.scaled(pt.standing[seat].lo)))
                .chain(
                    points
                        .iter()
                        .rev()
                        .map(|pt| (pt.x, c.scaled(pt.standing[seat].hi))),
                )
                .collect();
            chart
                .draw_series([Polygon::new(band, col.mix(0.15).filled())])
                .map_err(svg_err)?;
            chart
                .draw_series(LineSeries::new(
                    points
                        .iter()
                        .map(|pt| (pt.x, c.scaled(pt.standing[seat].mean))),
                    col.stroke_width(2),
                ))
                .map_err(svg_err)?;
            groups.close(root)?;
        }
        for d in &flagged {
            let step = &c.walk.steps[d.step];
            let seat = if r.alone { 0 } else { seat_of(step) as usize };
            let Some(at) = d.standing_after.get(seat) else {
                continue;
            };
            let (x, y) = (d.step as f64 + 1.0, c.scaled(at.mean));
            let WalkStep::Decision {
                line,
                what,
                options,
                played,
                ..
            } = step
            else {
                continue;
            };
            let cost = if r.alone {
                d.played_vs_best.mean
            } else {
                -100.0 * d.played_vs_best.mean
            };
            let name = format!(
                "{} at line {line}, player {}: {what}: {} (best {}), {cost:.2} {unit} given away",
                d.flag.name(),
                seat_of(step) + 1,
                options[*played].0,
                options[d.best].0
            );
            let fc = flag_colour(d.flag);
            let size = 4 + d.flag as i32;
            groups.open(root, "flag", &name)?;
            chart
                .draw_series([EmptyElement::at((x, y))
                    + Circle::new((0, 0), size, fc.filled())
                    + Circle::new((0, 0), size, MARK_EDGE.stroke_width(2))
                    + Text::new(
                        sign(d.flag),
                        (-5, -12 - 2 * size),
                        (FONT, 16).into_font().color(&fc),
                    )])
                .map_err(svg_err)?;
            groups.close(root)?;
        }
        for roll in &lucky {
            let step = &c.walk.steps[roll.step];
            let seat = if r.alone { 0 } else { seat_of(step) as usize };
            let Some(at) = roll.standing_after.get(seat) else {
                continue;
            };
            let WalkStep::Roll { line, dice, .. } = step else {
                continue;
            };
            let luck = c.scaled(roll.luck.mean);
            let (x, y) = (roll.step as f64 + 1.0, c.scaled(at.mean));
            let name = format!(
                "luckiest roll at line {line}, player {}: {dice}, luck {luck:+.2} {unit}",
                seat_of(step) + 1
            );
            groups.open(root, "luck", &name)?;
            chart
                .draw_series([EmptyElement::at((x, y))
                    + TriangleMarker::new((0, 0), 9, MARK_EDGE.filled())
                    + TriangleMarker::new((0, 0), 6, LUCK.filled())
                    + Text::new(
                        if r.alone {
                            format!("{luck:+.2} turns")
                        } else {
                            format!("{luck:+.0} pts")
                        },
                        (-12, 10),
                        (FONT, 12).into_font().color(&LUCK),
                    )])
                .map_err(svg_err)?;
            groups.close(root)?;
        }
        Ok(())
    })
    .map(|svg| with_title(&svg, &escape(&format!("{title}. {settings}"))))
}

/// `svg` with a document `<title>` (what a browser shows as the page's name) after its root
/// element's start tag.
fn with_title(svg: &str, title: &str) -> String {
    match svg.find('>') {
        Some(k) => format!("{}\n<title>{title}</title>{}", &svg[..=k], &svg[k + 1..]),
        None => svg.to_string(),
    }
}
