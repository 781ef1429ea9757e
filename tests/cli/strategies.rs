//! Strategy files as a user meets them: a file `tune --save` writes plays by name in every game
//! tune tunes, and only there; a file that cannot be played stops only a run that names it
//! (one line naming the file) and is listed as refused; a user's file named like a built-in
//! policy never lists as one thing and plays another; and the built-in strategies do what
//! their names say.

use crate::fixture::pressluck;
use crate::run::Table;
use crate::scale_out::run;
use std::fs;
use std::path::Path;
use std::process::Output;

/// Runs `pressluck` in `dir` without `PRESSLUCK_STRATEGIES` (so `./strategies` or
/// `--strategies` decides).
fn in_dir(dir: &Path, args: &[&str]) -> Output {
    pressluck()
        .current_dir(dir)
        .env_remove("PRESSLUCK_STRATEGIES")
        .args(args)
        .output()
        .unwrap()
}

/// The one line of a failed run's stderr, checked to be an input error (exit 2).
fn one_error(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: "), "{err}");
    err
}

/// A tournament of `policies` in `game`, 200 games a matchup, its CSV on stdout.
fn tournament<'a>(game: &'a str, policies: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "tournament",
        "--game",
        game,
        "--policies",
        policies,
        "--games",
        "200",
        "--quiet",
        "--out",
        "-",
    ];
    args.extend_from_slice(extra);
    args
}

#[test]
fn a_saved_strategy_plays_by_name_in_every_game_tune_tunes_and_only_there() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir(d.join("mine")).unwrap();
    // The Great Races' pairing rules have no parameter: tune has nothing to tune there.
    for (game, template, against) in [
        ("route66", "rule-of-n:{20..32}", "rule28"),
        ("cant-stop", "rule-of-n:{20..32}", "rule28"),
        ("shortcut", "threshold:{1..12}", "main-road"),
        ("treasure-hunt", "greedy:{0.0..1.0}", "runner"),
    ] {
        let name = format!("tuned-{game}");
        let save = format!("mine/{name}.toml");
        run(
            d,
            &[
                "tune",
                "--game",
                game,
                "--players",
                "1",
                "--policy",
                template,
                "--games",
                "100",
                "--budget",
                "8",
                "--validate",
                "100",
                "--quiet",
                "--save",
                &save,
                "--out",
                "t.csv",
            ],
        );
        let text = fs::read_to_string(d.join(&save)).unwrap();
        let file: toml::Value = toml::from_str(&text).unwrap();
        assert_eq!(file["game"].as_str(), Some(game), "{text}");
        let policies = format!("{name},{against}");
        let out = run(d, &tournament(game, &policies, &["--strategies", "mine"]));
        let t = Table::parse(&String::from_utf8(out.stdout).unwrap());
        assert!(
            !t.find(&[("policy", &name), ("seat", "all")]).is_empty(),
            "{game}"
        );
        // In another game the name is an error naming the file and its game.
        let other = if game == "cant-stop" {
            "route66"
        } else {
            "cant-stop"
        };
        let err = one_error(&in_dir(
            d,
            &tournament(other, &format!("{name},ev"), &["--strategies", "mine"]),
        ));
        assert!(
            err.contains(&format!(
                "mine/{name}.toml: '{name}' is a strategy for {game}, not for {other}"
            )),
            "{err}"
        );
    }
}

