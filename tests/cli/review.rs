//! `pressluck review` from the outside: every example record reviewed, the table's columns and
//! rows, the same bytes on one thread and two, Ctrl-C keeping what was reviewed and a checkpoint
//! that resumes to the same bytes, and one-line errors.

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
            "tuned-route66-4p|tuned-route66-4p"
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

/// `args` as the string slices a command takes.
fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// The arguments of a review of Anna's turn (600 rollouts: three chunks a position, one
/// thread), then `extra`; run in a folder of its own, as the record's path is absolute.
fn anna(extra: &[&str]) -> Vec<String> {
    let rec = crate::repo("examples/records/anna-turn.rec");
    let mut args: Vec<String> = ["review", rec.to_str().unwrap(), "--rollouts", "600"]
        .iter()
        .map(|a| a.to_string())
        .collect();
    args.extend(["--quiet", "--threads", "1"].map(String::from));
    args.extend(extra.iter().map(|a| a.to_string()));
    args
}

#[test]
fn an_interrupted_review_keeps_what_it_reviewed_and_resumes_to_the_same_bytes() {
    use crate::scale_out::{interrupted_after, run, statuses};
    use pressluck::output::review_checkpoint::ReviewCheckpoint;
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // One thread: 13 chunks of the 36 (12 positions, 3 chunks each) finish before the interrupt:
    // the first 4 positions, those of the first roll (before it and its 3 uses) and of the
    // choice among those uses.
    let part = anna(&["--out", "part.csv", "--checkpoint", "ck.csv"]);
    let out = interrupted_after(dir, &strs(&part), 13, "ck.csv");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr
            .contains("kept the review of 1 of 4 decisions and 1 of 2 rolls in part.csv (partial)")
            && stderr.contains("checkpoint written to ck.csv; finish with --resume ck.csv"),
        "{stderr}"
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("partial: "), "{text}");
    let partial = std::fs::read_to_string(dir.join("part.csv")).unwrap();
    let st = statuses(&partial);
    assert!(
        !st.is_empty() && st.iter().all(|s| s == "partial"),
        "{st:?}"
    );
    let ck = ReviewCheckpoint::from_csv(&std::fs::read(dir.join("ck.csv")).unwrap()).unwrap();
    assert_eq!(ck.outs.positions(), 12);
    assert_eq!(ck.outs.positions_done(), 4, "13 chunks: 4 whole positions");
    assert_eq!(ck.run.seed, 1);
    assert_eq!(ck.run.games, 600);

    // Resumed on two threads: the bytes of the uninterrupted review; the checkpoint is gone.
    let resumed = anna(&[
        "--out",
        "resumed.csv",
        "--resume",
        "ck.csv",
        "--threads",
        "2",
    ]);
    run(dir, &strs(&resumed));
    assert!(!dir.join("ck.csv").exists());
    run(dir, &strs(&anna(&["--out", "whole.csv"])));
    let whole = std::fs::read_to_string(dir.join("whole.csv")).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("resumed.csv")).unwrap(),
        whole
    );
    // The partial table's rows are the whole one's first rows, but for their status.
    let lines = |t: &str| -> Vec<String> {
        t.lines()
            .map(|l| l.replace(",partial,", ",complete,"))
            .collect()
    };
    let (p, w) = (lines(&partial), lines(&whole));
    let steps = p.iter().filter(|l| !l.contains(",player,")).count();
    assert_eq!(steps, 1 + 2, "the header, the first roll and its use");
    assert_eq!(p[..steps], w[..steps]);
}

#[test]
fn a_review_resumed_with_other_arguments_is_refused_in_one_line() {
    use crate::scale_out::interrupted_after;
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = anna(&["--out", "part.csv"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    interrupted_after(dir, &args, 1, "part.csv.checkpoint");
    for (extra, want) in [
        (
            vec!["--seed", "2"],
            "different seed: 1 in the checkpoint, 2 in this run",
        ),
        (
            vec!["--rollouts", "700"],
            "different rollouts a position: 600 in the checkpoint, 700",
        ),
        (
            vec!["--rollout-policies", "ev"],
            "different rollout policies",
        ),
    ] {
        let mut again = args.clone();
        again.extend(["--resume", "part.csv.checkpoint"]);
        again.extend(extra.iter().copied());
        let out = crate::scale_out::pressluck()
            .current_dir(dir)
            .args(&again)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(want), "{want}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
    // Another record.
    let other = crate::repo("examples/records/anna-decides.rec");
    let out = crate::scale_out::pressluck()
        .current_dir(dir)
        .args(["review", other.to_str().unwrap(), "--rollouts", "600"])
        .args(["--quiet", "--resume", "part.csv.checkpoint"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("(different record: "), "{err}");
    // A tournament's checkpoint.
    crate::scale_out::run(
        dir,
        &[
            "tournament",
            "--games",
            "10",
            "--quiet",
            "--out",
            "t.csv",
            "--checkpoint",
            "t.ck",
        ],
    );
    let mut again = args.clone();
    again.extend(["--resume", "t.ck"]);
    let out = crate::scale_out::pressluck()
        .current_dir(dir)
        .args(&again)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--resume t.ck: format 'pressluck-counters-"),
        "{err}"
    );
    assert!(err.contains("not a review checkpoint"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}

#[test]
fn a_real_sigint_stops_a_review_that_then_resumes_to_the_same_bytes() {
    use crate::scale_out::{run, sigint_after_first_chunk};
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = anna(&["--out", "part.csv", "--checkpoint", "ck.csv"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    sigint_after_first_chunk(dir, &args, "ck.csv");
    let resumed = anna(&["--out", "resumed.csv", "--resume", "ck.csv"]);
    run(dir, &resumed.iter().map(String::as_str).collect::<Vec<_>>());
    let whole = anna(&["--out", "whole.csv"]);
    run(dir, &whole.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(
        std::fs::read(dir.join("resumed.csv")).unwrap(),
        std::fs::read(dir.join("whole.csv")).unwrap()
    );
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
        (
            vec!["examples/records/anna-turn.rec", "--resume", "no-such.csv"],
            "--resume no-such.csv: ",
        ),
        (
            vec![
                "examples/records/anna-turn.rec",
                "--resume",
                "examples/records/anna-turn.rec",
            ],
            "not a pressluck review checkpoint",
        ),
        (
            vec!["examples/records/anna-turn.rec", "--checkpoint", "-"],
            "--checkpoint -: ",
        ),
        (
            vec!["examples/records/anna-turn.rec", "--svg", "-"],
            "--svg -: ",
        ),
        (
            vec![
                "examples/records/anna-turn.rec",
                "--svg",
                "x.svg",
                "--out",
                "x.svg",
            ],
            "--svg: same file as --out",
        ),
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
    let rolled = ["--seed", "5", "--rollout-policies", "tuned-cant-stop-duel"];
    let rows = table(dir.path(), file, "4", &rolled);
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
