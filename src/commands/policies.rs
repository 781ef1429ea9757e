//! `pressluck policies`: every built-in policy family with its spec syntax and one line, then
//! the strategy files found in a folder (name, the spec it stands for, its description).

use crate::error::input;
use crate::policy::spec::{read_strategy, Strategy};
use crate::policy::FAMILIES;
use anyhow::Result;
use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

/// Runs the command.
pub fn run(strategies: &Path) -> Result<ExitCode> {
    print!("{}", render(strategies)?);
    Ok(ExitCode::SUCCESS)
}

/// The strategy files (`*.toml`) in `dir`, sorted by name; `None` when there is no such folder.
/// A malformed file is an input error naming it.
pub fn strategies(dir: &Path) -> Result<Option<Vec<Strategy>>> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(input(format!("--strategies {}: {e}", dir.display()))),
    };
    let mut paths = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| input(format!("--strategies {}: {e}", dir.display())))?
            .path();
        if path.extension().is_some_and(|x| x == "toml") && path.is_file() {
            paths.push(path);
        }
    }
    paths.sort();
    let list = paths
        .iter()
        .map(|p| read_strategy(p).map_err(input))
        .collect::<Result<Vec<_>>>()?;
    Ok(Some(list))
}

/// The listing as printed.
pub fn render(dir: &Path) -> Result<String> {
    let mut out = String::from("Built-in policies (--policies SPEC,SPEC,…):\n");
    let width = FAMILIES
        .iter()
        .map(|f| f.0.len())
        .filter(|&n| n <= 28)
        .max()
        .unwrap_or(0);
    for (syntax, line) in FAMILIES {
        if syntax.len() > width {
            let _ = writeln!(out, "  {syntax}\n  {:width$}  {line}", "");
        } else {
            let _ = writeln!(out, "  {syntax:width$}  {line}");
        }
    }
    let shown = dir.display();
    match strategies(dir)? {
        None => {
            let _ = writeln!(
                out,
                "\nNo strategy folder at {shown}; only the built-ins are available."
            );
        }
        Some(list) if list.is_empty() => {
            let _ = writeln!(out, "\nNo strategy files (*.toml) in {shown}.");
        }
        Some(list) => {
            let _ = writeln!(
                out,
                "\nStrategy files in {shown} (use as --policies {}):",
                dir.join("NAME.toml").display()
            );
            let name_w = list.iter().map(|s| s.spec.name.len()).max().unwrap_or(0);
            let spec_w = list.iter().map(|s| s.canonical.len()).max().unwrap_or(0);
            for s in &list {
                let _ = writeln!(
                    out,
                    "  {:name_w$}  {:spec_w$}  {}",
                    s.spec.name, s.canonical, s.description
                );
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_builtins_and_the_strategy_files() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
        let text = render(&dir).unwrap();
        for needle in [
            "one-roll",
            "fixed-risk:P",
            "ev | expected-value",
            "rule28",
            "glenn",
            "rolls:N",
            "random:P",
        ] {
            assert!(text.contains(needle), "{needle} missing:\n{text}");
        }
        for needle in [
            "cautious",
            "fixed-risk:0.2",
            "bold",
            "keller",
            "two-rolls",
            "rolls:2",
        ] {
            assert!(text.contains(needle), "{needle} missing:\n{text}");
        }
    }

    #[test]
    fn a_missing_folder_lists_the_builtins_with_a_note() {
        let text = render(Path::new("/nonexistent/strategies")).unwrap();
        assert!(
            text.contains("rule28")
                && text.contains("No strategy folder at /nonexistent/strategies"),
            "{text}"
        );
    }

    #[test]
    fn a_malformed_strategy_file_is_an_input_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("good.toml"),
            "description = \"fine\"\npolicy = \"ev\"\n",
        )
        .unwrap();
        std::fs::write(
            dir.path().join("bad.toml"),
            "description = \"x\"\npolicy = \"fixed-risk:7\"\n",
        )
        .unwrap();
        let e = render(dir.path()).unwrap_err();
        assert_eq!(crate::error::exit_code(&e), 2);
        let msg = format!("{e:#}");
        assert!(msg.contains("bad.toml") && msg.contains("0..1"), "{msg}");
        std::fs::write(dir.path().join("bad.toml"), "policy = \"ev\"\n").unwrap();
        let msg = format!("{:#}", render(dir.path()).unwrap_err());
        assert!(
            msg.contains("bad.toml") && msg.contains("description"),
            "{msg}"
        );
    }
}