#[test]
fn a_shortcut_strategy_in_the_folder_stops_no_other_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir(d.join("strategies")).unwrap();
    run(
        d,
        &[
            "tune",
            "--game",
            "shortcut",
            "--players",
            "1",
            "--policy",
            "threshold:{1..12}",
            "--games",
            "100",
            "--budget",
            "8",
            "--validate",
            "100",
            "--quiet",
            "--save",
            "strategies/sc.toml",
            "--out",
            "t.csv",
        ],
    );
    let out = in_dir(d, &tournament("route66", "ev,rule28", &[]));
    assert!(out.status.success(), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
    let out = in_dir(d, &tournament("shortcut", "sc,optimal", &[]));
    assert!(out.status.success(), "{out:?}");
    let err = one_error(&in_dir(d, &tournament("cant-stop", "sc,ev", &[])));
    assert!(
        err.contains("strategies/sc.toml: 'sc' is a strategy for shortcut, not for cant-stop"),
        "{err}"
    );
    // The listing shows it under its game only.
    let listing = |game: &str| {
        let out = in_dir(d, &["policies", "--game", game]);
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(
        listing("shortcut").contains("  sc "),
        "{}",
        listing("shortcut")
    );
    assert!(
        !listing("cant-stop").contains("  sc "),
        "{}",
        listing("cant-stop")
    );
}

#[test]
fn a_broken_file_stops_only_the_run_that_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir(d.join("strategies")).unwrap();
    fs::write(
        d.join("strategies/broken.toml"),
        "description = \"x\"\npolicy = \"threshold:5\"\n",
    )
    .unwrap();
    let out = in_dir(d, &tournament("cant-stop", "ev,rule28", &[]));
    assert!(out.status.success(), "{out:?}");
    let warning = String::from_utf8_lossy(&out.stderr);
    assert!(
        warning.starts_with("warning: strategies/broken.toml: ") && warning.lines().count() == 1,
        "{warning}"
    );
    let err = one_error(&in_dir(d, &tournament("cant-stop", "broken,ev", &[])));
    assert!(
        err.contains("strategies/broken.toml: ") && err.contains("unknown policy 'threshold'"),
        "{err}"
    );
    let listing = String::from_utf8(in_dir(d, &["policies"]).stdout).unwrap();
    let line = listing
        .lines()
        .find(|l| l.starts_with("  broken "))
        .unwrap();
    assert!(
        line.contains(" refused: strategies/broken.toml: "),
        "{listing}"
    );
}

#[test]
fn a_users_file_named_like_a_builtin_policy_is_refused_and_listed_so() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir(d.join("strategies")).unwrap();
    fs::write(
        d.join("strategies/ev.toml"),
        "description = \"mine\"\npolicy = \"fixed-risk:0.25\"\n",
    )
    .unwrap();
    let err = one_error(&in_dir(d, &tournament("route66", "ev,rule28", &[])));
    assert_eq!(
        err.trim_end(),
        "error: --policies: strategies/ev.toml: 'ev' is a built-in policy's name; rename the file"
    );
    // Not named: the run goes on, with a warning.
    let out = in_dir(d, &tournament("route66", "glenn,rule28", &[]));
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("warning: strategies/ev.toml: 'ev'"));
    let listing = String::from_utf8(in_dir(d, &["policies"]).stdout).unwrap();
    // The strategies' lines, after the policy families'.
    let strategies = &listing[listing.find("Strategies by name").unwrap()..];
    let line = strategies.lines().find(|l| l.starts_with("  ev ")).unwrap();
    assert!(
        line.contains(" refused: strategies/ev.toml: 'ev' is a built-in policy's name"),
        "{listing}"
    );
    assert!(!listing.contains("fixed-risk:0.25"), "{listing}");
}

#[test]
fn a_users_file_named_like_a_builtin_strategy_is_listed_and_played() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir(d.join("strategies")).unwrap();
    fs::write(
        d.join("strategies/cautious.toml"),
        "description = \"mine: one roll a turn\"\npolicy = \"one-roll\"\n",
    )
    .unwrap();
    let listing =
        String::from_utf8(in_dir(d, &["policies", "--game", "cant-stop"]).stdout).unwrap();
    let line = listing
        .lines()
        .find(|l| l.starts_with("  cautious "))
        .unwrap();
    assert!(
        line.contains("one-roll")
            && line.contains("mine: one roll a turn")
            && line.contains("[strategies/cautious.toml, in place of the built-in one]"),
        "{listing}"
    );
    let out = in_dir(d, &tournament("cant-stop", "cautious,ev", &[]));
    let t = Table::parse(&String::from_utf8(out.stdout).unwrap());
    let row = t.one(&[("policy", "cautious"), ("seat", "all")]);
    assert_eq!(t.get(row, "mean_rolls"), "1.000000");
}

