//! `pressluck tune` as a user runs it: it finds the optimum an exhaustive sweep finds, gives
//! the same bytes on one thread or two, ends an interrupted and resumed run where an
//! uninterrupted one ends, and saves a strategy file that plays by name. Its one-line input
//! errors are among the cases of `bad_input.rs`.

use crate::scale_out::{interrupted_after, pressluck, run};
use std::fs;
use std::path::Path;

/// A 2-player tuning run: the Rule of N's threshold and marker weight against two opponents,
/// 300 games each an evaluation, 3 generations of 4.
const DUEL: [&str; 16] = [
    "tune",
    "--game",
    "cant-stop",
    "--policy",
    "rule-of-n:{20..36},marker={0..12 from 6}",
    "--against",
    "rule28,fixed-risk:0.3",
    "--games",
    "300",
    "--budget",
    "12",
    "--population",
    "4",
    "--seed",
    "9",
    "--quiet",
];

/// The CSV as rows of named fields.
fn rows(csv: &str) -> Vec<std::collections::HashMap<String, String>> {
    csv::Reader::from_reader(csv.as_bytes())
        .deserialize()
        .map(|r| r.unwrap())
        .collect()
}

/// Runs `args` in `dir` writing `--out out` and returns the CSV.
fn tune(dir: &Path, args: &[&str], out: &str) -> String {
    let mut all = args.to_vec();
    all.extend(["--out", out]);
    run(dir, &all);
    fs::read_to_string(dir.join(out)).unwrap()
}

/// The lowest mean turns of a solitaire sweep's CSV, and its spec.
fn sweep_best(csv: &str) -> String {
    let rows = rows(csv);
    let best = rows
        .iter()
        .min_by(|a, b| {
            let x: f64 = a["mean_turns"].parse().unwrap();
            let y: f64 = b["mean_turns"].parse().unwrap();
            x.total_cmp(&y)
        })
        .unwrap();
    best["policy"].clone()
}

#[test]
fn finds_the_optimum_an_exhaustive_sweep_finds() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Route 66 alone: roll N times a turn. Every N is swept, then tuned from the worst end.
    run(
        d,
        &[
            "sweep",
            "--game",
            "route66",
            "--players",
            "1",
            "--policy",
            "rolls:{1..4}",
            "--games",
            "1000",
            "--seed",
            "4",
            "--quiet",
            "--out",
            "sweep.csv",
        ],
    );
    let swept = sweep_best(&fs::read_to_string(d.join("sweep.csv")).unwrap());
    assert_eq!(swept, "rolls:3");
    let csv = tune(
        d,
        &[
            "tune",
            "--game",
            "route66",
            "--players",
            "1",
            "--policy",
            "rolls:{1..4 from 1}",
            "--games",
            "500",
            "--budget",
            "24",
            "--validate",
            "2000",
            "--seed",
            "4",
            "--quiet",
        ],
        "tune.csv",
    );
    let rows = rows(&csv);
    // The start (`from`) is played first; each spec once a generation, at most the budget.
    let first = &rows[0];
    assert_eq!(
        [&first["generation"], &first["candidate"], &first["spec"]],
        ["1", "start", "rolls:1"],
        "the search starts at 'from'"
    );
    let searched = evaluations(&csv);
    assert!((1..=24).contains(&searched.len()), "{csv}");
    let validated: Vec<_> = rows.iter().filter(|r| r["stage"] == "validation").collect();
    assert_eq!(validated.len(), 1, "{csv}");
    assert_eq!(validated[0]["spec"], swept, "{csv}");
    assert_eq!(validated[0]["games"], "2000");
    let turns: f64 = validated[0]["objective"].parse().unwrap();
    assert!((20.0..23.0).contains(&turns), "{turns}");
    for r in &rows {
        assert_eq!(
            [&r["game"], &r["players"], &r["seed"], &r["status"]],
            ["route66", "1", "4", "complete"]
        );
    }
}

