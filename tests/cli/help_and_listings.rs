//! What a newcomer reads first: every `--help` ends with real examples, and each runs (games
//! cut down to a few hundred); `pressluck policies --game G` lists every game's policies; a
//! strategy is found by name from any folder.

use std::fs;
use std::path::Path;

/// The subcommands, in the order their examples build on each other (merge reads the shards
/// the tournament examples do not write, so its own examples write them first).
const SUBCOMMANDS: [&str; 12] = [
    "tournament",
    "sweep",
    "tune",
    "merge",
    "odds",
    "replay",
    "advise",
    "boards",
    "policies",
    "bench",
    "completions",
    "man",
];

/// The example lines under `pressluck ARGS --help`, without the leading `pressluck`.
fn examples(args: &[&str]) -> Vec<String> {
    let help = crate::run::stdout_of(&[args, &["--help"]].concat());
    let help = String::from_utf8(help).unwrap();
    let at = help.find("\nExamples:\n").expect("an Examples section");
    help[at..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with("  pressluck "))
        .map(|l| l["  pressluck ".len()..].to_string())
        .collect()
}

/// A command line split into words as a shell splits it (single quotes only), stopped at a
/// pipe or redirection.
fn words(line: &str) -> Vec<String> {
    let (mut out, mut word, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
    for ch in line.chars() {
        match ch {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            '|' | '>' if !quoted => break,
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

#[test]
fn every_help_ends_with_examples_that_run() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    fs::create_dir_all(home.join("my-strategies")).unwrap();
    let records = dir.path().join("examples/records");
    fs::create_dir_all(&records).unwrap();
    let ours = Path::new(crate::ROOT).join("examples/records");
    for e in fs::read_dir(ours).unwrap() {
        let e = e.unwrap();
        fs::copy(e.path(), records.join(e.file_name())).unwrap();
    }
    let top = examples(&[]);
    assert!((2..=4).contains(&top.len()), "{top:?}");
    for sub in SUBCOMMANDS {
        let lines = examples(&[sub]);
        assert!((2..=4).contains(&lines.len()), "{sub}: {lines:?}");
        for line in lines
            .iter()
            .chain(if sub == "tournament" { &top[..] } else { &[] })
        {
            let mut args: Vec<String> = words(&line.replace('~', home.to_str().unwrap()));
            if matches!(args[0].as_str(), "tournament" | "sweep" | "bench") {
                args.extend(["--games".into(), "300".into()]);
            }
            if matches!(args[0].as_str(), "tournament" | "sweep") {
                args.push("--quiet".into());
            }
            let out = crate::pressluck_cmd()
                .current_dir(dir.path())
                .env("HOME", &home)
                .args(&args)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "pressluck {line}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

#[test]
fn every_shell_gets_a_completion_script_naming_the_subcommands() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = String::from_utf8(crate::run::stdout_of(&["completions", shell])).unwrap();
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell} script lacks {sub}");
        }
        // Flags as each shell spells them: `--budget`, or fish's `-l budget`.
        for flag in ["policies", "budget", "variant"] {
            assert!(script.contains(flag), "{shell} script lacks --{flag}");
        }
    }
}

/// A roff page without the two lines `roff` writes first in every page (they define the
/// apostrophe string `Aq`).
fn page_body(page: &str) -> &str {
    let rest = page
        .strip_prefix(".ie \\n(.g .ds Aq \\(aq\n")
        .unwrap_or(page);
    rest.strip_prefix(".el .ds Aq '\n").unwrap_or(rest)
}

#[test]
fn the_man_page_lists_every_subcommand_and_each_has_its_own() {
    let page = String::from_utf8(crate::run::stdout_of(&["man"])).unwrap();
    assert!(page_body(&page).starts_with(".TH pressluck 1 "), "{page}");
    for sub in SUBCOMMANDS {
        assert!(
            page.contains(&format!("pressluck\\-{sub}(1)")),
            "the page lacks {sub}: {page}"
        );
        let own = String::from_utf8(crate::run::stdout_of(&["man", sub])).unwrap();
        assert!(
            page_body(&own).starts_with(&format!(".TH pressluck-{sub} 1 ")),
            "{own}"
        );
        assert!(own.contains("Examples:"), "{sub}: {own}");
    }
    let tune = String::from_utf8(crate::run::stdout_of(&["man", "tune"])).unwrap();
    assert!(tune.contains("\\-\\-budget"), "{tune}");
    // --out writes the same page.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pressluck.1");
    crate::run::stdout_of(&["man", "--out", out.to_str().unwrap()]);
    assert_eq!(fs::read_to_string(&out).unwrap(), page);
}

#[test]
fn every_game_lists_its_policies() {
    for (game, has, lacks) in [
        ("route66", "rule28", "press:N"),
        ("cant-stop", "glenn", "greedy"),
        ("great-races", "race-margin", "rule28"),
        ("shortcut", "threshold:T", "rule28"),
        ("treasure-hunt", "thief[:P]", "race-points"),
    ] {
        let text = String::from_utf8(crate::run::stdout_of(&["policies", "--game", game])).unwrap();
        assert!(
            text.contains(has) && !text.contains(lacks),
            "{game}:\n{text}"
        );
        assert!(text.contains(&format!("--game {game}")), "{game}:\n{text}");
    }
    let out = crate::pressluck_cmd()
        .args(["policies", "--game", "chess"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("route66, cant-stop, great-races, shortcut or treasure-hunt"),
        "{err}"
    );
}

#[test]
fn a_strategy_is_found_by_name_from_any_folder() {
    let elsewhere = tempfile::tempdir().unwrap();
    let run = |extra: &[(&str, &str)]| {
        let mut cmd = crate::pressluck_cmd();
        cmd.current_dir(elsewhere.path())
            .env_remove("PRESSLUCK_STRATEGIES")
            .args([
                "tournament",
                "--game",
                "cant-stop",
                "--policies",
                "cautious,mine",
            ])
            .args(["--games", "500", "--quiet", "--out", "-"]);
        for (k, v) in extra {
            cmd.env(k, v);
        }
        cmd.output().unwrap()
    };
    // A built-in strategy works anywhere; one of the user's needs its folder.
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown policy 'mine'"));
    let mine = tempfile::tempdir().unwrap();
    fs::write(
        mine.path().join("mine.toml"),
        "description = \"mine\"\npolicy = \"fixed-risk:0.25\"\n",
    )
    .unwrap();
    let out = run(&[("PRESSLUCK_STRATEGIES", mine.path().to_str().unwrap())]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let t = crate::run::Table::parse(&String::from_utf8(out.stdout).unwrap());
    let policies: Vec<&str> = (0..t.rows.len()).map(|i| t.get(i, "policy")).collect();
    assert!(
        policies.contains(&"cautious") && policies.contains(&"mine"),
        "{policies:?}"
    );
    // ./strategies is the default folder.
    fs::create_dir(elsewhere.path().join("strategies")).unwrap();
    fs::copy(
        mine.path().join("mine.toml"),
        elsewhere.path().join("strategies/mine.toml"),
    )
    .unwrap();
    assert!(run(&[]).status.success());
}

/// The first line of a CSV written to standard output by `pressluck ARGS`.
fn header_of(args: &[&str]) -> String {
    let out = crate::run::stdout_of(args);
    String::from_utf8(out)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn the_docs_give_the_columns_the_files_have() {
    let charts = fs::read_to_string(crate::repo("docs/charts.md")).unwrap();
    let sweep = header_of(&[
        "sweep",
        "--quiet",
        "--game",
        "cant-stop",
        "--policy",
        "rolls:{1..2}",
        "--against",
        "one-roll",
        "--games",
        "50",
        "--out",
        "-",
    ]);
    assert!(
        charts.contains(&format!("`{sweep}`")),
        "docs/charts.md lacks `{sweep}`"
    );
    let csv = fs::read_to_string(crate::repo("docs/csv.md")).unwrap();
    let tournament = header_of(&[
        "tournament",
        "--quiet",
        "--game",
        "cant-stop",
        "--policies",
        "one-roll",
        "--games",
        "50",
        "--out",
        "-",
    ]);
    for column in tournament.split(',') {
        assert!(
            csv.contains(&format!("`{column}`")),
            "docs/csv.md lacks `{column}`"
        );
    }
    let readme = fs::read_to_string(crate::repo("README.md")).unwrap();
    // The install line keeps the locked versions and installs the root package, the binary.
    assert!(readme.contains("cargo install --locked --path . "));
    let manifest = fs::read_to_string(crate::repo("Cargo.toml")).unwrap();
    assert!(manifest.contains("[[bin]]\nname = \"pressluck\""));
}

#[test]
fn each_command_s_help_names_the_flags_it_has() {
    let help = String::from_utf8(crate::run::stdout_of(&["sweep", "--help"])).unwrap();
    let strategies = &help[help.find("--strategies").unwrap()..];
    let line: String = strategies.lines().take(3).collect();
    assert!(
        line.contains("--against") && !line.contains("--policies"),
        "{line}"
    );
}
