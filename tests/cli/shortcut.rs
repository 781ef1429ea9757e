//! Shortcut through the commands as a user runs them: tournaments (solitaire and two seats,
//! deterministic across threads), the stop table, the odds views, replay, and one-line
//! errors with exit code 2 for bad boards, policies and flags.

use crate::run::Table;
use assert_cmd::Command;
use predicates::prelude::*;
use std::fs;
use std::path::Path;

fn pressluck() -> Command {
    Command::cargo_bin("pressluck").unwrap()
}

/// Runs a Shortcut tournament into `dir/name` and returns the CSV.
fn tournament(dir: &Path, name: &str, extra: &[&str]) -> String {
    let out = dir.join(name);
    pressluck()
        .args(["tournament", "--game", "shortcut", "--quiet", "--out"])
        .arg(&out)
        .args(extra)
        .assert()
        .success();
    fs::read_to_string(out).unwrap()
}

/// Runs `pressluck ARGS` expecting an input error whose one line contains `want`.
fn fails_with(args: &[&str], want: &str) {
    let out = pressluck().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(want), "{args:?}: {err}");
}

#[test]
fn solitaire_tournament_reports_mean_turns() {
    let dir = tempfile::tempdir().unwrap();
    let csv = tournament(
        dir.path(),
        "solo.csv",
        &[
            "--players",
            "1",
            "--policies",
            "main-road,press:2,threshold:3,optimal",
            "--games",
            "4000",
        ],
    );
    let t = Table::parse(&csv);
    assert!(t
        .header
        .join(",")
        .starts_with("game,players,rules,board,seed,status,matchup,policy,seat,games,wins"));
    assert_eq!(t.rows.len(), 4, "{csv}");
    let i = t.one(&[("policy", "optimal"), ("seat", "all")]);
    let got = (
        t.get(i, "game"),
        t.get(i, "board"),
        t.get(i, "games"),
        t.get(i, "wins"),
    );
    assert_eq!(got, ("shortcut", "shortcut", "4000", "4000"));
    let turns = t.num(i, "mean_turns");
    assert!((10.5..11.4).contains(&turns), "{turns}");
}

#[test]
fn two_seat_tournament_is_the_same_on_one_or_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--policies",
        "optimal,threshold:3,main-road",
        "--games",
        "3000",
        "--seed",
        "5",
    ];
    let one = tournament(
        dir.path(),
        "a.csv",
        &[&args[..], &["--threads", "1"]].concat(),
    );
    let two = tournament(
        dir.path(),
        "b.csv",
        &[&args[..], &["--threads", "2"]].concat(),
    );
    assert_eq!(one, two);
    // Three matchups: two policies × (all, seat 1, seat 2), then the two seats of policy all.
    assert_eq!(one.lines().count(), 1 + 3 * (3 * 2 + 2));
    let stop = dir.path().join("stop.csv");
    pressluck()
        .args([
            "tournament",
            "--game",
            "shortcut",
            "--quiet",
            "--games",
            "500",
        ])
        .args(["--policies", "press:2,optimal", "--out"])
        .arg(dir.path().join("c.csv"))
        .arg("--stop-table")
        .arg(&stop)
        .assert()
        .success();
    let table = Table::parse(&fs::read_to_string(stop).unwrap());
    assert!(table
        .header
        .join(",")
        .ends_with("policy,roll,cars,decisions,stops,stop_rate,busts,bust_rate"));
    table.one(&[("policy", "press:2"), ("roll", "2"), ("cars", "0")]);
}

#[test]
fn odds_views_press_and_policy() {
    pressluck()
        .args(["odds", "--game", "shortcut"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "game,players,rules,board,seed,status,presses,p_survive,total,p_total,p_total_given_survive,p_at_least_given_survive\n\
             shortcut,,standard,shortcut,,complete,1,0.500000000,1,0.166666667,",
        ));
    let out = pressluck()
        .args(["odds", "--game", "shortcut", "--view", "policy"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(",complete,r35,white,1,1,push:finish,1.000000000,"),
        "{text}"
    );
    assert!(
        text.contains(",complete,r0,white,16,36,main,10.94"),
        "{text}"
    );
}

#[test]
fn replay_prints_the_position_as_text_or_json() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("game.txt");
    fs::write(
        &rec,
        "players 2\nmain 6\nshortcut 3 2 move r5\nshortcut 3 1 move r24\n",
    )
    .unwrap();
    pressluck()
        .args(["replay", "--game", "shortcut"])
        .arg(&rec)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "seat 1: r24 (6 to the finish), 2 turns",
        ))
        .stdout(predicate::str::contains("to move: seat 2"));
    let out = pressluck()
        .args(["replay", "--game", "shortcut", "--format", "json"])
        .arg(&rec)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["seats"][1]["square"], "r5");
    fs::write(&rec, "main 6\nmain 9\n").unwrap();
    let shown = rec.display().to_string();
    fails_with(
        &["replay", "--game", "shortcut", &shown],
        "line 2: '9' is not a die face",
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("o.csv").display().to_string();
    let t = |extra: &[&str]| -> Vec<String> {
        let mut v: Vec<String> = [
            "tournament",
            "--game",
            "shortcut",
            "--quiet",
            "--games",
            "10",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        v.extend(["--out".to_string(), out.clone()]);
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let run = |extra: &[&str], want: &str| {
        let args = t(extra);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        fails_with(&refs, want);
    };
    run(
        &["--policies", "ev,optimal"],
        "unknown Shortcut policy 'ev'",
    );
    run(&["--policies", "press:0,optimal"], "press:0");
    run(
        &["--players", "5", "--policies", "optimal,main-road"],
        "1 to 4 players",
    );
    run(
        &["--variant", "jump", "--policies", "optimal,main-road"],
        "no variants",
    );
    let missing = dir.path().join("none.toml").display().to_string();
    run(
        &["--board", &missing, "--policies", "optimal,main-road"],
        "none.toml",
    );
    let bin = dir.path().join("bin.toml");
    fs::write(&bin, b"start = \"\xff\"\n").unwrap();
    let bin = bin.display().to_string();
    run(
        &["--board", &bin, "--policies", "optimal,main-road"],
        "not UTF-8",
    );
    let bad = dir.path().join("bad.toml");
    let text = fs::read_to_string("boards/shortcut.toml")
        .unwrap()
        .replace("\"q6\", colour = \"grey\"", "\"q6\", colour = \"blue\"");
    fs::write(&bad, text).unwrap();
    let bad = bad.display().to_string();
    run(
        &["--board", &bad, "--policies", "optimal,main-road"],
        "square 'q6': bad colour 'blue'",
    );
    fails_with(
        &["odds", "--game", "shortcut", "--view", "sets2"],
        "expected press or policy",
    );
    fails_with(
        &["odds", "--game", "shortcut", "--samples", "10"],
        "--samples applies to the sets view",
    );
}
