//! `pressluck play`: a person's seat driven through standard input plays a whole game of each
//! game, bad input answered on the spot; the record replays to the game's end and `review`
//! reads it; `hint`, `board` and `quit`; Ctrl-C keeps the record so far; policies and bots
//! alone play the same record for the same seed; an existing file is not replaced unasked.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The binary under test, run in the repository's root.
fn pressluck() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_pressluck"));
    c.current_dir(crate::ROOT);
    c
}

/// Runs `pressluck ARGS` with `input` on its standard input.
fn run_with_input(args: &[&str], input: &str) -> Output {
    let mut child = pressluck()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The game may end before every answer is read: a closed pipe is no failure here.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// Runs `pressluck ARGS`; panics with its stderr unless it succeeds. Returns its stdout.
fn ok(args: &[&str]) -> String {
    let out = pressluck().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The winner (from 1) of the position `replay --format json` reaches on `record`.
fn replayed_winner(record: &Path) -> Option<u64> {
    let json = ok(&["replay", record.to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["winner"].as_u64()
}

#[test]
fn a_person_plays_a_whole_game_of_every_game_through_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    // Bad answers first, each answered on the spot; then the first option, always.
    let answers = format!("jump\n0\n99\nboard\n{}", "1\n".repeat(4000));
    for (game, players, policies) in [
        ("route66", "2", "human,glenn"),
        ("cant-stop", "2", "human,tuned-cant-stop-duel"),
        ("great-races", "2", "human,race-points"),
        ("shortcut", "2", "human,optimal"),
        ("treasure-hunt", "4", "human,greedy,thief,runner"),
    ] {
        let record = dir.path().join(format!("{game}.rec"));
        let out = run_with_input(
            &[
                "play",
                "--game",
                game,
                "--players",
                players,
                "--policies",
                policies,
                "--seed",
                "3",
                "--out",
                record.to_str().unwrap(),
            ],
            &answers,
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        for said in [
            "'jump' is not an option: answer 1 to ",
            "'0' is not an option",
            "'99' is not an option",
            "seat 1 (human), ",
        ] {
            assert!(stdout.contains(said), "{game}: {said:?} not said");
        }
        // The game's end, as the record replays it, is the one announced.
        let winner = replayed_winner(&record).unwrap_or_else(|| panic!("{game}: no winner"));
        assert!(
            stdout.contains(&format!("seat {winner} ("))
                && stdout.contains(" wins; the record is in "),
            "{game}: {stdout}"
        );
        let review = ok(&[
            "review",
            record.to_str().unwrap(),
            "--rollouts",
            "2",
            "--quiet",
        ]);
        assert!(review.contains("player 1:"), "{game}: {review}");
    }
}

#[test]
fn a_person_sees_their_own_hand_only() {
    let out = run_with_input(
        &[
            "play",
            "--game",
            "treasure-hunt",
            "--players",
            "3",
            "--policies",
            "human,greedy,thief",
            "--seed",
            "5",
        ],
        "quit\n",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("seat 2 (west, blue): step 1 of 36 on a6, 19 cubes left"),
        "{stdout}"
    );
    assert!(stdout.contains("hand of 7 cards"), "{stdout}");
    // Nothing of the deal is told: no tiles, no deck.
    assert!(
        !stdout.contains("tiles ") && !stdout.contains("deck "),
        "{stdout}"
    );
    assert!(stdout.contains("quit: no record was written"), "{stdout}");
}

#[test]
fn hint_rolls_the_options_out_and_quit_keeps_the_record_so_far() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("g.rec");
    let out = run_with_input(
        &[
            "play",
            "--game",
            "cant-stop",
            "--policies",
            "human,glenn",
            "--seed",
            "11",
            "--hint-rollouts",
            "30",
            "--out",
            record.to_str().unwrap(),
        ],
        "1\nhint\n2\nquit\n",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("rollouts, player 1 to move: 30 an option"),
        "{stdout}"
    );
    assert!(
        stdout.contains("quit: the record so far is in "),
        "{stdout}"
    );
    // The record ends where the game was left, and advise reads it.
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(
        text.starts_with("# pressluck play --game cant-stop"),
        "{text}"
    );
    let advice = ok(&["advise", record.to_str().unwrap()]);
    assert!(
        advice.starts_with("cant-stop: player 1 to move"),
        "{advice}"
    );
}

#[test]
fn ctrl_c_mid_game_keeps_the_record_so_far() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("g.rec");
    let mut child = pressluck()
        .args([
            "play",
            "--game",
            "route66",
            "--policies",
            "human,ev",
            "--seed",
            "2",
            "--out",
            record.to_str().unwrap(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The person is asked once the first roll is written; then Ctrl-C.
    let started = Instant::now();
    while !std::fs::read_to_string(&record).is_ok_and(|t| t.contains("\nroll ")) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no roll written"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(100));
    let pid = child.id().to_string();
    // The person's input stays open: it is the signal that ends the game.
    let input = child.stdin.take();
    assert!(Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap()
        .success());
    let status = child.wait().unwrap();
    drop(input);
    let mut stdout = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut stdout).unwrap();
    assert_eq!(status.code(), Some(130), "{stdout}");
    assert!(
        stdout.contains("interrupted: the record so far is in "),
        "{stdout}"
    );
    let replay = ok(&["replay", record.to_str().unwrap()]);
    assert!(replay.contains("route66"), "{replay}");
}

#[test]
fn policies_alone_play_the_same_game_for_the_same_seed_and_review_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let record = |name: &str| {
        let path = dir.path().join(name);
        ok(&[
            "play",
            "--game",
            "cant-stop",
            "--seed",
            "7",
            "--policies",
            "glenn,tuned-cant-stop-duel",
            "--out",
            path.to_str().unwrap(),
        ]);
        path
    };
    let (a, b) = (record("a.rec"), record("b.rec"));
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert!(replayed_winner(&a).is_some());
    ok(&["review", a.to_str().unwrap(), "--rollouts", "5", "--quiet"]);
    // An existing file is not replaced unless --force.
    let out = pressluck()
        .args([
            "play",
            "--policies",
            "glenn,ev",
            "--out",
            a.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("the file exists"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    ok(&[
        "play",
        "--policies",
        "glenn,ev",
        "--out",
        a.to_str().unwrap(),
        "--force",
    ]);
    assert!(std::fs::read_to_string(&a)
        .unwrap()
        .contains("game route66"));
}

#[test]
fn a_bot_plays_at_the_table_and_its_fault_names_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("b.rec");
    let bot = format!(
        "bot:python3 {}",
        crate::repo("examples/bots/rule28.py").display()
    );
    let policies = format!("{bot},glenn");
    ok(&[
        "play",
        "--game",
        "cant-stop",
        "--seed",
        "4",
        "--policies",
        &policies,
        "--out",
        record.to_str().unwrap(),
    ]);
    assert!(replayed_winner(&record).is_some());
    let mode = dir.path().join("mode");
    std::fs::write(&mode, "illegal").unwrap();
    let flaky = format!(
        "bot:python3 {} {},glenn",
        crate::repo("tests/bots/flaky.py").display(),
        mode.display()
    );
    let broken = dir.path().join("broken.rec");
    let out = pressluck()
        .args([
            "play",
            "--game",
            "cant-stop",
            "--policies",
            &flaky,
            "--out",
            broken.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("names 'jump', not one of the options"),
        "{stderr}"
    );
    assert!(
        stderr.contains("the game up to that decision: "),
        "{stderr}"
    );
    let advice = ok(&["advise", broken.to_str().unwrap()]);
    assert!(
        advice.starts_with("cant-stop: player 1 to move"),
        "{advice}"
    );
}
