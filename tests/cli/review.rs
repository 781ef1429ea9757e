//! `pressluck review` from the outside: every example record reviewed, the table's columns and
//! rows, the same bytes on one thread and two, Ctrl-C leaving no file, and one-line errors.

use std::path::Path;

/// `pressluck review FILE --rollouts N ARGS…`, which must succeed; its standard output.
fn review(file: &str, n: &str, args: &[&str]) -> String {
    let out = crate::pressluck_cmd()
        .args(["review", file, "--rollouts", n, "--quiet"])
        .args(args)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{file}: {err}");
    String::from_utf8(out.stdout).unwrap()
}

/// The review table of `file` as CSV rows (header first), written to `dir`.
fn table(dir: &Path, file: &str, n: &str, args: &[&str]) -> Vec<csv::StringRecord> {
    let out = dir.join("review.csv");
    review(file, n, &[&["--out", out.to_str().unwrap()], args].concat());
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_path(&out)
        .unwrap();
    r.records().map(|x| x.unwrap()).collect()
}

#[test]
fn every_example_record_is_reviewed() {
    let mut files: Vec<String> = std::fs::read_dir(crate::repo("examples/records"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".rec"))
        .map(|name| format!("examples/records/{name}"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 6, "{files:?}");
    for file in &files {
        let text = review(file, "12", &[]);
        assert!(text.starts_with(&format!("review of {file}: ")), "{text}");
        assert!(text.contains("\nplayer 1: "), "{text}");
        assert!(text.contains("\nplayer 2: "), "{text}");
    }
}

#[test]
fn anna_s_turn_is_two_rolls_and_four_decisions() {
    let dir = tempfile::tempdir().unwrap();
    let rows = table(dir.path(), "examples/records/anna-turn.rec", "64", &[]);
    let header: Vec<&str> = rows[0].iter().collect();
    assert_eq!(
        &header[..12],
        [
            "game",
            "players",
            "rules",
            "board",
            "seed",
            "status",
            "record",
            "rollouts",
            "rollout_policies",
            "unit",
            "kind",
            "line"
        ]
    );
    let docs = std::fs::read_to_string(crate::repo("docs/csv.md")).unwrap();
    for column in &header {
        assert!(
            docs.contains(&format!("`{column}`")),
            "docs/csv.md lacks `{column}`"
        );
    }
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let steps: Vec<String> = rows[1..]
        .iter()
        .map(|r| {
            format!(
                "{} {} {} {}",
                &r[col("kind")],
                &r[col("line")],
                &r[col("what")],
                &r[col("played")]
            )
        })
        .collect();
    assert_eq!(
        steps,
        [
            "roll 7 roll 2 3 4 5",
            "decision 8 use of 2 3 4 5 use 5 9",
            "decision 12 roll or stop roll",
            "roll 12 roll 1 1 5 6",
            "decision 13 use of 1 1 5 6 use 2",
            "decision 16 roll or stop stop",
            "player  summary ",
            "player  summary ",
        ]
    );
    for r in &rows[1..] {
        assert_eq!(&r[col("game")], "route66");
        assert_eq!(&r[col("rules")], "en");
        assert_eq!(
            &r[col("rollout_policies")],
            "tuned-route66-duel|tuned-route66-duel"
        );
        assert_eq!(&r[col("unit")], "chance");
    }
    // A decision's `vs_best` is measured rollout by rollout against the best the other half
    // of the rollouts picked: within its own interval, near the played figure less the best
    // (the selection effect it leaves out is of the order of the interval), and flagged only
    // when the interval is clear of 0 on the costly side.
    let mut total = 0.0;
    for r in rows[1..].iter().filter(|r| &r[col("kind")] == "decision") {
        let f = |c: &str| r[col(c)].parse::<f64>().unwrap();
        let (v, lo, hi) = (f("vs_best"), f("vs_best_ci95_low"), f("vs_best_ci95_high"));
        assert!(lo <= v && v <= hi, "{r:?}");
        let naive = f("played_value") - f("best_value");
        assert!((v - naive).abs() <= hi - lo, "{r:?}");
        if !r[col("flag")].is_empty() {
            assert!(hi < 0.0, "{r:?}");
        }
        total += v;
    }
    // A player's row sums its decisions rollout by rollout: the same mean.
    let p1 = rows[1..]
        .iter()
        .find(|r| &r[col("kind")] == "player" && &r[col("seat")] == "1")
        .unwrap();
    let sum = p1[col("vs_best")].parse::<f64>().unwrap();
    assert!((sum - total).abs() < 1e-3, "{sum} {total}");
    // Player 1 took the four decisions; player 2 none.
    let players: Vec<&str> = rows[1..]
        .iter()
        .filter(|r| &r[col("kind")] == "player")
        .map(|r| &r[col("decisions")])
        .collect();
    assert_eq!(players, ["4", "0"]);
}

#[test]
fn the_same_seed_gives_the_same_bytes_on_one_thread_and_two() {
    let dir = tempfile::tempdir().unwrap();
    let file = "examples/records/cant-stop-game.rec";
    let one = table(dir.path(), file, "300", &["--threads", "1"]);
    let two = table(dir.path(), file, "300", &["--threads", "2"]);
    assert_eq!(one, two);
    let other = table(dir.path(), file, "300", &["--threads", "2", "--seed", "2"]);
    assert_ne!(one, other);
}

#[test]
fn alone_the_figures_are_turns() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("solo.rec");
    std::fs::write(
        &rec,
        "game cant-stop\nplayers 1\nroll 1 2 3 4\nuse 3 7\nroll 2 2 5 6\nuse 7 8\nstop\n",
    )
    .unwrap();
    let rows = table(dir.path(), rec.to_str().unwrap(), "100", &[]);
    let header: Vec<&str> = rows[0].iter().collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    assert!(rows[1..].iter().all(|r| &r[col("unit")] == "turns"));
    for r in rows[1..].iter().filter(|r| &r[col("kind")] == "decision") {
        // Turns to finish from the game's start: at least the turn in hand.
        assert!(
            r[col("played_value")].parse::<f64>().unwrap() >= 1.0,
            "{r:?}"
        );
        let f = |c: &str| r[col(c)].parse::<f64>().unwrap();
        assert!(f("vs_best_ci95_low") <= f("vs_best") && f("vs_best") <= f("vs_best_ci95_high"));
    }
}

