//! The SVG charts as a user gets them: each parses as XML and holds its series, bars or panels
//! as groups of a stable class, with the right number of points; the sweep chart's best points
//! are the CSV's.

use assert_cmd::Command;
use roxmltree::{Document, Node};
use std::fs;
use std::path::Path;

fn pressluck() -> Command {
    crate::pressluck_cmd()
}

/// Runs `args` with `--svg dir/chart.svg` and returns the chart and the CSV written to `--out`.
fn chart(dir: &Path, args: &[&str]) -> (String, String) {
    let (svg, out) = (dir.join("chart.svg"), dir.join("out.csv"));
    pressluck()
        .args(args)
        .arg("--out")
        .arg(&out)
        .arg("--svg")
        .arg(&svg)
        .assert()
        .success();
    (
        fs::read_to_string(svg).unwrap(),
        fs::read_to_string(out).unwrap(),
    )
}

/// The `<g>` elements of class `class`.
fn groups<'a>(doc: &'a Document, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
        .collect()
}

/// The vertices of the group's only `<polyline>`.
fn vertices(g: &Node) -> usize {
    let lines: Vec<_> = g
        .children()
        .filter(|n| n.has_tag_name("polyline"))
        .collect();
    assert_eq!(lines.len(), 1);
    lines[0]
        .attribute("points")
        .unwrap()
        .split_whitespace()
        .count()
}

#[test]
fn sweep_chart_has_one_line_per_opponent_and_marks_the_csv_best() {
    let dir = tempfile::tempdir().unwrap();
    let (svg, csv) = chart(
        dir.path(),
        &[
            "sweep",
            "--quiet",
            "--game",
            "cant-stop",
            "--policy",
            "rolls:{1..5}",
            "--against",
            "ev,rule28,one-roll",
            "--games",
            "300",
        ],
    );
    let doc = Document::parse(&svg).unwrap();
    let series = groups(&doc, "series");
    let names: Vec<_> = series
        .iter()
        .map(|g| g.attribute("data-name").unwrap())
        .collect();
    assert_eq!(names, ["ev", "rule28", "one-roll"]);
    let field = groups(&doc, "field");
    assert_eq!(field.len(), 1);
    for g in series.iter().chain(&field) {
        assert_eq!(vertices(g), 5);
        assert_eq!(
            g.children().filter(|n| n.has_tag_name("polygon")).count(),
            1
        );
        // The label of the ringed point names the CSV's best parameter for this opponent.
        let label = g
            .descendants()
            .filter_map(|n| n.text())
            .map(str::trim)
            .find(|t| t.starts_with("best "))
            .unwrap();
        let name = g.attribute("data-name").unwrap();
        let t = crate::run::Table::parse(&csv);
        let best = t.one(&[("opponent", name), ("best", "true")]);
        assert_eq!(
            label,
            format!("best {}", t.get(best, "parameter")),
            "{name}"
        );
    }
}

#[test]
fn solitaire_sweep_chart_has_one_series() {
    let dir = tempfile::tempdir().unwrap();
    let (svg, _) = chart(
        dir.path(),
        &[
            "sweep",
            "--quiet",
            "--players",
            "1",
            "--policy",
            "fixed-risk:{0.1..0.4 step 0.1}",
            "--games",
            "200",
        ],
    );
    let doc = Document::parse(&svg).unwrap();
    let series = groups(&doc, "series");
    assert_eq!(series.len(), 1);
    assert_eq!(vertices(&series[0]), 4);
    assert!(groups(&doc, "field").is_empty());
}

#[test]
fn tournament_chart_has_a_bar_and_whisker_per_matchup_and_policy() {
    let dir = tempfile::tempdir().unwrap();
    let (svg, _) = chart(
        dir.path(),
        &[
            "tournament",
            "--quiet",
            "--policies",
            "ev,rule28,one-roll",
            "--games",
            "200",
        ],
    );
    let doc = Document::parse(&svg).unwrap();
    let bars = groups(&doc, "bar");
    assert_eq!(bars.len(), 6);
    assert_eq!(bars[0].attribute("data-name"), Some("ev in ev|rule28"));
    for b in &bars {
        assert_eq!(b.children().filter(|n| n.has_tag_name("rect")).count(), 1);
        assert_eq!(
            b.children().filter(|n| n.has_tag_name("polyline")).count(),
            3
        );
    }
}

#[test]
fn solitaire_tournament_chart_draws_turn_histograms() {
    let dir = tempfile::tempdir().unwrap();
    let (svg, csv) = chart(
        dir.path(),
        &[
            "tournament",
            "--quiet",
            "--players",
            "1",
            "--game",
            "cant-stop",
            "--policies",
            "ev,one-roll",
            "--games",
            "300",
        ],
    );
    assert!(csv.contains("one-roll"));
    let doc = Document::parse(&svg).unwrap();
    let series = groups(&doc, "series");
    assert_eq!(series.len(), 2);
    let (a, b) = (vertices(&series[0]), vertices(&series[1]));
    assert_eq!(a, b);
    assert!(a > 5, "{a}");
}

