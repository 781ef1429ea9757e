//! The tournament chart: one horizontal bar per matchup and policy (all seats together), its
//! length the win rate, a whisker for the Wilson 95% interval, the value printed beside it,
//! and a grey line at the fair share 1/players. Each policy keeps one colour throughout; bars
//! of one matchup sit together. Groups: `class="bar"`, `data-name` = `policy in matchup`.

use super::svg_chart::{self, colour, light_mesh, svg_err, FONT};
use super::tournament_csv::TournamentResult;
use anyhow::Result;
use plotters::prelude::*;
use pressluck_core::counters::{wilson95, SeatCounters};

/// Pixels per bar.
const ROW: u32 = 30;

/// One bar: policy, matchup name, the policy's counters over its slots and seats, its colour.
struct Bar {
    policy: String,
    matchup: String,
    counters: SeatCounters,
    colour: usize,
}

/// The bars of a tournament, matchup by matchup; a policy with no games (an interrupted run's
/// unplayed matchup) has no bar.
fn bars(r: &TournamentResult) -> Vec<Bar> {
    let mut order: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for (slots, st) in &r.matchups {
        let mut seen: Vec<&String> = Vec::new();
        for name in slots {
            if seen.contains(&name) {
                continue;
            }
            seen.push(name);
            let mut c = SeatCounters::default();
            for (slot, _) in slots.iter().enumerate().filter(|(_, n)| *n == name) {
                c += st.slot_total(slot);
            }
            let colour = order.iter().position(|n| n == name).unwrap_or_else(|| {
                order.push(name.clone());
                order.len() - 1
            });
            if c.games == 0 {
                continue;
            }
            out.push(Bar {
                policy: name.clone(),
                matchup: slots.join("|"),
                counters: c,
                colour,
            });
        }
    }
    out
}

/// Draws a tournament as SVG text: the win-rate bars, or for solitaire the turn histograms.
pub fn render(r: &TournamentResult) -> Result<String> {
    if r.players == 1 {
        super::svg_turns::render_turns(r)
    } else {
        render_tournament(r)
    }
}

/// Draws the win rates of a tournament of two or more players as SVG text.
pub fn render_tournament(r: &TournamentResult) -> Result<String> {
    let bars = bars(r);
    let n = bars.len().max(1);
    let size = (900, 110 + ROW * n as u32);
    let title = format!(
        "{} ({}, {} players): win rate of each policy per matchup, 95% interval{}",
        r.provenance.game,
        r.provenance.rules,
        r.players,
        svg_chart::partial_mark(r.partial)
    );
    let fair = 1.0 / r.players.max(1) as f64;
    svg_chart::render(size, |root, groups| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 18))
            .margin(14)
            .x_label_area_size(40)
            .y_label_area_size(280)
            .build_cartesian_2d(0.0..1.12, 0.0..n as f64)
            .map_err(svg_err)?;
        light_mesh(&mut chart)
            .disable_y_mesh()
            .disable_y_axis()
            .x_desc("win rate")
            .draw()
            .map_err(svg_err)?;
        let grey = RGBColor(150, 150, 150);
        chart
            .draw_series(LineSeries::new([(fair, 0.0), (fair, n as f64)], grey))
            .map_err(svg_err)?;
        let label_style = (FONT, 13).into_font().color(&BLACK);
        for (i, b) in bars.iter().enumerate() {
            let y = (n - 1 - i) as f64;
            let c = colour(b.colour);
            let games = b.counters.games;
            let rate = b.counters.wins as f64 / games.max(1) as f64;
            let (lo, hi) = wilson95(b.counters.wins, games);
            groups.open(root, "bar", &format!("{} in {}", b.policy, b.matchup))?;
            chart
                .draw_series([Rectangle::new(
                    [(0.0, y + 0.18), (rate, y + 0.82)],
                    c.filled(),
                )])
                .map_err(svg_err)?;
            let mid = y + 0.5;
            let whisker = [(lo, mid), (hi, mid)];
            let ends = [(lo, y + 0.3), (lo, y + 0.7), (hi, y + 0.3), (hi, y + 0.7)];
            chart
                .draw_series([PathElement::new(whisker, BLACK.stroke_width(1))])
                .map_err(svg_err)?;
            chart
                .draw_series(ends.chunks(2).map(|e| PathElement::new(e.to_vec(), BLACK)))
                .map_err(svg_err)?;
            chart
                .draw_series([Text::new(
                    format!("{:.1}%", rate * 100.0),
                    (hi + 0.01, y + 0.72),
                    (FONT, 12).into_font().color(&BLACK),
                )])
                .map_err(svg_err)?;
            let (px, py) = chart.backend_coord(&(0.0, mid));
            let others: Vec<&str> = b.matchup.split('|').filter(|p| *p != b.policy).collect();
            let label = if others.is_empty() {
                format!("{}  vs itself", b.policy)
            } else {
                format!("{}  vs {}", b.policy, others.join(", "))
            };
            root.draw_text(
                &label,
                &label_style.pos(plotters::style::text_anchor::Pos::new(
                    plotters::style::text_anchor::HPos::Right,
                    plotters::style::text_anchor::VPos::Center,
                )),
                (px - 8, py),
            )
            .map_err(svg_err)?;
            groups.close(root)?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pressluck_core::counters::MatchupStats;

    /// A small result of `players` seats, partial or not: one matchup of a few games.
    fn result(players: u8, partial: bool) -> TournamentResult {
        let slots: Vec<String> = ["a", "b"][..players as usize]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut st = MatchupStats::default();
        for game in 0..4u64 {
            for seat in 0..players as usize {
                st.add_game(
                    seat,
                    seat,
                    seat == (game % players as u64) as usize,
                    5,
                    9 + game,
                );
            }
        }
        TournamentResult {
            provenance: crate::output::provenance::Provenance {
                game: "cant-stop".into(),
                players: Some(players),
                rules: "standard".into(),
                board: "cant-stop".into(),
                seed: Some(1),
            },
            players,
            matchups: vec![(slots, st)],
            partial,
            games: 8,
        }
    }

    #[test]
    fn a_policy_with_no_games_has_no_bar() {
        let mut r = result(2, true);
        let mut slots = r.matchups[0].0.clone();
        slots[1] = "c".into();
        r.matchups.push((slots, MatchupStats::default()));
        let svg = render(&r).unwrap();
        assert!(svg.contains("data-name=\"b in a|b\""), "{svg}");
        assert!(!svg.contains("data-name=\"c in a|c\""), "{svg}");
        assert!(!svg.contains("data-name=\"a in a|c\""), "{svg}");
    }

    #[test]
    fn a_partial_result_is_marked_in_the_title_as_a_sweep_is() {
        for players in [1, 2] {
            let whole = render(&result(players, false)).unwrap();
            let partial = render(&result(players, true)).unwrap();
            assert!(!whole.contains("(partial)"), "{players} players");
            assert!(partial.contains("(partial)"), "{players} players");
            assert!(
                partial.contains("interval (partial)") || partial.contains("turns (partial)"),
                "{players} players: the mark ends the title"
            );
        }
    }
}