#[test]
fn a_duel_reports_every_evaluation_and_validates_against_each_opponent() {
    let dir = tempfile::tempdir().unwrap();
    let csv = tune(dir.path(), &DUEL, "t.csv");
    let rows = rows(&csv);
    let searched: Vec<_> = rows.iter().filter(|r| r["stage"] == "search").collect();
    // 3 generations of 4 candidates, each after the incumbent on its games: in the first the
    // template's start.
    assert_eq!(searched.len(), 12 + 3, "{csv}");
    let kinds: Vec<&str> = searched.iter().map(|r| r["candidate"].as_str()).collect();
    assert_eq!(kinds[..2], ["start", "1"]);
    assert_eq!(kinds[5..7], ["incumbent", "1"]);
    for r in &searched {
        assert_eq!(r["games"], "600", "{csv}");
        let rate: f64 = r["objective"].parse().unwrap();
        let wins: f64 = r["wins"].parse().unwrap();
        assert!((rate - wins / 600.0).abs() < 1e-6);
        assert!(r["spec"].starts_with("rule"), "{}", r["spec"]);
    }
    let validated: Vec<_> = rows.iter().filter(|r| r["stage"] == "validation").collect();
    let opponents: Vec<&str> = validated.iter().map(|r| r["opponent"].as_str()).collect();
    assert_eq!(opponents, ["rule28", "fixed-risk:0.3"]);
    assert!(validated.iter().all(|r| r["games"] == "100000"));
    let best: Vec<_> = searched.iter().filter(|r| r["best"] == "true").collect();
    assert_eq!(best.len(), 3, "one incumbent a generation: {csv}");
    assert_eq!(best[2]["spec"], validated[0]["spec"]);
}

#[test]
fn the_same_bytes_on_one_thread_or_two() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let one = tune(d, &[&DUEL[..], &["--threads", "1"]].concat(), "one.csv");
    let two = tune(d, &[&DUEL[..], &["--threads", "2"]].concat(), "two.csv");
    assert_eq!(one, two);
    let other_seed: Vec<&str> = DUEL
        .iter()
        .map(|&a| if a == "9" { "10" } else { a })
        .collect();
    let other = tune(d, &other_seed, "other.csv");
    assert_ne!(one, other, "the seed decides the games");
}

/// A 3-player tuning run on Route 66: rolls 1, 5 or 9 a turn at the table with `ev` and
/// `glenn`, from 1, 600 games an evaluation, 2 generations of 4.
const TABLE: [&str; 22] = [
    "tune",
    "--game",
    "route66",
    "--players",
    "3",
    "--policy",
    "rolls:{1..9 step 4 from 1}",
    "--against",
    "ev,glenn",
    "--games",
    "600",
    "--budget",
    "8",
    "--population",
    "4",
    "--validate",
    "600",
    "--seed",
    "6",
    "--quiet",
    "--threads",
    "1",
];

/// The `all` row of `policy` in a tournament CSV.
fn all_row(csv: &str, policy: &str) -> std::collections::HashMap<String, String> {
    rows(csv)
        .into_iter()
        .find(|r| r["policy"] == policy && r["seat"] == "all")
        .unwrap_or_else(|| panic!("no row of {policy}: {csv}"))
}

#[test]
fn at_three_players_finds_the_best_a_tournament_of_every_value_finds() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Every value of the space at the table, by the tournament: the win share to beat.
    let mut shares = Vec::new();
    for n in [1, 5, 9] {
        let spec = format!("rolls:{n}");
        let out = format!("t{n}.csv");
        run(
            d,
            &[
                "tournament",
                "--game",
                "route66",
                "--players",
                "3",
                "--policies",
                &format!("{spec},ev,glenn"),
                "--games",
                "600",
                "--seed",
                "6",
                "--quiet",
                "--out",
                &out,
            ],
        );
        let row = all_row(&fs::read_to_string(d.join(&out)).unwrap(), &spec);
        let wins: u64 = row["wins"].parse().unwrap();
        shares.push((wins, spec, row));
    }
    shares.sort_by_key(|s| std::cmp::Reverse(s.0));
    assert!(shares[0].0 > shares[1].0 + 30, "a clear best: {shares:?}");
    let (_, best, table) = &shares[0];
    let csv = tune(d, &TABLE, "tune.csv");
    let rows = rows(&csv);
    assert!(rows.iter().all(|r| r["players"] == "3"), "{csv}");
    let searched: Vec<_> = rows.iter().filter(|r| r["stage"] == "search").collect();
    assert!(
        searched.iter().all(|r| r["games"] == "600"),
        "one table of 600 games an evaluation: {csv}"
    );
    let validated: Vec<_> = rows.iter().filter(|r| r["stage"] == "validation").collect();
    assert_eq!(validated.len(), 1, "{csv}");
    let v = validated[0];
    assert_eq!(&v["spec"], best, "{csv}");
    assert_eq!(v["opponent"], "ev|glenn");
    // The validation plays the tournament's own games of that table.
    assert_eq!(v["games"], table["games"]);
    assert_eq!(v["wins"], table["wins"]);
}

