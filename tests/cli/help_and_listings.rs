//! What a newcomer reads first: every `--help` ends with real examples, and each runs as
//! written and shows what it promises; the man pages keep the examples as typed; the shell
//! completions offer each flag's values; `pressluck policies --game G` lists every game's
//! policies, their figures the results' own; a strategy is found by name from any folder.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The subcommands, in the order their examples build on each other (merge reads the shards
/// the tournament examples do not write, so its own examples write them first).
const SUBCOMMANDS: [&str; 13] = [
    "tournament",
    "sweep",
    "tune",
    "merge",
    "odds",
    "replay",
    "advise",
    "review",
    "boards",
    "policies",
    "bench",
    "completions",
    "man",
];

/// The example lines under `pressluck ARGS --help`, each a whole command line.
fn examples(args: &[&str]) -> Vec<String> {
    let help = crate::run::stdout_of(&[args, &["--help"]].concat());
    let help = String::from_utf8(help).unwrap();
    let at = help.find("\nExamples:\n").expect("an Examples section");
    help[at..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with("  pressluck "))
        .map(|l| l.trim().to_string())
        .collect()
}

/// Every regular file under `dir` with its length.
fn files(dir: &Path) -> BTreeMap<PathBuf, u64> {
    let mut out = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let e = e.unwrap();
            let meta = e.metadata().unwrap();
            if meta.is_dir() {
                todo.push(e.path());
            } else {
                out.insert(e.path(), meta.len());
            }
        }
    }
    out
}

/// The files an example line names as its outputs (`--out F`, `--svg F`, `--save F`, `> F`),
/// standard output (`-`) aside; `~` is the home folder.
fn named_outputs(line: &str, home: &Path) -> Vec<PathBuf> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words
        .windows(2)
        .filter(|w| matches!(w[0], "--out" | "--svg" | "--save" | ">") && w[1] != "-")
        .map(|w| match w[1].strip_prefix("~/") {
            Some(rest) => home.join(rest),
            None => PathBuf::from(w[1]),
        })
        .collect()
}

