//! The values a flag offers ([`Offered`]) to shell completions and to its help, read from where
//! they live (the catalogue's games, their odds views and variants; the output formats), so
//! that every shell completes `--game`, `--format`, `--view`, `--edition` and `--variant`
//! instead of offering file names. Clap does not check them: the command does, with its own
//! one-line errors naming the flag and what it expected of the game at hand.

use crate::output::table::TableFormat;
use crate::settings::Format;
use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use pressluck_core::columns::Edition;
use pressluck_core::games::GAMES;

/// A flag's value as text, with the values completions offer.
#[derive(Clone, Copy, Debug)]
pub struct Offered(pub fn() -> Vec<&'static str>);

impl TypedValueParser for Offered {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.0)().into_iter().map(PossibleValue::new)))
    }
}

/// Every game's name (`--game`).
pub fn games() -> Vec<&'static str> {
    GAMES.iter().map(|e| e.name).collect()
}

/// The Route 66 editions (`--edition`).
pub fn editions() -> Vec<&'static str> {
    Edition::NAMES.to_vec()
}

/// The formats of a result table (`--format` of tournament, sweep, tune, odds, merge, review).
pub fn table_formats() -> Vec<&'static str> {
    TableFormat::NAMES.to_vec()
}

/// The formats of a position or an advice (`--format` of replay and advise).
pub fn text_formats() -> Vec<&'static str> {
    Format::NAMES.to_vec()
}

/// Every game's odds tables (`--view`), each name once, in the catalogue's order.
pub fn odds_views() -> Vec<&'static str> {
    distinct(
        GAMES
            .iter()
            .flat_map(|e| e.odds_views.iter().map(|v| v.name)),
    )
}

/// Every game's variants (`--variant`), each text once, in the catalogue's order.
pub fn variants() -> Vec<&'static str> {
    distinct(GAMES.iter().flat_map(|e| e.variants.iter().copied()))
}

/// The names of `all`, each once, in their first order.
fn distinct(all: impl Iterator<Item = &'static str>) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for name in all {
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// The help of `--variant`: each game's variants (from the catalogue).
pub fn variant_help() -> String {
    let per_game: Vec<String> = GAMES
        .iter()
        .filter(|e| !e.variants.is_empty())
        .map(|e| format!("{} ({})", e.variants.join(", "), e.name))
        .collect();
    format!("Variant (repeatable; N a number): {}", per_game.join("; "))
}

/// The help of `--view`: each game's tables and what they hold (from the catalogue), games of
/// the same tables together.
pub fn view_help() -> String {
    let mut groups: Vec<(Vec<&str>, String)> = Vec::new();
    for e in GAMES {
        let tables: Vec<String> = e
            .odds_views
            .iter()
            .map(|v| format!("{} ({})", v.name, v.about))
            .collect();
        let tables = tables.join(", ");
        match groups.iter_mut().find(|(_, t)| *t == tables) {
            Some((names, _)) => names.push(e.name),
            None => groups.push((vec![e.name], tables)),
        }
    }
    let text: Vec<String> = groups
        .iter()
        .map(|(names, tables)| format!("{}: {tables}", names.join(", ")))
        .collect();
    format!(
        "Which table (default: the game's first; `sets` names it for every game): {}",
        text.join("; ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offered_values_come_from_the_catalogue() {
        assert_eq!(
            games(),
            [
                "route66",
                "cant-stop",
                "great-races",
                "shortcut",
                "treasure-hunt"
            ]
        );
        assert_eq!(
            odds_views(),
            ["sets", "tracks", "reach", "press", "policy", "claims"]
        );
        assert!(variants().starts_with(&["leisurely", "leisurely:10", "faster-gear", "jump"]));
        let help = view_help();
        assert!(
            help.contains("shortcut: press (") && help.contains("policy ("),
            "{help}"
        );
        assert!(
            help.contains("route66, cant-stop, great-races: sets ("),
            "{help}"
        );
    }
}