#[test]
fn at_four_players_the_same_bytes_on_one_thread_or_two() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let four: Vec<&str> = TABLE
        .iter()
        .map(|&a| match a {
            "3" => "4",
            "600" => "200",
            a => a,
        })
        .collect();
    let one = tune(d, &four, "one.csv");
    let two_threads: Vec<&str> = four
        .iter()
        .map(|&a| if a == "1" { "2" } else { a })
        .collect();
    assert!(two_threads.ends_with(&["--threads", "2"]));
    let two = tune(d, &two_threads, "two.csv");
    assert_eq!(one, two);
    // ev and glenn fill the three other seats both ways, each at least once.
    let tables: Vec<_> = rows(&one)
        .into_iter()
        .filter(|r| r["stage"] == "validation")
        .map(|r| r["opponent"].clone())
        .collect();
    assert_eq!(tables, ["ev|ev|glenn", "ev|glenn|glenn"]);
}

#[test]
fn a_small_first_step_draws_only_the_start_which_is_played_once_a_generation() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = |step: &'static str| {
        [
            "tune",
            "--game",
            "route66",
            "--players",
            "1",
            "--policy",
            "rolls:{1..5 from 3}",
            "--games",
            "100",
            "--budget",
            "8",
            "--population",
            "8",
            "--validate",
            "100",
            "--seed",
            "3",
            "--out",
            "t.csv",
            "--step",
            step,
        ]
    };
    let specs = |rows: &[std::collections::HashMap<String, String>]| -> Vec<String> {
        rows.iter().map(|r| r["spec"].clone()).collect()
    };
    // A step of 0.04 rolls rounds every draw to the start: nothing new to play, no budget
    // spent, and after three such generations the search has settled there.
    let out = run(d, &args("0.01"));
    let csv = fs::read_to_string(d.join("t.csv")).unwrap();
    let search: Vec<_> = rows(&csv)
        .into_iter()
        .filter(|r| r["stage"] == "search")
        .collect();
    let kinds: Vec<&str> = search.iter().map(|r| r["candidate"].as_str()).collect();
    assert_eq!(kinds, ["start", "incumbent", "incumbent"], "{csv}");
    assert_eq!(specs(&search), vec!["rolls:3"; 3], "{csv}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("tuned after 3 generations (0 evaluations): rolls:3\n")
            && text.contains(
                "the search settled: its last 3 generations drew only specs they had played\n"
            ),
        "{text}"
    );
    run(d, &args("0.3"));
    let wide = evaluations(&fs::read_to_string(d.join("t.csv")).unwrap());
    assert!(specs(&wide).iter().any(|s| s != "rolls:3"), "{wide:?}");
}

