//! `pressluck policies [--game G]`: every game's built-in policies with their spec syntax and
//! one line each, the default field of its tournaments, and the strategies known by name for
//! it: the built-in ones and the user's own, a refused file with the reason.

use crate::output::destination::Destination;
use crate::settings::{GameName, PoliciesSettings};
use anyhow::Result;
use pressluck_core::columns::GameKind;
use pressluck_core::games::column_races::family::DEFAULT_POLICIES;
use pressluck_core::games::great_races::policy::{DEFAULT_RACE_POLICIES, RACE_FAMILIES};
use pressluck_core::games::shortcut::policy::{DEFAULT_SHORTCUT_POLICIES, SHORTCUT_FAMILIES};
use pressluck_core::games::strategy_book::{Strategy, COLUMN_GAMES};
use pressluck_core::games::treasure_hunt::policy::{DEFAULT_TREASURE_POLICIES, TREASURE_FAMILIES};
use pressluck_core::policy::FAMILIES;
use std::fmt::Write as _;
use std::process::ExitCode;

/// A game's policy families: spec syntax and one line each.
type Families = &'static [(&'static str, &'static str)];

/// The games in the order listed, with their policy families and default fields.
const GAMES: [(GameName, Families, &str); 5] = [
    (
        GameName::Columns(GameKind::Route66),
        &FAMILIES,
        DEFAULT_POLICIES,
    ),
    (
        GameName::Columns(GameKind::CantStop),
        &FAMILIES,
        DEFAULT_POLICIES,
    ),
    (
        GameName::Columns(GameKind::GreatRaces),
        &RACE_FAMILIES,
        DEFAULT_RACE_POLICIES,
    ),
    (
        GameName::Shortcut,
        &SHORTCUT_FAMILIES,
        DEFAULT_SHORTCUT_POLICIES,
    ),
    (
        GameName::TreasureHunt,
        &TREASURE_FAMILIES,
        DEFAULT_TREASURE_POLICIES,
    ),
];

/// Runs the command.
pub fn run(s: PoliciesSettings) -> Result<ExitCode> {
    Destination::Stdout.write(render(&s).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The listing as printed.
pub fn render(s: &PoliciesSettings) -> String {
    let mut out = String::new();
    let mut shown_columns = false;
    for (game, families, field) in GAMES {
        if s.game.is_some_and(|g| g != game) {
            continue;
        }
        let columns = matches!(
            game,
            GameName::Columns(GameKind::Route66 | GameKind::CantStop)
        );
        if !out.is_empty() {
            out.push('\n');
        }
        if columns && shown_columns {
            let _ = writeln!(
                out,
                "{}: the policies of route66 above (default field {field}).",
                game.name()
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
        shown_columns |= columns;
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
    let game = s.game.map(GameName::name);
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
    use pressluck_core::games::strategy_book::StrategyBook;

    fn listing(game: Option<GameName>) -> String {
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
        let shortcut = listing(Some(GameName::Shortcut));
        assert!(
            shortcut.contains("press:N") && !shortcut.contains("rule28"),
            "{shortcut}"
        );
        assert!(!shortcut.contains("cautious"), "{shortcut}");
        let hunt = listing(Some(GameName::TreasureHunt));
        assert!(
            hunt.contains("thief[:P]") && !hunt.contains("press:N"),
            "{hunt}"
        );
        let cant_stop = listing(Some(GameName::Columns(GameKind::CantStop)));
        assert!(
            cant_stop.contains("rule28") && cant_stop.contains("cautious"),
            "{cant_stop}"
        );
        // A tuned strategy is listed for its own game only.
        assert!(cant_stop.contains("tuned-cant-stop-duel"), "{cant_stop}");
        assert!(!cant_stop.contains("tuned-route66-duel"), "{cant_stop}");
    }
}