#[test]
fn a_shard_of_a_users_cautious_does_not_merge_with_one_of_the_builtin() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Three folders: the built-in strategies only, a user's `cautious` of another spec, and a
    // user's `cautious` of the built-in's very spec (another description).
    for (folder, spec) in [("mine", "rule-of-n:12"), ("same", "rule-of-n:10")] {
        fs::create_dir_all(d.join(folder).join("strategies")).unwrap();
        fs::write(
            d.join(folder).join("strategies/cautious.toml"),
            format!("description = \"{folder}\"\npolicy = \"{spec}\"\n"),
        )
        .unwrap();
    }
    fs::create_dir(d.join("builtin")).unwrap();
    let shard = |folder: &str, k: &str, out: &str| {
        let out = d.join(out);
        let args = [
            "tournament",
            "--game",
            "cant-stop",
            "--policies",
            "cautious,rule28",
            "--games",
            "3000",
            "--quiet",
            "--shard",
            k,
            "--out",
            out.to_str().unwrap(),
        ];
        let run = in_dir(&d.join(folder), &args);
        assert!(run.status.success(), "{run:?}");
    };
    shard("builtin", "1/2", "b1.csv");
    shard("builtin", "2/2", "b2.csv");
    shard("mine", "2/2", "m2.csv");
    shard("same", "2/2", "s2.csv");
    let merge = |second: &str| in_dir(d, &["merge", "b1.csv", second, "--out", "-"]);
    let err = one_error(&merge("m2.csv"));
    assert_eq!(
        err.trim_end(),
        "error: m2.csv: not a shard of the same run as b1.csv (different policy definitions: \
         'cautious = rule-of-n:12' here, 'cautious = rule-of-n:10' in b1.csv)"
    );
    // The same definitions merge, and into the same table whichever file defined them.
    let both = merge("b2.csv");
    assert!(both.status.success(), "{both:?}");
    let same = merge("s2.csv");
    assert!(same.status.success(), "{same:?}");
    assert_eq!(both.stdout, same.stdout);
    assert!(!both.stdout.is_empty());
}

#[test]
fn cautious_busts_least_and_rolls_least_and_bold_most() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["route66", "cant-stop"] {
        let out = in_dir(
            dir.path(),
            &[
                "tournament",
                "--game",
                game,
                "--policies",
                "bold,cautious,expected-value",
                "--games",
                "4000",
                "--quiet",
                "--out",
                "-",
            ],
        );
        let t = Table::parse(&String::from_utf8(out.stdout).unwrap());
        // Each policy's turns over its two matchups, weighted by games.
        let figure = |policy: &str, column: &str| {
            let rows = t.find(&[("policy", policy), ("seat", "all")]);
            let games: f64 = rows.iter().map(|&i| t.num(i, "games")).sum();
            rows.iter()
                .map(|&i| t.num(i, column) * t.num(i, "games"))
                .sum::<f64>()
                / games
        };
        for column in ["bust_rate", "mean_rolls"] {
            let (bold, cautious, ev) = (
                figure("bold", column),
                figure("cautious", column),
                figure("ev", column),
            );
            assert!(
                cautious < ev && ev < bold,
                "{game} {column}: cautious {cautious}, ev {ev}, bold {bold}"
            );
        }
    }
}

#[test]
fn advise_knows_the_strategies_of_every_game_it_advises_in() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir(d.join("strategies")).unwrap();
    fs::write(
        d.join("strategies/careful.toml"),
        "description = \"x\"\ngame = \"treasure-hunt\"\npolicy = \"greedy:0.6\"\n",
    )
    .unwrap();
    let records = Path::new(crate::ROOT).join("examples/records");
    let hunt = records.join("treasure-hunt.rec");
    let out = in_dir(
        d,
        &[
            "advise",
            hunt.to_str().unwrap(),
            "--policies",
            "careful,greedy",
        ],
    );
    assert!(out.status.success(), "{out:?}");
    let advice = String::from_utf8(out.stdout).unwrap();
    assert!(
        advice
            .lines()
            .any(|l| l.trim_start().starts_with("careful ")),
        "{advice}"
    );
    let route66 = records.join("anna-turn.rec");
    let err = one_error(&in_dir(
        d,
        &[
            "advise",
            route66.to_str().unwrap(),
            "--policies",
            "careful,ev",
        ],
    ));
    assert!(
        err.contains(
            "strategies/careful.toml: 'careful' is a strategy for treasure-hunt, not for route66"
        ),
        "{err}"
    );
}