#[test]
fn interrupted_and_resumed_it_ends_where_an_uninterrupted_run_ends() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let whole = tune(d, &DUEL, "whole.csv");
    let args = [&DUEL[..], &["--out", "cut.csv"]].concat();
    interrupted_after(d, &args, 1, "cut.csv.checkpoint");
    let partial = fs::read_to_string(d.join("cut.csv")).unwrap();
    assert!(partial.contains(",partial,"), "{partial}");
    assert!(!partial.contains("validation"), "{partial}");
    run(
        d,
        &[&args[..], &["--resume", "cut.csv.checkpoint"]].concat(),
    );
    assert_eq!(fs::read_to_string(d.join("cut.csv")).unwrap(), whole);
    assert!(
        !d.join("cut.csv.checkpoint").exists(),
        "a finished resume removes it"
    );
    // A checkpoint of another run is refused.
    interrupted_after(d, &args, 1, "cut.csv.checkpoint");
    let other: Vec<&str> = args
        .iter()
        .map(|&a| if a == "9" { "10" } else { a })
        .collect();
    let out = pressluck()
        .current_dir(d)
        .args(&other)
        .args(["--resume", "cut.csv.checkpoint"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("another tuning run"), "{err}");
    // A checkpoint of the identity encoding before (no `encoding` tag) is refused as such.
    let text = fs::read_to_string(d.join("cut.csv.checkpoint")).unwrap();
    let tag = "\"encoding\":\"pressluck-identity-2\",";
    assert!(text.contains(tag), "{text}");
    fs::write(d.join("old.checkpoint"), text.replacen(tag, "", 1)).unwrap();
    let out = pressluck()
        .current_dir(d)
        .args(&args)
        .args(["--resume", "old.checkpoint"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: --resume old.checkpoint: ")
            && err.contains("run identity encoding changed"),
        "{err}"
    );
}

#[test]
fn a_saved_strategy_plays_by_name_and_carries_its_provenance() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir(d.join("mine")).unwrap();
    let args = [
        &DUEL[..],
        &["--save", "mine/duelist.toml", "--svg", "t.svg"],
    ]
    .concat();
    let csv = tune(d, &args, "t.csv");
    let best = rows(&csv)
        .into_iter()
        .find(|r| r["stage"] == "validation")
        .unwrap()["spec"]
        .clone();
    let file = fs::read_to_string(d.join("mine/duelist.toml")).unwrap();
    let parsed: toml::Value = toml::from_str(&file).unwrap();
    assert_eq!(parsed["policy"].as_str(), Some(best.as_str()));
    let p = &parsed["provenance"];
    assert_eq!(p["seed"].as_integer(), Some(9));
    assert_eq!(p["evaluations"].as_integer(), Some(12));
    assert_eq!(
        p["template"].as_str(),
        Some("rule-of-n:{20..36},marker={0..12 from 6}")
    );
    assert!(p["command"]
        .as_str()
        .unwrap()
        .starts_with("pressluck tune "));
    let figures = p["validation"].as_array().unwrap();
    assert_eq!(figures.len(), 2);
    assert_eq!(figures[0]["games"].as_integer(), Some(100_000));
    let svg = fs::read_to_string(d.join("t.svg")).unwrap();
    assert!(roxmltree::Document::parse(&svg).is_ok());
    let out = run(
        d,
        &[
            "tournament",
            "--game",
            "cant-stop",
            "--strategies",
            "mine",
            "--policies",
            "duelist,ev",
            "--games",
            "200",
            "--quiet",
            "--out",
            "-",
        ],
    );
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.contains(",duelist|ev,duelist,"), "{table}");
}

#[test]
fn the_race_aware_family_plays_in_tournaments_sweeps_advice_and_tuning() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let spec = "race-aware:25,opp-won=2,lead=-0.5,contest=1.5";
    for game in ["cant-stop", "route66"] {
        let out = run(
            d,
            &[
                "tournament",
                "--game",
                game,
                "--policies",
                &format!("{spec},glenn"),
                "--games",
                "400",
                "--quiet",
                "--out",
                "-",
            ],
        );
        let csv = String::from_utf8(out.stdout).unwrap();
        let all: Vec<_> = rows(&csv)
            .into_iter()
            .filter(|r| r["seat"] == "all")
            .collect();
        assert_eq!(all.len(), 2, "{csv}");
        assert_eq!(all[0]["policy"], spec);
        let wins: u64 = all.iter().map(|r| r["wins"].parse::<u64>().unwrap()).sum();
        assert_eq!(wins, 400, "every game has one winner: {csv}");
    }
    let out = run(
        d,
        &[
            "sweep",
            "--game",
            "cant-stop",
            "--policy",
            "race-aware:{20..30 step 5},won=1",
            "--against",
            "glenn",
            "--games",
            "300",
            "--quiet",
            "--out",
            "-",
        ],
    );
    let swept = String::from_utf8(out.stdout).unwrap();
    assert!(swept.contains("race-aware:25,won=1"), "{swept}");
    let out = run(
        d,
        &[
            "advise",
            "--game",
            "cant-stop",
            "--cars",
            "6@3,8@2,7@4",
            "--policies",
            &format!("{spec},tuned-cant-stop-duel,glenn"),
        ],
    );
    let advice = String::from_utf8(out.stdout).unwrap();
    for name in [spec, "tuned-cant-stop-duel", "glenn"] {
        assert!(advice.contains(name), "{advice}");
    }
    let csv = tune(
        d,
        &[
            "tune",
            "--game",
            "route66",
            "--policy",
            "race-aware:{20..36},lead={-1.0..1.0},opp-near={-3.0..3.0}",
            "--against",
            "rule28",
            "--games",
            "200",
            "--budget",
            "8",
            "--validate",
            "200",
            "--quiet",
        ],
        "r.csv",
    );
    let tuned = rows(&csv)
        .into_iter()
        .find(|r| r["stage"] == "validation")
        .unwrap();
    assert!(tuned["spec"].starts_with("race-aware:"), "{csv}");
}

