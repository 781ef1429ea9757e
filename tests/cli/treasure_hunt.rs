//! `--game treasure-hunt` from the command line: tournaments (deterministic on any thread
//! count, solitaire), the claim-odds table, a record's rollouts and review, and one-line
//! errors with exit code 2.

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
    assert!(shown.starts_with("treasure-hunt, 2 players: seat 2 to act (1 of 2 actions used)"));
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

/// A solitaire record played to its win: six turns, each claiming the tile underfoot with
/// three cards of its symbol and moving a full 6, the last claim on the far row.
const SOLO_WON: &str = "game treasure-hunt
players 1
tiles ABCDEF ACDEFB CABDEF ABCEFD EABCDF ABCDEF
deck r1A y3A b2A r2B r3B b3B r3C
deck b4C y5C r4D y6D g1D r5E y1E g2E r6F b1F y2F g3F g4A g5B g6C
claim r1A y3A b2A
move 6 +6
end
claim r2B r3B b3B
move 6 +6
end
claim r3C b4C y5C
move 6 +6
end
claim r4D y6D g1D
move 6 +6
end
claim r5E y1E g2E
move 6 +6
end
claim r6F b1F y2F
";

/// A four-player record whose first player has claimed the tile underfoot: the whole deck
/// listed, in the deck file's order.
fn four_claimed() -> String {
    let deck = fs::read_to_string(crate::repo("data/treasure-hunt-deck.toml")).unwrap();
    let mut cards = Vec::new();
    for line in deck.lines().filter(|l| l.contains(" = [")) {
        // The colour's letter: its initial, black's `k`.
        let letter = match line.split(' ').next().unwrap() {
            "black" => "k",
            c => &c[..1],
        };
        for face in line.split('"').skip(1).step_by(2) {
            cards.push(format!("{letter}{face}"));
        }
    }
    format!(
        "game treasure-hunt\nplayers 4\ntiles ABCDEF ABCDEF ABCDEF ABCDEF ABCDEF ABCDEF\n\
         deck {}\nclaim r1A r2B r3C\n",
        cards.join(" ")
    )
}

#[test]
fn rollouts_of_a_treasure_hunt_record_give_every_option_its_chance() {
    let rec = crate::repo("examples/records/treasure-hunt.rec");
    let rec = rec.to_str().unwrap();
    let args = ["advise", rec, "--rollouts", "8", "--format", "json"];
    let json = crate::run::json_of(&args);
    let r = &json["rollouts"];
    assert_eq!(r["player"], 2);
    assert_eq!(r["policies"], serde_json::json!(["thief", "thief"]));
    assert_eq!(r["default_policies"], true);
    let names: Vec<&str> = r["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["option"].as_str().unwrap())
        .collect();
    // Seat 2 has moved: the face-down tile underfoot, every discard of 1 to 3 cards, the end.
    assert_eq!(names.len(), 1 + 63 + 1, "{names:?}");
    assert_eq!(names[0], "claim");
    assert_eq!(names[1], "discard b3B");
    assert_eq!(names[64], "end");
    for o in r["options"].as_array().unwrap() {
        let w = o["win_chance"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&w), "{o}");
    }
    let text = String::from_utf8(crate::run::stdout_of(&args[..4])).unwrap();
    assert!(text.contains("\nrollouts, player 2 to move: 8 an option, seed 1, played by thief in every seat (the strongest shipped player)\n"), "{text}");
    assert!(text.contains("\n  claim "), "{text}");
}

#[test]
fn treasure_hunt_rollouts_are_the_same_on_one_thread_and_two() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("four.rec");
    fs::write(&rec, four_claimed()).unwrap();
    let rec = rec.to_str().unwrap();
    let run = |threads: &str| {
        crate::run::stdout_of(&[
            "advise",
            rec,
            "--rollouts",
            "600",
            "--format",
            "json",
            "--threads",
            threads,
        ])
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let json: serde_json::Value = serde_json::from_slice(&one).unwrap();
    let names: Vec<&str> = json["rollouts"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["option"].as_str().unwrap())
        .collect();
    // After a won claim only the move may follow, or the end.
    assert_eq!(names, ["move", "end"]);
}