#[test]
fn an_interrupted_review_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = crate::pressluck_cmd()
        .env("PRESSLUCK_TEST_INTERRUPT_AFTER", "1")
        .args([
            "review",
            "examples/records/cant-stop-game.rec",
            "--rollouts",
            "2000",
        ])
        .args(["--threads", "1", "--out"])
        .arg(dir.path().join("r.csv"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing written"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn bad_input_is_one_line() {
    for (args, want) in [
        (
            vec!["examples/records/anna-turn.rec", "--rollouts", "0"],
            "--rollouts 0",
        ),
        (
            vec![
                "examples/records/treasure-hunt.rec",
                "--rollout-policies",
                "race-points",
            ],
            "unknown Treasure Hunt policy",
        ),
        (
            vec![
                "examples/records/anna-turn.rec",
                "--rollout-policies",
                "race-points",
            ],
            "--rollout-policies",
        ),
        (
            vec![
                "examples/records/anna-turn.rec",
                "--rollout-policies",
                "ev,ev,ev",
            ],
            "3 policies for 2 seats",
        ),
        (vec!["no-such.rec"], "no-such.rec"),
    ] {
        let out = crate::pressluck_cmd()
            .arg("review")
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: wanted {want:?} in {err:?}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

#[test]
fn great_races_and_shortcut_records_are_reviewed_decision_by_decision() {
    let dir = tempfile::tempdir().unwrap();
    let races = dir.path().join("races.rec");
    std::fs::write(
        &races,
        "game great-races\nplayers 2\nroll 1 2 3 4\nuse 3 7\nroll 2 2 5 6\nuse 7 8\n",
    )
    .unwrap();
    let text = review(races.to_str().unwrap(), "30", &[]);
    assert!(text.contains("use of 1 2 3 4           use 3 7"), "{text}");
    let shortcut = dir.path().join("shortcut.rec");
    std::fs::write(
        &shortcut,
        "game shortcut\nplayers 2\nmain 6\nshortcut 3 2 move r5\nshortcut 3 1 4\n",
    )
    .unwrap();
    let rows = table(dir.path(), shortcut.to_str().unwrap(), "30", &[]);
    let header: Vec<&str> = rows[0].iter().collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let played: Vec<String> = rows[1..]
        .iter()
        .filter(|r| &r[col("kind")] == "decision")
        .map(|r| format!("{}: {}", &r[col("what")], &r[col("played")]))
        .collect();
    assert_eq!(
        played,
        [
            "announce: main road",
            "announce: shortcut",
            "press or stop, 3 rolled: press",
            "press or stop, 5 rolled: stop at r5",
            "announce: shortcut",
            "press or stop, 3 rolled: press",
            "press or stop, 4 rolled: press",
        ]
    );
    assert_eq!(&rows[1][col("game")], "shortcut");
    assert_eq!(&rows[1][col("board")], "shortcut");
}

#[test]
fn four_rollouts_give_possible_intervals_and_claim_nothing() {
    // A whole game reviewed on 4 rollouts a position: every chance and difference stays within
    // what it can be, nothing is flagged, and neither player's total is told apart from 0 (a
    // normal interval on 4 rollouts would have player 1 give away −250 points [−376.52,
    // −123.48]).
    let dir = tempfile::tempdir().unwrap();
    let file = "examples/records/cant-stop-game.rec";
    let rows = table(dir.path(), file, "4", &["--seed", "5"]);
    let col = |name: &str| rows[0].iter().position(|h| h == name).unwrap();
    let num = |r: &csv::StringRecord, name: &str| -> Option<f64> {
        let v = &r[col(name)];
        (!v.is_empty()).then(|| v.parse().unwrap())
    };
    let decisions: u64 = rows[1..]
        .iter()
        .filter(|r| &r[col("kind")] == "player")
        .map(|r| r[col("decisions")].parse::<u64>().unwrap())
        .sum();
    assert!(decisions > 100, "{decisions}");
    for r in &rows[1..] {
        let kind = &r[col("kind")];
        assert_eq!(&r[col("flag")], "", "{r:?}");
        for (value, lo, hi, least, most) in [
            (
                "played_value",
                "played_ci95_low",
                "played_ci95_high",
                0.0,
                1.0,
            ),
            ("best_value", "best_ci95_low", "best_ci95_high", 0.0, 1.0),
            (
                "vs_best",
                "vs_best_ci95_low",
                "vs_best_ci95_high",
                -1.0,
                1.0,
            ),
            ("luck", "luck_ci95_low", "luck_ci95_high", -1.0, 1.0),
        ] {
            let Some(x) = num(r, value) else { continue };
            let (lo, hi) = (num(r, lo).unwrap(), num(r, hi).unwrap());
            assert!(lo <= x && x <= hi, "{r:?}");
            if kind == "player" {
                let terms: f64 = if value == "luck" {
                    rows[1..]
                        .iter()
                        .filter(|x| &x[col("kind")] == "roll" && x[col("seat")] == r[col("seat")])
                        .count() as f64
                } else {
                    num(r, "decisions").unwrap()
                };
                assert!(-terms <= lo && hi <= terms, "{value}: {r:?}");
                assert!(lo <= 0.0 && 0.0 <= hi, "{value}: {r:?}");
            } else {
                assert!(least <= lo && hi <= most, "{value}: {r:?}");
            }
        }
    }
}

#[test]
fn counts_signs_and_zeros_read_as_a_reader_expects() {
    // One decision each: player 1 pairs 5+5 where 3+7 is best, player 2 blunders with 7 8.
    let dir = tempfile::tempdir().unwrap();
    let races = dir.path().join("races.rec");
    std::fs::write(
        &races,
        "game great-races\nplayers 2\nroll 1 2 3 4\nuse 5 5\nroll 2 2 5 6\nuse 7 8\n",
    )
    .unwrap();
    let text = review(races.to_str().unwrap(), "400", &[]);
    assert!(
        text.contains("\nplayer 1: 1 decision, 0 doubtful, 0 errors, 0 blunders; gave away +"),
        "{text}"
    );
    assert!(
        text.contains("\nplayer 2: 1 decision, 0 doubtful, 0 errors, 1 blunder; gave away +"),
        "{text}"
    );
    // Every figure of a difference carries its sign, interval ends included.
    let signed = |s: &str| s.starts_with('+') || s.starts_with('-');
    for line in text.lines().filter(|l| l.starts_with("player ")) {
        for part in line.split(" [").skip(1) {
            let (lo, rest) = part.split_once(", ").unwrap();
            let hi = &rest[..rest.find(']').unwrap()];
            assert!(signed(lo) && signed(hi), "{line}");
        }
    }
    // A player of no decisions has no mean a decision; no figure is ever −0.
    let text = review("examples/records/anna-turn.rec", "12", &[]);
    let second = text.lines().find(|l| l.starts_with("player 2: ")).unwrap();
    assert!(second.starts_with("player 2: 0 decisions, "), "{text}");
    assert!(!second.contains("a decision)"), "{text}");
    let rows = table(
        dir.path(),
        "examples/records/cant-stop-game.rec",
        "4",
        &["--seed", "5"],
    );
    let text = review("examples/records/cant-stop-game.rec", "4", &["--seed", "5"]);
    assert!(!text.contains("-0.00"), "{text}");
    for r in &rows {
        assert!(r.iter().all(|f| f != "-0.0000"), "{r:?}");
    }
}