#[test]
fn the_shipped_players_are_known_by_name_and_beat_their_references() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Each is listed for the game it was tuned for.
    for (game, name) in [
        ("cant-stop", "tuned-cant-stop-solo"),
        ("cant-stop", "tuned-cant-stop-duel"),
        ("route66", "tuned-route66-duel"),
        ("cant-stop", "tuned-cant-stop-3p"),
        ("route66", "tuned-route66-3p"),
        ("route66", "tuned-route66-4p"),
    ] {
        let listing = String::from_utf8(run(d, &["policies", "--game", game]).stdout).unwrap();
        assert!(listing.contains(name), "{listing}");
    }
    // 20,000 games each: far more than enough to see margins of this size.
    let rate = |args: &[&str], policy: &str, column: &str| -> f64 {
        let out = run(
            d,
            &[args, &["--games", "20000", "--quiet", "--out", "-"]].concat(),
        );
        let csv = String::from_utf8(out.stdout).unwrap();
        let row = rows(&csv)
            .into_iter()
            .find(|r| r["policy"] == policy && r["seat"] == "all")
            .unwrap();
        row[column].parse().unwrap()
    };
    let solo = [
        "tournament",
        "--game",
        "cant-stop",
        "--players",
        "1",
        "--seed",
        "5",
    ];
    let tuned = rate(
        &[&solo[..], &["--policies", "tuned-cant-stop-solo"]].concat(),
        "tuned-cant-stop-solo",
        "mean_turns",
    );
    let glenn = rate(
        &[&solo[..], &["--policies", "glenn"]].concat(),
        "glenn",
        "mean_turns",
    );
    assert!(tuned < 9.10 && glenn > 9.1, "{tuned} vs {glenn}");
    let duel = [
        "tournament",
        "--game",
        "cant-stop",
        "--policies",
        "tuned-cant-stop-duel,glenn",
    ];
    assert!(rate(&duel, "tuned-cant-stop-duel", "win_rate") > 0.55);
    let r66 = [
        "tournament",
        "--game",
        "route66",
        "--policies",
        "tuned-route66-duel,ev",
    ];
    assert!(rate(&r66, "tuned-route66-duel", "win_rate") > 0.55);
    // At four players, the table player wins more than the duel player at their table.
    let table = [
        "tournament",
        "--game",
        "route66",
        "--players",
        "4",
        "--policies",
        "tuned-route66-4p,tuned-route66-duel,ev,glenn",
    ];
    let (four, duel) = (
        rate(&table, "tuned-route66-4p", "win_rate"),
        rate(&table, "tuned-route66-duel", "win_rate"),
    );
    assert!(four > duel + 0.05, "{four} vs {duel}");
}

/// The search rows of a tune CSV that are candidates (not the start or the incumbent replayed).
fn evaluations(csv: &str) -> Vec<std::collections::HashMap<String, String>> {
    rows(csv)
        .into_iter()
        .filter(|r| {
            r["stage"] == "search" && !matches!(r["candidate"].as_str(), "start" | "incumbent")
        })
        .collect()
}