#[test]
fn odds_heat_map_has_a_triangle_per_column() {
    let dir = tempfile::tempdir().unwrap();
    let (svg, _) = chart(dir.path(), &["odds"]);
    let doc = Document::parse(&svg).unwrap();
    let panels = groups(&doc, "panel");
    assert_eq!(panels.len(), 11);
    // 10 other columns: 45 pairs, plus the outline of 6-7-8 in panels 6, 7 and 8.
    for p in &panels {
        let rects = p.children().filter(|n| n.has_tag_name("rect")).count();
        let k = p.attribute("data-name").unwrap();
        let outlined = ["6", "7", "8"].contains(&k) as usize;
        assert_eq!(rects, 45 + outlined, "panel {k}");
    }
    let (svg, _) = chart(dir.path(), &["odds", "--blocked", "2,12"]);
    let doc = Document::parse(&svg).unwrap();
    assert_eq!(groups(&doc, "panel").len(), 9);
}

#[test]
fn svg_misuse_is_an_input_error() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("c.svg");
    for args in [
        &["odds", "--view", "tracks"][..],
        &["odds", "--game", "shortcut"][..],
        &["tournament", "--shard", "1/2", "--out", "x.counters"][..],
    ] {
        pressluck()
            .current_dir(dir.path())
            .args(args)
            .arg("--svg")
            .arg(&svg)
            .assert()
            .code(2);
    }
    assert!(!svg.exists());
}

#[test]
fn review_chart_draws_each_player_s_course_its_flags_and_luckiest_rolls() {
    let dir = tempfile::tempdir().unwrap();
    let (svg, csv) = chart(
        dir.path(),
        &[
            "review",
            "examples/records/cant-stop-game.rec",
            "--rollouts",
            "400",
            "--seed",
            "3",
            "--quiet",
        ],
    );
    let doc = Document::parse(&svg).unwrap();
    let mut rows = csv::Reader::from_reader(csv.as_bytes());
    let header = rows.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = rows.records().map(|r| r.unwrap()).collect();
    let steps = rows.iter().filter(|r| &r[col("kind")] != "player").count();
    // One series a player, named, each a point before the first step and after every step.
    let series = groups(&doc, "series");
    let names: Vec<_> = series.iter().map(|g| g.attribute("data-name")).collect();
    assert_eq!(names, [Some("player 1"), Some("player 2")]);
    for g in &series {
        assert_eq!(vertices(g), steps + 1);
        assert_eq!(
            g.children().filter(|n| n.has_tag_name("polygon")).count(),
            1
        );
    }
    // A marker for every decision the table flags, named by its severity and line.
    let flagged: Vec<String> = rows
        .iter()
        .filter(|r| !r[col("flag")].is_empty())
        .map(|r| format!("{} at line {}", &r[col("flag")], &r[col("line")]))
        .collect();
    assert!(!flagged.is_empty(), "this seed flags a decision");
    let marked: Vec<String> = groups(&doc, "flag")
        .iter()
        .map(|g| g.attribute("data-name").unwrap().to_string())
        .collect();
    assert_eq!(marked.len(), flagged.len(), "{marked:?}");
    for (m, f) in marked.iter().zip(&flagged) {
        assert!(m.starts_with(&format!("{f},")), "{m} / {f}");
    }
    // The luckiest rolls of those whose luck is clear of 0 (three at most), the luckiest
    // first: the table's largest luck.
    let mut clear: Vec<(f64, String)> = rows
        .iter()
        .filter(|r| &r[col("kind")] == "roll")
        .filter(|r| r[col("luck_ci95_low")].parse::<f64>().unwrap() > 0.0)
        .map(|r| (r[col("luck")].parse().unwrap(), r[col("line")].to_string()))
        .collect();
    clear.sort_by(|a, b| b.0.total_cmp(&a.0));
    clear.truncate(3);
    assert!(!clear.is_empty(), "this seed has a roll clearly lucky");
    let luck: Vec<String> = groups(&doc, "luck")
        .iter()
        .map(|g| g.attribute("data-name").unwrap().to_string())
        .collect();
    assert_eq!(luck.len(), clear.len(), "{luck:?}");
    for (name, (l, line)) in luck.iter().zip(&clear) {
        let want = format!("luckiest roll at line {line}, ");
        let points = format!("luck {:+.2} points", 100.0 * l);
        assert!(name.starts_with(&want) && name.ends_with(&points), "{name}");
    }
    // The players, the rollout settings and the signs are named in the picture.
    let texts: String = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    for want in [
        "player 1",
        "player 2",
        "400 rollouts a position, seed 3, played out by tuned-cant-stop-3p in every seat",
        "?? blunder",
        "cant-stop-game.rec",
    ] {
        assert!(texts.contains(want), "{want:?} not in {texts}");
    }
}

#[test]
fn review_chart_alone_draws_the_turns_to_finish() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("solo.rec");
    fs::write(
        &rec,
        "game cant-stop\nplayers 1\nroll 1 2 3 4\nuse 3 7\nroll 2 2 5 6\nuse 7 8\nstop\n",
    )
    .unwrap();
    let (svg, _) = chart(
        dir.path(),
        &[
            "review",
            rec.to_str().unwrap(),
            "--rollouts",
            "30",
            "--quiet",
        ],
    );
    let doc = Document::parse(&svg).unwrap();
    let series = groups(&doc, "series");
    assert_eq!(series.len(), 1);
    assert_eq!(series[0].attribute("data-name"), Some("player 1 (alone)"));
    assert!(svg.contains("turns to finish"));
}
