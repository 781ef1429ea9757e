//! `pressluck policies [--game G]`: every game's built-in policies with their spec syntax and
//! one line each, the default field of its tournaments, and the strategies known by name for
//! it: the built-in ones and the user's own, a refused file with the reason.

use crate::output::destination::Destination;
use crate::settings::PoliciesSettings;
use anyhow::Result;
use pressluck_core::games::{GameId, Strategy, COLUMN_GAMES, GAMES};
use std::fmt::Write as _;
use std::process::ExitCode;

/// Runs the command.
pub fn run(s: PoliciesSettings) -> Result<ExitCode> {
    Destination::Stdout.write(render(&s).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The listing as printed.
pub fn render(s: &PoliciesSettings) -> String {
    let mut out = String::new();
    // A game whose policy families are an earlier game's points to that listing.
    let mut shown: Vec<&str> = Vec::new();
    for &game in GameId::ALL {
        let entry = game.entry();
        let (families, field) = (entry.policy_families, entry.default_policies);
        if s.game.is_some_and(|g| g != game) {
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        let same = GAMES
            .iter()
            .find(|e| shown.contains(&e.name) && e.policy_families == families);
        if let Some(earlier) = same {
            let _ = writeln!(
                out,
                "{}: the policies of {} above (default field {field}).",
                game.name(),
                earlier.name
            );
            continue;
        }
        let _ = writeln!(
            out,
            "{} (--game {}; default field: {field}):",
            game.title(),
            game.name()
        );
        families_text(&mut out, families);
        shown.push(game.name());
    }
    strategies_text(&mut out, s);
    out
}

/// Each family's syntax and line, aligned; a syntax too long for the column has its own line.
fn families_text(out: &mut String, families: &[(&str, &str)]) {
    let width = families
        .iter()
        .map(|f| f.0.len())
        .filter(|&n| n <= 28)
        .max()
        .unwrap_or(0);
    for (syntax, line) in families {
        if syntax.len() > width {
            let _ = writeln!(out, "  {syntax}\n  {:width$}  {line}", "");
        } else {
            let _ = writeln!(out, "  {syntax:width$}  {line}");
        }
    }
}

/// The strategies by name (of the game asked for, else all), each with the spec it plays, its
/// description, its games when they are not route66 and cant-stop, and its file; a refused
/// file with the reason.
fn strategies_text(out: &mut String, s: &PoliciesSettings) {
    let game = s.game.map(GameId::name);
    let list: Vec<&Strategy> = s
        .strategies
        .list()
        .iter()
        .filter(|st| st.refused.is_some() || game.is_none_or(|g| st.spec_for(g).is_some()))
        .collect();
    if list.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\nStrategies by name{} (--policies NAME; yours in ./strategies, --strategies DIR or \
         PRESSLUCK_STRATEGIES; a file path works too):",
        match game {
            Some(g) => format!(" for {g}"),
            None => " (for route66 and cant-stop unless they name their game)".to_string(),
        }
    );
    // A spec too long for the column (a tuned one) goes on its own line below its name.
    const SPEC_WIDTH: usize = 24;
    let spec_of = |st: &Strategy| -> String {
        let spec = match game {
            Some(g) => st.spec_for(g),
            None => st.specs.first().map(|(_, spec)| spec.as_str()),
        };
        spec.unwrap_or_default().to_string()
    };
    let name_w = list.iter().map(|st| st.name.len()).max().unwrap_or(0);
    let spec_w = list
        .iter()
        .map(|st| spec_of(st).len())
        .filter(|&n| n <= SPEC_WIDTH)
        .max()
        .unwrap_or(0);
    for st in list {
        if let Some(why) = &st.refused {
            let _ = writeln!(out, "  {:name_w$}  refused: {why}", st.name);
            continue;
        }
        let mut from = String::new();
        if game.is_none() && st.specs.iter().map(|(g, _)| *g).ne(COLUMN_GAMES) {
            let _ = write!(from, " [{}]", st.games_text());
        }
        if let Some(p) = &st.file {
            let _ = write!(
                from,
                " [{}{}]",
                p.display(),
                if st.replaces_builtin {
                    ", in place of the built-in one"
                } else {
                    ""
                }
            );
        }
        let spec = spec_of(st);
        if spec.len() > spec_w {
            let _ = writeln!(
                out,
                "  {:name_w$}  {}{from}\n  {:name_w$}    = {spec}",
                st.name, st.description, ""
            );
        } else {
            let _ = writeln!(
                out,
                "  {:name_w$}  {spec:spec_w$}  {}{from}",
                st.name, st.description
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pressluck_core::games::StrategyBook;

    fn listing(game: Option<GameId>) -> String {
        render(&PoliciesSettings {
            game,
            strategies: StrategyBook::builtin(),
        })
    }

    #[test]
    fn every_game_lists_its_policies() {
        let all = listing(None);
        for needle in [
            "one-roll",
            "fixed-risk:P",
            "rule28",
            "glenn",
            "glenn-linear[:ties=glenn]",
            "linear-n:T[,progress=",
            "rolls:N",
            "random:P",
            "race-points",
            "race-margin",
            "main-road",
            "press:N",
            "threshold:T",
            "optimal",
            "greedy[:P]",
            "runner[:P]",
            "thief[:P]",
            "cautious",
            "rule-of-n:10",
            "two-rolls",
        ] {
            assert!(all.contains(needle), "{needle} missing:\n{all}");
        }
        let shortcut = listing(Some(GameId::Shortcut));
        assert!(
            shortcut.contains("press:N") && !shortcut.contains("rule28"),
            "{shortcut}"
        );
        assert!(!shortcut.contains("cautious"), "{shortcut}");
        let hunt = listing(Some(GameId::TreasureHunt));
        assert!(
            hunt.contains("thief[:P]") && !hunt.contains("press:N"),
            "{hunt}"
        );
        let cant_stop = listing(Some(GameId::CantStop));
        assert!(
            cant_stop.contains("rule28") && cant_stop.contains("cautious"),
            "{cant_stop}"
        );
        // A tuned strategy is listed for its own game only.
        assert!(cant_stop.contains("tuned-cant-stop-duel"), "{cant_stop}");
        assert!(!cant_stop.contains("tuned-route66-duel"), "{cant_stop}");
    }
}
