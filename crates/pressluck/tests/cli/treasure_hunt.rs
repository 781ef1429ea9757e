//! `--game treasure-hunt` from the command line: tournaments (deterministic on any thread
//! count, solitaire), the claim-odds table, and one-line errors with exit code 2.

use assert_cmd::Command;
use std::fs;

fn pressluck() -> Command {
    crate::pressluck_cmd()
}

fn tournament(out: &std::path::Path, extra: &[&str]) -> String {
    pressluck()
        .args(["tournament", "--quiet", "--game", "treasure-hunt", "--out"])
        .arg(out)
        .args(extra)
        .assert()
        .success();
    fs::read_to_string(out).unwrap()
}

#[test]
fn tournaments_are_the_same_on_one_or_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--policies",
        "greedy,thief,runner",
        "--games",
        "300",
        "--players",
        "4",
    ];
    let one = tournament(
        &dir.path().join("a.csv"),
        &[&args[..], &["--threads", "1"]].concat(),
    );
    let two = tournament(
        &dir.path().join("b.csv"),
        &[&args[..], &["--threads", "2"]].concat(),
    );
    assert_eq!(one, two);
    assert!(one.starts_with("game,players,rules,board,seed,status,matchup,policy,seat,games,wins,"));
    assert!(one
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("treasure-hunt,4,standard,treasure-hunt-deck,1,complete,"));
}

#[test]
fn solitaire_counts_turns_and_the_claim_table_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let stop = dir.path().join("claims.csv");
    let csv = tournament(
        &dir.path().join("solo.csv"),
        &[
            "--players",
            "1",
            "--policies",
            "greedy,thief",
            "--games",
            "200",
            "--stop-table",
            stop.to_str().unwrap(),
            "--variant",
            "two-dice",
        ],
    );
    assert_eq!(csv.lines().count(), 3, "{csv}");
    let table = fs::read_to_string(stop).unwrap();
    assert!(table.starts_with(
        "game,players,rules,board,seed,status,policy,roll,cars,decisions,stops,stop_rate,busts,bust_rate\n\
         treasure-hunt,1,two-dice,treasure-hunt-deck,1,complete,"
    ));
}

#[test]
fn claim_odds_table_is_exact() {
    let out = pressluck()
        .args(["odds", "--game", "treasure-hunt"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert!(lines
        .next()
        .unwrap()
        .starts_with("game,players,rules,board,seed,status,hand,symbol,colour,hands,symbol_hands"));
    // Three cards: C(54,3) = 24804 hands; three anchors of nine: C(9,3) = 84; three reds: 84.
    assert!(
        text.contains(
            "\ntreasure-hunt,,standard,treasure-hunt-deck,,complete,3,anchor,red,24804,84,84,"
        ),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1 + 4 * 5 * 7);
}

#[test]
fn a_replacement_deck_file_is_used() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deck.toml");
    let all_anchors = "[\"1A\",\"2A\",\"3A\",\"4A\",\"5A\",\"6A\"]";
    let text = ["red", "blue", "yellow", "green", "white", "black"]
        .map(|c| format!("{c} = {all_anchors}\n"))
        .concat();
    fs::write(&path, text).unwrap();
    let out = pressluck()
        .args(["odds", "--game", "treasure-hunt", "--deck"])
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // Every card an anchor: any three claim an anchor tile. The deck is named by its digest.
    assert!(text.contains(",complete,3,anchor,red,7140,7140,"), "{text}");
    assert!(text.contains("\ntreasure-hunt,,standard,sha256:"), "{text}");
}

fn fails(args: &[&str], needle: &str) {
    let out = pressluck().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(needle), "{args:?}: {err}");
}

