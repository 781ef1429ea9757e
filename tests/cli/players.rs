//! Bots in the seats (docs/players.md): the Python `rule28.py` plays exactly as the built-in
//! `rule28`; a bot for each other game plays a tournament; a deterministic bot gives the same
//! bytes on one thread and two; every fault ends the run with one line, a partial CSV, a
//! resumable checkpoint and the game's record for `advise`; bots take seats in sweeps, tuning,
//! advice and rollouts.

use crate::repo;
use std::path::Path;
use std::process::{Command, Output};

/// The binary under test, run in the repository's root.
fn pressluck() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_pressluck"));
    c.current_dir(crate::ROOT);
    c
}

/// Runs `pressluck ARGS` in `dir` (the repository's root when none).
fn run(dir: Option<&Path>, args: &[&str]) -> Output {
    let mut c = pressluck();
    if let Some(d) = dir {
        c.current_dir(d);
    }
    c.args(args).output().unwrap()
}

/// Runs `pressluck ARGS`; panics with its stderr unless it succeeds. Returns its stdout.
fn ok(dir: Option<&Path>, args: &[&str]) -> String {
    let out = run(dir, args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// An example bot's path.
fn bot(name: &str) -> String {
    repo(&format!("examples/bots/{name}")).display().to_string()
}

/// The quick form of the Python example bot `name`.
fn quick(name: &str) -> String {
    format!("bot:python3 {}", bot(name))
}

#[test]
fn rule28_py_plays_the_games_of_the_builtin_rule28() {
    // The bot takes the name `keller` (the built-in strategy standing for rule28), so both runs
    // deal the same games to the same names: the CSVs must be the same bytes.
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("bots");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(
        folder.join("keller.toml"),
        format!(
            "description = \"Keller's Rule of 28, as a bot\"\ncommand = [\"python3\", {:?}]\n",
            bot("rule28.py")
        ),
    )
    .unwrap();
    for (game, players) in [("cant-stop", "2"), ("route66", "3")] {
        let policies = if players == "2" {
            "keller,glenn"
        } else {
            "keller,glenn,ev"
        };
        let csv = |strategies: Option<&Path>, out: &str| {
            let (out, stops) = (
                dir.path().join(out),
                dir.path().join(format!("stops-{out}")),
            );
            let mut args = vec![
                "tournament",
                "--game",
                game,
                "--players",
                players,
                "--policies",
                policies,
                "--games",
                "100",
                "--threads",
                "2",
                "--quiet",
                "--out",
                out.to_str().unwrap(),
                "--stop-table",
                stops.to_str().unwrap(),
            ];
            let folder = strategies.map(|f| f.display().to_string());
            if let Some(f) = &folder {
                args.extend(["--strategies", f.as_str()]);
            }
            ok(None, &args);
            (std::fs::read(out).unwrap(), std::fs::read(stops).unwrap())
        };
        let builtin = csv(None, &format!("{game}-builtin.csv"));
        let python = csv(Some(&folder), &format!("{game}-python.csv"));
        assert_eq!(python.0, builtin.0, "{game}: tournament rows");
        assert_eq!(python.1, builtin.1, "{game}: stop table");
    }
}

/// The `all` rows of a tournament CSV: (policy, games).
fn all_rows(csv: &str) -> Vec<(String, u64)> {
    csv.lines()
        .skip(1)
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|f| f[8] == "all")
        .map(|f| (f[7].to_string(), f[9].parse().unwrap_or(0)))
        .collect()
}

#[test]
fn a_bot_for_every_other_game_plays_a_whole_tournament() {
    for (game, players, bot_name, field, games) in [
        (
            "great-races",
            "2",
            "great_races.py",
            "race-points,race-progress",
            "40",
        ),
        ("shortcut", "2", "shortcut.py", "optimal,threshold:3", "40"),
        (
            "treasure-hunt",
            "3",
            "treasure_hunt.py",
            "greedy,thief",
            "4",
        ),
    ] {
        let policies = format!("{},{field}", quick(bot_name));
        let csv = ok(
            None,
            &[
                "tournament",
                "--game",
                game,
                "--players",
                players,
                "--policies",
                &policies,
                "--games",
                games,
                "--quiet",
                "--out",
                "-",
            ],
        );
        let rows = all_rows(&csv);
        let games: u64 = games.parse().unwrap();
        let bot_rows: Vec<_> = rows.iter().filter(|(p, _)| p.starts_with("bot:")).collect();
        assert!(!bot_rows.is_empty(), "{game}: {csv}");
        for (_, n) in &bot_rows {
            assert_eq!(*n, games, "{game}: {csv}");
        }
        assert!(
            csv.lines().skip(1).all(|l| l.contains(",complete,")),
            "{csv}"
        );
    }
}

#[test]
fn a_deterministic_bot_gives_the_same_bytes_on_one_thread_and_two() {
    let policies = format!("{},glenn,ev", quick("rule28.py"));
    let table = |threads: &str| {
        ok(
            None,
            &[
                "tournament",
                "--game",
                "cant-stop",
                "--policies",
                &policies,
                "--games",
                "80",
                "--threads",
                threads,
                "--quiet",
                "--out",
                "-",
            ],
        )
    };
    assert_eq!(table("1"), table("2"));
}

/// A tournament of `glenn`, `ev` and the test bot `flaky` told `mode` in `dir`: three
/// matchups of 60 games, one chunk each, on one thread. The bot's timeout is 0.5 s when it is
/// to hang, else long enough for Python to start on a loaded machine. Returns its output.
fn flaky_run(dir: &Path, mode: &str, extra: &[&str]) -> Output {
    let timeout = if mode == "hang" { "0.5" } else { "20" };
    let mode_file = dir.join("mode");
    std::fs::write(&mode_file, mode).unwrap();
    let flaky = format!(
        "glenn,ev,bot:python3 {} {}",
        repo("tests/bots/flaky.py").display(),
        mode_file.display()
    );
    let mut args = vec![
        "tournament",
        "--game",
        "cant-stop",
        "--policies",
        &flaky,
        "--games",
        "60",
        "--threads",
        "1",
        "--quiet",
        "--bot-timeout",
        timeout,
        "--out",
        "t.csv",
    ];
    args.extend(extra);
    run(Some(dir), &args)
}

#[test]
fn every_fault_ends_the_run_with_one_line_a_partial_csv_and_a_checkpoint_to_resume() {
    for (mode, says) in [
        ("exit", "exited (exit status: 3) without answering"),
        ("hang", "gave no answer within 0.5 s (--bot-timeout)"),
        (
            "garbage",
            "answered \"I choose to stop\", which is not JSON",
        ),
        ("illegal", "names 'jump', not one of the options"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = flaky_run(dir.path(), mode, &[]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{mode}: {stderr}");
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{mode}: {stderr}");
        let line = lines[0];
        assert!(
            line.starts_with("error: bot bot:python3 "),
            "{mode}: {line}"
        );
        // The game is named by its index in the matchup: which game the bot breaks in
        // depends on the dice, and they on the bot's command (its paths) as on every name.
        let game = line
            .split_once(", game ")
            .and_then(|(_, rest)| rest.split_once(" of "))
            .map(|(g, _)| g);
        assert!(
            game.is_some_and(|g| g.parse::<u64>().is_ok_and(|g| g < 60)),
            "{mode}: {line}"
        );
        for part in [
            says,
            "(seat ",
            "t.csv written as partial: resume with --resume t.csv.checkpoint",
            "the game up to that decision: t.csv.fault.rec (pressluck advise t.csv.fault.rec)",
        ] {
            assert!(line.contains(part), "{mode}: {part:?} not in {line}");
        }
        // The finished chunk (glenn|ev) is kept, the faulty one is not counted.
        let csv = std::fs::read_to_string(dir.path().join("t.csv")).unwrap();
        assert!(
            csv.lines().skip(1).all(|l| l.contains(",partial,")),
            "{csv}"
        );
        let rows = all_rows(&csv);
        assert!(rows.contains(&("glenn".into(), 60)), "{mode}: {csv}");
        assert!(
            !rows.iter().any(|(p, n)| p.starts_with("bot:") && *n > 0),
            "{mode}: {csv}"
        );
        // The position at the fault is a record advise reads.
        let record = dir.path().join("t.csv.fault.rec");
        let advice = ok(Some(dir.path()), &["advise", record.to_str().unwrap()]);
        assert!(advice.contains("cant-stop: player"), "{advice}");
        // Mended, the run resumes from its checkpoint to the table a run never broken gives.
        let resumed = flaky_run(dir.path(), "ok", &["--resume", "t.csv.checkpoint"]);
        assert!(
            resumed.status.success(),
            "{}",
            String::from_utf8_lossy(&resumed.stderr)
        );
        let mended = std::fs::read(dir.path().join("t.csv")).unwrap();
        let whole = flaky_run(dir.path(), "ok", &["--out", "whole.csv"]);
        assert!(whole.status.success());
        assert_eq!(
            mended,
            std::fs::read(dir.path().join("whole.csv")).unwrap(),
            "{mode}"
        );
    }
}

#[test]
fn a_strategy_file_names_a_bot_with_its_arguments_and_environment() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("strategies");
    std::fs::create_dir(&folder).unwrap();
    let file = |env: &str| {
        format!(
            "description = \"a test bot\"\ngame = \"cant-stop\"\ncommand = [\"python3\"]\nargs = [{:?}]\nenv = {{ FLAKY_MODE = \"{env}\" }}\n",
            repo("tests/bots/flaky.py").display()
        )
    };
    std::fs::write(folder.join("flaky.toml"), file("illegal")).unwrap();
    let args = [
        "tournament",
        "--game",
        "cant-stop",
        "--policies",
        "flaky,glenn",
        "--games",
        "20",
        "--quiet",
        "--out",
        "-",
    ];
    // Its environment reaches it: told `illegal`, it answers an illegal option.
    let out = run(Some(dir.path()), &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("error: bot flaky (seat "), "{stderr}");
    // A record to stdout's run goes to bot-fault.rec in the current folder.
    assert!(stderr.contains("bot-fault.rec"), "{stderr}");
    assert!(dir.path().join("bot-fault.rec").exists());
    std::fs::write(folder.join("flaky.toml"), file("ok")).unwrap();
    let csv = ok(Some(dir.path()), &args);
    assert!(csv.contains(",flaky,all,20,"), "{csv}");
    // `policies` lists it with its command; another game refuses it, naming the file.
    let listing = ok(Some(dir.path()), &["policies", "--game", "cant-stop"]);
    assert!(listing.contains("bot:python3 "), "{listing}");
    let out = run(
        Some(dir.path()),
        &[
            "tournament",
            "--game",
            "route66",
            "--policies",
            "flaky,glenn",
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("is a strategy for cant-stop, not for route66"),
        "{stderr}"
    );
}

#[test]
fn runs_with_other_bots_do_not_resume_into_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let out = flaky_run(dir.path(), "exit", &[]);
    assert_eq!(out.status.code(), Some(2));
    // Another bot command (here, the example rule28.py) is another run.
    let other = format!("glenn,ev,{}", quick("rule28.py"));
    let out = run(
        Some(dir.path()),
        &[
            "tournament",
            "--game",
            "cant-stop",
            "--policies",
            &other,
            "--games",
            "60",
            "--out",
            "t.csv",
            "--resume",
            "t.csv.checkpoint",
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("the checkpoint is of another run"),
        "{stderr}"
    );
}

#[test]
fn bots_take_seats_in_sweeps_tuning_advice_and_rollouts() {
    let rule28 = quick("rule28.py");
    let sweep = ok(
        None,
        &[
            "sweep",
            "--game",
            "cant-stop",
            "--policy",
            "rolls:{1..2}",
            "--against",
            &rule28,
            "--games",
            "30",
            "--quiet",
            "--out",
            "-",
        ],
    );
    let against_bot = sweep
        .lines()
        .filter(|l| l.contains(",bot:python3 "))
        .count();
    assert_eq!(against_bot, 2, "{sweep}");
    let dir = tempfile::tempdir().unwrap();
    ok(
        Some(dir.path()),
        &[
            "tune",
            "--game",
            "cant-stop",
            "--policy",
            "rolls:{1..4}",
            "--against",
            &rule28,
            "--games",
            "20",
            "--budget",
            "4",
            "--validate",
            "20",
            "--quiet",
            "--out",
            "tune.csv",
        ],
    );
    // Advice: the bot is one more vote, and it votes as rule28 does.
    let advice = ok(
        None,
        &[
            "advise",
            "examples/records/anna-decides.rec",
            "--policies",
            &format!("rule28,{rule28}"),
            "--format",
            "json",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&advice).unwrap();
    let votes = v["policies"].as_array().unwrap();
    assert_eq!(votes.len(), 2, "{advice}");
    assert_eq!(votes[0]["decision"], votes[1]["decision"], "{advice}");
    // Rollouts played by the bot: the same figures as rule28's own.
    let rollouts = |policy: &str| {
        ok(
            None,
            &[
                "advise",
                "examples/records/anna-decides.rec",
                "--rollouts",
                "20",
                "--rollout-policies",
                policy,
                "--format",
                "json",
            ],
        )
    };
    let by_bot: serde_json::Value = serde_json::from_str(&rollouts(&rule28)).unwrap();
    let by_rule: serde_json::Value = serde_json::from_str(&rollouts("rule28")).unwrap();
    assert_eq!(
        by_bot["rollouts"]["options"],
        by_rule["rollouts"]["options"]
    );
}