#[test]
fn rollouts_fewer_than_a_chunk_are_spread_with_the_same_bytes() {
    // Three rollouts of a decision of many options: less than one chunk of 256, so the work is
    // cut in pieces by its cost over both threads; the bytes are those of one thread.
    let run = |threads: &str| {
        crate::run::stdout_of(&[
            "advise",
            "examples/records/treasure-hunt.rec",
            "--rollouts",
            "3",
            "--threads",
            threads,
        ])
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert!(String::from_utf8_lossy(&one).contains(": 3 an option"));
}

#[test]
fn a_treasure_hunt_record_is_reviewed_with_its_rolls_and_reveals() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("review.csv");
    let rec = crate::repo("examples/records/treasure-hunt.rec");
    let text = String::from_utf8(crate::run::stdout_of(&[
        "review",
        rec.to_str().unwrap(),
        "--rollouts",
        "12",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]))
    .unwrap();
    assert!(
        text.contains("treasure-hunt, 2 players, 12 rollouts a position"),
        "{text}"
    );
    assert!(text.contains("roll tile anchor"), "{text}");
    let t = crate::run::Table::parse(&fs::read_to_string(&out).unwrap());
    for col in [
        "record",
        "rollouts",
        "rollout_policies",
        "unit",
        "kind",
        "line",
        "seat",
    ] {
        t.col(col);
    }
    for col in [
        "what",
        "played",
        "best",
        "played_value",
        "vs_best",
        "flag",
        "luck",
    ] {
        t.col(col);
    }
    assert_eq!(t.get(0, "game"), "treasure-hunt");
    assert_eq!(t.get(0, "board"), "treasure-hunt-deck");
    let steps: Vec<String> = (0..t.rows.len())
        .filter(|&i| t.get(i, "kind") != "player")
        .map(|i| {
            format!(
                "{} {}: {}",
                t.get(i, "line"),
                t.get(i, "what"),
                t.get(i, "played")
            )
        })
        .collect();
    assert_eq!(
        steps,
        [
            "9 action 1 of 2: claim",
            "9 roll: tile anchor",
            "9 cards for anchor: claim b2A y3A w5A",
            "10 action 2 of 2: move",
            "10 roll: 3",
            "10 steps, 3 rolled: move +3",
            "13 action 1 of 2: move",
            "13 roll: 2",
            "13 steps, 2 rolled: move +2",
        ]
    );
    assert_eq!(t.find(&[("kind", "player")]).len(), 2);
    assert!(t.find(&[("unit", "chance")]).len() == t.rows.len());
    // Alone, a record played to its win is reviewed in turns.
    let solo = dir.path().join("solo.rec");
    fs::write(&solo, SOLO_WON).unwrap();
    let text = String::from_utf8(crate::run::stdout_of(&[
        "review",
        solo.to_str().unwrap(),
        "--rollouts",
        "20",
        "--quiet",
    ]))
    .unwrap();
    assert!(text.contains("figures are turns to finish"), "{text}");
    // Each turn: the first action, the cards for the tile revealed, the second action.
    assert!(text.contains("\nplayer 1: 17 decisions"), "{text}");
}

#[test]
fn treasure_hunt_rollouts_refuse_bad_input_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let solo = dir.path().join("solo.rec");
    fs::write(&solo, SOLO_WON).unwrap();
    let rec = crate::repo("examples/records/treasure-hunt.rec");
    let rec = rec.to_str().unwrap();
    for (args, needle) in [
        (
            vec![
                "advise",
                rec,
                "--rollouts",
                "10",
                "--rollout-policies",
                "ev",
            ],
            "--rollout-policies: unknown Treasure Hunt policy 'ev'",
        ),
        (vec!["advise", rec, "--rollouts", "0"], "--rollouts 0"),
        (
            vec!["advise", solo.to_str().unwrap(), "--rollouts", "10"],
            "--rollouts: the game is over",
        ),
        (
            vec!["review", rec, "--rollout-policies", "thief,thief,thief"],
            "3 policies for 2 seats",
        ),
        (
            vec!["review", rec, "--rollout-policies", "glenn"],
            "--rollout-policies",
        ),
        (vec!["review", rec, "--rollouts", "0"], "--rollouts 0"),
    ] {
        fails(&args, needle);
    }
}
