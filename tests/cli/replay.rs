//! `pressluck replay` from the outside: JSON shape, text board, and one-line input errors with
//! exit code 2 (never a panic).

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;
use tempfile::NamedTempFile;

/// A temporary record file holding `bytes`.
fn record(bytes: &[u8]) -> NamedTempFile {
    let mut f = NamedTempFile::new().unwrap();
    f.write_all(bytes).unwrap();
    f
}

/// `pressluck replay FILE ARGS...`.
fn replay(file: &NamedTempFile, args: &[&str]) -> Command {
    let mut cmd = crate::pressluck_cmd();
    cmd.arg("replay").arg(file.path()).args(args);
    cmd
}

/// Runs a replay that must fail with exit code 2 and a one-line message containing `want`.
fn fails(file: &NamedTempFile, args: &[&str], want: &str) {
    let out = replay(file, args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(want), "wanted {want:?} in {err:?}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(out.stdout.is_empty());
}

/// Anna's turn after option C and a second roll awaiting its use; player 1 has a cube on 2.
const MID_TURN: &[u8] = b"players 2
roll 1 1 6 6
use 2 12
stop
roll 1 1 1 1   # player 1: over player 0's cube on 2 to the top
use 2 2
stop           # player 2 wins segment 2, player 1 second (English edition)
roll 2 3 4 5
use 7 7
roll 1 1 5 6
";

#[test]
fn json_has_the_fixed_shape() {
    let f = record(MID_TURN);
    let out = replay(&f, &["--format", "json"]).output().unwrap();
    assert!(out.status.success());
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["game"], "route66");
    assert_eq!(
        (
            j["finished"].as_bool(),
            j["winner"].is_null(),
            j["to_move"].as_u64()
        ),
        (Some(false), true, Some(1))
    );
    assert_eq!(j["scores"], serde_json::json!([6, 10]));
    let segs = j["segments"].as_array().unwrap();
    assert_eq!(segs.len(), 11);
    assert_eq!(segs[0]["segment"], 2);
    assert_eq!(segs[0]["closed"], true);
    assert_eq!(
        (segs[0]["first"].as_u64(), segs[0]["second"].as_u64()),
        (Some(2), Some(1))
    );
    // Winner and second stand in the scoring space (space = length).
    let cubes = serde_json::json!([{"player": 1, "space": 3}, {"player": 2, "space": 3}]);
    assert_eq!(segs[0]["cubes"], cubes);
    assert_eq!(
        segs[10]["cubes"],
        serde_json::json!([{"player": 1, "space": 1}])
    );
    assert!(segs[5]["first"].is_null() && segs[5]["second"].is_null());
    for s in segs {
        for key in ["segment", "closed", "first", "second", "cubes"] {
            assert!(s.get(key).is_some(), "{key} missing in {s}");
        }
    }
    assert_eq!(j["cars"], serde_json::json!([{"segment": 7, "space": 2}]));
    assert_eq!(j["pending_roll"], serde_json::json!([1, 1, 5, 6]));
    assert_eq!(j["legal_uses"], serde_json::json!(["11", "6 7"]));
    assert_eq!(j["rolls_this_turn"], 1);
}

#[test]
fn text_draws_the_board() {
    let f = record(MID_TURN);
    let out = replay(&f, &[]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("route66 (edition en), 2 players, variants: none\n"),
        "{text}"
    );
    let row = text
        .lines()
        .find(|l| l.starts_with(" 2 ( 3) |  .  . 12 "))
        .unwrap_or_default();
    assert!(
        row.ends_with(" won by player 2 (+10 points), second player 1 (+6 points)"),
        "{text}"
    );
    assert!(text.contains("\n 7 (13) |  .  @  ."), "{text}");
    assert!(text.contains("\n12 ( 3) |  1  .  .\n"), "{text}");
    assert!(
        text.contains("scores: player 1: 6 points, player 2: 10 points\n"),
        "{text}"
    );
    assert!(
        text.contains("to move: player 1, 1 successful roll this turn, cars: 7@2\n"),
        "{text}"
    );
    assert!(
        text.contains("roll 1 1 5 6 awaits its use: 11, 6 7\n"),
        "{text}"
    );
}

#[test]
fn cant_stop_claim_in_json() {
    let f = record(b"game cant-stop\nroll 1 1 1 1\nuse 2 2\nroll 1 1 1 1\nuse 2\nstop\n");
    let out = replay(&f, &["--format", "json"]).output().unwrap();
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (
            j["game"].as_str(),
            j["finished"].as_bool(),
            j["scores"][0].as_u64()
        ),
        (Some("cant-stop"), Some(false), Some(1))
    );
    assert!(j["edition"].is_null());
    let seg2 = &j["segments"][0];
    assert_eq!(
        (seg2["first"].as_u64(), seg2["cubes"][0]["space"].as_u64()),
        (Some(1), Some(3))
    );
}

#[test]
fn finished_game_shows_the_winner() {
    // Can't Stop: player 0 claims 2, 12 and 3 in one turn and stops: three columns win.
    let rec = b"game cant-stop
roll 1 1 1 1
use 2 2
roll 1 1 1 1
use 2
roll 6 6 6 6
use 12 12
roll 6 6 6 6
use 12
roll 1 2 1 2
use 3 3
roll 1 2 1 2
use 3 3
roll 1 2 1 2
use 3
stop
";
    let f = record(rec);
    let out = replay(&f, &["--format", "json"]).output().unwrap();
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let got = (
        j["finished"].as_bool(),
        j["winner"].as_u64(),
        j["scores"][0].as_u64(),
    );
    assert_eq!(got, (Some(true), Some(1), Some(3)));
    let text = String::from_utf8(replay(&f, &[]).output().unwrap().stdout).unwrap();
    assert!(
        text.ends_with(
            "scores: player 1: 3 columns, player 2: 0 columns\ngame over: player 1 wins\n"
        ),
        "{text}"
    );
}