#[test]
fn a_range_with_a_decimal_point_is_tuned_over_real_values() {
    let dir = tempfile::tempdir().unwrap();
    let csv = tune(
        dir.path(),
        &[
            "tune",
            "--game",
            "route66",
            "--policy",
            "race-aware:{5..45 from 29},won={-6.0..6.0}",
            "--against",
            "ev",
            "--games",
            "100",
            "--budget",
            "8",
            "--validate",
            "100",
            "--seed",
            "3",
            "--quiet",
        ],
        "t.csv",
    );
    let won: Vec<f64> = evaluations(&csv)
        .iter()
        .map(|r| {
            let v = r["spec"].split("won=").nth(1).unwrap();
            v.parse().unwrap()
        })
        .collect();
    assert_eq!(won.len(), 8, "{csv}");
    assert!(won.iter().all(|v| (-6.0..=6.0).contains(v)), "{won:?}");
    assert!(
        won.iter().any(|v| v.fract() != 0.0),
        "a real range plays values between whole numbers: {won:?}"
    );
}

/// A solitaire run of two parameters (population 6), `budget` evaluations of 50 games.
fn budgeted(budget: &str) -> Vec<&str> {
    vec![
        "tune",
        "--game",
        "cant-stop",
        "--players",
        "1",
        "--policy",
        "rule-of-n:{20..36},marker={0..12 from 6}",
        "--games",
        "50",
        "--validate",
        "100",
        "--budget",
        budget,
        "--seed",
        "2",
    ]
}

#[test]
fn the_budget_is_the_most_evaluations_spent() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (budget, generations, summary) in [
        (
            "3",
            ["1"; 3].to_vec(),
            "tuned after 1 generation (3 evaluations)",
        ),
        (
            "40",
            Vec::new(),
            "tuned after 8 generations (40 evaluations)",
        ),
    ] {
        let out = run(d, &[&budgeted(budget)[..], &["--out", "b.csv"]].concat());
        let csv = fs::read_to_string(d.join("b.csv")).unwrap();
        let evals = evaluations(&csv);
        assert_eq!(evals.len().to_string(), budget, "{csv}");
        if !generations.is_empty() {
            let gens: Vec<&str> = evals.iter().map(|r| r["generation"].as_str()).collect();
            assert_eq!(gens, generations);
        } else {
            // Whole generations of 6 draws (fewer evaluations where a spec came again), then a
            // last one cut short by what was left.
            let per: Vec<usize> = (1..=8)
                .map(|g| {
                    evals
                        .iter()
                        .filter(|r| r["generation"] == g.to_string())
                        .count()
                })
                .collect();
            assert!(per.iter().all(|&n| (1..=6).contains(&n)), "{per:?}");
            assert!(per[7] < 6, "{per:?}");
        }
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with(summary), "{text}");
    }
}

#[test]
fn a_last_short_generation_is_the_same_on_two_threads_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let quiet = [&budgeted("16")[..], &["--quiet"]].concat();
    let one = tune(d, &[&quiet[..], &["--threads", "1"]].concat(), "one.csv");
    let two = tune(d, &[&quiet[..], &["--threads", "2"]].concat(), "two.csv");
    assert_eq!(one, two);
    assert_eq!(evaluations(&one).len(), 16, "{one}");
    // Cut after the two whole generations; the resume plays the last one, of 4.
    let args = [&quiet[..], &["--out", "cut.csv"]].concat();
    interrupted_after(d, &args, 2, "cut.csv.checkpoint");
    run(
        d,
        &[&args[..], &["--resume", "cut.csv.checkpoint"]].concat(),
    );
    assert_eq!(fs::read_to_string(d.join("cut.csv")).unwrap(), one);
}

#[test]
fn a_winner_on_the_edge_of_the_box_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Route 66 alone: rolling 1 to 3 times a turn, the best is 3, the top of the box.
    let out = run(
        d,
        &[
            "tune",
            "--game",
            "route66",
            "--players",
            "1",
            "--policy",
            "rolls:{1..3 from 1}",
            "--games",
            "1000",
            "--budget",
            "12",
            "--validate",
            "200",
            "--seed",
            "4",
            "--out",
            "e.csv",
        ],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("rolls = 3 is at the upper edge of {1..3 from 1}: the box may be too small"),
        "{text}"
    );
    // Inside the box: no such line.
    let out = run(
        d,
        &[
            "tune",
            "--game",
            "route66",
            "--players",
            "1",
            "--policy",
            "rolls:{1..4 from 1}",
            "--games",
            "500",
            "--budget",
            "24",
            "--validate",
            "200",
            "--seed",
            "4",
            "--out",
            "e.csv",
        ],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(": rolls:3\n"), "{text}");
    assert!(!text.contains("edge"), "{text}");
}