/// Whether the shell finds the program `name`.
fn installed(name: &str) -> bool {
    std::process::Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn every_help_example_runs_as_written_and_shows_what_it_promises() {
    // A folder with what the examples read (the records), a home with the folders a user's
    // shell keeps its completions in and a strategy of their own; each example line is run
    // by the shell as a user pastes it, `pressluck` on the PATH.
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    for d in [
        "my-strategies",
        ".local/share/bash-completion/completions",
        ".config/fish/completions",
    ] {
        fs::create_dir_all(home.join(d)).unwrap();
    }
    fs::write(
        home.join("my-strategies/steady.toml"),
        "description = \"mine\"\ngame = \"cant-stop\"\npolicy = \"rule-of-n:26\"\n",
    )
    .unwrap();
    let records = dir.path().join("examples/records");
    fs::create_dir_all(&records).unwrap();
    for e in fs::read_dir(crate::repo("examples/records")).unwrap() {
        let e = e.unwrap();
        fs::copy(e.path(), records.join(e.file_name())).unwrap();
    }
    let bin = Path::new(env!("CARGO_BIN_EXE_pressluck")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let top = examples(&[]);
    assert!((2..=5).contains(&top.len()), "{top:?}");
    for sub in SUBCOMMANDS {
        let lines = examples(&[sub]);
        assert!((2..=5).contains(&lines.len()), "{sub}: {lines:?}");
        let top_too: &[String] = if sub == "tournament" { &top } else { &[] };
        for line in lines.iter().chain(top_too) {
            // A pipe into a program this machine lacks runs its pressluck part alone.
            let run = match line.split_once(" | ") {
                Some((head, tail)) if !installed(tail.split(' ').next().unwrap()) => head,
                _ => line.as_str(),
            };
            let before = files(dir.path());
            let out = std::process::Command::new("sh")
                .args(["-c", run])
                .current_dir(dir.path())
                .env("HOME", &home)
                .env("PATH", &path)
                .env("MANPAGER", "cat")
                .env("PAGER", "cat")
                .env_remove("PRESSLUCK_STRATEGIES")
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{line}: {stderr}");
            let written: Vec<PathBuf> = files(dir.path())
                .into_iter()
                .filter(|(p, len)| *len > 0 && before.get(p) != Some(len))
                .map(|(p, _)| p)
                .collect();
            assert!(
                !stdout.trim().is_empty() || !written.is_empty(),
                "{line}: no output at all"
            );
            for named in named_outputs(run, &home) {
                let named = dir.path().join(named);
                assert!(
                    written.contains(&named),
                    "{line}: {} not written",
                    named.display()
                );
            }
            // An example shows a decision, not the want of one.
            for empty in ["nothing to decide", "nothing to roll out"] {
                assert!(
                    !stdout.contains(empty) && !stderr.contains(empty),
                    "{line}: {stdout}{stderr}"
                );
            }
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

#[test]
fn every_shell_completes_the_values_of_game_format_view_edition_and_variant() {
    // Each flag's completion offers its values (the catalogue's games, views and variants,
    // the formats), never file names.
    let values = [
        (
            "game",
            "route66 cant-stop great-races shortcut treasure-hunt",
        ),
        ("format", "json"),
        ("view", "sets tracks reach press policy claims"),
        ("edition", "en de"),
        (
            "variant",
            "leisurely faster-gear jump hand-5 row-limit-steals",
        ),
    ];
    for shell in ["bash", "zsh", "fish"] {
        let script = String::from_utf8(crate::run::stdout_of(&["completions", shell])).unwrap();
        for (flag, listed) in values {
            // What completes the flag's value: bash's case arm and the line after it; zsh's
            // argument spec; fish's `complete` line up to the end of its list of values.
            let starts = match shell {
                "bash" => format!("--{flag})\n"),
                "zsh" => format!("--{flag}=["),
                _ => format!(" -l {flag} "),
            };
            let completing: Vec<&str> = script
                .match_indices(&starts)
                .map(|(at, _)| {
                    let rest = &script[at..];
                    let end = match shell {
                        "fish" => match rest.find(" -a \"") {
                            Some(a) => a + 5 + rest[a + 5..].find('"').unwrap_or(0),
                            None => rest.find('\n').unwrap_or(rest.len()),
                        },
                        "bash" => {
                            let first = rest.find('\n').unwrap() + 1;
                            first + rest[first..].find('\n').unwrap_or(rest.len() - first)
                        }
                        _ => rest.find('\n').unwrap_or(rest.len()),
                    };
                    &rest[..end]
                })
                .collect();
            assert!(!completing.is_empty(), "{shell}: no completion of --{flag}");
            for text in completing {
                let offers = match shell {
                    "bash" => text.contains("compgen -W \"") && !text.contains("compgen -f"),
                    "zsh" => text.trim_end().ends_with(")' \\") && !text.contains("_files"),
                    _ => text.contains(" -f -a \""),
                };
                assert!(offers, "{shell} --{flag} offers no values: {text}");
                for value in listed.split(' ') {
                    assert!(
                        text.contains(value),
                        "{shell} --{flag} lacks {value}: {text}"
                    );
                }
            }
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
        assert!(own.contains(".SH EXAMPLES\n"), "{sub}: {own}");
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
fn every_man_page_keeps_its_examples_as_typed() {
    // Copied from the rendered page (narrow, as a small terminal shows it), each example is
    // the line the help gives; without man, the page's roff sets them unfilled and
    // unhyphenated, every hyphen a `\-` (a plain `-` may print as a hyphen, not a minus).
    let man = installed("man");
    for sub in SUBCOMMANDS {
        let roff = String::from_utf8(crate::run::stdout_of(&["man", sub])).unwrap();
        let block = roff
            .split_once(".SH EXAMPLES\n.nf\n.nh\n")
            .and_then(|(_, rest)| rest.split_once("\n.hy\n.fi\n"))
            .map(|(block, _)| block)
            .unwrap_or_else(|| panic!("{sub}: no unfilled EXAMPLES section: {roff}"));
        let lines = examples(&[sub]);
        assert_eq!(block.lines().count(), lines.len(), "{sub}: {block}");
        for (roff_line, line) in block.lines().zip(&lines) {
            let escaped = line.replace('-', "\\-").replace('\'', "\\*(Aq");
            assert_eq!(roff_line.trim(), escaped, "{sub}");
        }
        if !man {
            continue;
        }
        let mut child = std::process::Command::new("man")
            .args(["-l", "-"])
            .env("MANWIDTH", "60")
            .env("MANPAGER", "cat")
            .env("PAGER", "cat")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(roff.as_bytes())
                .unwrap();
        }
        let shown = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
        for line in &lines {
            assert!(
                shown.lines().any(|l| l.trim() == line),
                "man pressluck-{sub}: '{line}' not on one line as typed: {shown}"
            );
        }
    }
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

#[test]
fn the_solitaire_figures_of_the_readme_and_the_policies_listing_are_the_results_own() {
    // One source: results/literature-solitaire.csv (scripts/literature.sh). The README's
    // sentence and the policies listing quote its mean turns to two decimals.
    let csv = fs::read_to_string(crate::repo("results/literature-solitaire.csv")).unwrap();
    let t = crate::run::Table::parse(&csv);
    let turns = |policy: &str| -> String {
        let i = (0..t.rows.len())
            .find(|&i| t.get(i, "policy") == policy)
            .unwrap_or_else(|| panic!("{policy} not in the results"));
        format!("{:.2}", t.num(i, "mean_turns"))
    };
    // The README's prose, its line breaks as spaces.
    let readme = fs::read_to_string(crate::repo("README.md")).unwrap();
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    for policy in ["glenn", "rule28", "rule28:ties=glenn", "glenn-linear"] {
        let quoted = format!("`{policy}` {}", turns(policy));
        assert!(readme.contains(&quoted), "README lacks {quoted}");
    }
    let listing =
        String::from_utf8(crate::run::stdout_of(&["policies", "--game", "cant-stop"])).unwrap();
    let line = |family: &str| -> &str {
        listing
            .lines()
            .find(|l| l.trim_start().starts_with(family))
            .unwrap_or_else(|| panic!("{family} not listed: {listing}"))
    };
    for (family, figures) in [
        (
            "glenn-linear[",
            vec![format!("solitaire {} turns", turns("glenn-linear"))],
        ),
        (
            "glenn[",
            vec![format!("solitaire {} turns", turns("glenn"))],
        ),
        (
            "rule28[",
            vec![
                format!("solitaire {} turns", turns("rule28")),
                format!("({})", turns("rule28:ties=glenn")),
            ],
        ),
    ] {
        for figure in figures {
            assert!(
                line(family).contains(&figure),
                "{family}: {figure} in {}",
                line(family)
            );
        }
    }
}

#[test]
fn each_help_says_what_its_command_takes_and_errors_name_where_a_value_came_from() {
    let help = |sub: &str| String::from_utf8(crate::run::stdout_of(&[sub, "--help"])).unwrap();
    // review has --rollout-policies, no --policies, and always a record.
    let review = help("review");
    assert!(
        !review
            .replace("--rollout-policies", "")
            .contains("--policies"),
        "{review}"
    );
    assert!(!review.contains("no record"), "{review}");
    // odds --view names every game's tables, the one its own example uses included.
    let odds = help("odds");
    let view = &odds[odds.find("--view").unwrap()..];
    let view = &view[..view.find("\n      --").unwrap()];
    for table in ["sets", "tracks", "reach", "press", "policy", "claims"] {
        assert!(
            view.contains(&format!("{table} (")),
            "--view lacks {table}: {view}"
        );
    }
    assert!(odds.contains("--view policy"), "{odds}");
    // A folder named by the environment is named so, not as the flag.
    let out = crate::pressluck_cmd()
        .env("PRESSLUCK_STRATEGIES", "/nonexistent")
        .args(["policies"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: PRESSLUCK_STRATEGIES=/nonexistent: "),
        "{err}"
    );
    let out = crate::pressluck_cmd()
        .env("PRESSLUCK_STRATEGIES", "/nonexistent")
        .args(["policies", "--strategies", "/elsewhere"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: --strategies /elsewhere: "), "{err}");
}
