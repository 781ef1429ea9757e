//! The sweep command as a user runs it: the CSV schema, the best point of each series, the
//! same bytes on any thread count, agreement with the tournament, solitaire, the other
//! template kinds and games, and one-line input errors.

use assert_cmd::Command;
use std::fs;
use std::path::Path;

fn pressluck() -> Command {
    crate::pressluck_cmd()
}

/// Runs a sweep into `dir/name` and returns the CSV.
fn sweep(dir: &Path, name: &str, extra: &[&str]) -> String {
    let out = dir.join(name);
    pressluck()
        .args(["sweep", "--quiet", "--out"])
        .arg(&out)
        .args(extra)
        .assert()
        .success();
    fs::read_to_string(out).unwrap()
}

/// The CSV as rows of named fields.
fn rows(csv: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|l| {
            head.iter()
                .zip(l.split(','))
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

const HEADER: &str = "game,players,rules,board,seed,status,policy,parameter,opponent,games,wins,win_rate,ci95_low,ci95_high,mean_turns,sd_turns,best";

#[test]
fn two_player_sweep_marks_the_best_point_per_opponent_and_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let csv = sweep(
        dir.path(),
        "s.csv",
        &[
            "--game",
            "cant-stop",
            "--policy",
            "fixed-risk:{0.1..0.4 step 0.1}",
            "--against",
            "ev,rule28",
            "--games",
            "600",
        ],
    );
    assert!(csv.starts_with(HEADER), "{csv}");
    let rows = rows(&csv);
    assert_eq!(rows.len(), 4 * 3);
    for opp in ["ev", "rule28", "all"] {
        let series: Vec<_> = rows.iter().filter(|r| r["opponent"] == opp).collect();
        assert_eq!(series.len(), 4);
        let params: Vec<&str> = series.iter().map(|r| r["parameter"].as_str()).collect();
        assert_eq!(params, ["0.1", "0.2", "0.3", "0.4"]);
        let best: Vec<_> = series.iter().filter(|r| r["best"] == "true").collect();
        assert_eq!(best.len(), 1, "{opp}");
        let most = series
            .iter()
            .map(|r| r["wins"].parse::<u64>().unwrap())
            .max();
        assert_eq!(best[0]["wins"].parse::<u64>().ok(), most, "{opp}");
        let games = if opp == "all" { "1200" } else { "600" };
        assert!(series.iter().all(|r| r["games"] == games));
    }
    assert_eq!(rows[1]["policy"], "fixed-risk:0.2");
}

#[test]
fn same_bytes_on_one_or_two_threads_and_the_tournament_agrees() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--policy",
        "fixed-risk:{0.2..0.3 step 0.1}",
        "--against",
        "ev",
        "--games",
        "2500",
        "--seed",
        "5",
    ];
    let one = sweep(
        dir.path(),
        "1.csv",
        &[&args[..], &["--threads", "1"]].concat(),
    );
    let two = sweep(
        dir.path(),
        "2.csv",
        &[&args[..], &["--threads", "2"]].concat(),
    );
    assert_eq!(one, two);
    // The point fixed-risk:0.3 against ev is the tournament's matchup `fixed-risk:0.3|ev`.
    let t = dir.path().join("t.csv");
    pressluck()
        .args(["tournament", "--quiet", "--policies", "fixed-risk:0.3,ev"])
        .args(["--games", "2500", "--seed", "5", "--out"])
        .arg(&t)
        .assert()
        .success();
    let t = fs::read_to_string(t).unwrap();
    let trow = rows(&t)
        .into_iter()
        .find(|r| r["policy"] == "fixed-risk:0.3" && r["seat"] == "all")
        .unwrap();
    let srow = rows(&one)
        .into_iter()
        .find(|r| r["policy"] == "fixed-risk:0.3" && r["opponent"] == "ev")
        .unwrap();
    for k in ["games", "wins", "win_rate", "mean_turns", "sd_turns"] {
        assert_eq!(trow[k], srow[k], "{k}");
    }
}

#[test]
fn solitaire_sweeps_report_turns_and_mark_the_fewest() {
    let dir = tempfile::tempdir().unwrap();
    let csv = sweep(
        dir.path(),
        "s.csv",
        &[
            "--players",
            "1",
            "--policy",
            "rolls:{1..4}",
            "--games",
            "400",
        ],
    );
    let rows = rows(&csv);
    assert_eq!(rows.len(), 4);
    assert!(rows
        .iter()
        .all(|r| r["opponent"] == "-" && r["players"] == "1"));
    let best: Vec<_> = rows.iter().filter(|r| r["best"] == "true").collect();
    assert_eq!(best.len(), 1);
    let turns =
        |r: &std::collections::HashMap<String, String>| r["mean_turns"].parse::<f64>().unwrap();
    let fewest = rows.iter().map(turns).fold(f64::INFINITY, f64::min);
    assert_eq!(turns(best[0]), fewest);
    assert!(rows
        .iter()
        .all(|r| r["se_turns"].parse::<f64>().unwrap() > 0.0));
}

#[test]
fn rule_of_n_thresholds_and_shortcut_press_limits_sweep_too() {
    let dir = tempfile::tempdir().unwrap();
    let csv = sweep(
        dir.path(),
        "r.csv",
        &[
            "--policy",
            "rule-of-n:{20..36 step 8}",
            "--against",
            "ev",
            "--games",
            "200",
        ],
    );
    let policies: Vec<String> = rows(&csv).iter().map(|r| r["policy"].clone()).collect();
    assert_eq!(policies[..3], ["rule-of-n:20", "rule28", "rule-of-n:36"]);
    let csv = sweep(
        dir.path(),
        "p.csv",
        &[
            "--game",
            "shortcut",
            "--policy",
            "press:{1..3}",
            "--against",
            "main-road",
            "--games",
            "200",
        ],
    );
    let rows = rows(&csv);
    assert_eq!(rows.len(), 6);
    assert!(rows.iter().all(|r| r["game"] == "shortcut"));
    assert_eq!(rows[2]["policy"], "press:3");
}

#[test]
fn bad_sweeps_are_one_line_input_errors() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.csv");
    for (args, why) in [
        (&["--policy", "fixed-risk:0.3"][..], "no range"),
        (&["--policy", "rolls:{8..1}"][..], "empty"),
        (&["--policy", "rolls:{1..8 step 0}"][..], "above 0"),
        (&["--policy", "rolls:{1..2000}"][..], "at most 1000"),
        (&["--policy", "rolls:{a..b}"][..], "not a decimal"),
        (&["--policy", "fixed-risk:{0.5..1 step 0.5}"][..], "at 1:"),
        (&["--policy", "nope:{1..3}"][..], "unknown policy"),
        (
            &["--policy", "rolls:{1..3}", "--players", "3"][..],
            "1 (solitaire) or 2",
        ),
        (
            &[
                "--policy",
                "rolls:{1..3}",
                "--players",
                "1",
                "--against",
                "ev",
            ][..],
            "has none",
        ),
        (
            &["--policy", "rolls:{1..3}", "--against", "ev,,rule28"][..],
            "empty entry",
        ),
        (
            &["--policy", "rolls:{1..3}", "--against", "ev,ev"][..],
            "twice",
        ),
        (
            &["--policy", "rolls:{1..3}", "--games", "0"][..],
            "--games 0",
        ),
    ] {
        let assert = pressluck()
            .args(["sweep", "--quiet", "--out"])
            .arg(&out)
            .args(args)
            .assert()
            .code(2);
        let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
    assert!(!out.exists());
}