#[test]
fn the_linear_weights_family_plays_in_tournaments_and_tuning() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Alone in Can't Stop, beside the Rule of N it extends: a mean in turns for each, the same
    // bytes on one thread or two.
    let solo = |threads: &str| {
        let out = run(
            d,
            &[
                "tournament",
                "--game",
                "cant-stop",
                "--players",
                "1",
                "--policies",
                "glenn-linear,glenn-linear:ties=glenn,glenn",
                "--games",
                "2000",
                "--seed",
                "5",
                "--threads",
                threads,
                "--quiet",
                "--out",
                "-",
            ],
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let csv = solo("1");
    assert_eq!(csv, solo("2"));
    let mean = |name: &str| -> f64 {
        let rows = rows(&csv);
        let row = rows.iter().find(|r| r["policy"] == name).unwrap();
        assert_eq!(row["games"], "2000", "{csv}");
        row["mean_turns"].parse().unwrap()
    };
    // Glenn's code: 8.79 turns; the Rule of N with Glenn & Aloi's weights: 9.25.
    for name in ["glenn-linear", "glenn-linear:ties=glenn"] {
        assert!((8.5..9.1).contains(&mean(name)), "{name}: {csv}");
    }
    assert!(mean("glenn-linear") < mean("glenn"), "{csv}");
    // Against another policy, in both column games: every game has one winner.
    for game in ["cant-stop", "route66"] {
        let out = run(
            d,
            &[
                "tournament",
                "--game",
                game,
                "--policies",
                "linear-n:55,slope=60/48/56/44/28/32.5,glenn",
                "--games",
                "400",
                "--quiet",
                "--out",
                "-",
            ],
        );
        let csv = String::from_utf8(out.stdout).unwrap();
        let all: Vec<_> = rows(&csv)
            .into_iter()
            .filter(|r| r["seat"] == "all")
            .collect();
        assert_eq!(all.len(), 2, "{csv}");
        assert_eq!(all[0]["policy"], "linear-n:55,slope=60/48/56/44/28/32.5");
        let wins: u64 = all.iter().map(|r| r["wins"].parse::<u64>().unwrap()).sum();
        assert_eq!(wins, 400, "every game has one winner: {csv}");
    }
    // Its numbers are a tuning template's parameters: whole ones and real slopes.
    let csv = tune(
        d,
        &[
            "tune",
            "--game",
            "cant-stop",
            "--players",
            "1",
            "--policy",
            "linear-n:{50..70 from 61},progress={10..20}/13/8/8/4/3,slope={40.0..100.0}/48/56/44/28/32,marker={6..16}",
            "--games",
            "300",
            "--budget",
            "8",
            "--validate",
            "300",
            "--quiet",
        ],
        "linear.csv",
    );
    let rows = rows(&csv);
    let searched: Vec<_> = rows.iter().filter(|r| r["stage"] == "search").collect();
    assert!(searched.len() >= 8, "{csv}");
    for r in searched {
        assert!(
            r["spec"].starts_with("linear-n:") || r["spec"] == "glenn-linear",
            "{csv}"
        );
    }
    let tuned = rows.iter().find(|r| r["stage"] == "validation").unwrap();
    let turns: f64 = tuned["objective"].parse().unwrap();
    assert!((7.0..12.0).contains(&turns), "{csv}");
}

#[test]
fn the_start_is_played_first_and_never_beaten_by_a_worse_point() {
    // One evaluation from the start rule-of-n:28: CMA-ES draws rule-of-n:40 (some 14.5 turns
    // against the start's 10.7). The start plays the first generation's games as its
    // incumbent, so the run returns it, not the worse draw.
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "tune",
        "--game",
        "cant-stop",
        "--players",
        "1",
        "--policy",
        "rule-of-n:{10..40 from 28}",
        "--games",
        "500",
        "--budget",
        "1",
        "--validate",
        "500",
        "--seed",
        "1",
        "--quiet",
    ];
    let csv = tune(dir.path(), &args, "t.csv");
    let rows = rows(&csv);
    let search: Vec<(&str, &str, &str)> = rows
        .iter()
        .filter(|r| r["stage"] == "search")
        .map(|r| {
            (
                r["candidate"].as_str(),
                r["spec"].as_str(),
                r["best"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        search,
        [
            ("start", "rule-of-n:28", "true"),
            ("1", "rule-of-n:40", "false")
        ],
        "{csv}"
    );
    let tuned = rows.iter().find(|r| r["stage"] == "validation").unwrap();
    assert_eq!(tuned["spec"], "rule-of-n:28");
}

#[test]
fn a_spec_drawn_twice_in_a_generation_is_played_once_and_charged_once() {
    // Three thresholds and six draws a generation: most draws repeat. Each generation plays
    // each spec once (the incumbent's included), the budget counts those evaluations only,
    // and the run is the same on two threads.
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "tune",
        "--game",
        "shortcut",
        "--players",
        "1",
        "--policy",
        "threshold:{1..3}",
        "--games",
        "200",
        "--budget",
        "8",
        "--population",
        "6",
        "--validate",
        "200",
        "--seed",
        "4",
    ];
    let out = run(
        dir.path(),
        &[&args[..], &["--out", "t.csv", "--threads", "1"]].concat(),
    );
    let csv = fs::read_to_string(dir.path().join("t.csv")).unwrap();
    let search: Vec<_> = rows(&csv)
        .into_iter()
        .filter(|r| r["stage"] == "search")
        .collect();
    let generations: std::collections::BTreeSet<String> =
        search.iter().map(|r| r["generation"].clone()).collect();
    for g in &generations {
        let specs: Vec<&str> = search
            .iter()
            .filter(|r| &r["generation"] == g)
            .map(|r| r["spec"].as_str())
            .collect();
        let distinct: std::collections::BTreeSet<&str> = specs.iter().copied().collect();
        assert_eq!(specs.len(), distinct.len(), "generation {g}: {specs:?}");
    }
    let evaluations = search
        .iter()
        .filter(|r| !matches!(r["candidate"].as_str(), "start" | "incumbent"))
        .count();
    assert!(evaluations <= 8, "{csv}");
    let text = String::from_utf8(out.stdout).unwrap();
    let counted = format!(
        "tuned after {} generation{} ({evaluations} evaluation{})",
        generations.len(),
        if generations.len() == 1 { "" } else { "s" },
        if evaluations == 1 { "" } else { "s" }
    );
    assert!(text.starts_with(&counted), "{text}");
    let two = tune(
        dir.path(),
        &[&args[..], &["--threads", "2", "--quiet"]].concat(),
        "two.csv",
    );
    assert_eq!(two, csv);
}

#[test]
fn ctrl_c_names_the_best_so_far_and_a_save_says_where_it_went() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [&DUEL[..], &["--out", "cut.csv"]].concat();
    let out = interrupted_after(d, &args, 1, "cut.csv.checkpoint");
    let partial = fs::read_to_string(d.join("cut.csv")).unwrap();
    let best = rows(&partial)
        .into_iter()
        .find(|r| r["best"] == "true")
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let line = format!(
        "best so far: {} (win rate {:.4} on generation 1's {} games; not validated)",
        best["spec"],
        best["objective"].parse::<f64>().unwrap(),
        best["games"]
    );
    assert!(err.contains(&line), "{err}");
    fs::create_dir(d.join("mine")).unwrap();
    let saved = run(
        d,
        &[
            &DUEL[..DUEL.len() - 1],
            &[
                "--validate",
                "500",
                "--out",
                "t.csv",
                "--save",
                "mine/duelist.toml",
            ],
        ]
        .concat(),
    );
    let text = String::from_utf8(saved.stdout).unwrap();
    assert!(
        text.ends_with("strategy saved in mine/duelist.toml\n"),
        "{text}"
    );
    assert!(d.join("mine/duelist.toml").exists());
}
