//! Shortcut through the commands as a user runs them: tournaments (solitaire and two seats,
//! deterministic across threads), the stop table, the odds views, replay, and one-line
//! errors with exit code 2 for bad boards, policies and flags.

use crate::run::Table;
use assert_cmd::Command;
use predicates::prelude::*;
use std::fs;
use std::path::Path;

fn pressluck() -> Command {
    crate::pressluck_cmd()
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
    let text = fs::read_to_string(crate::repo("boards/shortcut.toml"))
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

/// Seat 1's exact chance to win the default board at two players, both playing optimally
/// (the two-player solver; docs/shortcut.md).
const FIRST_PLAYER_EXACT: f64 = 0.567_895_709_351;

#[test]
fn odds_policy_view_for_two_players() {
    let out = pressluck()
        .args([
            "odds",
            "--game",
            "shortcut",
            "--view",
            "policy",
            "--players",
            "2",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let t = Table::parse(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(
        t.header.join(","),
        "game,players,rules,board,seed,status,car1,car2,to_move,total,p_win,action,\
         p_main,p_push,p_shortcut,p_press,p_stop"
    );
    // Both on the start, seat 1 to move: the main road, at the exact first-player chance.
    let i = t.one(&[
        ("car1", "r0"),
        ("car2", "r0"),
        ("to_move", "1"),
        ("total", ""),
    ]);
    assert_eq!((t.get(i, "players"), t.get(i, "action")), ("2", "main"));
    assert!((t.num(i, "p_win") - FIRST_PLAYER_EXACT).abs() < 1e-9);
    // A position and its mirror (seats swapped, the other to move) have the same chance.
    let a = t.one(&[
        ("car1", "r5"),
        ("car2", "a2"),
        ("to_move", "1"),
        ("total", ""),
    ]);
    let b = t.one(&[
        ("car1", "a2"),
        ("car2", "r5"),
        ("to_move", "2"),
        ("total", ""),
    ]);
    assert_eq!(t.get(a, "p_win"), t.get(b, "p_win"));
    assert_eq!(t.get(a, "action"), t.get(b, "action"));
    // One square out, any position: push over the finish and win.
    let r = t.one(&[
        ("car1", "r35"),
        ("car2", "q3"),
        ("to_move", "1"),
        ("total", ""),
    ]);
    assert_eq!(
        (t.get(r, "action"), t.get(r, "p_win")),
        ("push:finish", "1.000000000")
    );
    // A pending total says press or where to move, with both chances.
    let k = t.one(&[
        ("car1", "r0"),
        ("car2", "r0"),
        ("to_move", "1"),
        ("total", "16"),
    ]);
    assert_eq!(t.get(k, "action"), "move:finish");
    assert!(t.num(k, "p_press") < t.num(k, "p_stop"));
    // Two cars never share a grey square.
    assert!(t.find(&[("car1", "a2"), ("car2", "a2")]).is_empty());
}

#[test]
fn odds_players_flag_applies_to_the_policy_view_with_1_or_2() {
    fails_with(
        &[
            "odds",
            "--game",
            "shortcut",
            "--view",
            "policy",
            "--players",
            "3",
        ],
        "--players 3: the policy view is solved for 1 or 2 players",
    );
    fails_with(
        &["odds", "--game", "shortcut", "--players", "2"],
        "--players applies to shortcut's policy view only",
    );
    fails_with(
        &["odds", "--game", "cant-stop", "--players", "2"],
        "--players applies to shortcut's policy view only",
    );
    // --players 1 is the solitaire table.
    let one = crate::run::stdout_of(&[
        "odds",
        "--game",
        "shortcut",
        "--view",
        "policy",
        "--players",
        "1",
    ]);
    let text = String::from_utf8(one).unwrap();
    assert!(
        text.contains("shortcut,1,standard,shortcut,,complete,r0,white,16,36,main,10.94"),
        "{text}"
    );
}

#[test]
fn optimal_against_itself_gives_seat_1_its_exact_chance() {
    let dir = tempfile::tempdir().unwrap();
    let csv = tournament(
        dir.path(),
        "duel.csv",
        &[
            "--players",
            "2",
            "--policies",
            "optimal,optimal",
            "--games",
            "40000",
            "--seed",
            "7",
        ],
    );
    let t = Table::parse(&csv);
    let i = t.one(&[("policy", "all"), ("seat", "1")]);
    assert_eq!(t.get(i, "games"), "40000");
    let (lo, hi) = (t.num(i, "ci95_low"), t.num(i, "ci95_high"));
    assert!(
        lo <= FIRST_PLAYER_EXACT && FIRST_PLAYER_EXACT <= hi,
        "seat 1 won {} ({lo}..{hi}), exact {FIRST_PLAYER_EXACT}",
        t.get(i, "win_rate")
    );
    assert_eq!(t.get(i, "unfinished"), "0");
}

#[test]
fn optimal_beats_threshold_3_at_two_players() {
    let dir = tempfile::tempdir().unwrap();
    let csv = tournament(
        dir.path(),
        "vs.csv",
        &[
            "--players",
            "2",
            "--policies",
            "optimal,threshold:3",
            "--games",
            "10000",
            "--seed",
            "2",
        ],
    );
    let t = Table::parse(&csv);
    let i = t.one(&[("policy", "optimal"), ("seat", "all")]);
    assert!(
        t.num(i, "ci95_low") > 0.5,
        "optimal won {}",
        t.get(i, "win_rate")
    );
    // In either seat.
    for seat in ["1", "2"] {
        let s = t.one(&[("policy", "optimal"), ("seat", seat)]);
        assert!(
            t.num(s, "ci95_low") > 0.5,
            "seat {seat}: {}",
            t.get(s, "win_rate")
        );
    }
}

/// The rows of `pressluck odds --game shortcut --view policy ARGS --format json`.
fn policy_table(args: &[&str]) -> Vec<serde_json::Value> {
    let out = crate::run::stdout_of(
        &[
            &[
                "odds", "--game", "shortcut", "--view", "policy", "--format", "json",
            ][..],
            args,
        ]
        .concat(),
    );
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn advise_gives_the_exact_tables_figures_of_a_shortcut_record_by_default() {
    // Alone each option's expected turns, at two players its chance to win with both playing
    // optimally from then on, and the optimal action: the policy tables' own, option by option
    // (a push's value is the table's figure of the position it leads to). No rollouts asked.
    let alone = policy_table(&[]);
    let duel = policy_table(&["--players", "2"]);
    let dir = tempfile::tempdir().unwrap();
    for (record, players) in [
        ("main 6\nmain 1\n", 1),
        ("place 1 a2\n", 1),
        ("main 6\nshortcut 3 2 move r5\nshortcut 3 1 move r24\n", 2),
        ("main 6\nmain 5\n", 2),
        ("place 1 q2\nplace 2 r20\n", 2),
    ] {
        let file = dir.path().join("game.rec");
        fs::write(&file, format!("game shortcut\nplayers {players}\n{record}")).unwrap();
        let advice = crate::run::json_of(&["advise", file.to_str().unwrap(), "--format", "json"]);
        let replay = crate::run::json_of(&["replay", file.to_str().unwrap(), "--format", "json"]);
        let seats = replay["seats"].as_array().unwrap();
        let mover = advice["to_move"].as_u64().unwrap() as usize;
        let square = |seat: usize| seats[seat - 1]["square"].as_str().unwrap().to_string();
        let exact = &advice["exact"];
        // The row of a position at the start of a turn: alone a square; at two players the
        // cars of seats 1 and 2, and the seat to move.
        let row = |car: &str, other: &str, to_move: usize| -> &serde_json::Value {
            let found = if players == 1 {
                alone.iter().find(|r| r["square"] == car)
            } else {
                let (c1, c2) = if to_move == 1 {
                    (car, other)
                } else {
                    (other, car)
                };
                duel.iter().find(|r| {
                    r["car1"] == c1
                        && r["car2"] == c2
                        && r["to_move"] == to_move
                        && r["total"].is_null()
                })
            };
            found.unwrap_or_else(|| panic!("no row for {car} against {other}"))
        };
        let mine = square(mover);
        let other = if players == 1 {
            String::new()
        } else {
            square(3 - mover)
        };
        let here = row(&mine, &other, mover);
        let key = if players == 1 {
            "expected_turns"
        } else {
            "win_chance"
        };
        let options = exact["options"].as_array().unwrap();
        assert!(options.len() >= 2, "{record}: {exact}");
        for o in options {
            let name = o["option"].as_str().unwrap();
            let table = match name {
                "main road" => here[if players == 1 { "q_main" } else { "p_main" }].as_f64(),
                "shortcut" => here[if players == 1 {
                    "q_shortcut"
                } else {
                    "p_shortcut"
                }]
                .as_f64(),
                push => {
                    let to = push.strip_prefix("push to ").unwrap();
                    Some(match (to, players) {
                        ("finish", _) => 1.0,
                        (_, 1) => 1.0 + row(to, "", 1)["expected_turns"].as_f64().unwrap(),
                        _ => 1.0 - row(&other, to, 3 - mover)["p_win"].as_f64().unwrap(),
                    })
                }
            }
            .unwrap();
            let got = o[key].as_f64().unwrap();
            assert!(
                (got - table).abs() < 1e-8,
                "{record}: {name} {got} vs {table}"
            );
        }
        let action = here["action"].as_str().unwrap();
        let best = match action.strip_prefix("push:") {
            Some(to) => format!("push to {to}"),
            None if action == "main" => "main road".to_string(),
            None => action.to_string(),
        };
        assert_eq!(exact["best"], best.as_str(), "{record}");
        // The text says the same, the best marked.
        let text =
            String::from_utf8(crate::run::stdout_of(&["advise", file.to_str().unwrap()])).unwrap();
        assert!(text.contains(&format!("best: {best}\n")), "{text}");
    }
}
