//! What the SVG charts share: the plotters SVG backend on a string (text is plain SVG `<text>`,
//! so no font files or font libraries are needed), a colour palette, and named groups.
//!
//! plotters writes elements without ids or classes; a chart marks where a group begins and ends
//! with marker texts, and [`Groups::finish`] turns each marker into `<g class=… data-name=…>`
//! and `</g>`, so that a series' band, line and best point can be found (and counted) by class.

use anyhow::{anyhow, Result};
use plotters::chart::{ChartContext, MeshStyle};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::RGBColor;

/// The font family of every label.
pub const FONT: &str = "sans-serif";

/// Ten well-separated colours (Tableau 10); later series reuse them.
const PALETTE: [RGBColor; 10] = [
    RGBColor(0x4e, 0x79, 0xa7),
    RGBColor(0xf2, 0x8e, 0x2b),
    RGBColor(0xe1, 0x57, 0x59),
    RGBColor(0x76, 0xb7, 0xb2),
    RGBColor(0x59, 0xa1, 0x4f),
    RGBColor(0xed, 0xc9, 0x48),
    RGBColor(0xb0, 0x7a, 0xa1),
    RGBColor(0xff, 0x9d, 0xa7),
    RGBColor(0x9c, 0x75, 0x5f),
    RGBColor(0xba, 0xb0, 0xac),
];

/// What a chart's title ends with when games are missing (an interrupted run, a partial
/// merge): ` (partial)`; else nothing. Tournament, turns and sweep charts alike.
pub fn partial_mark(partial: bool) -> &'static str {
    if partial {
        " (partial)"
    } else {
        ""
    }
}

/// The colour of series `i`.
pub fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// A plotters error as an `anyhow` error.
pub fn svg_err(e: impl std::fmt::Display) -> anyhow::Error {
    anyhow!("svg: {e}")
}

/// `text` with the five XML special characters escaped, for attribute values and text.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The marker text of group `i`'s start, and of any group's end.
fn open_marker(i: usize) -> String {
    format!("@@pressluck-group-{i}@@")
}
const CLOSE_MARKER: &str = "@@pressluck-group-end@@";

/// Named groups of elements in one chart.
#[derive(Debug, Default)]
pub struct Groups {
    /// Per group: its class and its name (`data-name`, and its `<title>`).
    groups: Vec<(String, String)>,
}

impl Groups {
    /// Starts a group of class `class` named `name`: everything drawn until [`Groups::close`]
    /// goes into it.
    pub fn open<DB: DrawingBackend>(
        &mut self,
        area: &DrawingArea<DB, Shift>,
        class: &str,
        name: &str,
    ) -> Result<()> {
        let marker = open_marker(self.groups.len());
        self.groups.push((class.to_string(), name.to_string()));
        area.draw_text(&marker, &(FONT, 1).into_font().color(&BLACK), (0, 0))
            .map_err(svg_err)
    }

    /// Ends the group opened last.
    pub fn close<DB: DrawingBackend>(&self, area: &DrawingArea<DB, Shift>) -> Result<()> {
        area.draw_text(CLOSE_MARKER, &(FONT, 1).into_font().color(&BLACK), (0, 0))
            .map_err(svg_err)
    }

    /// The finished SVG: each marker `<text>` element replaced by its group's tag.
    pub fn finish(&self, svg: &str) -> Result<String> {
        let lines: Vec<&str> = svg.lines().collect();
        let mut out = String::with_capacity(svg.len());
        let mut i = 0;
        while i < lines.len() {
            let next = lines.get(i + 1).copied().unwrap_or("");
            let tag = if next == CLOSE_MARKER {
                Some("</g>".to_string())
            } else {
                self.groups
                    .iter()
                    .enumerate()
                    .find_map(|(k, (class, name))| {
                        (next == open_marker(k)).then(|| {
                            format!(
                                "<g class=\"{}\" data-name=\"{}\">\n<title>{}</title>",
                                escape(class),
                                escape(name),
                                escape(name)
                            )
                        })
                    })
            };
            match tag {
                Some(tag) if lines[i].starts_with("<text") => {
                    if lines.get(i + 2) != Some(&"</text>") {
                        return Err(anyhow!("svg: a group marker was not drawn as expected"));
                    }
                    out.push_str(&tag);
                    out.push('\n');
                    i += 3;
                }
                _ => {
                    out.push_str(lines[i]);
                    out.push('\n');
                    i += 1;
                }
            }
        }
        Ok(out)
    }
}

/// Renders a chart of `size` pixels by calling `draw` on a white root area, then closes the
/// document and resolves the groups `draw` opened.
pub fn render<F>(size: (u32, u32), draw: F) -> Result<String>
where
    F: FnOnce(&DrawingArea<SVGBackend<'_>, Shift>, &mut Groups) -> Result<()>,
{
    let mut svg = String::new();
    let mut groups = Groups::default();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(svg_err)?;
        draw(&root, &mut groups)?;
        root.present().map_err(svg_err)?;
    }
    groups.finish(&svg)
}

/// A chart of real numbers on both axes, as every chart here draws.
pub type Chart<'a> = ChartContext<'a, SVGBackend<'a>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The charts' mesh: one light line between labels, in a pale grey, labels in the charts' font;
/// the caller adds its axis descriptions and draws it.
pub fn light_mesh<'a, 'b>(
    chart: &'b mut Chart<'a>,
) -> MeshStyle<'a, 'b, RangedCoordf64, RangedCoordf64, SVGBackend<'a>> {
    let mut mesh = chart.configure_mesh();
    mesh.max_light_lines(1)
        .light_line_style(RGBColor(242, 242, 242))
        .label_style((FONT, 13));
    mesh
}

/// Draws the legend of the chart's labelled series at `position`, on a white, lightly bordered
/// box.
pub fn draw_legend(chart: &mut Chart<'_>, position: SeriesLabelPosition) -> Result<()> {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(RGBColor(200, 200, 200))
        .label_font((FONT, 13))
        .draw()
        .map_err(svg_err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_wrap_what_is_drawn_between_their_markers() {
        let svg = render((100, 50), |root, g| {
            g.open(root, "series", "a<b")?;
            root.draw(&Rectangle::new([(1, 1), (5, 5)], BLUE.filled()))
                .map_err(svg_err)?;
            g.close(root)?;
            root.draw_text("plain", &(FONT, 10).into_font().color(&BLACK), (3, 3))
                .map_err(svg_err)
        })
        .unwrap();
        assert!(!svg.contains("@@"), "{svg}");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let g: Vec<_> = doc.descendants().filter(|n| n.has_tag_name("g")).collect();
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].attribute("class"), Some("series"));
        assert_eq!(g[0].attribute("data-name"), Some("a<b"));
        assert_eq!(
            g[0].children().filter(|n| n.has_tag_name("rect")).count(),
            1
        );
        assert!(svg.contains(">\nplain\n</text>"));
    }
}