#[test]
fn flags_override_the_header() {
    let f = record(b"game cant-stop\nroll 1 1 6 6\nuse 2 12\nstop\nroll 1 1 6 6\nuse 2 12\n");
    let out = replay(&f, &["--format", "json", "--variant", "jump"])
        .output()
        .unwrap();
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        j["cars"],
        serde_json::json!([{"segment": 2, "space": 2}, {"segment": 12, "space": 2}])
    );
    // As Route 66 (cars jump by default) the same record gives the same cars.
    let out = replay(&f, &["--format", "json", "--game", "route66"])
        .output()
        .unwrap();
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (j["game"].as_str(), j["cars"][0]["space"].as_u64()),
        (Some("route66"), Some(2))
    );
}

#[test]
fn illegal_use_names_the_line() {
    let f = record(b"# Anna\nroll 2 3 4 5\nuse 7 7\nroll 1 1 5 6\n\n\nuse 5 9\n");
    fails(
        &f,
        &[],
        "line 7: use 5 9: not a legal use of roll 1 1 5 6 (legal: 2 11, 6 7)",
    );
}

#[test]
fn bad_records_are_input_errors() {
    fails(
        &record(b"roll 1 2 3 7\n"),
        &[],
        "line 1: roll 1 2 3 7: die '7' is not a number from 1 to 6",
    );
    fails(
        &record(b"roll 1 2 3\n"),
        &[],
        "line 1: roll 1 2 3: a roll is four dice, not 3",
    );
    fails(
        &record(b"color blue\n"),
        &[],
        "line 1: color blue: unknown word 'color'",
    );
    fails(
        &record(b"roll 2 3 4 5\nuse 5 9\nroll 1 1 5 6\n\xc3\x28\n"),
        &[],
        "line 4: not UTF-8 text",
    );
    fails(
        &record(b"\x00\x01\x02\x7f binary\x1b[2J"),
        &[],
        "line 1: \\0\\u{1}\\u{2}\\u{7f}",
    );
    fails(
        &record(b"players 9\n"),
        &[],
        "line 1: players 9: players must be 1 to 4",
    );
    let over = b"roll 1 1 1 1\nuse 2 2\nroll 1 1 1 1\nuse 2\nstop\n";
    fails(
        &record(over),
        &["--game", "cant-stop", "--variant", "faster-gear"],
        "--variant faster-gear",
    );
}

#[test]
fn bad_files_and_flags_are_input_errors() {
    let f = record(b"roll 2 3 4 5\n");
    fails(
        &f,
        &["--format", "xml"],
        "--format: unknown format 'xml' (expected json or text)",
    );
    fails(&f, &["--game", "chess"], "--game: unknown game 'chess'");
    fails(&f, &["--edition", "fr"], "--edition: unknown edition 'fr'");
    fails(
        &f,
        &["--variant", "nitro"],
        "--variant: unknown variant 'nitro'",
    );
    fails(
        &f,
        &["--board", "/no/such/board.toml"],
        "--board /no/such/board.toml:",
    );
    let mut cmd = crate::pressluck_cmd();
    cmd.args(["replay", "/no/such/record.rec"]);
    cmd.assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: /no/such/record.rec: "));
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = crate::pressluck_cmd();
    cmd.arg("replay").arg(dir.path());
    cmd.assert()
        .code(2)
        .stderr(predicate::str::contains("panicked").not());
}

/// Runs `pressluck replay` on an example record and parses its JSON.
fn cli_json(record: &str, flags: &[&str]) -> serde_json::Value {
    let path = format!("{}/examples/records/{record}", crate::ROOT);
    crate::run::json_of(&[&["replay", path.as_str(), "--format", "json"][..], flags].concat())
}

#[test]
fn example_records_through_the_cli() {
    let j = cli_json("anna-turn.rec", &[]);
    let cubes: Vec<(u64, u64)> = j["segments"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| {
            s["cubes"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |c| (s["segment"].as_u64().unwrap(), c["space"].as_u64().unwrap()))
        })
        .collect();
    assert_eq!(cubes, vec![(2, 1), (5, 1), (9, 1)]);
    assert_eq!(
        (j["to_move"].as_u64(), j["finished"].as_bool()),
        (Some(2), Some(false))
    );

    let j = cli_json("anna-bust.rec", &[]);
    assert!(j["segments"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["cubes"].as_array().unwrap().is_empty()));
    assert_eq!(
        (j["to_move"].as_u64(), j["cars"].as_array().map(Vec::len)),
        (Some(2), Some(0))
    );

    let j = cli_json("claudia-faster-gear.rec", &[]);
    assert_eq!(j["segments"][4]["segment"], 6);
    assert_eq!(
        (j["segments"][4]["first"].as_u64(), j["scores"][0].as_u64()),
        (Some(1), Some(6))
    );
    assert_eq!(
        j["cars"],
        serde_json::json!([{"segment": 2, "space": 1}, {"segment": 7, "space": 1}, {"segment": 9, "space": 1}])
    );
    assert_eq!(j["variants"], serde_json::json!(["faster-gear"]));
    // The German edition changes nothing here but the edition shown.
    assert_eq!(
        cli_json("claudia-faster-gear.rec", &["--edition", "de"])["edition"],
        "de"
    );
}