#[test]
fn bad_input_is_one_line_and_exit_two() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    fs::write(&bad, "red = [\"7A\"]\n").unwrap();
    let o = dir.path().join("x.csv");
    let o = o.to_str().unwrap();
    let t = [
        "tournament",
        "--quiet",
        "--game",
        "treasure-hunt",
        "--out",
        o,
    ];
    fails(
        &[&t[..], &["--policies", "greedy,ev"]].concat(),
        "unknown Treasure Hunt policy 'ev'",
    );
    fails(
        &[&t[..], &["--policies", "greedy:2,thief"]].concat(),
        "from 0 to 1",
    );
    fails(
        &[&t[..], &["--variant", "jump"]].concat(),
        "unknown Treasure Hunt variant",
    );
    fails(&[&t[..], &["--players", "5"]].concat(), "1 to 4 players");
    fails(
        &[&t[..], &["--board", "x.toml"]].concat(),
        "--board does not apply",
    );
    fails(
        &[&t[..], &["--deck", "/no/such/deck.toml"]].concat(),
        "--deck /no/such/deck.toml",
    );
    fails(
        &[
            "odds",
            "--game",
            "treasure-hunt",
            "--deck",
            bad.to_str().unwrap(),
        ],
        "missing field",
    );
    fails(
        &["odds", "--game", "treasure-hunt", "--view", "reach"],
        "--view reach: expected claims for treasure-hunt",
    );
    fails(
        &["odds", "--game", "treasure-hunt", "--samples", "0"],
        "--samples 0",
    );
    fails(
        &["odds", "--game", "cant-stop", "--deck", "d.toml"],
        "--deck applies to treasure-hunt only",
    );
}

#[test]
fn replay_and_advise_read_a_treasure_hunt_record() {
    let rec_path = crate::repo("examples/records/treasure-hunt.rec");
    let rec = rec_path.to_str().unwrap();
    let text = |args: &[&str]| -> String {
        let out = pressluck().args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let shown = text(&["replay", rec]);
    assert!(shown.starts_with("treasure-hunt, 2 player(s): seat 2 to act (1 of 2 actions used)"));
    assert!(
        shown.contains("\n1  A11"),
        "seat 1 owns a1 with one cube:\n{shown}"
    );
    assert!(
        shown.contains("seat 1 (south, red): step 4 of 36 on d1, 18 cubes left; holds anchor 1")
    );
    let json: serde_json::Value =
        serde_json::from_str(&text(&["replay", rec, "--format", "json"])).unwrap();
    assert_eq!(json["to_move"], 2);
    assert_eq!(json["tiles"][0]["owner"], 1);
    assert_eq!(json["tiles"][0]["symbol"], "anchor");
    assert_eq!(json["seats"][1]["cell"], "d6");
    // The same record without its game line, named by --game.
    let dir = tempfile::tempdir().unwrap();
    let bare = dir.path().join("bare.rec");
    let body = fs::read_to_string(rec)
        .unwrap()
        .replace("game treasure-hunt\n", "");
    fs::write(&bare, body).unwrap();
    let bare = bare.to_str().unwrap();
    assert_eq!(text(&["replay", bare, "--game", "treasure-hunt"]), shown);
    let advice = text(&["advise", rec]);
    assert!(
        advice.starts_with("treasure-hunt: seat 2 to act (1 of 2 actions used), on d6: face down"),
        "{advice}"
    );
    for policy in ["greedy", "runner", "thief"] {
        assert!(advice.contains(&format!("  {policy:<12} ")), "{advice}");
    }
    let json: serde_json::Value = serde_json::from_str(&text(&[
        "advise",
        rec,
        "--format",
        "json",
        "--policies",
        "thief:0.9",
    ]))
    .unwrap();
    assert_eq!(json["decision"], "act");
    assert_eq!(json["policies"][0]["policy"], "thief:0.9");
    assert!(json["policies"][0]["action"].as_str().unwrap().len() > 3);
    // Errors: one line, exit 2, naming the file and line or the flag.
    let broken = dir.path().join("broken.rec");
    fs::write(&broken, "game treasure-hunt\nplayers 2\nclaim r1A\n").unwrap();
    for (args, needle) in [
        (
            vec!["replay", broken.to_str().unwrap()],
            "broken.rec: line 3: 'tiles' line missing",
        ),
        (
            vec!["advise", broken.to_str().unwrap()],
            "broken.rec: line 3: 'tiles' line missing",
        ),
        (vec!["replay", rec, "--variant", "two-dice"], "--variant"),
        (
            vec!["advise", rec, "--policies", "rule28"],
            "unknown Treasure Hunt policy 'rule28'",
        ),
        (vec!["replay", bare], "line 4: tiles"),
    ] {
        fails(&args, needle);
    }
}
